/**
 * What the page reads from text and writes back: a 64-square board with the
 * side to move (as OBF writes it), an OBF line (its answers ignored), or a
 * game record from the start ("f5d6c3…", passes implied). Pure functions:
 * the tests run them in Node.
 */
import { type Position, PASS, PositionError, formatPosition, legalMoves, parseMove, parsePosition, play } from '../src/position/position.js';
import { START_POSITION } from '../src/position/perft.js';

/** The position a text names; a PositionError says why not, in one line. */
export function readPositionText(text: string): Position {
  const t = text.trim();
  if (t === '') throw new PositionError('empty: paste 64 squares and the side to move, an OBF line or a game record (f5d6c3…)');
  if (isGameRecord(t)) return readGame(t);
  const board = t.split(';')[0].trim();
  // "<64 squares><side>" without a space, as the page's address writes it.
  const joined = /^(\S{64})([XOxo])$/.exec(board);
  return parsePosition(joined ? `${joined[1]} ${joined[2]}` : board);
}

/** Whether a text is a game record (moves a1…h8, passes ps/pa) rather than a board. */
export function isGameRecord(text: string): boolean {
  const t = text.trim();
  return /^([a-h][1-8]|ps|pa)+$/i.test(t.replace(/[\s,.-]/g, '')) && !/^[-XOxo*.]{64}/.test(t);
}

/**
 * A game record from the start, position by position: the positions after
 * each move (a side with no move passes first, as in a record) and the
 * squares played (PASS for a pass written in the record).
 */
export function readGameLine(text: string): { positions: Position[]; moves: number[] } {
  const tokens = text.replace(/[\s,.-]/g, '').toLowerCase().match(/[a-h][1-8]|ps|pa/g) ?? [];
  const positions: Position[] = [];
  const moves: number[] = [];
  let pos = START_POSITION;
  tokens.forEach((m, i) => {
    if (m === 'ps' || m === 'pa') {
      pos = play(pos, PASS);
    } else {
      if (legalMoves(pos).length === 0 && legalMoves(play(pos, PASS)).length > 0) pos = play(pos, PASS);
      const x = parseMove(m);
      if (!legalMoves(pos).includes(x)) throw new PositionError(`move ${i + 1} of the game record, ${m}, is not legal there`);
      pos = play(pos, x);
    }
    positions.push(pos);
    moves.push(m === 'ps' || m === 'pa' ? PASS : parseMove(m));
  });
  return { positions, moves };
}

/** The position after a game record from the start; a side with no move passes. */
export function readGame(text: string): Position {
  return readGameLine(text).positions.at(-1) ?? START_POSITION;
}

/** The page address's form of a position: the 64 squares and the side, no space. */
export function positionKey(pos: Position): string {
  return formatPosition(pos).replace(' ', '');
}

/** The board after a click on square x: empty, then black, then white, then empty again. */
export function cycleSquare(pos: Position, x: number): Position {
  const [board, side] = formatPosition(pos).split(' ');
  const next = board[x] === '-' ? 'X' : board[x] === 'X' ? 'O' : '-';
  return parsePosition(`${board.slice(0, x)}${next}${board.slice(x + 1)} ${side}`);
}

/** The same board with the other side to move. */
export function otherSide(pos: Position): Position {
  return { player: pos.opponent, opponent: pos.player, toMove: pos.toMove === 'X' ? 'O' : 'X' };
}

/** The position with nothing on it, black to move. */
export function emptyBoard(): Position {
  return parsePosition(`${'-'.repeat(64)} X`);
}

/**
 * What the page reads from text and writes back: a 64-square board with the
 * side to move (as OBF writes it), an OBF line (its answers ignored), or a
 * game record from the start ("f5d6c3…", passes implied). Pure functions:
 * the tests run them in Node.
 */

import { RecordError, recordMoves } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { formatPosition, type Position, PositionError, parsePosition } from '../src/position/position.js';
import { GameHistory } from './game.js';

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

/** Whether a text is a game record (it starts with a move or a move number) rather than a board. */
export function isGameRecord(text: string): boolean {
  const t = text.trim();
  return /^(\d+\s*\.|[a-h][1-8])/i.test(t) && !/^[-XOxo*.]{64}/.test(t);
}

/**
 * A game record from the start, step by step (GameHistory replays it; move
 * numbers as in "1. f5 d6 2. c3" are skipped): the position after each step
 * and its move. A side with no move passes, written in the record (ps, pa)
 * or not: either way the pass is a step of its own (PASS), so that each
 * position is followed by the move its side to move played.
 */
export function readGameLine(text: string): { positions: Position[]; moves: number[] } {
  if (text.trim() === '') return { positions: [], moves: [] };
  try {
    const game = new GameHistory();
    game.load(START_POSITION, recordMoves(text));
    return { positions: game.positions.slice(1), moves: game.moves };
  } catch (e) {
    // As the command line says it (one reader of records: src/game/record.ts).
    if (e instanceof RecordError) throw new PositionError(`the game record: ${e.message}`);
    throw e;
  }
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

/**
 * A game record: moves as in `f5d6c3d3…` (a1 … h8, upper or lower case,
 * spaces and commas allowed between moves, passes implied), replayed from
 * the start position. A move that is not legal is one typed error naming it.
 */
import { START_POSITION } from '../position/perft.js';
import {
  type Color,
  describe,
  emptyCount,
  legalMoves,
  moveName,
  PASS,
  type Position,
  play,
  positionArgument,
  squareOrPass,
} from '../position/position.js';

/** A record that does not replay: which move (1-based) and why. */
export class RecordError extends Error {
  constructor(
    /** The move's number in the record (1 = the first), 0 when the record itself is unreadable. */
    readonly move: number,
    readonly problem: string,
  ) {
    super(move > 0 ? `move ${move}: ${problem}` : problem);
    this.name = 'RecordError';
  }
}

/** One move of a replayed game: the position it was played in, and the move. */
export interface GameMove {
  /**
   * The move's number (passes are not numbered: a written pass has the
   * number of the move before it). From the start position the first move is
   * 1; from a set position, numbering goes on from its discs (the first move
   * on a board of 54 discs is 51), as a game that reached it would number it.
   */
  readonly number: number;
  /** The position before the move (its side to move plays it). */
  readonly position: Position;
  readonly move: number;
}

/** A replayed game: its moves in order, and the position after the last. */
export interface Game {
  readonly moves: readonly GameMove[];
  readonly final: Position;
}

/**
 * The moves of a record, in order: squares ("f5d6" -> [37, 43], any case)
 * and written passes ("pass", "ps", "pa", "--", also run together with the
 * squares: "g2passc6") as PASS. Move numbers
 * ("1.", "1...", "1.f5") and the spaces and commas between moves are
 * skipped, so "1. f5 d6 2. c3 f4" reads as "f5d6c3f4". The one reader of
 * records, for the command line and the page: RecordError names the first
 * thing that is not a move, by its number.
 */
export function recordMoves(text: string): number[] {
  if (typeof text !== 'string') throw new RecordError(0, `a game record is text (moves as in f5d6c3), not ${describe(text)}`);
  const moves: number[] = [];
  for (const word of text.trim().split(/[\s,]+/)) {
    const w = word.replace(/^\d+\.+/, '');
    if (w === '') continue;
    if (/^(pass|--)$/i.test(w)) {
      moves.push(PASS);
      continue;
    }
    for (let i = 0; i < w.length; i += 2) {
      // "pass" and "--" run together with the squares too: "g2passc6".
      const word4 = w.slice(i, i + 4).toLowerCase();
      if (word4 === 'pass' || w.slice(i, i + 2) === '--') {
        moves.push(PASS);
        if (word4 === 'pass') i += 2;
        continue;
      }
      const t = w.slice(i, i + 2);
      const m = /^[a-h][1-8]$|^(ps|pa)$/i.test(t) ? squareOrPass(t) : -2;
      if (m === -2) throw new RecordError(moves.length + 1, `"${t}" is not a square (a game record is moves as in f5d6c3)`);
      moves.push(m);
    }
  }
  if (moves.length === 0) throw new RecordError(0, 'an empty game record');
  return moves;
}

/** Replays a record from the start position, inserting the passes a side with no move makes. */
export function replayGame(text: string): Game {
  return replayMoves(recordMoves(text));
}

/**
 * Replays squares from `start` (the start position unless a game begins
 * from a set one): a side with no move passes first (implied), and PASS is
 * a pass written in the record. RecordError names the first move that is
 * not legal.
 */
export function replayMoves(squares: readonly number[], start: Position = START_POSITION): Game {
  if (!Array.isArray(squares))
    throw new RecordError(0, `replayMoves: an array of squares (0 … 63, PASS), not ${describe(squares)}: replayGame reads a record's text`);
  positionArgument(start, 'start');
  const moves: GameMove[] = [];
  let position = start;
  let number = firstNumber(start) - 1;
  for (const [i, move] of squares.entries()) {
    if (move !== PASS && !(Number.isInteger(move) && move >= 0 && move <= 63))
      throw new RecordError(i + 1, `${describe(move)} is not a square (0 … 63) nor PASS`);
    if (move === PASS) {
      if (legalMoves(position).length > 0) throw new RecordError(i + 1, `a pass, but ${sideName(position.toMove)} has a move`);
    } else if (legalMoves(position).length === 0) {
      const passed = play(position, PASS);
      if (legalMoves(passed).length === 0) throw new RecordError(i + 1, `${moveName(move)} after the game is over`);
      position = passed;
    }
    if (move !== PASS && !legalMoves(position).includes(move)) {
      throw new RecordError(i + 1, `${moveName(move)} is not a legal move for ${sideName(position.toMove)}`);
    }
    if (move !== PASS) number++;
    moves.push({ number, position, move });
    position = play(position, move);
  }
  return { moves, final: position };
}

/** The number of the first move played from a position: its discs less the start's four, plus one (1 from the start; at least 1). */
export function firstNumber(p: Position): number {
  return Math.max(1, 64 - emptyCount(p) - 3);
}

/** "black" (X, who moves first) or "white". */
export function sideName(c: Color): string {
  return c === 'X' ? 'black' : 'white';
}

/** A record as revsolve writes it (the command line's and the page's): the squares in order, passes left implied. */
export function formatRecord(moves: readonly number[]): string {
  if (!Array.isArray(moves)) throw new RecordError(0, `formatRecord: an array of squares (0 … 63, PASS), not ${describe(moves)}`);
  for (const [i, m] of moves.entries())
    if (m !== PASS && !(Number.isInteger(m) && m >= 0 && m <= 63))
      throw new RecordError(i + 1, `${describe(m)} is not a square (0 … 63) nor PASS`);
  return moves
    .filter((m) => m !== PASS)
    .map((m) => moveName(m))
    .join('');
}

/**
 * The records of a text of games: one a line (blank lines and # comments
 * skipped), and a line that starts with a move number above 1 ("7. h6 g6")
 * going on with the record above it, so that a numbered transcript may run
 * over several lines. Each with the line it starts on.
 */
export function recordsOf(text: string): { line: number; text: string }[] {
  if (typeof text !== 'string') throw new RecordError(0, `recordsOf: a text of records, not ${describe(text)}`);
  const records: { line: number; text: string }[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const n = /^\s*(\d+)\s*\./.exec(line);
    if (n && Number(n[1]) > 1 && records.length > 0) records[records.length - 1].text += ` ${line}`;
    else records.push({ line: i + 1, text: line });
  }
  return records;
}

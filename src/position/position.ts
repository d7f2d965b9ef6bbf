import { pairBackend as B, flips, parseSquare, popcount32, squareName, U64 } from 'native-free-bitboard';
import { describe } from '../errors.js';

export type Color = 'X' | 'O';

/** A position: the side to move's discs, the other side's, and who is to move. */
export interface Position {
  readonly player: U64;
  readonly opponent: U64;
  readonly toMove: Color;
}

/** A move square (0‥63) or PASS. */
export const PASS = -1;

export function moveName(move: number): string {
  if (move === PASS) return 'pass';
  if (!Number.isInteger(move) || move < 0 || move > 63) throw new PositionError(`not a move: ${describe(move)} (a square 0 … 63, or PASS)`);
  return squareName(move);
}

/** A move's text: a square "a1"…"h8" or "pass" (PositionError otherwise: a move that names nothing is no move). */
export function parseMove(text: string): number {
  if (typeof text !== 'string') throw new PositionError(`a move: a square as "f5", or "pass", not ${describe(text)}`);
  const m = squareOrPass(text);
  if (m === -2) throw new PositionError(`${describe(text)} is not a square (a1 … h8) nor a pass`);
  return m;
}

/** Parses "a1"… or "pass"/"ps"; -2 when it is neither (the readers that report a bad move in their own words). */
export function squareOrPass(text: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'pass' || t === 'ps' || t === 'pa') return PASS;
  const s = parseSquare(t);
  return s >= 0 ? s : -2;
}

export class PositionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PositionError';
  }
}

/**
 * Parses 64 squares A1 B1 … H8 (X/x/* black, O/o white, -/. empty), then the
 * side to move (X or O), separated by white space. Throws PositionError.
 */
export function parsePosition(text: string): Position {
  if (typeof text !== 'string') throw new PositionError(`a position is text (64 squares, then X or O), not ${describe(text)}`);
  const t = text.trim();
  if (t.includes(';'))
    throw new PositionError(
      "this is an OBF line with answers after ';': parseObfLine reads it (parsePosition takes the 64 squares and the side alone)",
    );
  const m = /^(\S{64})\s+(\S+)$/.exec(t);
  if (!m) {
    const board = t.split(/\s+/)[0] ?? '';
    if (board.length !== 64) throw new PositionError(`the board has ${board.length} squares, 64 expected`);
    throw new PositionError('the side to move (X or O) is missing after the 64 squares');
  }
  const black: number[] = [];
  const white: number[] = [];
  for (let s = 0; s < 64; s++) {
    const c = m[1][s];
    if (c === 'X' || c === 'x' || c === '*') black.push(s);
    else if (c === 'O' || c === 'o') white.push(s);
    else if (c !== '-' && c !== '.') throw new PositionError(`square ${squareName(s)} is '${c}', expected X, O or -`);
  }
  const side = m[2].toUpperCase();
  if (side !== 'X' && side !== 'O') throw new PositionError(`side to move is '${m[2]}', expected X or O`);
  const b = B.fromSquares(black);
  const w = B.fromSquares(white);
  return side === 'X' ? { player: b, opponent: w, toMove: 'X' } : { player: w, opponent: b, toMove: 'O' };
}

export { describe };

/**
 * A Position handed to the library, checked: its two sides U64s with no
 * square in common, its side to move X or O; else a PositionError naming
 * the argument. Text is parsed.
 */
export function positionArgument(v: unknown, name = 'position'): Position {
  if (typeof v === 'string') return parsePosition(v);
  const p = v as { player?: { hi?: unknown; lo?: unknown }; opponent?: { hi?: unknown; lo?: unknown }; toMove?: unknown } | null;
  // By shape, not by class: a U64 of another copy of the board package is a U64 all the same.
  const words = (w: { hi?: unknown; lo?: unknown } | undefined): w is { hi: number; lo: number } =>
    typeof w === 'object' && w !== null && Number.isInteger(w.hi) && Number.isInteger(w.lo);
  if (p === null || typeof p !== 'object' || !words(p.player) || !words(p.opponent)) {
    throw new PositionError(`${name}: a Position ({ player, opponent: U64, toMove }) or its text, not ${describe(v)}`);
  }
  if (p.toMove !== 'X' && p.toMove !== 'O') throw new PositionError(`${name}: toMove is 'X' or 'O', not ${describe(p.toMove)}`);
  // A word is 32 bits, signed or not: a larger one would be cut to its low bits, another position.
  for (const [side, w] of [
    ['player', p.player],
    ['opponent', p.opponent],
  ] as const)
    for (const half of ['hi', 'lo'] as const)
      if (w[half] < -(2 ** 31) || w[half] > 2 ** 32 - 1)
        throw new PositionError(`${name}: ${side}.${half} is ${w[half]}, not a 32-bit word (-2^31 … 2^32 - 1)`);
  const player = p.player instanceof U64 ? p.player : new U64(p.player.hi, p.player.lo);
  const opponent = p.opponent instanceof U64 ? p.opponent : new U64(p.opponent.hi, p.opponent.lo);
  if ((player.hi & opponent.hi) !== 0 || (player.lo & opponent.lo) !== 0)
    throw new PositionError(`${name}: a square holds a disc of each side`);
  return player === p.player && opponent === p.opponent ? (p as Position) : { player, opponent, toMove: p.toMove };
}

/** The 64-square board text and side, as OBF writes them ("X" black, "O" white, "-" empty). */
export function formatPosition(pos: Position): string {
  positionArgument(pos);
  const black = pos.toMove === 'X' ? pos.player : pos.opponent;
  const white = pos.toMove === 'X' ? pos.opponent : pos.player;
  let s = '';
  for (let x = 0; x < 64; x++) s += B.has(black, x) ? 'X' : B.has(white, x) ? 'O' : '-';
  return `${s} ${pos.toMove}`;
}

export function emptyCount(pos: Position): number {
  positionArgument(pos);
  return 64 - B.count(pos.player) - B.count(pos.opponent);
}

/** Legal moves of the side to move, in square order (a Position, or its text). */
export function legalMoves(pos: Position | string): number[] {
  const p = positionArgument(pos);
  return B.squares(B.moves(p.player, p.opponent));
}

/** The position after a move (or a pass) of the side to move. */
export function play(pos: Position, move: number): Position {
  if (typeof pos === 'string')
    throw new PositionError(`play: a Position ({ player, opponent, toMove }), not its text: parsePosition reads that`);
  positionArgument(pos);
  const other: Color = pos.toMove === 'X' ? 'O' : 'X';
  if (move === PASS) {
    if (legalMoves(pos).length > 0) throw new PositionError('a pass is not legal: there are moves');
    return { player: pos.opponent, opponent: pos.player, toMove: other };
  }
  if (!Number.isInteger(move) || move < 0 || move > 63) throw new PositionError(`not a move: ${String(move)}`);
  if (B.count(B.and(B.or(pos.player, pos.opponent), B.fromSquares([move]))) !== 0)
    throw new PositionError(`${moveName(move)} is not empty`);
  const f = B.flips(move, pos.player, pos.opponent);
  if (B.count(f) === 0) throw new PositionError(`${moveName(move)} is not a legal move`);
  return {
    player: B.xor(pos.opponent, f),
    opponent: B.or(B.or(pos.player, f), B.fromSquares([move])),
    toMove: other,
  };
}

const F = new Int32Array(2);

/*
 * The child position of P's move x that turns (fh, fl), in words, with the
 * opponent to move: (oh ^ fh, ol ^ fl) to move, then P's discs
 * (placedHi(ph, fh, x), placedLo(pl, fl, x)). The search writes its
 * children this way; V8 inlines both (bench/README, "The search's working
 * state in its context").
 */

/** P's high word after placing x and turning fh. */
export function placedHi(ph: number, fh: number, x: number): number {
  return ph | fh | (x >= 32 ? 1 << (x - 32) : 0);
}

/** P's low word after placing x and turning fl. */
export function placedLo(pl: number, fl: number, x: number): number {
  return pl | fl | (x < 32 ? 1 << x : 0);
}

/** The words (ph, pl, oh, ol) after P's legal move x: the opponent to move. */
export function playWords(ph: number, pl: number, oh: number, ol: number, x: number): [number, number, number, number] {
  flips(x, ph, pl, oh, ol, F, 0);
  return [oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x), placedLo(pl, F[1], x)];
}

/** The final score for P when neither side can move: the empties go to the winner (a game rule). */
export function finalScore(ph: number, pl: number, oh: number, ol: number): number {
  const p = popcount32(ph) + popcount32(pl);
  const o = popcount32(oh) + popcount32(ol);
  const diff = p - o;
  const e = 64 - p - o;
  return diff > 0 ? diff + e : diff < 0 ? diff - e : 0;
}

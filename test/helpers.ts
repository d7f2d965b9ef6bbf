import { fileURLToPath } from 'node:url';
import { bigintBackend as B, flips as pairFlips, moves as pairMoves, popcount, START, U64 } from 'native-free-bitboard';
import type { Position } from '../src/position/position.js';

/** The project's suites, the FFO suite among them. */
export const OBF = fileURLToPath(new URL('../obf/', import.meta.url));

/** A small deterministic generator (xorshift32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

/** A position of a random game after `plies` moves (fewer if the game ends). */
export function randomPosition(seed: number, plies: number): Position {
  const rand = rng(seed);
  let p = new U64(START.ph, START.pl).toBigInt();
  let o = new U64(START.oh, START.ol).toBigInt();
  let black = true;
  for (let i = 0; i < plies; i++) {
    let m = B.moves(p, o);
    if (m === 0n) {
      [p, o] = [o, p];
      black = !black;
      m = B.moves(p, o);
      if (m === 0n) break;
    }
    const list = B.squares(m);
    const x = list[rand() % list.length];
    const f = B.flips(x, p, o);
    [p, o] = [o ^ f, p | f | (1n << BigInt(x))];
    black = !black;
  }
  return { player: U64.fromBigInt(p), opponent: U64.fromBigInt(o), toMove: black ? 'X' : 'O' };
}

/** Plain negamax over the BigInt backend: the exact score, slowly. */
export function referenceScore(p: bigint, o: bigint, passed = false): number {
  const m = B.moves(p, o);
  if (m === 0n) {
    if (passed || B.moves(o, p) === 0n) {
      const a = B.count(p);
      const b = B.count(o);
      const e = 64 - a - b;
      return a > b ? a - b + e : a < b ? a - b - e : 0;
    }
    return 0 - referenceScore(o, p, true);
  }
  let best = -65;
  for (const x of B.squares(m)) {
    const f = B.flips(x, p, o);
    const s = 0 - referenceScore(o ^ f, p | f | (1n << BigInt(x)));
    if (s > best) best = s;
  }
  return best;
}

/** Every legal move's exact score by plain negamax, best first (as an OBF line lists its answers). */
export function referenceAnswers(pos: Position): { move: number; score: number }[] {
  const p = pos.player.toBigInt();
  const o = pos.opponent.toBigInt();
  const out = B.squares(B.moves(p, o)).map((x) => {
    const f = B.flips(x, p, o);
    return { move: x, score: 0 - referenceScore(o ^ f, p | f | (1n << BigInt(x))) };
  });
  return out.sort((a, b) => b.score - a.score || a.move - b.move);
}

/**
 * Plain negamax on int32 words (the pair backend's moves and flips, no table,
 * no ordering, no pruning): the exact score of a position of up to a dozen
 * empties in well under a second. Shares nothing with the search under test.
 */
export function negamaxWords(ph: number, pl: number, oh: number, ol: number, passed = false): number {
  const m = new Int32Array(4);
  pairMoves(ph, pl, oh, ol, m, 0);
  if ((m[0] | m[1]) === 0) {
    pairMoves(oh, ol, ph, pl, m, 2);
    if (passed || (m[2] | m[3]) === 0) {
      const a = popcount(ph, pl);
      const b = popcount(oh, ol);
      const e = 64 - a - b;
      return a > b ? a - b + e : a < b ? a - b - e : 0;
    }
    return -negamaxWords(oh, ol, ph, pl, true);
  }
  let best = -65;
  for (let x = 0; x < 64; x++) {
    if (!((x < 32 ? m[1] >>> x : m[0] >>> (x - 32)) & 1)) continue;
    pairFlips(x, ph, pl, oh, ol, m, 2);
    const fh = m[2] | (x >= 32 ? 1 << (x - 32) : 0);
    const fl = m[3] | (x < 32 ? 1 << x : 0);
    const s = -negamaxWords(oh & ~m[2], ol & ~m[3], ph | fh, pl | fl);
    if (s > best) best = s;
  }
  return best;
}

/** A position of exactly `empties` empties from a random game (seeded), or null when that game ends sooner. */
export function randomPositionWithEmpties(seed: number, empties: number): Position | null {
  const p = randomPosition(seed, 60 - empties);
  return 64 - popcount(p.player.hi, p.player.lo) - popcount(p.opponent.hi, p.opponent.lo) === empties ? p : null;
}

/** Waits, polling every few milliseconds, until `cond` holds; throws after `ms` (a bounded wait on a condition, never a fixed sleep). */
export async function until(cond: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

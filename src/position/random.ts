/**
 * Seeded randomness of the program: one generator, and positions from
 * random games. The same seed gives the same numbers everywhere (training
 * data, fits, samples), on every machine.
 */
import { moves, popcount32 } from 'native-free-bitboard';
import { playWords } from './position.js';

/** A small deterministic generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Positions from random games (P to move, as [ph, pl, oh, ol]), every ply of each game. */
export function samplePositions(count: number, seed: number): Int32Array[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`samplePositions: count is a whole number of positions, not ${String(count)}`);
  if (!Number.isInteger(seed)) throw new RangeError(`samplePositions: seed is a whole number, not ${String(seed)}`);
  const r = rng(seed);
  const out: Int32Array[] = [];
  const M = new Int32Array(2);
  while (out.length < count) {
    let ph = 0x00000008,
      pl = 0x10000000,
      oh = 0x00000010,
      ol = 0x08000000; // start, black (X) to move
    let passes = 0;
    while (passes < 2 && out.length < count) {
      moves(ph, pl, oh, ol, M, 0);
      const n = popcount32(M[0]) + popcount32(M[1]);
      if (n === 0) {
        [ph, pl, oh, ol] = [oh, ol, ph, pl];
        passes++;
        continue;
      }
      passes = 0;
      out.push(Int32Array.of(ph, pl, oh, ol));
      let k = Math.floor(r() * n);
      let x = -1;
      for (let s = 0; s < 64 && x < 0; s++) if ((s < 32 ? M[1] >>> s : M[0] >>> (s - 32)) & 1 && k-- === 0) x = s;
      [ph, pl, oh, ol] = playWords(ph, pl, oh, ol, x);
    }
  }
  return out;
}

import { flips, moves, popcount32 } from './pair.js';

/**
 * Perft: the number of move sequences of a given length from a position,
 * a pass counting as a move. A game that ends before the depth is reached
 * counts as one sequence (the published counts from depth 10 on need this).
 */
const M = new Int32Array(2 * 64);
const F = new Int32Array(2);

function perftRec(ph: number, pl: number, oh: number, ol: number, depth: number, passed: boolean): number {
  const at = depth << 1;
  moves(ph, pl, oh, ol, M, at);
  let mh = M[at];
  let ml = M[at + 1];
  if ((mh | ml) === 0) {
    // After a pass: neither side can move and the game is over. At depth 1:
    // the pass, or the end of the game, is the last move. Either counts once.
    if (passed || depth === 1) return 1;
    return perftRec(oh, ol, ph, pl, depth - 1, true);
  }
  if (depth === 1) return popcount32(mh) + popcount32(ml);
  let n = 0;
  while (ml !== 0) {
    const x = 31 - Math.clz32(ml & ((0 - ml) | 0));
    ml &= (ml - 1) | 0;
    flips(x, ph, pl, oh, ol, F, 0);
    n += perftRec(oh ^ F[0], ol ^ F[1], ph | F[0], pl | F[1] | (1 << x), depth - 1, false);
  }
  while (mh !== 0) {
    const x = 31 - Math.clz32(mh & ((0 - mh) | 0));
    mh &= (mh - 1) | 0;
    flips(x + 32, ph, pl, oh, ol, F, 0);
    n += perftRec(oh ^ F[0], ol ^ F[1], ph | F[0] | (1 << x), pl | F[1], depth - 1, false);
  }
  return n;
}

/** Perft of the position (player P to move against O), given as int32 halves. */
export function perft(ph: number, pl: number, oh: number, ol: number, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > 60) throw new RangeError(`perft depth must be 0‥60: ${depth}`);
  if (depth === 0) return 1;
  return perftRec(ph | 0, pl | 0, oh | 0, ol | 0, depth, false);
}

/** The standard start position: black (to move) on d5 e4, white on d4 e5. */
export const START = { ph: 0x00000008, pl: 0x10000000, oh: 0x00000010, ol: 0x08000000 } as const;

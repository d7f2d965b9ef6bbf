/**
 * The last plies: exact null-window solvers for 1‥4 empty squares and a
 * shallow search (5 up to SHALLOW_MAX empties) without a table.
 *
 * Every function takes the side to move's discs (ph, pl) and the other
 * side's (oh, ol), a null window (alpha, alpha + 1) and returns a fail-soft
 * score: > alpha is a lower bound, <= alpha an upper bound. Each call is one
 * node (the 1-empty calls included), as Edax counts them.
 *
 * Move order here is by quadrant parity: a move into a quadrant with an odd
 * number of empties first (it is more often the last move there), then the
 * rest, each in the order of the empties list (best squares first).
 *
 * Twin: assembly/leaves.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { flips, lastFlipCount, moves, NEIGHBOUR_HI, NEIGHBOUR_LO, popcount32 } from 'native-free-bitboard';
import { finalScore, placedHi, placedLo } from '../position/position.js';
import { SQUARE_CLASS } from './squares.js';
import { stabilityCap } from './stability.js';
import { HEAD, type SearchState } from './state.js';

export { SHALLOW_MAX } from './constants.js';

/** Quadrant bit of each square: a1-d4 = 1, e1-h4 = 2, a5-d8 = 4, e5-h8 = 8. */
export const QUADRANT = new Int32Array(64);
for (let x = 0; x < 64; x++) QUADRANT[x] = 1 << (((x >> 5) << 1) | ((x & 7) >> 2));

/** Squares best tried first when nothing else is known: by class (squares.ts), then by number. */
export const PRESORTED: readonly number[] = Array.from({ length: 64 }, (_, x) => x).sort(
  (x, y) => SQUARE_CLASS[x] - SQUARE_CLASS[y] || x - y,
);

/** Builds the state's empties list (in PRESORTED order) of a position; returns its quadrant parity. */
export function setupEmpties(s: SearchState, ph: number, pl: number, oh: number, ol: number): number {
  const next = s.next;
  const prev = s.prev;
  const eh = ~(ph | oh);
  const el = ~(pl | ol);
  let last = HEAD;
  let parity = 0;
  for (const x of PRESORTED) {
    if (x < 32 ? (el >>> x) & 1 : (eh >>> (x - 32)) & 1) {
      next[last] = x;
      prev[x] = last;
      last = x;
      parity ^= QUADRANT[x];
    }
  }
  next[last] = HEAD;
  prev[HEAD] = last;
  return parity;
}

/** The quadrant parity of a position's empty squares (what setupEmpties returns), without touching a list. */
export function parityOf(ph: number, pl: number, oh: number, ol: number): number {
  let parity = 0;
  for (let x = 0; x < 64; x++) if ((x < 32 ? ~(pl | ol) >>> x : ~(ph | oh) >>> (x - 32)) & 1) parity ^= QUADRANT[x];
  return parity;
}

/** Takes square x out of the empties list (it is being played). */
export function unlinkEmpty(s: SearchState, x: number): void {
  const next = s.next;
  const prev = s.prev;
  next[prev[x]] = next[x];
  prev[next[x]] = prev[x];
}

/** Puts square x back where unlinkEmpty took it from. */
export function relinkEmpty(s: SearchState, x: number): void {
  const next = s.next;
  const prev = s.prev;
  next[prev[x]] = x;
  prev[next[x]] = x;
}

const F = new Int32Array(2);

/** Exact score with one empty square x; only P's discs are needed. */
export function solve1(s: SearchState, ph: number, pl: number, alpha: number, x: number): number {
  s.nodes[0]++;
  const p = popcount32(ph) + popcount32(pl);
  let n = lastFlipCount(x, ph, pl);
  if (n !== 0) return (2 * (p + n) - 62) | 0;
  // P passes. If O cannot move either the game is over; O's move only lowers
  // P's score, so it need not be counted when that already fails low.
  let score = p >= 32 ? 2 * p - 62 : 2 * p - 64;
  if (score > alpha) {
    const oh = x >= 32 ? ~ph & ~(1 << (x - 32)) : ~ph;
    const ol = x < 32 ? ~pl & ~(1 << x) : ~pl;
    n = lastFlipCount(x, oh, ol);
    if (n !== 0) score = (2 * (p - n) - 64) | 0;
  }
  return score;
}

export function solve2(s: SearchState, ph: number, pl: number, oh: number, ol: number, alpha: number, x1: number, x2: number): number {
  s.nodes[0]++;
  let best = -65;
  let score: number;
  const beta = (0 - alpha - 1) | 0; // the child's alpha
  if ((NEIGHBOUR_HI[x1] & oh) | (NEIGHBOUR_LO[x1] & ol)) {
    flips(x1, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      best = (0 - solve1(s, oh ^ F[0], ol ^ F[1], beta, x2)) | 0;
      if (best > alpha) return best;
    }
  }
  if ((NEIGHBOUR_HI[x2] & oh) | (NEIGHBOUR_LO[x2] & ol)) {
    flips(x2, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve1(s, oh ^ F[0], ol ^ F[1], beta, x1)) | 0;
      if (score > best) best = score;
    }
  }
  if (best !== -65) return best;

  // P passes: O moves, scores stay P's.
  best = 65;
  flips(x1, oh, ol, ph, pl, F, 0);
  if (F[0] | F[1]) {
    best = solve1(s, ph ^ F[0], pl ^ F[1], alpha, x2);
    if (best <= alpha) return best;
  }
  flips(x2, oh, ol, ph, pl, F, 0);
  if (F[0] | F[1]) {
    score = solve1(s, ph ^ F[0], pl ^ F[1], alpha, x1);
    if (score < best) best = score;
  }
  return best !== 65 ? best : finalScore(ph, pl, oh, ol);
}

export function solve3(
  s: SearchState,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  x1: number,
  x2: number,
  x3: number,
): number {
  s.nodes[0]++;
  // Parity: the square alone in its quadrant goes first.
  const q = QUADRANT[x1] ^ QUADRANT[x2] ^ QUADRANT[x3];
  let t: number;
  if (!(q & QUADRANT[x1])) {
    if (q & QUADRANT[x2]) {
      t = x1;
      x1 = x2;
      x2 = t;
    } else {
      t = x1;
      x1 = x3;
      x3 = x2;
      x2 = t;
    }
  }
  let best = -65;
  let score: number;
  const beta = (0 - alpha - 1) | 0;
  if ((NEIGHBOUR_HI[x1] & oh) | (NEIGHBOUR_LO[x1] & ol)) {
    flips(x1, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      best = (0 - solve2(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x1), placedLo(pl, F[1], x1), beta, x2, x3)) | 0;
      if (best > alpha) return best;
    }
  }
  if ((NEIGHBOUR_HI[x2] & oh) | (NEIGHBOUR_LO[x2] & ol)) {
    flips(x2, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve2(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x2), placedLo(pl, F[1], x2), beta, x1, x3)) | 0;
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if ((NEIGHBOUR_HI[x3] & oh) | (NEIGHBOUR_LO[x3] & ol)) {
    flips(x3, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve2(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x3), placedLo(pl, F[1], x3), beta, x1, x2)) | 0;
      if (score > best) best = score;
    }
  }
  if (best !== -65) return best;
  moves(oh, ol, ph, pl, F, 0);
  if ((F[0] | F[1]) === 0) return finalScore(ph, pl, oh, ol);
  return (0 - solve3(s, oh, ol, ph, pl, beta, x1, x2, x3)) | 0;
}

export function solve4(
  s: SearchState,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  x1: number,
  x2: number,
  x3: number,
  x4: number,
): number {
  s.nodes[0]++;
  // Parity: with holes of sizes 1-1-2, the two single squares go first.
  const q = QUADRANT[x1] ^ QUADRANT[x2] ^ QUADRANT[x3] ^ QUADRANT[x4];
  let t: number;
  if (q !== 0 && !(q & QUADRANT[x1])) {
    // x1 is in an even quadrant: bring an odd square to the front.
    if (q & QUADRANT[x2]) {
      t = x1;
      x1 = x2;
      x2 = t;
    } else if (q & QUADRANT[x3]) {
      t = x1;
      x1 = x3;
      x3 = t;
    } else {
      t = x1;
      x1 = x4;
      x4 = t;
    }
  }
  if (q !== 0 && !(q & QUADRANT[x2])) {
    if (q & QUADRANT[x3]) {
      t = x2;
      x2 = x3;
      x3 = t;
    } else if (q & QUADRANT[x4]) {
      t = x2;
      x2 = x4;
      x4 = t;
    }
  }
  let best = -65;
  let score: number;
  const beta = (0 - alpha - 1) | 0;
  if ((NEIGHBOUR_HI[x1] & oh) | (NEIGHBOUR_LO[x1] & ol)) {
    flips(x1, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      best = (0 - solve3(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x1), placedLo(pl, F[1], x1), beta, x2, x3, x4)) | 0;
      if (best > alpha) return best;
    }
  }
  if ((NEIGHBOUR_HI[x2] & oh) | (NEIGHBOUR_LO[x2] & ol)) {
    flips(x2, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve3(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x2), placedLo(pl, F[1], x2), beta, x1, x3, x4)) | 0;
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if ((NEIGHBOUR_HI[x3] & oh) | (NEIGHBOUR_LO[x3] & ol)) {
    flips(x3, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve3(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x3), placedLo(pl, F[1], x3), beta, x1, x2, x4)) | 0;
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if ((NEIGHBOUR_HI[x4] & oh) | (NEIGHBOUR_LO[x4] & ol)) {
    flips(x4, ph, pl, oh, ol, F, 0);
    if (F[0] | F[1]) {
      score = (0 - solve3(s, oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], x4), placedLo(pl, F[1], x4), beta, x1, x2, x3)) | 0;
      if (score > best) best = score;
    }
  }
  if (best !== -65) return best;
  moves(oh, ol, ph, pl, F, 0);
  if ((F[0] | F[1]) === 0) return finalScore(ph, pl, oh, ol);
  return (0 - solve4(s, oh, ol, ph, pl, beta, x1, x2, x3, x4)) | 0;
}

/**
 * Null-window search from 5 to SHALLOW_MAX empties, over the empties list,
 * odd quadrants first. `parity` is the quadrant parity of the empties.
 */
export function shallow(
  s: SearchState,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  empties: number,
  parity: number,
): number {
  s.nodes[0]++;
  const cap = stabilityCap(ph, pl, oh, ol, alpha, empties);
  if (cap <= alpha) return cap;
  const next = s.next;
  let best = -65;
  let score: number;
  const beta = (0 - alpha - 1) | 0;
  for (let pass = 0; pass < 2; pass++) {
    const want = pass === 0 ? parity : ~parity;
    for (let x = next[HEAD]; x !== HEAD; x = next[x]) {
      if (!(QUADRANT[x] & want)) continue;
      if (((NEIGHBOUR_HI[x] & oh) | (NEIGHBOUR_LO[x] & ol)) === 0) continue;
      flips(x, ph, pl, oh, ol, F, 0);
      const fh = F[0];
      const fl = F[1];
      if ((fh | fl) === 0) continue;
      const nph = oh ^ fh;
      const npl = ol ^ fl;
      const noh = placedHi(ph, fh, x);
      const nol = placedLo(pl, fl, x);
      unlinkEmpty(s, x);
      if (empties === 5) {
        const a = next[HEAD];
        const b = next[a];
        const c = next[b];
        score = (0 - solve4(s, nph, npl, noh, nol, beta, a, b, c, next[c])) | 0;
      } else {
        score = (0 - shallow(s, nph, npl, noh, nol, beta, empties - 1, parity ^ QUADRANT[x])) | 0;
      }
      relinkEmpty(s, x);
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if (best !== -65) return best;
  moves(oh, ol, ph, pl, F, 0);
  if ((F[0] | F[1]) === 0) return finalScore(ph, pl, oh, ol);
  return (0 - shallow(s, oh, ol, ph, pl, beta, empties, parity)) | 0;
}

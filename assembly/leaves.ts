/*
 * The last plies, the twin of src/search/leaves.ts on u64: exact
 * null-window solvers for 1‥4 empty squares and a shallow search (5 up to
 * SHALLOW_MAX empties) without a table. The same move order (quadrant
 * parity, then the empties list), the same node counting (every call one
 * node, the 1-empty calls included): the same trees, node for node.
 */
import { NEIGHBOUR, bit, flips, lastFlipCount, moves } from './bitboard';
import { stabilityCap } from './stability';
import { HEAD, countNode, countNodes, nextOf, prevOf, setNext, setPrev } from './state';
import { SHALLOW_MAX } from '../src/search/constants';
import { SQUARE_CLASS, SQUARE_CLASSES } from '../src/search/squares';

export { SHALLOW_MAX } from '../src/search/constants';

/** Quadrant bit of each square: a1-d4 = 1, e1-h4 = 2, a5-d8 = 4, e5-h8 = 8. */
export const QUADRANT = new StaticArray<i32>(64);
for (let x = 0; x < 64; x++) unchecked((QUADRANT[x] = 1 << (((x >> 5) << 1) | ((x & 7) >> 2))));

/** The squares best tried first when nothing else is known: by class (src/search/squares.ts), then by number. */
const PRESORTED = new StaticArray<i32>(64);
{
  let n = 0;
  for (let c = 0; c < SQUARE_CLASSES; c++) {
    for (let x = 0; x < 64; x++) if (SQUARE_CLASS[x] == c) unchecked((PRESORTED[n++] = x));
  }
}

/** Builds this thread's empties list (in PRESORTED order) of a position; returns its quadrant parity. */
export function setupEmpties(P: u64, O: u64): i32 {
  const E = ~(P | O);
  let last = HEAD;
  let parity = 0;
  for (let i = 0; i < 64; i++) {
    const x = unchecked(PRESORTED[i]);
    if ((E >> (<u64>x)) & 1) {
      setNext(last, x);
      setPrev(x, last);
      last = x;
      parity ^= unchecked(QUADRANT[x]);
    }
  }
  setNext(last, HEAD);
  setPrev(HEAD, last);
  return parity;
}

// @ts-ignore: decorator
@inline function unlinkEmpty(x: i32): void {
  setNext(prevOf(x), nextOf(x));
  setPrev(nextOf(x), prevOf(x));
}

// @ts-ignore: decorator
@inline function relinkEmpty(x: i32): void {
  setNext(prevOf(x), x);
  setPrev(nextOf(x), x);
}

/** The final score for P when neither side can move: the empties go to the winner. */
export function finalScore(P: u64, O: u64): i32 {
  const p = <i32>popcnt<u64>(P);
  const o = <i32>popcnt<u64>(O);
  const diff = p - o;
  const e = 64 - p - o;
  return diff > 0 ? diff + e : diff < 0 ? diff - e : 0;
}

/** Exact score with one empty square x; only P's discs are needed. */
export function solve1(P: u64, alpha: i32, x: i32): i32 {
  countNode();
  return last1(P, alpha, x);
}

/** solve1 without its node: the caller counts it. */
// @ts-ignore: decorator
@inline function last1(P: u64, alpha: i32, x: i32): i32 {
  const p = <i32>popcnt<u64>(P);
  let n = lastFlipCount(x, P);
  if (n != 0) return 2 * (p + n) - 62;
  // P passes. If O cannot move either the game is over; O's move only lowers
  // P's score, so it need not be counted when that already fails low.
  let score = p >= 32 ? 2 * p - 62 : 2 * p - 64;
  if (score > alpha) {
    n = lastFlipCount(x, ~P & ~bit(x));
    if (n != 0) score = 2 * (p - n) - 64;
  }
  return score;
}

// The solvers of 2-4 empties return their score and the nodes of their
// subtree in one i32 (nodes << 8 | score + 128): each counts its subtree in a
// local, and the caller adds it, one store per call from outside (solve4's,
// the shallow search's) instead of one per node.

// @ts-ignore: decorator
@inline function packed(score: i32, nodes: i32): i32 {
  return (nodes << 8) | (score + 128);
}

/** The negated score of a packed result (the child's score, for the parent). */
// @ts-ignore: decorator
@inline function negScore(r: i32): i32 {
  return 128 - (r & 255);
}

/** Exact score with two empty squares, packed with its nodes. */
function last2(P: u64, O: u64, alpha: i32, x1: i32, x2: i32): i32 {
  let nodes = 1;
  let best = -65;
  let score: i32;
  const beta = -alpha - 1; // the child's alpha
  let f: u64;
  if (unchecked(NEIGHBOUR[x1]) & O) {
    f = flips(x1, P, O);
    if (f) {
      nodes++;
      best = -last1(O ^ f, beta, x2);
    }
  }
  if (best <= alpha && (unchecked(NEIGHBOUR[x2]) & O) != 0) {
    f = flips(x2, P, O);
    if (f) {
      nodes++;
      score = -last1(O ^ f, beta, x1);
      if (score > best) best = score;
    }
  }
  if (best == -65) {
    // P passes: O moves, scores stay P's.
    best = 65;
    f = flips(x1, O, P);
    if (f) {
      nodes++;
      best = last1(P ^ f, alpha, x2);
    }
    if (best > alpha) {
      f = flips(x2, O, P);
      if (f) {
        nodes++;
        score = last1(P ^ f, alpha, x1);
        if (score < best) best = score;
      }
    }
    if (best == 65) best = finalScore(P, O);
  }
  return packed(best, nodes);
}

/** Exact score with three empty squares, packed with its nodes. */
function last3(P: u64, O: u64, alpha: i32, x1: i32, x2: i32, x3: i32): i32 {
  let nodes = 1;
  // Parity: the square alone in its quadrant goes first.
  const q = unchecked(QUADRANT[x1]) ^ unchecked(QUADRANT[x2]) ^ unchecked(QUADRANT[x3]);
  let t: i32;
  if (!(q & unchecked(QUADRANT[x1]))) {
    if (q & unchecked(QUADRANT[x2])) { t = x1; x1 = x2; x2 = t; } else { t = x1; x1 = x3; x3 = x2; x2 = t; }
  }
  let best = -65;
  let score: i32;
  let r: i32;
  const beta = -alpha - 1;
  let f: u64;
  if (unchecked(NEIGHBOUR[x1]) & O) {
    f = flips(x1, P, O);
    if (f) {
      r = last2(O ^ f, P | f | bit(x1), beta, x2, x3);
      nodes += r >>> 8;
      best = negScore(r);
      if (best > alpha) return packed(best, nodes);
    }
  }
  if (unchecked(NEIGHBOUR[x2]) & O) {
    f = flips(x2, P, O);
    if (f) {
      r = last2(O ^ f, P | f | bit(x2), beta, x1, x3);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (unchecked(NEIGHBOUR[x3]) & O) {
    f = flips(x3, P, O);
    if (f) {
      r = last2(O ^ f, P | f | bit(x3), beta, x1, x2);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) best = score;
    }
  }
  if (best != -65) return packed(best, nodes);
  if (moves(O, P) == 0) return packed(finalScore(P, O), nodes);
  r = last3(O, P, beta, x1, x2, x3);
  return packed(negScore(r), nodes + (r >>> 8));
}

/** Exact score with four empty squares, packed with its nodes. */
function last4(P: u64, O: u64, alpha: i32, x1: i32, x2: i32, x3: i32, x4: i32): i32 {
  let nodes = 1;
  // Parity: with holes of sizes 1-1-2, the two single squares go first.
  const q = unchecked(QUADRANT[x1]) ^ unchecked(QUADRANT[x2]) ^ unchecked(QUADRANT[x3]) ^ unchecked(QUADRANT[x4]);
  let t: i32;
  if (q != 0 && !(q & unchecked(QUADRANT[x1]))) {
    // x1 is in an even quadrant: bring an odd square to the front.
    if (q & unchecked(QUADRANT[x2])) { t = x1; x1 = x2; x2 = t; }
    else if (q & unchecked(QUADRANT[x3])) { t = x1; x1 = x3; x3 = t; }
    else { t = x1; x1 = x4; x4 = t; }
  }
  if (q != 0 && !(q & unchecked(QUADRANT[x2]))) {
    if (q & unchecked(QUADRANT[x3])) { t = x2; x2 = x3; x3 = t; }
    else if (q & unchecked(QUADRANT[x4])) { t = x2; x2 = x4; x4 = t; }
  }
  let best = -65;
  let score: i32;
  let r: i32;
  const beta = -alpha - 1;
  let f: u64;
  if (unchecked(NEIGHBOUR[x1]) & O) {
    f = flips(x1, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x1), beta, x2, x3, x4);
      nodes += r >>> 8;
      best = negScore(r);
      if (best > alpha) return packed(best, nodes);
    }
  }
  if (unchecked(NEIGHBOUR[x2]) & O) {
    f = flips(x2, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x2), beta, x1, x3, x4);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (unchecked(NEIGHBOUR[x3]) & O) {
    f = flips(x3, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x3), beta, x1, x2, x4);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (unchecked(NEIGHBOUR[x4]) & O) {
    f = flips(x4, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x4), beta, x1, x2, x3);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) best = score;
    }
  }
  if (best != -65) return packed(best, nodes);
  if (moves(O, P) == 0) return packed(finalScore(P, O), nodes);
  r = last4(O, P, beta, x1, x2, x3, x4);
  return packed(negScore(r), nodes + (r >>> 8));
}

/** Exact score with 2, 3 or 4 empty squares, its nodes counted. */
export function solve2(P: u64, O: u64, alpha: i32, x1: i32, x2: i32): i32 {
  return counted(last2(P, O, alpha, x1, x2));
}

export function solve3(P: u64, O: u64, alpha: i32, x1: i32, x2: i32, x3: i32): i32 {
  return counted(last3(P, O, alpha, x1, x2, x3));
}

export function solve4(P: u64, O: u64, alpha: i32, x1: i32, x2: i32, x3: i32, x4: i32): i32 {
  return counted(last4(P, O, alpha, x1, x2, x3, x4));
}

/** Adds a packed result's nodes to the count; its score. */
// @ts-ignore: decorator
@inline function counted(r: i32): i32 {
  countNodes(r >>> 8);
  return (r & 255) - 128;
}

/**
 * Null-window search from 5 to SHALLOW_MAX empties, over the empties list,
 * odd quadrants first. `parity` is the quadrant parity of the empties.
 */
export function shallow(P: u64, O: u64, alpha: i32, empties: i32, parity: i32): i32 {
  countNode();
  const cap = stabilityCap(P, O, alpha, empties);
  if (cap <= alpha) return cap;
  let best = -65;
  let score: i32;
  const beta = -alpha - 1;
  for (let pass = 0; pass < 2; pass++) {
    const want = pass == 0 ? parity : ~parity;
    for (let x = nextOf(HEAD); x != HEAD; x = nextOf(x)) {
      if (!(unchecked(QUADRANT[x]) & want)) continue;
      if ((unchecked(NEIGHBOUR[x]) & O) == 0) continue;
      const f = flips(x, P, O);
      if (f == 0) continue;
      const nP = O ^ f;
      const nO = P | f | bit(x);
      unlinkEmpty(x);
      if (empties == 5) {
        const a = nextOf(HEAD);
        const b = nextOf(a);
        const c = nextOf(b);
        score = -solve4(nP, nO, beta, a, b, c, nextOf(c));
      } else {
        score = -shallow(nP, nO, beta, empties - 1, parity ^ unchecked(QUADRANT[x]));
      }
      relinkEmpty(x);
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if (best != -65) return best;
  if (moves(O, P) == 0) return finalScore(P, O);
  return -shallow(O, P, beta, empties, parity);
}

/** A null-window search (alpha, alpha + 1) of at most SHALLOW_MAX empties over this thread's empties list: the right solver. */
export function searchLeaves(P: u64, O: u64, alpha: i32, empties: i32, parity: i32): i32 {
  // Outside the score range the answer is known; searching would only fail to cut.
  if (alpha >= 64) return 64;
  if (alpha < -64) return -64;
  if (empties >= 5) return shallow(P, O, alpha, empties, parity);
  const a = nextOf(HEAD);
  const b = nextOf(a);
  const c = nextOf(b);
  if (empties == 4) return solve4(P, O, alpha, a, b, c, nextOf(c));
  if (empties == 3) return solve3(P, O, alpha, a, b, c);
  if (empties == 2) return solve2(P, O, alpha, a, b);
  if (empties == 1) return solve1(P, alpha, a);
  countNode();
  return finalScore(P, O);
}

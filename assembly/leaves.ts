/*
 * The last plies, the twin of src/search/leaves.ts on u64: exact
 * null-window solvers for 1‥4 empty squares and a shallow search (5 up to
 * SHALLOW_MAX empties) without a table. The same move order (quadrant
 * parity, then the empties list's), the same node counting (every call one
 * node, the 1-empty calls included): the same trees, node for node. The
 * shallow search walks the empties as a bit set in the list's order (an
 * ordered set, orderedEmpties), not the list itself.
 */
import { bit, flips, lastFlipCount, moves, neighbour } from './bitboard';
import { stabilityCap } from './stability';
import { IN_QUADRANTS_AT as IN_QUADRANTS, PRESORTED_AT as PRESORTED, QUADRANT_AT as QUADRANT, RANK_AT as RANK } from './memory';
import { HEAD, countNode, countNodes, nextOf, setNext, setPrev } from './state';
import { SQUARE_CLASS, SQUARE_CLASSES } from '../src/search/squares';

export { SHALLOW_MAX } from '../src/search/constants';

/** Quadrant bit of each square: a1-d4 = 1, e1-h4 = 2, a5-d8 = 4, e5-h8 = 8. */
for (let x = 0; x < 64; x++) store<i32>(QUADRANT + (<usize>x << 2), 1 << (((x >> 5) << 1) | ((x & 7) >> 2)));

// @ts-ignore: decorator
@inline export function quadrant(x: i32): i32 {
  return load<i32>(QUADRANT + (<usize>x << 2));
}

// PRESORTED: the squares best tried first when nothing else is known, by
// class (src/search/squares.ts), then by number. RANK[x]: x's place in
// PRESORTED, its bit in an ordered set (the shallow search's empties).
// IN_QUADRANTS[q]: the ordered set of the squares in the quadrants of q (a
// 4-bit parity).
{
  let n = 0;
  for (let c = 0; c < SQUARE_CLASSES; c++) {
    for (let x = 0; x < 64; x++) {
      if (SQUARE_CLASS[x] == c) {
        store<i32>(PRESORTED + (<usize>n << 2), x);
        store<i32>(RANK + (<usize>x << 2), n);
        n++;
      }
    }
  }
  for (let q = 0; q < 16; q++) {
    let set: u64 = 0;
    for (let x = 0; x < 64; x++) if (quadrant(x) & q) set |= bit(load<i32>(RANK + (<usize>x << 2)));
    store<u64>(IN_QUADRANTS + (<usize>q << 3), set);
  }
}

/** The square of an ordered set's lowest bit. */
// @ts-ignore: decorator
@inline function squareAt(i: i32): i32 {
  return load<i32>(PRESORTED + (<usize>i << 2));
}

/**
 * The empty squares of a position as an ordered set: bit i for the square
 * PRESORTED[i], so that the lowest bit first walks them in the order of the
 * empties list (which keeps PRESORTED's order), without the list's chain of
 * loads.
 */
function orderedEmpties(P: u64, O: u64): u64 {
  let E = ~(P | O);
  let set: u64 = 0;
  while (E != 0) {
    set |= bit(load<i32>(RANK + (<usize>ctz<u64>(E) << 2)));
    E &= E - 1;
  }
  return set;
}

/** Builds this thread's empties list (in PRESORTED order) of a position; returns its quadrant parity. */
export function setupEmpties(P: u64, O: u64): i32 {
  const E = ~(P | O);
  let last = HEAD;
  let parity = 0;
  for (let i = 0; i < 64; i++) {
    const x = squareAt(i);
    if ((E >> (<u64>x)) & 1) {
      setNext(last, x);
      setPrev(x, last);
      last = x;
      parity ^= quadrant(x);
    }
  }
  setNext(last, HEAD);
  setPrev(HEAD, last);
  return parity;
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
  if (neighbour(x1) & O) {
    f = flips(x1, P, O);
    if (f) {
      nodes++;
      best = -last1(O ^ f, beta, x2);
    }
  }
  if (best <= alpha && (neighbour(x2) & O) != 0) {
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
  const q = quadrant(x1) ^ quadrant(x2) ^ quadrant(x3);
  let t: i32;
  if (!(q & quadrant(x1))) {
    if (q & quadrant(x2)) { t = x1; x1 = x2; x2 = t; } else { t = x1; x1 = x3; x3 = x2; x2 = t; }
  }
  let best = -65;
  let score: i32;
  let r: i32;
  const beta = -alpha - 1;
  let f: u64;
  if (neighbour(x1) & O) {
    f = flips(x1, P, O);
    if (f) {
      r = last2(O ^ f, P | f | bit(x1), beta, x2, x3);
      nodes += r >>> 8;
      best = negScore(r);
      if (best > alpha) return packed(best, nodes);
    }
  }
  if (neighbour(x2) & O) {
    f = flips(x2, P, O);
    if (f) {
      r = last2(O ^ f, P | f | bit(x2), beta, x1, x3);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (neighbour(x3) & O) {
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
  const q = quadrant(x1) ^ quadrant(x2) ^ quadrant(x3) ^ quadrant(x4);
  let t: i32;
  if (q != 0 && !(q & quadrant(x1))) {
    // x1 is in an even quadrant: bring an odd square to the front.
    if (q & quadrant(x2)) { t = x1; x1 = x2; x2 = t; }
    else if (q & quadrant(x3)) { t = x1; x1 = x3; x3 = t; }
    else { t = x1; x1 = x4; x4 = t; }
  }
  if (q != 0 && !(q & quadrant(x2))) {
    if (q & quadrant(x3)) { t = x2; x2 = x3; x3 = t; }
    else if (q & quadrant(x4)) { t = x2; x2 = x4; x4 = t; }
  }
  let best = -65;
  let score: i32;
  let r: i32;
  const beta = -alpha - 1;
  let f: u64;
  if (neighbour(x1) & O) {
    f = flips(x1, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x1), beta, x2, x3, x4);
      nodes += r >>> 8;
      best = negScore(r);
      if (best > alpha) return packed(best, nodes);
    }
  }
  if (neighbour(x2) & O) {
    f = flips(x2, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x2), beta, x1, x3, x4);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (neighbour(x3) & O) {
    f = flips(x3, P, O);
    if (f) {
      r = last3(O ^ f, P | f | bit(x3), beta, x1, x2, x4);
      nodes += r >>> 8;
      score = negScore(r);
      if (score > best) { best = score; if (best > alpha) return packed(best, nodes); }
    }
  }
  if (neighbour(x4) & O) {
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
 * Null-window search from 5 to SHALLOW_MAX empties, odd quadrants first.
 * `parity` is the quadrant parity of the empties.
 */
export function shallow(P: u64, O: u64, alpha: i32, empties: i32, parity: i32): i32 {
  return shallowSet(P, O, alpha, empties, parity, orderedEmpties(P, O));
}

/** shallow() over the ordered set E of the empties (orderedEmpties). */
function shallowSet(P: u64, O: u64, alpha: i32, empties: i32, parity: i32, E: u64): i32 {
  countNode();
  const cap = stabilityCap(P, O, alpha, empties);
  if (cap <= alpha) return cap;
  let best = -65;
  let score: i32;
  const beta = -alpha - 1;
  const odd = load<u64>(IN_QUADRANTS + (<usize>parity << 3));
  for (let pass = 0; pass < 2; pass++) {
    let m = pass == 0 ? E & odd : E & ~odd;
    while (m != 0) {
      const i = <i32>ctz<u64>(m);
      m &= m - 1;
      const x = squareAt(i);
      if ((neighbour(x) & O) == 0) continue;
      const f = flips(x, P, O);
      if (f == 0) continue;
      const nP = O ^ f;
      const nO = P | f | bit(x);
      const nE = E ^ bit(i);
      if (empties == 5) {
        let r = nE;
        const a = squareAt(<i32>ctz<u64>(r));
        r &= r - 1;
        const b = squareAt(<i32>ctz<u64>(r));
        r &= r - 1;
        const c = squareAt(<i32>ctz<u64>(r));
        r &= r - 1;
        score = -solve4(nP, nO, beta, a, b, c, squareAt(<i32>ctz<u64>(r)));
      } else {
        score = -shallowSet(nP, nO, beta, empties - 1, parity ^ quadrant(x), nE);
      }
      if (score > best) {
        best = score;
        if (best > alpha) return best;
      }
    }
  }
  if (best != -65) return best;
  if (moves(O, P) == 0) return finalScore(P, O);
  return -shallowSet(O, P, beta, empties, parity, E);
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

/**
 * A shallow midgame search: negamax alpha-beta to a fixed depth with the
 * evaluator at the leaves, scores in 1/128 disc (a finished game scores its
 * disc difference × 128). For self-play move choice; allocation-free, with
 * per-ply typed arrays. From ORDER_DEPTH plies up the moves are tried best
 * first by the evaluation of the position they lead to: the values are the
 * same (alpha-beta's value inside its window does not depend on the order),
 * the tree is smaller.
 */
import { flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { NODES, finalScore } from './leaves.js';

const MAX_DEPTH = 16;
const ORDER_DEPTH = 3;
const M = new Int32Array(2 * (MAX_DEPTH + 2));
const F = new Int32Array(2);
/** Per ply: up to 32 moves, sorted by key (square in the low 6 bits). */
const LIST = new Int32Array(32 * (MAX_DEPTH + 2));

/**
 * Negamax value of the position for P to move, searched `depth` plies,
 * within (alpha, beta). The position must be in the evaluator's line at
 * slot `empties` (Evaluator.load, or a parent's play); the search plays
 * into the slots below it.
 */
export function midSearch(ev: Evaluator, ph: number, pl: number, oh: number, ol: number, empties: number, depth: number, alpha: number, beta: number): number {
  NODES[0]++;
  if (depth <= 0) return ev.scoreAt(empties);
  const at = 2 * depth;
  moves(ph, pl, oh, ol, M, at);
  let mh = M[at];
  let ml = M[at + 1];
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, at);
    if ((M[at] | M[at + 1]) === 0) return finalScore(ph, pl, oh, ol) * 128;
    ev.pass(empties);
    const s = (0 - midSearch(ev, oh, ol, ph, pl, empties, depth - 1, (0 - beta) | 0, (0 - alpha) | 0)) | 0;
    ev.pass(empties);
    return s;
  }
  // The moves into this ply's list, ascending by key: the square alone
  // below ORDER_DEPTH, else the opponent's evaluation after the move first
  // (lowest, i.e. best for P, first). Insertion sort: few moves.
  const base = 32 * depth;
  let n = 0;
  while ((mh | ml) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    let k = x;
    if (depth >= ORDER_DEPTH) {
      flips(x, ph, pl, oh, ol, F, 0);
      k = ((ev.childScoreAt(empties, x, F[0], F[1]) * 64) | 0) + x;
    }
    let i = n++;
    while (i > 0 && LIST[base + i - 1] > k) {
      LIST[base + i] = LIST[base + i - 1];
      i--;
    }
    LIST[base + i] = k;
  }
  let best = -(1 << 30);
  for (let i = 0; i < n; i++) {
    const x = LIST[base + i] & 63;
    flips(x, ph, pl, oh, ol, F, 0);
    const fh = F[0];
    const fl = F[1];
    let s: number;
    if (depth === 1) {
      NODES[0]++; // the child, a leaf: what midSearch(child, 0) returns
      s = (0 - ev.childScoreAt(empties, x, fh, fl)) | 0;
    } else {
      ev.play(empties, x, fh, fl);
      s = (0 - midSearch(ev, oh ^ fh, ol ^ fl, ph | fh | (x >= 32 ? 1 << (x - 32) : 0), pl | fl | (x < 32 ? 1 << x : 0), empties - 1, depth - 1, (0 - beta) | 0, (0 - alpha) | 0)) | 0;
    }
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (s >= beta) break;
      }
    }
  }
  return best;
}

/** midSearch of a position given by its bitboards alone (it is loaded into the evaluator's line first). */
export function midSearchFrom(ev: Evaluator, ph: number, pl: number, oh: number, ol: number, depth: number, alpha: number, beta: number): number {
  const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
  ev.load(empties, ph, pl, oh, ol);
  return midSearch(ev, ph, pl, oh, ol, empties, depth, alpha, beta);
}

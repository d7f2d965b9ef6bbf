/**
 * A shallow midgame search: negamax alpha-beta to a fixed depth with the
 * evaluator at the leaves, scores in 1/128 disc (a finished game scores its
 * disc difference × 128). For self-play move choice; allocation-free, with
 * its per-depth lists in the search state it is given (SearchState.mid*),
 * where its nodes count too. From MID_ORDER_DEPTH plies up the moves are tried best
 * first by the evaluation of the position they lead to: the values are the
 * same (alpha-beta's value inside its window does not depend on the order),
 * the tree is smaller.
 *
 * Twin: assembly/midgame.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { finalScore, placedHi, placedLo } from '../position/position.js';
import { MID_LIST, MID_ORDER_DEPTH } from './constants.js';
import type { SearchState } from './state.js';

/**
 * Negamax value of the position for P to move, searched `depth` plies,
 * within (alpha, beta). The position must be in the evaluator's line at
 * slot `empties` (Evaluator.load, or a parent's play); the search plays
 * into the slots below it.
 */
export function midSearch(
  s: SearchState,
  ev: Evaluator,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  s.nodes[0]++;
  if (depth <= 0) return ev.scoreAt(empties);
  const M = s.midMoves;
  const F = s.midFlips;
  const LIST = s.midList;
  const at = 2 * depth;
  moves(ph, pl, oh, ol, M, at);
  let mh = M[at];
  let ml = M[at + 1];
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, at);
    if ((M[at] | M[at + 1]) === 0) return finalScore(ph, pl, oh, ol) * 128;
    ev.pass(empties);
    const v = (0 - midSearch(s, ev, oh, ol, ph, pl, empties, depth - 1, (0 - beta) | 0, (0 - alpha) | 0)) | 0;
    ev.pass(empties);
    return v;
  }
  // The moves into this ply's list, ascending by key: the square alone
  // below ORDER_DEPTH, else the opponent's evaluation after the move first
  // (lowest, i.e. best for P, first). Insertion sort: few moves.
  const base = MID_LIST * depth;
  let n = 0;
  while ((mh | ml) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    let k = x;
    if (depth >= MID_ORDER_DEPTH) {
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
    let v: number;
    if (depth === 1) {
      s.nodes[0]++; // the child, a leaf: what midSearch(child, 0) returns
      v = (0 - ev.childScoreAt(empties, x, fh, fl)) | 0;
    } else {
      ev.play(empties, x, fh, fl);
      v =
        (0 -
          midSearch(
            s,
            ev,
            oh ^ fh,
            ol ^ fl,
            placedHi(ph, fh, x),
            placedLo(pl, fl, x),
            empties - 1,
            depth - 1,
            (0 - beta) | 0,
            (0 - alpha) | 0,
          )) |
        0;
    }
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

/** midSearch of a position given by its bitboards alone (it is loaded into the evaluator's line first). */
export function midSearchFrom(
  s: SearchState,
  ev: Evaluator,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
  ev.load(empties, ph, pl, oh, ol);
  return midSearch(s, ev, ph, pl, oh, ol, empties, depth, alpha, beta);
}

/**
 * The midgame search of a level: principal-variation search to a depth in
 * plies with the evaluator at the leaves, its own transposition table
 * (each entry's depth and confidence say what its bounds are worth), and
 * ProbCut at a confidence below 100 %, as Edax's midgame.c searches. Scores
 * in whole discs (the evaluation rounded, a finished game its exact score),
 * so that the table holds them as it holds the exact search's. A pass is
 * not a ply. The root, iterative deepening and the levels are deepening.ts.
 *
 * Twin: assembly/pvs.ts, the same code for the WebAssembly engine
 * (test/wasm.test.ts holds the two to one tree, node for node).
 */
import { flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { finalScore, placedHi, placedLo } from '../position/position.js';
import { MID_LIST, NO_MOVE, POLL_EVERY, PV_MOBILITY_WEIGHT, PV_PROBCUT_MIN } from './constants.js';
import type { SearchState } from './state.js';
import { costOf, nodeHash, type Table } from './table.js';

/** Confidence index of a search with no selective cut (CONFIDENCES[5] = 100 %). */
export const FULL_CONFIDENCE = 5;

/** What a midgame search runs with besides the position: its table, evaluator, confidence, and how it is told to stop. */
export interface PvsRun {
  readonly state: SearchState;
  readonly evaluator: Evaluator;
  readonly table: Table;
  /** Index of CONFIDENCES: 5 no ProbCut, else its margin is `margin` discs. */
  readonly confidence: number;
  readonly margin: number;
  /** Called every POLL_EVERY nodes; true stops the search (its value is then worthless). */
  readonly poll: () => boolean;
  /** Set once the poll said stop. */
  stopped: boolean;
}

/** The leaf value: the evaluation (1/128 disc) rounded to a whole disc, within ±64; the same integer steps in both engines. */
export function discOf(v: number): number {
  return Math.max(-64, Math.min(64, (v + 64) >> 7));
}

/** ProbCut's shallow depth for a search of `depth` plies (Edax's: 2 ⌊depth / 4⌋ + depth mod 2). */
export function probCutDepth(depth: number): number {
  return 2 * (depth >> 2) + (depth & 1);
}

/**
 * Value of the position (P to move, `empties` empties, in the evaluator's
 * line at slot `empties`) searched `depth` plies in (alpha, beta),
 * fail-soft, in discs.
 */
export function pvs(
  r: PvsRun,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const s = r.state;
  const nodes0 = s.nodes[0];
  s.nodes[0]++;
  if (++s.pvsTick === POLL_EVERY) {
    s.pvsTick = 0;
    if (r.poll()) r.stopped = true;
  }
  if (r.stopped) return 0;
  const ev = r.evaluator;
  if (depth <= 0) return discOf(ev.scoreAt(empties));
  const M = s.pvsWords;
  moves(ph, pl, oh, ol, M, 0);
  const mh = M[0];
  const ml = M[1];
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, 0);
    if ((M[0] | M[1]) === 0) return finalScore(ph, pl, oh, ol);
    ev.pass(empties);
    const v = (0 - pvs(r, oh, ol, ph, pl, empties, depth, (0 - beta) | 0, (0 - alpha) | 0)) | 0;
    ev.pass(empties);
    return v;
  }
  const table = r.table;
  const hash = nodeHash(ph, pl, oh, ol, empties, true, table.stats);
  let hashMove = NO_MOVE;
  if (table.probe(ph, pl, oh, ol, hash) >= 0) {
    hashMove = table.move();
    if (table.depth() >= depth && table.selectivity() >= r.confidence) {
      const lo = table.lower();
      const up = table.upper();
      if (lo >= beta) return lo;
      if (up <= alpha) return up;
      if (lo === up) return lo;
    }
  }
  const cut = probCut(r, ph, pl, oh, ol, empties, depth, alpha, beta);
  if (cut !== NO_CUT) return cut;
  const n = sortMoves(r, ph, pl, oh, ol, mh, ml, empties, depth, hashMove);
  const base = MID_LIST * empties;
  const F = s.pvsWords;
  let best = -65;
  let bestMove = NO_MOVE;
  let a = alpha;
  for (let i = 0; i < n; i++) {
    const x = s.pvsList[base + i] & 63;
    flips(x, ph, pl, oh, ol, F, 0);
    const fh = F[0];
    const fl = F[1];
    const ch = oh ^ fh;
    const cl = ol ^ fl;
    const xh = placedHi(ph, fh, x);
    const xl = placedLo(pl, fl, x);
    ev.play(empties, x, fh, fl);
    let v: number;
    if (i === 0) v = (0 - pvs(r, ch, cl, xh, xl, empties - 1, depth - 1, (0 - beta) | 0, (0 - a) | 0)) | 0;
    else {
      v = (0 - pvs(r, ch, cl, xh, xl, empties - 1, depth - 1, (-a - 1) | 0, (0 - a) | 0)) | 0;
      if (v > a && v < beta) v = (0 - pvs(r, ch, cl, xh, xl, empties - 1, depth - 1, (0 - beta) | 0, (0 - v) | 0)) | 0;
    }
    if (r.stopped) return 0;
    if (v > best) {
      best = v;
      bestMove = x;
      if (v > a) {
        a = v;
        if (v >= beta) break;
      }
    }
  }
  table.record(ph, pl, oh, ol, hash, depth, r.confidence, alpha, beta, best, bestMove, costOf(s.nodes[0] - nodes0));
  return best;
}

/** No ProbCut cut: the search goes on. */
const NO_CUT = -1000;

/**
 * ProbCut (below 100 % confidence, from PV_PROBCUT_MIN plies): a shallow
 * search's value `margin` discs past beta (or short of alpha) says the deep
 * one would be past it too: beta (alpha) without searching the moves.
 */
function probCut(
  r: PvsRun,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (r.confidence >= FULL_CONFIDENCE || depth < PV_PROBCUT_MIN) return NO_CUT;
  const shallow = probCutDepth(depth);
  const up = beta + r.margin;
  if (up <= 64 && pvs(r, ph, pl, oh, ol, empties, shallow, up - 1, up) >= up) return beta;
  const down = alpha - r.margin;
  if (down >= -64 && pvs(r, ph, pl, oh, ol, empties, shallow, down, down + 1) <= down) return alpha;
  return NO_CUT;
}

/**
 * The moves into the node's list (MID_LIST from MID_LIST × empties), best
 * first: the table's move, then, from 2 plies on, by the opponent's
 * evaluation after each plus PV_MOBILITY_WEIGHT for each move left to the
 * opponent (lowest first), else by square. Returns how many.
 */
function sortMoves(
  r: PvsRun,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  mh: number,
  ml: number,
  empties: number,
  depth: number,
  hashMove: number,
): number {
  const L = r.state.pvsList;
  const F = r.state.pvsWords;
  const base = MID_LIST * empties;
  let n = 0;
  while ((mh | ml) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    let k = x;
    if (x === hashMove) k = -(1 << 30) + x;
    else if (depth >= 2) {
      flips(x, ph, pl, oh, ol, F, 0);
      const fh = F[0];
      const fl = F[1];
      const score = r.evaluator.childScoreAt(empties, x, fh, fl);
      moves(oh ^ fh, ol ^ fl, placedHi(ph, fh, x), placedLo(pl, fl, x), F, 0);
      k = (((score + PV_MOBILITY_WEIGHT * (popcount32(F[0]) + popcount32(F[1]))) * 64) | 0) + x;
    }
    let i = n++;
    while (i > 0 && L[base + i - 1] > k) {
      L[base + i] = L[base + i - 1];
      i--;
    }
    L[base + i] = k;
  }
  return n;
}

/**
 * The exact null-window search above SHALLOW_MAX empties: transposition
 * table (bounds and the hash move), then fastest-first move ordering (the
 * fewest opponent replies, corners counted twice), parity as a tie-break.
 */
import { NOT_A_FILE as NOT_A, NOT_H_FILE as NOT_H, flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { midSearch } from './midgame.js';
import { NO_MOVE, STAT_CUTOFFS, type Table, TranspositionTable, costOf, hashPosition } from './table.js';
import { stabilityCap } from './stability.js';
import {
  NEXT, NODES, QUADRANT, SHALLOW_MAX, finalScore, relinkEmpty, shallow, solve1, solve2, solve3, solve4, unlinkEmpty,
} from './leaves.js';

/** Moves of one node: at most 33 in reversi; one slice per empties count. */
export const LIST = 36;
export const LIST_SQ = new Int32Array(LIST * 64);
export const LIST_FH = new Int32Array(LIST * 64);
export const LIST_FL = new Int32Array(LIST * 64);
export const LIST_KEY = new Int32Array(LIST * 64);

const M = new Int32Array(4);
/** Above this many empties, nws looks for enhanced transposition cutoffs. */
const ETC_MIN = 12;
const CORNERS_HI = 0x81000000 | 0;
const CORNERS_LO = 0x81;

/**
 * What a search shares with the thread that watches it (progress display,
 * split search): LIVE[liveAt + LIVE_NODES‥LIVE_MOVE] its node count and,
 * at the root, the bounds and best move known so far; STOP[stopAt] set
 * non-zero asks it to unwind at once (its result is then meaningless, and
 * nothing more is stored in the table).
 */
export const LIVE_NODES = 0;
export const LIVE_LOWER = 1;
export const LIVE_UPPER = 2;
export const LIVE_MOVE = 3;
export const LIVE_FIELDS = 4;
export let LIVE: Float64Array<ArrayBufferLike> = new Float64Array(LIVE_FIELDS);
export let LIVE_AT = 0;
export let STOP: Int32Array<ArrayBufferLike> = new Int32Array(1);
export let STOP_AT = 0;

export function watchSearch(live: Float64Array, liveAt: number, stop: Int32Array, stopAt: number): void {
  LIVE = live;
  LIVE_AT = liveAt;
  STOP = stop;
  STOP_AT = stopAt;
}

/** The table of the current search (read by the root through this binding). */
export let table: Table = new TranspositionTable(10);

/**
 * Move ordering by evaluation (--ordering eval): at nodes with at least
 * EVAL_MIN empties, the evaluation of each child joins the mobility key.
 * With synthetic weights on FFO #20-#36 (123.0 M nodes by mobility alone):
 * from 12 empties 111.4 M, 14: 114.1 M, 16: 118.1 M, 18: 119.3 M, 20: 121.0 M
 * nodes at 256 units a mobility step (64: 135.4 M, 1024: 123.6 M), and
 * about 10% fewer N/s. With the trained weights shipped then, units per
 * mobility step 256 / 128 / 96 / 64: FFO #36-#39 (-h 20) 340.8 / 252.2 /
 * 260.0 / 271.9 M nodes; #40-#44 (-h 10) 553.2 / 473.6 / - / 468.5 M; from
 * 12 instead of 14 empties: fewer nodes, more time.
 *
 * Higher up, a child is scored by a shallow search instead of its static
 * evaluation: 1 ply from 18 empties, 2 from 21, 3 from 24 (sort1‥3; as
 * Edax deepens its sorting searches with depth); their nodes count. FFO
 * #40-#44 (-h 10, 1 thread, twice each, the runs interleaved): static only
 * 424.3 M nodes in 35.7 / 43.3 s; 18/21/24 397.8 M in 36.9 / 39.1 s; 20/23
 * 430.5 M in 39.6 / 40.1 s.
 */
let evaluator: Evaluator | null = null;
let EVAL_MIN = 64;
/** Evaluation units (1/128 disc) per unit of the mobility key. */
let EVAL_PER_MOBILITY = 128;
/** Plies of the search that scores a child, by empties (0: its evaluation). */
const SORT_DEPTH = new Int32Array(65);

export function useEvaluator(e: Evaluator | null, minEmpties = 14, perMobility = 128, sort1 = 18, sort2 = 21, sort3 = 24): void {
  evaluator = e;
  EVAL_MIN = e ? minEmpties : 64;
  EVAL_PER_MOBILITY = perMobility;
  for (let n = 0; n <= 64; n++) SORT_DEPTH[n] = n >= sort3 ? 3 : n >= sort2 ? 2 : n >= sort1 ? 1 : 0;
}

/**
 * A first guess of a position's exact score for the root's probes: a
 * midgame search of up to GUESS_DEPTH plies with the evaluator, rounded to
 * an even score (0 without one, or below EVAL_MIN empties). Its nodes count.
 * FFO #40-#44 (-h 10, boxed probes): from the static evaluation 458.0 M
 * nodes, a 4-ply search 463.9 M, a 6-ply search 441.6 M (12-57 ms each);
 * from 0 with doubling steps, as before, 473.6 M. Odd depths guess better
 * with these weights: mean |guess - score| on FFO #40-#49 by 4 … 8 plies
 * 8.7, 6.3, 6.3, 3.7, 4.8 discs (fforum-20-39: 6.1, 4.6, 4.9, 4.2, 4.5) at
 * 0.12 M nodes a position for 7 plies; -h 10: FFO #40-#44 292.9 M nodes
 * after 7 plies against 295.1 M after 6, fforum-20-39 366.9 M against 376.3 M.
 */
const GUESS_DEPTH = 7;

/**
 * Selective search (ProbCut, as in Edax's searches below full selectivity):
 * with SELECTIVE on, every nws node first asks a shallow search (PC_DEPTH
 * plies: the evaluation below 16 empties, 2 plies below 22, then 4) whether
 * the score lies more than t sigma outside the null window, and if so
 * returns that bound unsearched. Its results are estimates: the table keeps
 * them at a selectivity level, and the exact search (level 0) takes only
 * their moves. The root uses it for a first guess close to the exact score.
 * SIGMA: the standard deviation of (shallow search - exact score), 6-8 discs
 * at 10-20 empties for 0-4 plies on round-3 self-play positions; for the
 * round-3 weights 8.0 / 7.0 / 6.0 at 0 / 2 / 4 plies where each is used
 * (bench/probcut-sigma.js), and a sigma per depth saved under 1% of nodes;
 * the round-7 weights (shipped) err by 7.5 / 6.3 / 5.1 (rms, t3), and a
 * smaller sigma searched more with the round-5 ones. Round-3 weights, FFO
 * #40-#49 (-h 10, stages 1 and 2): from 12 empties 2.34 G nodes, from 10
 * 2.27 G, from every nws node (8) 2.18 G, from 14 2.61 G; sigma 6 or 8:
 * more nodes; depths from 14 / 20 empties 2.19 G, from 18 / 24 2.67 G.
 */
export let SELECTIVE = 0;
const SIGMA = 7;
/** Plies of the ProbCut search at each empties count. */
export const PC_DEPTH = new Int32Array(65);
for (let n = 0; n <= 64; n++) PC_DEPTH[n] = n >= 22 ? 4 : n >= 16 ? 2 : 0;
/** t sigma in evaluation units (1/128 disc). */
let PC_MARGIN = 0;

/** Whether the current search may use the bounds of the entry the table last found (else only its moves). */
export function trustsBounds(t: Table): boolean {
  return t.selectivity() <= SELECTIVE;
}

/** Turns selective search on (t > 0: margin t sigma) or off (t = 0); needs an evaluator. Returns whether it is on. */
export function setSelective(t: number): boolean {
  // Levels order the results by trust (a wider margin is trusted more): a
  // search uses the table's bounds of its own level or below (0: exact).
  SELECTIVE = t > 0 && evaluator !== null ? Math.max(1, Math.min(255, 1 + Math.round(2 * (4 - t)))) : 0;
  PC_MARGIN = Math.round(t * SIGMA * 128);
  return SELECTIVE !== 0;
}
export function firstGuess(ph: number, pl: number, oh: number, ol: number, empties: number): number {
  if (evaluator === null || empties < EVAL_MIN) return 0;
  const depth = Math.min(GUESS_DEPTH, empties - EVAL_MIN + 1);
  const v = midSearch(evaluator, ph, pl, oh, ol, depth, -(1 << 30), 1 << 30);
  const discs = Math.max(-64, Math.min(64, Math.round(v / 256) * 2));
  return discs | 0;
}

/** The table the search uses from now on. */
export function useTable(t: Table): void {
  table = t;
}

/**
 * Ordering key of a move (lower is searched first), from the child position
 * (the opponent to move): its weighted mobility, then parity.
 */
export function orderKey(cph: number, cpl: number, coh: number, col: number, x: number, parity: number): number {
  moves(cph, cpl, coh, col, M, 2);
  const mh = M[2];
  const ml = M[3];
  const mob = popcount32(mh) + popcount32(ml) + popcount32(mh & CORNERS_HI) + popcount32(ml & CORNERS_LO);
  // Potential mobility: empty squares next to our discs, where the opponent
  // may find moves later.
  const rh = coh | ((coh << 1) & NOT_A) | ((coh >>> 1) & NOT_H);
  const rl = col | ((col << 1) & NOT_A) | ((col >>> 1) & NOT_H);
  const nh = rh | (rh << 8) | (rl >>> 24) | (rh >>> 8);
  const nl = rl | (rl << 8) | (rl >>> 8) | (rh << 24);
  const pot = popcount32(nh & ~(cph | coh)) + popcount32(nl & ~(cpl | col));
  return (mob * W_MOB + pot * W_POT) * 2 + (QUADRANT[x] & parity ? 0 : 1);
}
// Weights measured on FFO #20-#36: mobility 4 : potential 1 searched 214M
// nodes; 2:1 237M, 8:1 217M; without potential mobility 342M.
const W_MOB = 4;
const W_POT = 1;

/**
 * Fills the move list of a node with `empties` empty squares; returns the
 * number of moves (0 when P must pass). The hash move gets the lowest key.
 */
export function buildList(
  ph: number, pl: number, oh: number, ol: number, empties: number, parity: number, hashMove: number, mh: number, ml: number,
): number {
  const base = empties * LIST;
  const ev = empties >= EVAL_MIN ? evaluator : null;
  if (ev !== null) ev.setNode(ph, pl, oh, ol);
  let n = 0;
  while ((ml | mh) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    flips(x, ph, pl, oh, ol, M, 0);
    const fh = M[0];
    const fl = M[1];
    const i = base + n;
    LIST_SQ[i] = x;
    LIST_FH[i] = fh;
    LIST_FL[i] = fl;
    if (x === hashMove) LIST_KEY[i] = -1 << 30;
    else {
      const key = orderKey(oh ^ fh, ol ^ fl, ph | fh | (x >= 32 ? 1 << (x - 32) : 0), pl | fl | (x < 32 ? 1 << x : 0), x, parity);
      // The child's evaluation is the opponent's: the lower, the better for us.
      if (ev === null) LIST_KEY[i] = key;
      else if (SORT_DEPTH[empties] === 0) LIST_KEY[i] = key * EVAL_PER_MOBILITY + ev.childScore(x, fh, fl);
      else {
        const cph = oh ^ fh;
        const cpl = ol ^ fl;
        const coh = ph | fh | (x >= 32 ? 1 << (x - 32) : 0);
        const col = pl | fl | (x < 32 ? 1 << x : 0);
        LIST_KEY[i] = key * EVAL_PER_MOBILITY + midSearch(ev, cph, cpl, coh, col, SORT_DEPTH[empties], -(1 << 30), 1 << 30);
      }
    }
    n++;
  }
  return n;
}

/** Moves the lowest-keyed move of slots i‥end-1 of a list to slot i. */
export function selectMove(i: number, end: number): void {
  let best = i;
  let k = LIST_KEY[i];
  for (let j = i + 1; j < end; j++) {
    if (LIST_KEY[j] < k) {
      k = LIST_KEY[j];
      best = j;
    }
  }
  if (best !== i) {
    let t = LIST_SQ[i]; LIST_SQ[i] = LIST_SQ[best]; LIST_SQ[best] = t;
    t = LIST_FH[i]; LIST_FH[i] = LIST_FH[best]; LIST_FH[best] = t;
    t = LIST_FL[i]; LIST_FL[i] = LIST_FL[best]; LIST_FL[best] = t;
    LIST_KEY[best] = LIST_KEY[i];
    LIST_KEY[i] = k;
  }
}

/** Null-window search at any number of empties: picks the right solver. */
export function searchNull(ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number, parity: number): number {
  // Outside the score range the answer is known; searching would only fail to cut.
  if (alpha >= 64) return 64;
  if (alpha < -64) return -64;
  if (empties > SHALLOW_MAX) return nws(ph, pl, oh, ol, alpha, empties, parity);
  if (empties >= 5) return shallow(ph, pl, oh, ol, alpha, empties, parity);
  const a = NEXT[64];
  const b = NEXT[a];
  const c = NEXT[b];
  if (empties === 4) return solve4(ph, pl, oh, ol, alpha, a, b, c, NEXT[c]);
  if (empties === 3) return solve3(ph, pl, oh, ol, alpha, a, b, c);
  if (empties === 2) return solve2(ph, pl, oh, ol, alpha, a, b);
  if (empties === 1) return solve1(ph, pl, alpha, a);
  NODES[0]++;
  return finalScore(ph, pl, oh, ol);
}

/** Exact null-window search (alpha, alpha + 1), with the table, above SHALLOW_MAX empties. */
export function nws(ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number, parity: number): number {
  const nodes0 = NODES[0]++;
  const tt = table;
  const hash = hashPosition(ph, pl, oh, ol);
  let hashMove = NO_MOVE;
  const e = tt.probe(ph, pl, oh, ol, hash);
  if (e >= 0) {
    if (trustsBounds(tt)) {
      const lower = tt.lower();
      if (lower > alpha) {
        tt.stats[STAT_CUTOFFS]++;
        return lower;
      }
      const upper = tt.upper();
      if (upper <= alpha) {
        tt.stats[STAT_CUTOFFS]++;
        return upper;
      }
    }
    hashMove = tt.move();
  }

  // Stability cutoff: the opponent's stable discs cap our score.
  const cap = stabilityCap(ph, pl, oh, ol, alpha, empties);
  if (cap <= alpha) return cap;

  if (SELECTIVE !== 0) {
    const hi = ((alpha + 1) * 128 + PC_MARGIN) | 0;
    if (midSearch(evaluator!, ph, pl, oh, ol, PC_DEPTH[empties], (hi - 1) | 0, hi) >= hi) {
      const bound = (alpha + 2) & ~1; // scores are even
      tt.store(ph, pl, oh, ol, hash, empties, SELECTIVE, alpha, alpha + 1, bound, hashMove);
      return bound;
    }
    const lo = (alpha * 128 - PC_MARGIN) | 0;
    if (midSearch(evaluator!, ph, pl, oh, ol, PC_DEPTH[empties], lo, (lo + 1) | 0) <= lo) {
      const bound = alpha & ~1;
      tt.store(ph, pl, oh, ol, hash, empties, SELECTIVE, alpha, alpha + 1, bound, hashMove);
      return bound;
    }
  }

  moves(ph, pl, oh, ol, M, 0);
  const mh = M[0];
  const ml = M[1];
  const beta = (0 - alpha - 1) | 0;
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, 0);
    if ((M[0] | M[1]) === 0) return finalScore(ph, pl, oh, ol);
    return (0 - nws(oh, ol, ph, pl, beta, empties, parity)) | 0;
  }

  const base = empties * LIST;
  const end = base + buildList(ph, pl, oh, ol, empties, parity, hashMove, mh, ml);

  // Enhanced transposition cutoff: a child already known to be bad enough
  // for the opponent ends this node before any search.
  if (empties > ETC_MIN) {
    LIVE[LIVE_AT] = NODES[0]; // for the watcher, at a rate it cannot notice
    for (let i = base; i < end; i++) {
      const x = LIST_SQ[i];
      const fh = LIST_FH[i];
      const fl = LIST_FL[i];
      const nph = oh ^ fh;
      const npl = ol ^ fl;
      const noh = ph | fh | (x >= 32 ? 1 << (x - 32) : 0);
      const nol = pl | fl | (x < 32 ? 1 << x : 0);
      const c = tt.probe(nph, npl, noh, nol, hashPosition(nph, npl, noh, nol));
      if (c >= 0 && trustsBounds(tt)) {
        const score = (0 - tt.upper()) | 0;
        if (score > alpha) {
          tt.stats[STAT_CUTOFFS]++;
          tt.store(ph, pl, oh, ol, hash, empties, SELECTIVE, alpha, alpha + 1, score, x);
          return score;
        }
      }
    }
  }

  let best = -65;
  let bestMove = NO_MOVE;
  for (let i = base; i < end; i++) {
    selectMove(i, end);
    const x = LIST_SQ[i];
    const fh = LIST_FH[i];
    const fl = LIST_FL[i];
    unlinkEmpty(x);
    const nph = oh ^ fh;
    const npl = ol ^ fl;
    const noh = ph | fh | (x >= 32 ? 1 << (x - 32) : 0);
    const nol = pl | fl | (x < 32 ? 1 << x : 0);
    const score = empties - 1 > SHALLOW_MAX
      ? (0 - nws(nph, npl, noh, nol, beta, empties - 1, parity ^ QUADRANT[x])) | 0
      : (0 - shallow(nph, npl, noh, nol, beta, empties - 1, parity ^ QUADRANT[x])) | 0;
    relinkEmpty(x);
    if (STOP[STOP_AT] !== 0) return 0; // told to stop: the score may be wrong, store nothing
    if (score > best) {
      best = score;
      bestMove = x;
      if (score > alpha) break;
    }
  }
  tt.store(ph, pl, oh, ol, hash, empties, SELECTIVE, alpha, alpha + 1, best, bestMove, costOf(NODES[0] - nodes0));
  return best;
}

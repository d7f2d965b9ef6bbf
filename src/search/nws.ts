/**
 * The exact null-window search above SHALLOW_MAX empties, with the
 * transposition table: a node first tries every way to end without
 * searching its children (the table's bounds, the stability cap, ProbCut
 * in a selective search, enhanced transposition cutoffs), then searches
 * its moves in order (ordering.ts) until one cuts.
 *
 * The first half, openNode, is shared with the split search (split.ts),
 * which searches the children of the same nodes on several threads.
 *
 * Twin: assembly/nws.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { moves, popcount32 } from 'native-free-bitboard';
import { finalScore, placedHi, placedLo } from '../position/position.js';
import { ETC_MIN, LIST_READY, LOPSIDED_FROM, MUST_PASS, WARY_FROM } from './constants.js';
import type { SearchContext } from './context.js';
import { QUADRANT, relinkEmpty, SHALLOW_MAX, shallow, solve1, solve2, solve3, solve4, unlinkEmpty } from './leaves.js';
import { buildList, keyRest, keysPending, OFF_ETC, OFF_HASH_MOVE, OFF_LOPSIDED, OFF_STABILITY, selectMove } from './ordering.js';
import { NO_CUT, probCut } from './selective.js';
import { stabilityCap } from './stability.js';
import { HEAD, LIST } from './state.js';
import { costOf, NO_MOVE, nodeHash, STAT_CUTOFFS } from './table.js';

const M = new Int32Array(2);

export { LIST_READY, MUST_PASS } from './constants.js';

/**
 * Everything a null-window node (alpha, alpha + 1) does before it searches
 * its children. Returns a score (-64‥64) when the node is decided here,
 * MUST_PASS, or LIST_READY + the number of its moves, sorted by
 * buildList's keys (select them in order with selectMove).
 */
export function openNode(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  empties: number,
  parity: number,
  hash: number,
  lazy = false,
): number {
  const tt = ctx.table;
  let hashMove = NO_MOVE;
  let wary = false;
  moves(ph, pl, oh, ol, M, 0);
  const mh = M[0];
  const ml = M[1];
  // A node of one move neither probes nor stores: its child does both (as Edax's endgame search).
  const single = popcount32(mh) + popcount32(ml) === 1;
  if (!single && tt.probe(ph, pl, oh, ol, hash) >= 0) {
    if (ctx.trustsBounds()) {
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
    if ((ctx.off & OFF_HASH_MOVE) === 0) hashMove = tt.move();
    // A less trusted search's move that does not cut here goes second (WARY_FROM).
    wary = empties >= WARY_FROM && !ctx.trustsBounds() && tt.lower() <= alpha;
  }

  // Stability cutoff: the opponent's stable discs cap our score.
  if ((ctx.off & OFF_STABILITY) === 0) {
    const cap = stabilityCap(ph, pl, oh, ol, alpha, empties);
    if (cap <= alpha) return cap;
  }

  if (ctx.level !== 0) {
    const bound = probCut(ctx, ph, pl, oh, ol, alpha, empties);
    if (bound !== NO_CUT) {
      tt.record(ph, pl, oh, ol, hash, empties, ctx.level, alpha, alpha + 1, bound, hashMove);
      return bound;
    }
  }

  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, 0);
    return (M[0] | M[1]) === 0 ? finalScore(ph, pl, oh, ol) : MUST_PASS;
  }

  const base = empties * LIST;
  const n = buildList(ctx, ph, pl, oh, ol, empties, parity, hashMove, mh, ml, wary, lopsidedAt(ctx, alpha), lazy);

  // Enhanced transposition cutoff: a child already known to be bad enough
  // for the opponent ends this node before any search.
  if (empties > ETC_MIN && (ctx.off & OFF_ETC) === 0 && !single) {
    const st = ctx.state;
    ctx.live[ctx.liveAt] = st.nodes[0]; // for the watcher, at a rate it cannot notice
    for (let i = base; i < base + n; i++) {
      const x = st.listSq[i];
      const fh = st.listFh[i];
      const fl = st.listFl[i];
      const nph = oh ^ fh;
      const npl = ol ^ fl;
      const noh = placedHi(ph, fh, x);
      const nol = placedLo(pl, fl, x);
      if (tt.probe(nph, npl, noh, nol, nodeHash(nph, npl, noh, nol, empties - 1, ctx.smallRegion, tt.stats)) >= 0 && ctx.trustsBounds()) {
        const score = (0 - tt.upper()) | 0;
        if (score > alpha) {
          tt.stats[STAT_CUTOFFS]++;
          tt.record(ph, pl, oh, ol, hash, empties, ctx.level, alpha, alpha + 1, score, x);
          return score;
        }
      }
    }
  }
  return LIST_READY + n;
}

/** Far from 0, potential mobility and edge stability weigh twice in the ordering key (LOPSIDED_FROM). */
function lopsidedAt(ctx: SearchContext, alpha: number): boolean {
  return (ctx.off & OFF_LOPSIDED) === 0 && (alpha >= LOPSIDED_FROM || -alpha - 1 >= LOPSIDED_FROM);
}

/** Null-window search at any number of empties: picks the right solver. */
export function searchNull(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  empties: number,
  parity: number,
): number {
  if (ctx.below !== null) return ctx.below.searchNull(ctx, ph, pl, oh, ol, alpha, empties);
  // Outside the score range the answer is known; searching would only fail to cut.
  if (alpha >= 64) return 64;
  if (alpha < -64) return -64;
  if (empties > SHALLOW_MAX) {
    if (empties >= ctx.evalFrom) ctx.evaluator!.load(empties, ph, pl, oh, ol);
    return nws(ctx, ph, pl, oh, ol, alpha, empties, parity);
  }
  const s = ctx.state;
  if (empties >= 5) return shallow(s, ph, pl, oh, ol, alpha, empties, parity);
  const next = s.next;
  const a = next[HEAD];
  const b = next[a];
  const c = next[b];
  if (empties === 4) return solve4(s, ph, pl, oh, ol, alpha, a, b, c, next[c]);
  if (empties === 3) return solve3(s, ph, pl, oh, ol, alpha, a, b, c);
  if (empties === 2) return solve2(s, ph, pl, oh, ol, alpha, a, b);
  if (empties === 1) return solve1(s, ph, pl, alpha, a);
  s.nodes[0]++;
  return finalScore(ph, pl, oh, ol);
}

/** Exact null-window search (alpha, alpha + 1), with the table, above SHALLOW_MAX empties. */
export function nws(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  empties: number,
  parity: number,
): number {
  const s = ctx.state;
  const nodes0 = s.nodes[0]++;
  const hash = nodeHash(ph, pl, oh, ol, empties, ctx.smallRegion, ctx.table.stats);
  const open = openNode(ctx, ph, pl, oh, ol, alpha, empties, parity, hash, true);
  if (open < MUST_PASS) return open;
  if (open === MUST_PASS) {
    const keep = empties >= ctx.evalFrom;
    if (keep) ctx.evaluator!.pass(empties);
    const score = (0 - nws(ctx, oh, ol, ph, pl, (0 - alpha - 1) | 0, empties, parity)) | 0;
    if (keep) ctx.evaluator!.pass(empties);
    return score;
  }

  const beta = (0 - alpha - 1) | 0;
  const base = empties * LIST;
  const end = base + open - LIST_READY;
  // The hash move first, the others keyed only if it does not cut (buildList).
  let pending = keysPending();
  let best = -65;
  let bestMove = NO_MOVE;
  for (let i = base; i < end; i++) {
    if (pending && i > base) {
      keyRest(ctx, ph, pl, oh, ol, empties, parity, i, end, lopsidedAt(ctx, alpha));
      pending = false;
    }
    selectMove(s, i, end);
    const x = s.listSq[i];
    const fh = s.listFh[i];
    const fl = s.listFl[i];
    unlinkEmpty(s, x);
    const nph = oh ^ fh;
    const npl = ol ^ fl;
    const noh = placedHi(ph, fh, x);
    const nol = placedLo(pl, fl, x);
    let score: number;
    if (empties - 1 > SHALLOW_MAX) {
      if (empties - 1 >= ctx.evalFrom) ctx.evaluator!.play(empties, x, fh, fl);
      score = (0 - nws(ctx, nph, npl, noh, nol, beta, empties - 1, parity ^ QUADRANT[x])) | 0;
    } else score = (0 - shallow(s, nph, npl, noh, nol, beta, empties - 1, parity ^ QUADRANT[x])) | 0;
    relinkEmpty(s, x);
    if (ctx.stop[ctx.stopAt] !== 0) return 0; // told to stop: the score may be wrong, store nothing
    if (score > best) {
      best = score;
      bestMove = x;
      if (score > alpha) break;
    }
  }
  if (end - base > 1)
    ctx.table.record(ph, pl, oh, ol, hash, empties, ctx.level, alpha, alpha + 1, best, bestMove, costOf(s.nodes[0] - nodes0));
  return best;
}

/**
 * Selective search (ProbCut, as in Edax's searches below full selectivity):
 * with a context's level above 0, every null-window node first asks a
 * shallow search (PC_DEPTH plies: the evaluation below 16 empties, 2 plies
 * below 22, then 4) whether the score lies more than t sigma outside the
 * null window, and if so returns that bound unsearched. Its results are
 * estimates: the table keeps them at their selectivity level, and the exact
 * search (level 0) takes only their moves. The root uses it for a first
 * guess close to the exact score (root.ts, the pre-searches). The sigma,
 * the depths and where it starts were measured (bench/README, "ProbCut").
 *
 * Twin: assembly/selective.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import type { Evaluator } from '../eval/weights.js';
import { NO_CUT, PC_DEEP_FROM, PC_DEEP_PLIES, PC_FROM, PC_PLIES } from './constants.js';
import { midSearch } from './midgame.js';
import type { SearchState } from './state.js';

/** The standard deviation of a ProbCut search's error, in discs. */
export const PC_SIGMA = 7;

/**
 * The table's selectivity level of a search at t sigmas (1‥255). Levels
 * order results by trust (a wider margin is trusted more): a search uses
 * the table's bounds of its own level or below (0: exact).
 */
export function levelOf(t: number): number {
  return Math.max(1, Math.min(255, 1 + Math.round(2 * (4 - t))));
}

/** The margin of a search at t sigmas, in evaluation units (1/128 disc). */
export function marginOf(t: number): number {
  return Math.round(t * PC_SIGMA * 128);
}

/** Plies of the ProbCut search at each empties count. */
export const PC_DEPTH = new Int32Array(65);
for (let n = 0; n <= 64; n++) PC_DEPTH[n] = n >= PC_DEEP_FROM ? PC_DEEP_PLIES : n >= PC_FROM ? PC_PLIES : 0;

export { NO_CUT } from './constants.js';

/** What ProbCut reads of a search context (context.ts). */
export interface SelectiveContext {
  readonly state: SearchState;
  readonly evaluator: Evaluator | null;
  readonly pcMargin: number;
}

/**
 * ProbCut at a null-window node (alpha, alpha + 1): the bound a shallow
 * search far outside the window predicts (an even score), else NO_CUT.
 */
export function probCut(ctx: SelectiveContext, ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number): number {
  const ev = ctx.evaluator!;
  const s = ctx.state;
  const depth = PC_DEPTH[empties];
  const hi = ((alpha + 1) * 128 + ctx.pcMargin) | 0;
  if (depth === 0) {
    // The static evaluation, once for both tests (one node), from the
    // line of play the search keeps (a selective search keeps every node).
    s.nodes[0]++;
    const v = ev.scoreAt(empties);
    if (v >= hi) return (alpha + 2) & ~1;
    if (v <= ((alpha * 128 - ctx.pcMargin) | 0)) return alpha & ~1;
    return NO_CUT;
  }
  if (midSearch(s, ev, ph, pl, oh, ol, empties, depth, (hi - 1) | 0, hi) >= hi) return (alpha + 2) & ~1; // scores are even
  const lo = (alpha * 128 - ctx.pcMargin) | 0;
  if (midSearch(s, ev, ph, pl, oh, ol, empties, depth, lo, (lo + 1) | 0) <= lo) return alpha & ~1;
  return NO_CUT;
}

/**
 * Selective search (ProbCut, as in Edax's searches below full selectivity):
 * with a context's level above 0, every null-window node first asks a
 * shallow search (PC_DEPTH plies: the evaluation below 16 empties, 2 plies
 * below 22, then 4) whether the score lies more than t sigma outside the
 * null window, and if so returns that bound unsearched. Its results are
 * estimates: the table keeps them at their selectivity level, and the exact
 * search (level 0) takes only their moves. The root uses it for a first
 * guess close to the exact score (root.ts, the pre-searches).
 *
 * PC_SIGMA (context.ts): the standard deviation of (shallow search - exact score), 6-8
 * discs at 10-20 empties for 0-4 plies on round-3 self-play positions; for
 * the round-3 weights 8.0 / 7.0 / 6.0 at 0 / 2 / 4 plies where each is used
 * (bench/probcut-sigma.js), and a sigma per depth saved under 1% of nodes;
 * the round-7 weights (shipped) err by 7.5 / 6.3 / 5.1 (rms, t3), and a
 * smaller sigma searched more with the round-5 ones. Round-3 weights, FFO
 * #40-#49 (-h 10, stages 1 and 2): from 12 empties 2.34 G nodes, from 10
 * 2.27 G, from every nws node (8) 2.18 G, from 14 2.61 G; sigma 6 or 8:
 * more nodes; depths from 14 / 20 empties 2.19 G, from 18 / 24 2.67 G.
 */
import type { SearchContext } from './context.js';
import { midSearch } from './midgame.js';
import { NODES } from './leaves.js';

/** Plies of the ProbCut search at each empties count. */
export const PC_DEPTH = new Int32Array(65);
for (let n = 0; n <= 64; n++) PC_DEPTH[n] = n >= 22 ? 4 : n >= 16 ? 2 : 0;

/** probCut's answer when the shallow search is inside the margins. */
export const NO_CUT = 1000;

/**
 * ProbCut at a null-window node (alpha, alpha + 1): the bound a shallow
 * search far outside the window predicts (an even score), else NO_CUT.
 */
export function probCut(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number): number {
  const ev = ctx.evaluator!;
  const depth = PC_DEPTH[empties];
  const hi = ((alpha + 1) * 128 + ctx.pcMargin) | 0;
  if (depth === 0) {
    // The static evaluation, once for both tests (one node), from the
    // line of play the search keeps (a selective search keeps every node).
    NODES[0]++;
    const v = ev.scoreAt(empties);
    if (v >= hi) return (alpha + 2) & ~1;
    if (v <= ((alpha * 128 - ctx.pcMargin) | 0)) return alpha & ~1;
    return NO_CUT;
  }
  if (midSearch(ev, ph, pl, oh, ol, empties, depth, (hi - 1) | 0, hi) >= hi) return (alpha + 2) & ~1; // scores are even
  const lo = (alpha * 128 - ctx.pcMargin) | 0;
  if (midSearch(ev, ph, pl, oh, ol, empties, depth, lo, (lo + 1) | 0) <= lo) return alpha & ~1;
  return NO_CUT;
}

/*
 * Selective search (ProbCut), the twin of src/search/selective.ts: with a
 * level above 0, a null-window node first asks a shallow search whether the
 * score lies more than the margin outside the window. The margin comes from
 * the host in evaluation units (selective.ts marginOf), computed once in
 * TypeScript so that both engines cut alike.
 */
import { scoreAt } from './eval';
import { midSearch } from './midgame';
import { countNode } from './state';

export { NO_CUT } from '../src/search/constants';
import { NO_CUT, PC_DEEP_FROM, PC_DEEP_PLIES, PC_FROM, PC_PLIES } from '../src/search/constants';

/** Plies of the ProbCut search at each empties count. */
// @ts-ignore: decorator
@inline function pcDepth(empties: i32): i32 {
  return empties >= PC_DEEP_FROM ? PC_DEEP_PLIES : empties >= PC_FROM ? PC_PLIES : 0;
}

/** ProbCut at a null-window node (alpha, alpha + 1): the bound a shallow search far outside the window predicts (an even score), else NO_CUT. */
export function probCut(P: u64, O: u64, alpha: i32, empties: i32, margin: i32): i32 {
  const depth = pcDepth(empties);
  const hi = (alpha + 1) * 128 + margin;
  if (depth == 0) {
    // The static evaluation, once for both tests (one node).
    countNode();
    const v = scoreAt(empties);
    if (v >= hi) return (alpha + 2) & ~1;
    if (v <= alpha * 128 - margin) return alpha & ~1;
    return NO_CUT;
  }
  if (midSearch(P, O, empties, depth, hi - 1, hi) >= hi) return (alpha + 2) & ~1; // scores are even
  const lo = alpha * 128 - margin;
  if (midSearch(P, O, empties, depth, lo, lo + 1) <= lo) return alpha & ~1;
  return NO_CUT;
}

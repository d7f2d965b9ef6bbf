/*
 * The search's switches (SearchContext.off, the ordering study's --off):
 * bits written once for both engines. tsc compiles this file for the
 * TypeScript search and asc for the engine (assembly/nws.ts imports it), so
 * it holds plain numbers only. What each switch does: ordering.ts.
 */
export const OFF_HASH_MOVE = 1; // the table's move first
export const OFF_MOBILITY = 2; // fastest first: the opponent's replies
export const OFF_POTENTIAL = 4; // potential mobility in the key
export const OFF_PARITY = 8; // quadrant parity in the key
export const OFF_EVAL = 16; // the child's evaluation in the key
export const OFF_SORTING = 32; // sorting searches (the static evaluation instead)
export const OFF_ETC = 64; // enhanced transposition cutoffs
export const OFF_STABILITY = 128; // the stability cutoff
export const OFF_SELECTIVE = 256; // the selective pre-searches
export const OFF_EDGE = 512; // edge stability in the key
export const OFF_LOPSIDED = 1024; // the lopsided nodes' key (LOPSIDED_FROM)
// The table's own rules (not among the ordering techniques, nor in --off all): Edax's table has neither.
export const OFF_SMALL_REGION = 2048; // small nodes' entries kept to the first buckets (SMALL_MAX, SMALL_BUCKETS)
export const OFF_KEEP_COSTLIER = 4096; // a store dropped for a much costlier victim of this search (KEEP_COSTLIER)

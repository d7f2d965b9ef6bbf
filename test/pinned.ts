/**
 * The pinned node counts: the tree of the default search (shipped weights,
 * selectivity 1,2, board2) at h 16, the same in both engines. Written once;
 * a change to the search that changes the tree changes them here, on
 * purpose, for both engines (nodes.test.ts, wasm.test.ts).
 */
/** FFO #1-#19 at h 16. */
export const PINNED_FFO_1_19_H16 = 1_874_069;
/** FFO #20-#27 (the first 8 of fforum-20-39) at h 16. */
export const PINNED_FFO_20_27_H16 = 16_362_670;

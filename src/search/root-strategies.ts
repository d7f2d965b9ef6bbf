/**
 * How the root finds the exact score after the first guess: null-window
 * `probes` (ScoreProbes), one full-window PVS, an aspiration window of
 * ±ASPIRATION discs around the guess (widened to the full side that failed),
 * or MTD(f) from the guess in steps of one score (2 discs). Apart from
 * root.ts, so that the settings name them without importing the search.
 */
export type RootStrategy = 'probes' | 'pvs' | 'aspiration' | 'mtdf';
export const ROOT_STRATEGIES: readonly RootStrategy[] = ['probes', 'pvs', 'aspiration', 'mtdf'];

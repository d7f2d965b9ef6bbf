/**
 * Levels as Edax defines them (abulmo/edax-reversi, src/search.c,
 * search_global_init and selectivity_table): for a level and a count of
 * empties, how deep the search goes and at what confidence. The rules are
 * written here as this project's own data, a list of bands per range of
 * levels; test/levels.test.ts checks rows written out by hand from that
 * source.
 *
 * - Levels 1-10: `level` plies with no selective cut; the exact score once
 *   empties <= 2 x level.
 * - Levels 11-59: within the level's bands of empties, a search to the end
 *   at a confidence that rises as empties fall (exact in the first band);
 *   beyond them, `level` plies at the lowest confidence (73 %).
 * - Level 60 solves everything exactly; level 0 is the static evaluation.
 */

/** Edax's selectivity_table: the confidence of each ProbCut level (0 the most selective, 5 none), in percent. */
export const CONFIDENCES = [73, 87, 95, 98, 99, 100] as const;

/** The ProbCut margin of each confidence level, in standard deviations (Edax's selectivity_table; 5: no cut). */
export const CONFIDENCE_SIGMAS = [1.1, 1.5, 2.0, 2.6, 3.3, Number.POSITIVE_INFINITY] as const;

/** What a level searches at a count of empties: the depth in plies and the confidence level (an index of CONFIDENCES). */
export interface LevelSearch {
  readonly depth: number;
  /** Index of CONFIDENCES: 5 is 100 % (no selective cut). */
  readonly selectivity: number;
  /** Whether this is the exact score: to the end, at 100 %. */
  readonly exact: boolean;
}

export const MAX_LEVEL = 60;

/** searchPosition's level when it is given neither a level nor a depth. */
export const DEFAULT_LEVEL = 10;

/**
 * The exact solver's pre-search margins (in sigmas) that a selective end
 * search at a confidence level runs (root.ts, selectiveEnd): each one up to
 * it, the widest last.
 */
export function endStages(selectivity: number): number[] {
  return CONFIDENCE_SIGMAS.slice(0, Math.min(selectivity, CONFIDENCE_SIGMAS.length - 2) + 1);
}

/** Bands of empties, [up to this many empties, selectivity], for the levels from `from` on (to the next entry's). */
const BANDS: readonly { readonly from: number; readonly bands: readonly (readonly [number, number])[] }[] = [
  {
    from: 11,
    bands: [
      [21, 5],
      [24, 3],
    ],
  },
  {
    from: 13,
    bands: [
      [21, 5],
      [24, 3],
      [27, 1],
    ],
  },
  {
    from: 19,
    bands: [
      [24, 5],
      [27, 3],
      [30, 1],
    ],
  },
  {
    from: 22,
    bands: [
      [24, 5],
      [27, 4],
      [30, 2],
      [33, 0],
    ],
  },
  {
    from: 25,
    bands: [
      [27, 5],
      [30, 3],
      [33, 1],
    ],
  },
  {
    from: 28,
    bands: [
      [27, 5],
      [30, 4],
      [33, 2],
      [36, 0],
    ],
  },
  {
    from: 30,
    bands: [
      [30, 5],
      [33, 3],
      [36, 1],
    ],
  },
  {
    from: 32,
    bands: [
      [30, 5],
      [33, 4],
      [36, 2],
      [39, 0],
    ],
  },
  {
    from: 34,
    bands: [
      [30, 5],
      [33, 4],
      [36, 3],
      [39, 1],
    ],
  },
];

/** Levels 36-59: bands that follow the level, every 3 empties. */
function highBands(level: number): readonly (readonly [number, number])[] {
  return [
    [level - 6, 5],
    [level - 3, 4],
    [level, 3],
    [level + 3, 2],
    [level + 6, 1],
    [level + 9, 0],
  ];
}

const FULL = 5;

/** What `level` (0-60) searches at `empties` (0-60). */
export function levelSearch(level: number, empties: number): LevelSearch {
  const at = (depth: number, selectivity: number): LevelSearch => ({ depth, selectivity, exact: depth >= empties && selectivity === FULL });
  if (level <= 0) return at(0, FULL);
  if (level >= MAX_LEVEL) return at(empties, FULL);
  if (level <= 10) return at(empties <= 2 * level ? empties : level, FULL);
  const bands = level >= 36 ? highBands(level) : (BANDS.filter((b) => b.from <= level).at(-1)?.bands ?? []);
  const band = bands.find(([upTo]) => empties <= upTo);
  return band ? at(empties, band[1]) : at(level, 0);
}

/** The most empties `level` solves exactly (60 for level 60; 0 for level 0). */
export function exactFrom(level: number): number {
  let n = 0;
  while (n < 60 && levelSearch(level, n + 1).exact) n++;
  return n;
}

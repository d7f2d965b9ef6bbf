/**
 * The level table against rows written out by hand from Edax's source
 * (abulmo/edax-reversi, src/search.c, search_global_init): for each level
 * and count of empties, the depth and the selectivity index (0: 73 %,
 * 1: 87 %, 2: 95 %, 3: 98 %, 4: 99 %, 5: 100 %).
 */
import { describe, expect, it } from 'vitest';
import { CONFIDENCES, levelSearch } from '../src/search/levels.js';

/** [level, empties, depth, selectivity], read off search_global_init's branches by hand. */
const ROWS: readonly (readonly [number, number, number, number])[] = [
  // level <= 10: depth = empties when empties <= 2 level, else level; selectivity 5
  [1, 2, 2, 5],
  [1, 3, 1, 5],
  [1, 40, 1, 5],
  [5, 10, 10, 5],
  [5, 11, 5, 5],
  [5, 30, 5, 5],
  [10, 20, 20, 5],
  [10, 21, 10, 5],
  [10, 36, 10, 5],
  // level <= 12: <= 21 exact, <= 24 selectivity 3, else level at 0
  [11, 21, 21, 5],
  [11, 22, 22, 3],
  [11, 24, 24, 3],
  [11, 25, 11, 0],
  // level <= 18: <= 21: 5, <= 24: 3, <= 27: 1, else level at 0
  [18, 21, 21, 5],
  [18, 24, 24, 3],
  [18, 25, 25, 1],
  [18, 27, 27, 1],
  [18, 28, 18, 0],
  // level <= 21: <= 24: 5, <= 27: 3, <= 30: 1
  [21, 24, 24, 5],
  [21, 26, 26, 3],
  [21, 30, 30, 1],
  [21, 31, 21, 0],
  // level <= 24: <= 24: 5, <= 27: 4, <= 30: 2, <= 33: 0
  [24, 23, 23, 5],
  [24, 27, 27, 4],
  [24, 29, 29, 2],
  [24, 33, 33, 0],
  [24, 34, 24, 0],
  // level <= 31: <= 30: 5, <= 33: 3, <= 36: 1
  [30, 30, 30, 5],
  [30, 31, 31, 3],
  [30, 36, 36, 1],
  [30, 37, 30, 0],
  // level < 60: <= L-6: 5, <= L-3: 4, <= L: 3, <= L+3: 2, <= L+6: 1, <= L+9: 0
  [40, 34, 34, 5],
  [40, 37, 37, 4],
  [40, 40, 40, 3],
  [40, 43, 43, 2],
  [40, 46, 46, 1],
  [40, 49, 49, 0],
  [40, 50, 40, 0],
  // level 60: everything exact
  [60, 60, 60, 5],
  [60, 36, 36, 5],
  [60, 14, 14, 5],
];

describe("Edax's levels", () => {
  it('every hand-written row: the depth and the selectivity', () => {
    for (const [level, empties, depth, selectivity] of ROWS)
      expect(levelSearch(level, empties), `level ${level}, ${empties} empties`).toMatchObject({ depth, selectivity });
  });

  it('exact only to the end at 100 %; the confidences are 73-100 %', () => {
    expect(CONFIDENCES).toEqual([73, 87, 95, 98, 99, 100]);
    for (const [level, empties, depth, selectivity] of ROWS)
      expect(levelSearch(level, empties).exact, `level ${level}, ${empties}`).toBe(depth >= empties && selectivity === 5);
    // Level 0 is the static evaluation.
    expect(levelSearch(0, 30)).toEqual({ depth: 0, selectivity: 5, exact: false });
  });
});

/**
 * The README states no figure the committed results do not hold: its
 * "Where it stands" table is what bench/verified.js makes of
 * bench/results/edax*.json (rerun `node bench/verified.js` after a bench).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { README, verifiedTable, withTable } from '../bench/verified.js';

describe('the README', () => {
  it("says where revsolve stands with the committed results' figures", () => {
    const text = readFileSync(README, 'utf8');
    expect(text).toBe(withTable(text, verifiedTable()));
    expect(verifiedTable()).toMatch(/\| FFO #40-#49 \| 10 \| 1,481\.1 M \| 1,624\.9 M, 0\.91 \|/);
  });
});

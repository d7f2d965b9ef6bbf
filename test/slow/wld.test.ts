/** WLD on 300 random positions up to 22 empties (the default tier stops at 20 and 66 positions), and FFO #40-#59 by sign. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PositionResult, parseObf, solveSuite } from '../../dist/index.js';
import { wldOf } from '../../src/search/wld.js';
import { OBF } from '../helpers.js';
import { wldAgainstExact } from '../wld-check.js';

describe('WLD, slowly', () => {
  it('300 random positions of 10-22 empties, both engines: the sign of the exact score, its bound, a move that keeps it', () => {
    const seen = wldAgainstExact(300, 10, 22);
    expect([seen.positions, seen.byNegamax]).toEqual([300, 24]);
  }, 3_600_000);

  it("FFO #40-#59 at h 21, one and two workers: every result the sign of the file's best score", async () => {
    const suite = parseObf(readFileSync(join(OBF, 'fforum-40-59.obf'), 'utf8'));
    for (const workers of [1, 2]) {
      const rows: PositionResult[] = [];
      for await (const r of solveSuite(suite, { hashBits: 21, wld: true, workers })) rows.push(r);
      for (const r of rows)
        expect([r.index, r.wld, r.ok]).toEqual([r.index, wldOf(Math.max(...suite.entries[r.index - 1].answers.map((a) => a.score))), true]);
      expect(rows.length).toBe(20);
    }
  }, 3_600_000);
});

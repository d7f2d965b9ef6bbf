/**
 * The documents state no figure the committed results do not hold: the
 * README's "Where it stands" is each set's newest run and bench/history.md
 * every run, as bench/verified.js makes them of bench/results/edax*.json
 * (rerun `node bench/verified.js` after a bench). The README reads as a
 * manual: what revsolve is, then how to set it up.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { HISTORY, README, verifiedTable, withTable } from '../bench/verified.js';

describe('the README and the history', () => {
  it("says where revsolve stands with each set's newest committed run", () => {
    const text = readFileSync(README, 'utf8');
    expect(text).toBe(withTable(text, verifiedTable({ latest: true })));
    // The newest #40-#49 run (r14), not the first one (1,481.1 M nodes) nor r11 (960.6 M): one row per set.
    expect(verifiedTable({ latest: true })).toMatch(/\| FFO #40-#49 \| 10 \| 1,253\.5 M \| 1,624\.9 M, 0\.77 \|/);
    expect(verifiedTable({ latest: true }).match(/\| FFO #40-#49 \|/g)).toHaveLength(1);
  });

  it('keeps every run in bench/history.md', () => {
    const text = readFileSync(HISTORY, 'utf8');
    expect(text).toBe(withTable(text, verifiedTable()));
    expect(verifiedTable()).toMatch(/\| FFO #40-#49 \| 10 \| 1,481\.1 M \| 1,624\.9 M, 0\.91 \|/);
  });

  it('bench/README.md keeps the current figures in under 1,200 lines, the history apart; their generated blocks whole', () => {
    const bench = readFileSync(new URL('../bench/README.md', import.meta.url), 'utf8');
    expect(bench.split('\n').length).toBeLessThan(1200);
    for (const text of [bench, readFileSync(HISTORY, 'utf8')]) {
      const opens = [...text.matchAll(/^<!-- ([\w-]+) -->$/gm)].map((m) => m[1]);
      const closes = [...text.matchAll(/^<!-- \/([\w-]+) -->$/gm)].map((m) => m[1]);
      expect(closes).toEqual(opens);
    }
  });

  it('reaches "Set up" within its first 40 lines', () => {
    const lines = readFileSync(README, 'utf8').split('\n');
    expect(lines.indexOf('## Set up')).toBeGreaterThan(0);
    expect(lines.indexOf('## Set up')).toBeLessThan(40);
  });
});

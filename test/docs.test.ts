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
    // One row per set: the newest run of each, whatever its figures (they come from the results files).
    const sets = verifiedTable({ latest: true })
      .split('\n')
      .filter((l: string) => /^\| (?!set \||---)/.test(l))
      .map((l: string) => l.split('|')[1].trim());
    expect(sets.length).toBeGreaterThan(0);
    expect(new Set(sets).size).toBe(sets.length);
  });

  it('keeps every run in bench/history.md', () => {
    const text = readFileSync(HISTORY, 'utf8');
    expect(text).toBe(withTable(text, verifiedTable()));
    // Every run: at least as many rows as the newest-only table.
    expect(verifiedTable().split('\n').length).toBeGreaterThanOrEqual(verifiedTable({ latest: true }).split('\n').length);
  });

  it("bench/README.md's and the history's generated blocks are whole (each opened block closed, in order)", () => {
    const bench = readFileSync(new URL('../bench/README.md', import.meta.url), 'utf8');
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

describe("the README's examples", () => {
  it('every game record given to analyze replays legally (issue 83: one played f5 twice)', async () => {
    const { replayGame } = await import('../src/index.js');
    const records = [...readFileSync(README, 'utf8').matchAll(/revsolve analyze ((?:[a-h][1-8]){4,})…?/gi)].map((m) => m[1]);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(() => replayGame(r), r).not.toThrow();
  });
});

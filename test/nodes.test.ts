/**
 * The search's tree, pinned: the total nodes of a fixed set, one thread, a
 * fixed table, the default search (shipped weights, pre-searches 1,2). These
 * figures are the program's own output, taken on purpose: they guard the tree,
 * not correctness (the FFO scores do that). A change that alters the tree
 * changes them deliberately, with the new figures and this command in its
 * commit message:
 *   npx revsolve solve obf/fforum-1-19.obf -n 1 -h 16 --json --quiet
 * (and the first 8 lines of obf/fforum-20-39.obf the same way).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import { readObf } from '../src/position/obf-file.js';
import { SearchContext } from '../src/search/context.js';
import { createTable } from '../src/search/table.js';
import { solveEntry } from '../src/solve/solve.js';
import { OBF } from './helpers.js';
import { PINNED_FFO_1_19_H16, PINNED_FFO_20_27_H16 } from './pinned.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));

function nodes(file: string, count: number): number {
  const ctx = new SearchContext({ selectivity: [1, 2], table: createTable(16, 'board2'), evaluator: loadEvaluator(SHIPPED) });
  let total = 0;
  readObf(OBF + file)
    .entries.slice(0, count)
    .forEach((e, i) => {
      const r = solveEntry(ctx, e, i + 1, { keepTable: false, root: 'aspiration', wld: false });
      expect(r.ok, `${file} #${i + 1}`).toBe(true);
      total += r.nodes;
    });
  return total;
}

describe('the search tree (pinned node counts)', () => {
  it(`FFO #1-#19 at h = 16: ${PINNED_FFO_1_19_H16.toLocaleString('en')} nodes`, () => {
    expect(nodes('fforum-1-19.obf', 19)).toBe(PINNED_FFO_1_19_H16);
  });

  it(`FFO #20-#27 at h = 16: ${PINNED_FFO_20_27_H16.toLocaleString('en')} nodes`, () => {
    expect(nodes('fforum-20-39.obf', 8)).toBe(PINNED_FFO_20_27_H16);
  }, 300_000);
});

/**
 * The ordering study's switches and the root strategies change the tree,
 * never the result: with any technique off, with all of them off, and with
 * every root strategy, the exact search gives each FFO position its file's
 * score and a best move. A technique that acts at these depths changes the
 * node count; everything on is the pinned search (nodes.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import { readObf } from '../src/position/obf-file.js';
import { SearchContext } from '../src/search/context.js';
import { OFF_SELECTIVE, OFF_SORTING, ORDERING_TECHNIQUES } from '../src/search/ordering.js';
import { ROOT_STRATEGIES, type RootStrategy } from '../src/search/root-strategies.js';
import { createTable } from '../src/search/table.js';
import { solveEntry } from '../src/solve/solve.js';
import { OBF } from './helpers.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const evaluator = loadEvaluator(SHIPPED);
const ffo = readObf(`${OBF}fforum-1-19.obf`).entries;
const ffo20 = readObf(`${OBF}fforum-20-39.obf`).entries.slice(0, 4);

function run(entries: typeof ffo, off: number, root: RootStrategy = 'probes'): number {
  const ctx = new SearchContext({ selectivity: [1, 2], table: createTable(16, 'board2'), evaluator, off });
  let nodes = 0;
  entries.forEach((e, i) => {
    const r = solveEntry(ctx, e, i + 1, { keepTable: false, root, wld: false });
    expect(r.ok, `off ${off}, root ${root}, #${i + 1}: ${r.score}`).toBe(true);
    nodes += r.nodes;
  });
  return nodes;
}

describe('the ordering study', () => {
  let allOn = 0;
  beforeAll(() => {
    allOn = run(ffo, 0);
  });
  for (const [name, bit] of ORDERING_TECHNIQUES) {
    it(`${name} off: the same scores and moves on FFO #1-#19`, () => {
      const n = run(ffo, bit);
      // Sorting searches start at 18 empties and the pre-searches at 18: none in #1-#19 (14 empties).
      if (bit === OFF_SORTING || bit === OFF_SELECTIVE) expect(n).toBe(allOn);
      else expect(n).not.toBe(allOn);
    });
  }

  it('everything off: the same scores, many more nodes', () => {
    let all = 0;
    for (const [, b] of ORDERING_TECHNIQUES) all |= b;
    expect(run(ffo, all)).toBeGreaterThan(5 * allOn);
  });

  for (const root of ROOT_STRATEGIES) {
    it(`root ${root}: the same scores and moves on FFO #1-#19 and #20-#23`, () => {
      run(ffo, 0, root);
      run(ffo20, 0, root);
    }, 60_000);
  }
});

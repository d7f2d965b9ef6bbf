import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { syntheticWeights } from '../src/eval/compress.js';
import { loadEvaluator } from '../src/eval/files.js';
import { Evaluator } from '../src/eval/weights.js';
import { readObf } from '../src/position/obf-file.js';
import { type ContextSettings, SearchContext } from '../src/search/context.js';
import { type SolveResult, solveExact } from '../src/search/root.js';
import { createTable } from '../src/search/table.js';
import { OBF } from './helpers.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));

// Two searches that differ in everything a context holds. Their tables are
// kept from one position to the next, so that each search's later results
// depend on what it left in its own table, and on nothing the other left.
const settingsA = (): ContextSettings => ({ table: createTable(14, 'board2'), evaluator: loadEvaluator(SHIPPED), selectivity: [1, 2] });
const settingsB = (): ContextSettings => ({
  table: createTable(16, 'board4'),
  evaluator: new Evaluator(syntheticWeights(1)),
  selectivity: [2],
  keyTuning: { evalMin: 12, sortFrom: [17, 20, 23] },
});

// FFO #20-#23: 14, 15, 17 and 18 empties (the pre-searches run from SELECTIVE_MIN = 18).
const positions = readObf(`${OBF}fforum-20-39.obf`)
  .entries.slice(0, 4)
  .map((e) => e.position);

const summary = (r: SolveResult) => ({ score: r.score, pv: r.pv, nodes: r.nodes });

describe('search contexts', () => {
  it("two contexts run alternately in one thread give each one's results as when run alone", () => {
    const alone = (s: ContextSettings) => {
      const ctx = new SearchContext(s);
      return positions.map((p) => summary(solveExact(ctx, p, { root: 'aspiration' })));
    };
    const aAlone = alone(settingsA());
    const bAlone = alone(settingsB());
    // The settings matter: the two searches differ (else this test could not fail).
    expect(aAlone.map((r) => r.nodes)).not.toEqual(bAlone.map((r) => r.nodes));
    const a = new SearchContext(settingsA());
    const b = new SearchContext(settingsB());
    for (let i = 0; i < positions.length; i++) {
      expect(summary(solveExact(a, positions[i], { root: 'aspiration' })), `A, position ${i}`).toEqual(aAlone[i]);
      expect(summary(solveExact(b, positions[i], { root: 'aspiration' })), `B, position ${i}`).toEqual(bAlone[i]);
    }
  });
});

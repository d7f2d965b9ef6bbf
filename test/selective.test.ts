import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import { emptyCount, play } from '../src/position/position.js';
import { SearchContext } from '../src/search/context.js';
import { setupEmpties } from '../src/search/leaves.js';
import { searchNull } from '../src/search/nws.js';
import { guessScore, SELECTIVE_MIN, solveExact } from '../src/search/root.js';
import { hashPosition, TranspositionTable } from '../src/search/table.js';
import { randomPosition } from './helpers.js';

const DEFAULT_WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const table = new TranspositionTable(16);
const evaluator = loadEvaluator(DEFAULT_WEIGHTS);

describe('selective pre-searches', () => {
  it('leave the exact score unchanged; the move found keeps it; their nodes count', () => {
    const ctx = new SearchContext({ selectivity: [1, 2], table, evaluator });
    const plainCtx = new SearchContext({ table, evaluator, selectivity: [] });
    let checked = 0;
    for (let seed = 1; checked < 3; seed++) {
      const pos = randomPosition(seed, 60 - SELECTIVE_MIN);
      if (emptyCount(pos) !== SELECTIVE_MIN) continue;
      table.clear();
      const plain = solveExact(plainCtx, pos, { root: 'aspiration' });
      table.clear();
      const selective = solveExact(ctx, pos, { root: 'aspiration' });
      expect(selective.score, `seed ${seed}`).toBe(plain.score);
      // Its move keeps that score (another move may tie with the plain solve's).
      table.clear();
      expect(0 - solveExact(plainCtx, play(pos, selective.move), { root: 'aspiration' }).score, `seed ${seed}`).toBe(plain.score);
      table.clear();
      const guess = guessScore(ctx, pos);
      expect(guess.nodes).toBeGreaterThan(0);
      expect(guess.score & 1).toBe(0);
      checked++;
    }
  });

  it('need an evaluator and stages: without either the guess is a plain one', () => {
    const pos = randomPosition(3, 60 - SELECTIVE_MIN);
    table.clear();
    expect(guessScore(new SearchContext({ selectivity: [1, 2], table }), pos).score).toBe(0); // no evaluator: guess 0, no pre-search
    table.clear();
    const plain = guessScore(new SearchContext({ table, evaluator, selectivity: [] }), pos);
    table.clear();
    const selective = guessScore(new SearchContext({ table, evaluator, selectivity: [2] }), pos);
    expect(selective.nodes).toBeGreaterThan(plain.nodes);
  });

  it('keep their bounds from the exact search, which takes only their moves', () => {
    const ctx = new SearchContext({ selectivity: [1, 2], table, evaluator });
    const pos = randomPosition(11, 60 - 14);
    const { hi: ph, lo: pl } = pos.player;
    const { hi: oh, lo: ol } = pos.opponent;
    table.clear();
    const exact = solveExact(new SearchContext({ table, evaluator, selectivity: [] }), pos, { root: 'aspiration' }).score;
    // A false selective result: the score is at least 64.
    table.clear();
    expect(ctx.setSelective(2)).toBe(true);
    table.record(ph, pl, oh, ol, hashPosition(ph, pl, oh, ol), 14, ctx.level, -65, 64, 64, 255);
    const parity = setupEmpties(ctx.state, ph, pl, oh, ol);
    expect(searchNull(ctx, ph, pl, oh, ol, exact, 14, parity)).toBe(64); // the selective search believes it
    ctx.setSelective(0);
    expect(searchNull(ctx, ph, pl, oh, ol, exact, 14, parity)).toBe(exact); // the exact one does not
    expect(searchNull(ctx, ph, pl, oh, ol, exact - 1, 14, parity)).toBe(exact);
  });
});

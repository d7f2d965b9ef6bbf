import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyCount, play } from '../src/position.js';
import { guessScore, solveExact, useSelectivity, DEFAULT_SELECTIVITY, SELECTIVE_MIN } from '../src/search/root.js';
import { SELECTIVE, searchNull, setSelective, useTable } from '../src/search/endgame.js';
import { setupEmpties } from '../src/search/leaves.js';
import { TranspositionTable, hashPosition } from '../src/search/table.js';
import { useEvalFile } from '../src/solve.js';
import { randomPosition } from './helpers.js';

const DEFAULT_WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const table = new TranspositionTable(16);

describe('selective pre-searches', () => {
  afterAll(() => {
    useEvalFile(null);
    useSelectivity(DEFAULT_SELECTIVITY);
  });

  it('leave the exact score unchanged; the move found keeps it; their nodes count', () => {
    useEvalFile(DEFAULT_WEIGHTS);
    let checked = 0;
    for (let seed = 1; checked < 3; seed++) {
      const pos = randomPosition(seed, 60 - SELECTIVE_MIN);
      if (emptyCount(pos) !== SELECTIVE_MIN) continue;
      table.clear();
      const plain = solveExact(pos, { table, selective: false });
      table.clear();
      const selective = solveExact(pos, { table });
      expect(selective.score, `seed ${seed}`).toBe(plain.score);
      // Its move keeps that score (another move may tie with the plain solve's).
      table.clear();
      expect(0 - solveExact(play(pos, selective.move), { table, selective: false }).score, `seed ${seed}`).toBe(plain.score);
      table.clear();
      const guess = guessScore(pos, table);
      expect(guess.nodes).toBeGreaterThan(0);
      expect(guess.score & 1).toBe(0);
      checked++;
    }
  });

  it('need an evaluator and stages: without either the guess is a plain one', () => {
    useEvalFile(null);
    const pos = randomPosition(3, 60 - SELECTIVE_MIN);
    table.clear();
    expect(guessScore(pos, table).score).toBe(0); // no evaluator: guess 0, no pre-search
    useEvalFile(DEFAULT_WEIGHTS);
    useSelectivity([]);
    table.clear();
    const plain = guessScore(pos, table);
    useSelectivity([2]);
    table.clear();
    const selective = guessScore(pos, table);
    expect(selective.nodes).toBeGreaterThan(plain.nodes);
    useSelectivity(DEFAULT_SELECTIVITY);
  });

  it('keep their bounds from the exact search, which takes only their moves', () => {
    useEvalFile(DEFAULT_WEIGHTS);
    const pos = randomPosition(11, 60 - 14);
    const { hi: ph, lo: pl } = pos.player;
    const { hi: oh, lo: ol } = pos.opponent;
    table.clear();
    const exact = solveExact(pos, { table, selective: false }).score;
    // A false selective result: the score is at least 64.
    table.clear();
    useTable(table);
    expect(setSelective(2)).toBe(true);
    table.store(ph, pl, oh, ol, hashPosition(ph, pl, oh, ol), 14, SELECTIVE, -65, 64, 64, 255);
    const parity = setupEmpties(ph, pl, oh, ol);
    expect(searchNull(ph, pl, oh, ol, exact, 14, parity)).toBe(64); // the selective search believes it
    setSelective(0);
    expect(searchNull(ph, pl, oh, ol, exact, 14, parity)).toBe(exact); // the exact one does not
    expect(searchNull(ph, pl, oh, ol, exact - 1, 14, parity)).toBe(exact);
  });
});

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import { emptyCount, legalMoves, play } from '../src/position/position.js';
import { SELECTIVE_MIN } from '../src/search/constants.js';
import { LIVE_GUESS, LIVE_GUESS_MOVE, LIVE_GUESS_STAGE, SearchContext } from '../src/search/context.js';
import { setupEmpties } from '../src/search/leaves.js';
import { searchNull } from '../src/search/nws.js';
import { guessScore, solveExact } from '../src/search/root.js';
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

  it("show their estimate live while the first guess is made: the last stage's score and a legal move, then left for the display", () => {
    const ctx = new SearchContext({ selectivity: [1, 2], table, evaluator });
    const pos = randomPosition(5, 60 - SELECTIVE_MIN);
    table.clear();
    const guess = guessScore(ctx, pos);
    // Stage 1 the shallow search, then one per pre-search: 3 after two.
    expect(ctx.live[ctx.liveAt + LIVE_GUESS_STAGE]).toBe(3);
    expect(ctx.live[ctx.liveAt + LIVE_GUESS]).toBe(guess.score);
    expect(legalMoves(pos)).toContain(guess.move);
    expect(ctx.live[ctx.liveAt + LIVE_GUESS_MOVE]).toBe(guess.move + 1);
    // An exact solve starts from nothing shown and shows the same guess (a fresh table: the same search).
    table.clear();
    const exact = solveExact(ctx, pos, { root: 'probes' });
    expect(ctx.live[ctx.liveAt + LIVE_GUESS]).toBe(guess.score);
    expect(ctx.live[ctx.liveAt + LIVE_GUESS_STAGE]).toBe(3);
    expect(exact.score & 1).toBe(0);
    // Below the pre-searches' empties: the shallow search's estimate alone, no move.
    table.clear();
    guessScore(ctx, randomPosition(5, 60 - (SELECTIVE_MIN - 2)));
    expect(ctx.live[ctx.liveAt + LIVE_GUESS_STAGE]).toBe(1);
    expect(ctx.live[ctx.liveAt + LIVE_GUESS_MOVE]).toBe(0);
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

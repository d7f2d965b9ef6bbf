/**
 * The one analysis (src/game/analysis.ts) that `analyze` and the page both
 * run: with plain negamax solving its children, in either order, with
 * known scores and estimates, it gives the records `analyze` gives on the
 * worker pool, and every move's score as negamax gives it.
 */

import { describe, expect, it } from 'vitest';
import { analyzeGame } from '../dist/index.js';
import { type AnalysisHooks, type AnalysisWork, analyseMoves, type MoveAnalysis, recordOf } from '../src/game/analysis.js';
import { replayGame } from '../src/game/record.js';
import { emptyCount, legalMoves, moveName, type Position, play } from '../src/position/position.js';
import { negamaxWords } from './helpers.js';

// A whole game (analyze.test.ts's GAME_B): its last 9 moves within negamax's reach.
const RECORD = 'f5d6c7f4e3f6e6d7c3f3g7d3c6b2e7d8a1f8c4f7c8h6g2c5h7b6g5g3e2b8b5h1f2f1b7a8h3c2c1a6g4h2b3b1a4d2d1a2a5b4a7g6h5h8a3e1g1h4g8e8';
const game = replayGame(RECORD);
const FROM = 9;

const words = (p: Position) => [p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo] as const;
const negamax = (p: Position) => negamaxWords(...words(p));

async function collect(hooks: AnalysisHooks, order: 'played' | 'found'): Promise<MoveAnalysis[]> {
  const out: MoveAnalysis[] = [];
  for await (const m of analyseMoves(game, FROM, hooks, order)) out.push(m);
  return out;
}

describe('the one analysis', () => {
  it('solved by plain negamax, from the end back (as the page orders it), gives the records analyze gives on the pool', async () => {
    const asked: AnalysisWork[] = [];
    const hooks: AnalysisHooks = {
      async *solve(work) {
        asked.push(...work);
        for (const w of [...work].sort((a, b) => b.at - a.at))
          yield { at: w.at, move: w.move, score: negamax(play(w.parent, w.move)), nodes: 1 };
      },
    };
    const found = await collect(hooks, 'found');
    const pool: MoveAnalysis[] = [];
    for await (const m of analyzeGame(game, { from: FROM, workers: 1, hashBits: 12 })) pool.push(m);
    expect(pool.length).toBeGreaterThan(5);
    // 'found' yields the last position first (solved first), then each earlier one as its played move is settled.
    expect(found.map((m) => m.number)).toEqual(pool.map((m) => m.number).reverse());
    const byNumber = (rows: MoveAnalysis[]) => rows.map(recordOf).sort((a, b) => a.move - b.move);
    expect(byNumber(found)).toEqual(byNumber(pool));
    // Every move's score is negamax's; the played move (leading to the next analysed position) was not asked for.
    for (const m of found) {
      for (const x of legalMoves(m.position)) expect(m.scores[moveName(x)]).toBe(0 - negamax(play(m.position, x)));
    }
    const playedAsked = asked.filter((w) => w.at < found.length - 1 && w.move === game.moves.find((g) => g.position === w.parent)?.move);
    expect(playedAsked).toEqual([]);
  });

  it('known scores are not asked for again; estimates come first, in the order played, marked with their depth', async () => {
    const first = game.moves.find((m) => emptyCount(m.position) === FROM)!;
    const known = new Map(legalMoves(first.position).map((x) => [x, 0 - negamax(play(first.position, x))] as const));
    const asked: AnalysisWork[] = [];
    const estimated: number[] = [];
    const hooks: AnalysisHooks = {
      known: (p) => (p === first.position ? known : []),
      estimate: {
        depth: 3,
        run: async (p, moves) => {
          estimated.push(emptyCount(p));
          return new Map(moves.map((x) => [x, emptyCount(p) - 30] as const));
        },
      },
      async *solve(work) {
        asked.push(...work);
        for (const w of work) yield { at: w.at, move: w.move, score: negamax(play(w.parent, w.move)), nodes: 1 };
      },
    };
    const rows = await collect(hooks, 'played');
    expect(asked.some((w) => w.parent === first.position)).toBe(false);
    const estimates = rows.filter((m) => m.estimateDepth !== null);
    expect(estimates.map((m) => m.empties)).toEqual(estimated);
    expect(estimates.every((m) => m.estimateDepth === 3 && m.empties > FROM && m.best === m.empties - 30)).toBe(true);
    expect(rows.slice(0, estimates.length)).toEqual(estimates);
    expect(recordOf(estimates[0])).toMatchObject({ exact: false, estimateDepth: 3 });
    const exact = rows.slice(estimates.length);
    expect(exact.map((m) => m.empties)).toEqual(
      game.moves.filter((m) => emptyCount(m.position) <= FROM).map((m) => emptyCount(m.position)),
    );
    for (const m of exact) for (const x of legalMoves(m.position)) expect(m.scores[moveName(x)]).toBe(0 - negamax(play(m.position, x)));
  });
});

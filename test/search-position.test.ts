/**
 * searchPosition (src/solve/midgame.ts): by a level or a depth; every move
 * scored; inside a level's end range the exact solver's scores; a stop
 * after a finished depth gives that depth's answer marked stopped, in both
 * engines; bad options are OptionErrors naming the option.
 */

import { U64 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
// The build, as Node loads it (the module runner's imports make a search several times slower).
import {
  emptyCount,
  legalMoves,
  OptionError,
  PASS,
  parsePosition,
  play,
  SearchCancelled,
  Solver,
  samplePositions,
  searchPosition,
} from '../dist/index.js';

/** A position of random play with `empties` empties and a legal move (seed `seed`). */
function randomAt(empties: number, seed: number) {
  for (const w of samplePositions(4000, seed)) {
    const p = { player: new U64(w[0], w[1]), opponent: new U64(w[2], w[3]), toMove: 'X' as const };
    if (emptyCount(p) === empties && legalMoves(p).length > 1) return p;
  }
  throw new Error('no such position');
}

describe('searchPosition', () => {
  it('every: at 14 empties and level 10 (exact there), each move the exact solver scores for it', () => {
    const solver = new Solver({ hashBits: 16 });
    for (const seed of [1, 2, 3]) {
      const p = randomAt(14, seed);
      const a = searchPosition(p, { level: 10, every: true, hashBits: 16 });
      expect(a.exact).toBe(true);
      expect(a.depth).toBe(14);
      expect(a.confidence).toBe(100);
      const solved = legalMoves(p).map((m) => ({ move: m, score: 0 - solver.solve(play(p, m)).score }));
      expect([...(a.moves ?? [])].map((m) => [m.move, m.score]).sort((x, y) => x[0] - y[0])).toEqual(
        solved.map((m) => [m.move, m.score]).sort((x, y) => x[0] - y[0]),
      );
      expect(a.score).toBe(Math.max(...solved.map((m) => m.score)));
    }
  });

  it('beyond the end range: the level depth at its confidence (level 12 at 36 empties: 12 plies at 73 %), a legal move and a PV from it', () => {
    const p = randomAt(36, 4);
    for (const engine of ['ts', 'wasm'] as const) {
      const a = searchPosition(p, { level: 12, engine, hashBits: 18 });
      expect(a).toMatchObject({ depth: 12, confidence: 73, exact: false, stopped: false });
      expect(legalMoves(p)).toContain(a.move);
      expect(a.pv[0]).toBe(a.move);
    }
    // A call searches as the first did, whatever came before (its engine is kept, its table cleared).
    const again = () => ({ ...searchPosition(p, { depth: 6, hashBits: 18 }), ms: 0 });
    expect(again()).toEqual(again());
    // Both engines: one tree, the same answer and nodes.
    const [t, w] = (['ts', 'wasm'] as const).map((engine) => searchPosition(p, { depth: 8, confidence: 95, engine, hashBits: 18 }));
    expect({ ...w, ms: 0 }).toEqual({ ...t, ms: 0 });
  });

  for (const engine of ['ts', 'wasm'] as const)
    it(`${engine}: a stop in the middle of depth 8 returns depth 7's move and score, marked stopped; the depths before were each reported`, () => {
      const p = randomAt(34, 6);
      const stop = new AbortController();
      const seen: { depth: number; nodes: number; score: number; move: number }[] = [];
      // The signal turns aborted at the third look the search takes at it in depth 8 (it looks every 1,024 nodes).
      let looks = -1;
      Object.defineProperty(stop.signal, 'aborted', { get: () => looks >= 0 && ++looks >= 3 });
      const a = searchPosition(p, {
        depth: 14,
        engine,
        hashBits: 18,
        signal: stop.signal,
        onDepth: (d) => {
          seen.push({ depth: d.depth, nodes: d.nodes, score: d.score, move: d.move });
          if (d.depth === 7) looks = 0;
        },
      });
      expect(seen.map((s) => s.depth)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(a).toMatchObject({ depth: 7, stopped: true, score: seen[6].score, move: seen[6].move });
      // Depth 8 had started: the nodes searched go past depth 7's.
      expect(a.nodes).toBeGreaterThan(seen[6].nodes + 1024);
    });

  it('a stop before any depth finished throws SearchCancelled; a time per move stops at a finished depth', () => {
    const p = randomAt(40, 7);
    const stop = new AbortController();
    stop.abort();
    expect(() => searchPosition(p, { depth: 12, signal: stop.signal })).toThrow(SearchCancelled);
    const a = searchPosition(p, { depth: 30, confidence: 100, moveTime: 0.2, hashBits: 18 });
    expect(a.stopped).toBe(true);
    expect(a.depth).toBeGreaterThanOrEqual(1);
    expect(a.depth).toBeLessThan(30);
    expect(legalMoves(p)).toContain(a.move);
  });

  it('a finished game: its score, no search; a side that must pass: the pass', () => {
    const over = parsePosition(`${'X'.repeat(40)}${'O'.repeat(24)} X`);
    expect(searchPosition(over, { level: 5 })).toMatchObject({ score: 16, move: -2, nodes: 0, exact: true });
    // X to move with no legal move, O has one: a1 empty beside an O line… found by random play.
    let pass = null;
    for (const w of samplePositions(20000, 9)) {
      const q = { player: new U64(w[0], w[1]), opponent: new U64(w[2], w[3]), toMove: 'X' as const };
      const swapped = { player: q.opponent, opponent: q.player, toMove: 'O' as const };
      if (emptyCount(q) > 24 && legalMoves(q).length === 0 && legalMoves(swapped).length > 0) {
        pass = q;
        break;
      }
    }
    if (pass) expect(searchPosition(pass, { depth: 4 }).move).toBe(PASS);
  });

  it('bad options are OptionErrors naming the option', () => {
    const p = randomAt(30, 8);
    for (const [o, re] of [
      [{ level: 61 }, /^level: /],
      [{ level: -1 }, /^level: /],
      [{ moveTime: 0 }, /^moveTime: /],
      [{ depth: 6, level: 5 }, /^depth and level: give one of them/],
      [{ confidence: 95 }, /^confidence goes with depth/],
      [{ confidence: 90, depth: 4 }, /^confidence: one of 73, 87, 95, 98, 99, 100/],
      [{ levle: 5 }, /^levle: not an option \(did you mean level\?\)/],
      [{ weights: null }, /^weights: the midgame search evaluates positions/],
    ] as const) {
      expect(() => searchPosition(p, o as never), JSON.stringify(o)).toThrow(OptionError);
      expect(() => searchPosition(p, o as never), JSON.stringify(o)).toThrow(re);
    }
  });
});

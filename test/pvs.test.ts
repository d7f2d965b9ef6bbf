/**
 * The midgame search (src/search/pvs.ts and its root, deepening.ts): at
 * 100 % confidence its value is plain negamax's with the same leaves (the
 * evaluation rounded to discs) at depths 1-4; the WebAssembly twin
 * (assembly/pvs.ts) searches the same tree, node for node, at depths 6 and
 * 10, with and without ProbCut.
 */

import { U64 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import type { Evaluator } from '../src/eval/weights.js';
import { SHIPPED_WEIGHTS } from '../src/install.js';
import { emptyCount, finalScore, legalMoves, PASS, type Position, play } from '../src/position/position.js';
import { samplePositions } from '../src/position/random.js';
import { type MidEngine, rootOrder, searchRoot, TsMidEngine } from '../src/search/deepening.js';
import { discOf } from '../src/search/pvs.js';
import { createTable } from '../src/search/table.js';
import { useNodeEngine } from '../src/wasm/choice.js';
import { WasmMidEngine } from '../src/wasm/lower.js';

const evaluator = loadEvaluator(SHIPPED_WEIGHTS) as Evaluator;
useNodeEngine(); // the WebAssembly module from dist/revsolve.wasm (the tests run against the build)

/** Positions of random games with `from`-`to` empties, one a game's ply, from seed `seed`. */
function positions(count: number, from: number, to: number, seed: number): Position[] {
  const out: Position[] = [];
  for (const w of samplePositions(count * 80, seed)) {
    const p: Position = { player: new U64(w[0], w[1]), opponent: new U64(w[2], w[3]), toMove: 'X' };
    const e = emptyCount(p);
    if (
      e >= from &&
      e <= to &&
      legalMoves(p).length > 0 &&
      out.length < count &&
      (out.length === 0 || emptyCount(out[out.length - 1]) !== e)
    )
      out.push(p);
  }
  return out;
}

const swap = (p: Position): Position => ({ player: p.opponent, opponent: p.player, toMove: p.toMove === 'X' ? 'O' : 'X' });

/**
 * Plain negamax: `depth` plies (a pass no ply); at depth 0 the evaluation
 * rounded to discs (as Edax's, whatever the position: a leaf is not looked
 * at further), above it a finished game's score.
 */
function negamax(p: Position, depth: number): number {
  if (depth === 0) return discOf(evaluator.evaluate(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo));
  const moves = legalMoves(p);
  if (moves.length === 0) {
    if (legalMoves(swap(p)).length === 0) return finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo);
    return 0 - negamax(play(p, PASS), depth);
  }
  let best = -65;
  for (const m of moves) best = Math.max(best, 0 - negamax(play(p, m), depth - 1));
  return best;
}

const never = () => false;

describe('the midgame search at 100 % confidence', () => {
  it('gives plain negamax values at depths 1-4 on 200 positions of 20-40 empties, every move and the best', () => {
    const set = positions(200, 20, 40, 11);
    expect(set).toHaveLength(200);
    const e = new TsMidEngine(createTable(16, 'board2'), evaluator);
    for (const [i, p] of set.entries())
      for (let depth = 1; depth <= 4; depth++) {
        e.table.clear();
        const every = searchRoot(e, p, depth, 5, true, rootOrder(p, null), never);
        const expected = legalMoves(p).map((m) => ({ move: m, score: 0 - negamax(play(p, m), depth - 1) }));
        expect(
          every?.moves.map((m) => [m.move, m.score]).sort((a, b) => a[0] - b[0]),
          `position ${i}, depth ${depth}`,
        ).toEqual(expected.map((m) => [m.move, m.score]).sort((a, b) => a[0] - b[0]));
        const best = searchRoot(e, p, depth, 5, false, rootOrder(p, null), never);
        expect(best?.score, `position ${i}, depth ${depth}`).toBe(Math.max(...expected.map((m) => m.score)));
      }
  }, 120_000);
});

describe('two engines, one midgame tree', () => {
  const set = positions(20, 30, 40, 5);
  for (const depth of [6, 10])
    for (const confidence of [5, 0])
      it(`depth ${depth} at ${confidence === 5 ? '100 %' : '73 %'}: the same scores, moves and nodes in both engines on 20 positions of 30-40 empties`, () => {
        expect(set).toHaveLength(20);
        const engines: MidEngine[] = [new TsMidEngine(createTable(18, 'board2'), evaluator), new WasmMidEngine(18, 'board2', evaluator)];
        // Each position deepened 1 to `depth` plies on a fresh table, as the library searches: every depth's answer compared.
        const rows = engines.map((e) =>
          set.map((p) => {
            e.table.clear();
            const before = e.nodes[0];
            const answers: unknown[] = [];
            let previous: readonly MoveValue[] | null = null;
            for (let d = 1; d <= depth; d++) {
              const a = searchRoot(e, p, d, confidence, false, rootOrder(p, previous), never);
              answers.push([a?.score, a?.move, a?.pv, e.nodes[0] - before]);
              previous = a?.moves ?? null;
            }
            return answers;
          }),
        );
        expect(rows[1]).toEqual(rows[0]);
        expect(rows[0].every((answers) => answers.length === depth)).toBe(true);
      }, 600_000);
});

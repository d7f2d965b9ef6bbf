/**
 * The WebAssembly engine against the TypeScript search it twins: the
 * bitboard primitives bit for bit, the stability bound, and the last plies
 * (last-4 solvers, shallow search) score for score and node for node on
 * positions of random games at several windows; and several threads'
 * instances over one shared memory, each on its own scratch region.
 */
import { describe, expect, it } from 'vitest';
import { flips, lastFlipCount, moves } from 'native-free-bitboard';
import { emptyCount } from '../src/position/position.js';
import { SearchContext } from '../src/search/context.js';
import { SHALLOW_MAX, setupEmpties } from '../src/search/leaves.js';
import { searchNull } from '../src/search/nws.js';
import { stabilityBound } from '../src/search/stability.js';
import { createTable } from '../src/search/table.js';
import { type Engine, engineMemory, loadEngine } from '../src/wasm/engine.js';
import { randomPosition, referenceScore } from './helpers.js';

const engine = loadEngine();
const w = engine.exports;

/** Positions of random games after `plies` moves (60 - plies empties; games that ended early are left out). */
function positions(count: number, plies: number, seed0: number): { ph: number; pl: number; oh: number; ol: number; empties: number }[] {
  const out = [];
  for (let seed = seed0; out.length < count; seed++) {
    const p = randomPosition(seed, plies);
    const empties = emptyCount(p);
    if (empties !== 60 - plies) continue; // the game ended early
    out.push({ ph: p.player.hi, pl: p.player.lo, oh: p.opponent.hi, ol: p.opponent.lo, empties });
  }
  return out;
}

describe('the WebAssembly engine (assembly/) against the TypeScript search', () => {
  it('was built for the memory layout the loader gives it', () => {
    expect(w.memoryBase()).toBe(4096 + 63 * 16384);
    expect(w.shallowMax()).toBe(SHALLOW_MAX);
  });

  it('moves, flips of every empty square, the last-flip count and the stability bound: bit for bit', () => {
    const M = new Int32Array(2);
    let checked = 0;
    for (let plies = 4; plies <= 56; plies += 4) {
      for (const { ph, pl, oh, ol } of positions(12, plies, plies * 1000)) {
        moves(ph, pl, oh, ol, M, 0);
        expect([w.movesHi(ph, pl, oh, ol), w.movesLo(ph, pl, oh, ol)]).toEqual([M[0], M[1]]);
        expect(w.stabilityBound(ph, pl, oh, ol)).toBe(stabilityBound(ph, pl, oh, ol));
        for (let x = 0; x < 64; x++) {
          const occupied = x < 32 ? ((pl | ol) >>> x) & 1 : ((ph | oh) >>> (x - 32)) & 1;
          if (occupied) continue;
          flips(x, ph, pl, oh, ol, M, 0);
          expect([w.flipsHi(x, ph, pl, oh, ol), w.flipsLo(x, ph, pl, oh, ol)]).toEqual([M[0], M[1]]);
          expect(w.lastFlipCount(x, ph, pl)).toBe(lastFlipCount(x, ph, pl));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('the last plies (1-7 empties): the same score and node count as the TypeScript search at every window', () => {
    const ctx = new SearchContext({ table: createTable(10), evaluator: null });
    const s = ctx.state;
    let compared = 0;
    for (let plies = 53; plies <= 59; plies++) {
      for (const { ph, pl, oh, ol, empties } of positions(25, plies, plies * 7919)) {
        for (const alpha of [-65, -20, -7, -1, 0, 1, 6, 20, 64]) {
          const parity = setupEmpties(s, ph, pl, oh, ol);
          s.nodes[0] = 0;
          const ts = searchNull(ctx, ph, pl, oh, ol, alpha, empties, parity);
          w.resetNodes();
          const wasm = w.searchNullLeaves(ph, pl, oh, ol, alpha);
          expect([wasm, w.nodes()], `plies ${plies}, alpha ${alpha}`).toEqual([ts, s.nodes[0]]);
          compared++;
        }
      }
    }
    expect(compared).toBe(7 * 25 * 9);
  });

  it('the last plies are exact: the fail-soft bounds agree with plain negamax', () => {
    for (const { ph, pl, oh, ol } of positions(40, 56, 4242)) {
      const exact = referenceScore(BigInt.asUintN(64, (BigInt(ph) << 32n) | BigInt(pl >>> 0)), BigInt.asUintN(64, (BigInt(oh) << 32n) | BigInt(ol >>> 0)));
      const below = w.searchNullLeaves(ph, pl, oh, ol, exact - 1); // (exact - 1, exact): fails high
      const above = w.searchNullLeaves(ph, pl, oh, ol, exact); // (exact, exact + 1): fails low
      expect(below).toBeGreaterThanOrEqual(exact);
      expect(above).toBeLessThanOrEqual(exact);
    }
  });

  it('threads over one shared memory: each instance searches on its own scratch, as if alone', () => {
    const memory = engineMemory();
    const threads: Engine[] = [0, 1, 2].map((t) => loadEngine(memory, t));
    const work = positions(30, 55, 99);
    const alone = work.map((p) => {
      w.resetNodes();
      return [w.searchNullLeaves(p.ph, p.pl, p.oh, p.ol, 0), w.nodes()];
    });
    // Interleaved: each thread's node count goes on from its own last value.
    for (const e of threads) e.exports.resetNodes();
    const totals = [0, 0, 0];
    work.forEach((p, i) => {
      const e = threads[i % 3].exports;
      const before = e.nodes();
      expect(e.searchNullLeaves(p.ph, p.pl, p.oh, p.ol, 0)).toBe(alone[i][0]);
      expect(e.nodes() - before).toBe(alone[i][1]);
      totals[i % 3] += alone[i][1];
    });
    expect(threads.map((e) => e.exports.nodes())).toEqual(totals);
    // A new instance's start code rewrites the read-only tables with the same bytes: the others go on unharmed.
    loadEngine(memory, 3);
    const p = work[0];
    expect(threads[1].exports.searchNullLeaves(p.ph, p.pl, p.oh, p.ol, 0)).toBe(alone[0][0]);
  });
});

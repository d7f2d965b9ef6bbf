/**
 * The WebAssembly engine against the TypeScript search it twins: the
 * bitboard primitives bit for bit; null-window searches of random positions
 * of 1 to 24 empties at several windows, exact and selective, score for
 * score, node for node and table statistic for statistic; whole solves of
 * FFO #1-#27 with the same scores, PVs and node counts (the pinned ones);
 * several threads' instances over one shared memory. Each comparison asserts
 * which engine ran.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { flips, lastFlipCount, moves } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { Solver, solveSuite } from '../dist/index.js';
import { UNPACKED_OFFSET } from '../src/eval/features.js';
import { loadEvaluator } from '../src/eval/files.js';
import { readObf } from '../src/position/obf-file.js';
import { emptyCount } from '../src/position/position.js';
import { LIST, LOPSIDED_FROM, NO_MOVE, SHALLOW_MAX, STAT_OVERWRITES, WARY_FROM } from '../src/search/constants.js';
import { SearchContext } from '../src/search/context.js';
import { setupEmpties } from '../src/search/leaves.js';
import { midSearchFrom } from '../src/search/midgame.js';
import { searchNull } from '../src/search/nws.js';
import { solveExact } from '../src/search/root.js';
import { levelOf, marginOf } from '../src/search/selective.js';
import { stabilityBound } from '../src/search/stability.js';
import { OFF_LOPSIDED } from '../src/search/switches.js';
import { createTable, type Layout, nodeHash } from '../src/search/table.js';
import { chooseEngine, useNodeEngine } from '../src/wasm/choice.js';
import { engineMemory, engineModule, layoutProblem, loadEngine } from '../src/wasm/engine.js';
import {
  CONTROL_BYTES,
  MAX_THREADS,
  MEMORY_BASE,
  SCRATCH_BYTES,
  SET_EVAL_MIN,
  SETTINGS_BYTE,
  SETTINGS_WORDS,
  TABLES_BYTES,
} from '../src/wasm/layout.js';
import { createEngineShare, ENGINE_BLOCK, WasmSearch, writeEngineBlock } from '../src/wasm/lower.js';
import { OBF, randomPosition, referenceScore } from './helpers.js';
import { PINNED_FFO_1_19_H16, PINNED_FFO_20_27_H16 } from './pinned.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const evaluator = loadEvaluator(SHIPPED)!;
/** A context without weights (mobility ordering), for engines given their settings block by hand. */
const mobilityContext = new SearchContext({ table: createTable(10, 'board2'), evaluator: null, selectivity: [] });
useNodeEngine(); // the main thread's module (dist/revsolve.wasm): given when first asked for, not at import
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

/** A TypeScript context and a WebAssembly one, alike but for the engine below the root (`off`: the study's switches). */
function pair(bits: number, withWeights = true, off = 0, layout: Layout = 'board2') {
  const ev = withWeights ? evaluator : null;
  const ts = new SearchContext({ selectivity: [1, 2], table: createTable(bits, layout), evaluator: ev, off });
  const below = WasmSearch.create(bits, layout, ev);
  const wasm = new SearchContext({ selectivity: [1, 2], table: below.table, evaluator: ev, below, off });
  expect([ts.engine, wasm.engine]).toEqual(['ts', 'wasm']);
  return { ts, wasm };
}

function nullWindow(
  ctx: SearchContext,
  p: { ph: number; pl: number; oh: number; ol: number; empties: number },
  alpha: number,
): [number, number, number[]] {
  const s = ctx.state;
  const parity = setupEmpties(s, p.ph, p.pl, p.oh, p.ol);
  s.nodes[0] = 0;
  ctx.table.stats.fill(0);
  const before = ctx.below?.searched ?? 0;
  const score = searchNull(ctx, p.ph, p.pl, p.oh, p.ol, alpha, p.empties, parity);
  // The WebAssembly side's nodes were all counted in the instance's own memory (proof that it ran).
  expect((ctx.below?.searched ?? 0) - before).toBe(ctx.below ? s.nodes[0] : 0);
  return [score, s.nodes[0], Array.from(ctx.table.stats)];
}

describe('the WebAssembly engine (assembly/) against the TypeScript search', () => {
  it('was built for the memory layout the loader gives it', () => {
    expect(w.memoryBase()).toBe(MEMORY_BASE);
    expect(MEMORY_BASE).toBe(CONTROL_BYTES + MAX_THREADS * SCRATCH_BYTES + TABLES_BYTES);
    expect(layoutProblem((k) => w.layoutOf(k))).toBeNull();
    // A module whose numbers differ from the loader's (a stale build): one line naming the first fact that differs.
    const other = (k: number) => (k === 0 ? 16 : w.layoutOf(k));
    expect(layoutProblem(other)).toBe(
      "the WebAssembly engine was built for another layout (threads: 16, this code's: 32): rebuild it (npm run build)",
    );
    expect(layoutProblem((k) => (k === 5 ? SCRATCH_BYTES + 1 : w.layoutOf(k)))).toMatch(
      /scratch bytes used: 65537, this code's: at most 65536/,
    );
    expect(w.scratchBytes()).toBeLessThanOrEqual(65536);
    expect(w.shallowMax()).toBe(SHALLOW_MAX); // the engine's own, from the constants both engines read
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

  it('null-window searches of 1-24 empties, exact: the same score, nodes and table statistics at every window', () => {
    const { ts, wasm } = pair(14);
    let compared = 0;
    for (let empties = 1; empties <= 24; empties++) {
      const count = empties <= 12 ? 10 : empties <= 18 ? 3 : 1;
      for (const p of positions(count, 60 - empties, empties * 7919)) {
        for (const alpha of empties <= 12 ? [-65, -21, -1, 0, 3, 64] : empties <= 18 ? [-1, 3] : [1]) {
          const a = nullWindow(ts, p, alpha);
          const b = nullWindow(wasm, p, alpha);
          expect(b, `${empties} empties, alpha ${alpha}`).toEqual(a);
          compared++;
        }
      }
    }
    expect(compared).toBe(12 * 10 * 6 + 6 * 3 * 2 + 6);
  });

  it('selective searches (ProbCut at 1 and 2 sigmas, as the pre-searches run them): the same as well', () => {
    const { ts, wasm } = pair(14);
    for (const t of [1, 2]) {
      for (const ctx of [ts, wasm]) ctx.setSelective(t);
      expect([ts.level, ts.pcMargin]).toEqual([levelOf(t), marginOf(t)]);
      for (let empties = 10; empties <= 22; empties += 3) {
        for (const p of positions(3, 60 - empties, empties * 31 + t)) {
          for (const alpha of [-9, 1, 7])
            expect(nullWindow(wasm, p, alpha), `${empties} empties, ${t} sigma`).toEqual(nullWindow(ts, p, alpha));
        }
      }
    }
  });

  it("at WARY_FROM empties, a less trusted search's table move that does not cut here goes second: the same in both engines, and another tree than the move first", () => {
    const M = new Int32Array(2);
    let changed = 0;
    for (const p of positions(2, 60 - WARY_FROM, 6101)) {
      moves(p.ph, p.pl, p.oh, p.ol, M, 0);
      // The table's move: the ordering's own first (first either way), then the last legal square (second when wary).
      const order = pair(14).wasm;
      const sq = new Int32Array(LIST);
      order.below!.orderedMoves(
        order,
        p.ph,
        p.pl,
        p.oh,
        p.ol,
        p.empties,
        setupEmpties(order.state, p.ph, p.pl, p.oh, p.ol),
        NO_MOVE,
        sq,
        new Int32Array(LIST),
        new Int32Array(LIST),
        0,
      );
      const last = M[0] !== 0 ? 63 - Math.clz32(M[0]) : 31 - Math.clz32(M[1]);
      expect(last).not.toBe(sq[0]);
      for (const hashMove of [sq[0], last]) {
        const alpha = 1;
        const nodes: number[] = [];
        // The 2 sigma search meets a 1 sigma entry (less trusted) whose lower bound is alpha - 1 (wary: the move goes second), then alpha + 1 (first).
        for (const lower of [alpha - 1, alpha + 1]) {
          const { ts, wasm } = pair(14);
          const results = [ts, wasm].map((ctx) => {
            ctx.setSelective(2);
            ctx.table.record(
              p.ph,
              p.pl,
              p.oh,
              p.ol,
              nodeHash(p.ph, p.pl, p.oh, p.ol, p.empties),
              p.empties,
              levelOf(1),
              lower - 1,
              lower,
              lower,
              hashMove,
            );
            return nullWindow(ctx, p, alpha);
          });
          expect(results[1], `lower bound ${lower}`).toEqual(results[0]);
          nodes.push(results[0][1]);
        }
        if (hashMove !== sq[0] && nodes[0] !== nodes[1]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('a null window LOPSIDED_FROM discs or more from 0 weighs potential mobility and edge stability twice: the same in both engines, another tree than without, none one disc nearer 0', () => {
    let changed = 0;
    for (const p of positions(4, 60 - 16, 7301)) {
      // alpha, alpha + 1 at LOPSIDED_FROM or -LOPSIDED_FROM (every node of the tree as far out, for one side or the other), then one disc nearer 0 (no node).
      for (const alpha of [LOPSIDED_FROM, -LOPSIDED_FROM - 1, LOPSIDED_FROM - 1, -LOPSIDED_FROM]) {
        const runs = [0, OFF_LOPSIDED].map((off) => {
          const { ts, wasm } = pair(14, true, off);
          const results = [ts, wasm].map((ctx) => nullWindow(ctx, p, alpha));
          expect(results[1], `alpha ${alpha}, off ${off}`).toEqual(results[0]);
          return results[0];
        });
        const far = alpha >= LOPSIDED_FROM || -alpha - 1 >= LOPSIDED_FROM;
        if (!far) expect(runs[1], `alpha ${alpha}`).toEqual(runs[0]);
        else if (runs[0][1] !== runs[1][1]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('mobility ordering without weights: the same as well', () => {
    const { ts, wasm } = pair(12, false);
    for (let empties = 9; empties <= 18; empties += 3) {
      for (const p of positions(4, 60 - empties, empties * 17)) {
        for (const alpha of [-5, 0, 5]) expect(nullWindow(wasm, p, alpha)).toEqual(nullWindow(ts, p, alpha));
      }
    }
  });

  it("the root's first guess (the midgame search of 1-7 plies) in the engine: the same value and nodes as midSearchFrom", () => {
    const { ts, wasm } = pair(12);
    let compared = 0;
    for (let empties = 14; empties <= 30; empties += 4) {
      for (const p of positions(3, 60 - empties, empties * 101)) {
        for (const depth of [1, 3, 7]) {
          ts.state.nodes[0] = 0;
          wasm.state.nodes[0] = 0;
          const before = wasm.below!.searched;
          const a = midSearchFrom(ts.state, evaluator, p.ph, p.pl, p.oh, p.ol, depth, -(1 << 30), 1 << 30);
          const b = wasm.below!.midValue(wasm, p.ph, p.pl, p.oh, p.ol, p.empties, depth, -(1 << 30), 1 << 30);
          expect([b, wasm.state.nodes[0]], `${empties} empties, ${depth} plies`).toEqual([a, ts.state.nodes[0]]);
          expect(wasm.below!.searched - before).toBe(ts.state.nodes[0]); // the instance counted them: it ran
          compared++;
        }
      }
    }
    expect(compared).toBe(5 * 3 * 3);
  });

  it("a clear leaves the table as a fresh one: the same solve again is node for node a fresh table's, in both engines", () => {
    const y = randomPosition(4712, 42); // 18 empties: the pre-searches run too
    expect(emptyCount(y)).toBe(18);
    const x = y; // what the first solve left would all be found again
    const used = pair(12);
    const fresh = pair(12);
    for (const name of ['ts', 'wasm'] as const) {
      const a = used[name];
      solveExact(a, x, { root: 'aspiration' });
      a.table.clear();
      expect(a.table.floor, 'the clear moved the floor, not zeroed the words').toBeGreaterThan(1);
      const r = solveExact(a, y, { root: 'aspiration' });
      const f = solveExact(fresh[name], y, { root: 'aspiration' });
      expect([r.score, r.pv, r.nodes, Array.from(a.table.stats)], name).toEqual([
        f.score,
        f.pv,
        f.nodes,
        Array.from(fresh[name].table.stats),
      ]);
    }
  });

  it("when the dates run out a clear zeroes every word of the table in the engine's memory (memory.fill), and nothing beside it", () => {
    const share = createEngineShare(12, 'board2', evaluator);
    const search = new WasmSearch(share, 0);
    const words = new Int32Array(share.memory.buffer, share.tableAt, (1 << 12) * 8);
    const before = new Int32Array(share.memory.buffer, share.tableAt - 64, 16); // the weights' last words: a throwaway share
    words.fill(-1);
    before.fill(7);
    search.table.clear();
    expect(
      words.every((x) => x === -1),
      'a clear with dates to spare writes nothing',
    ).toBe(true);
    search.table.date = 254;
    search.table.clear();
    expect(words.every((x) => x === 0)).toBe(true);
    expect([search.table.date, search.table.floor]).toEqual([1, 1]);
    expect(Array.from(before)).toEqual(new Array(16).fill(7));
  });

  it('the last plies are exact: the fail-soft bounds agree with plain negamax', () => {
    const { wasm } = pair(10, false);
    for (const p of positions(30, 54, 4242)) {
      const exact = referenceScore(
        BigInt.asUintN(64, (BigInt(p.ph) << 32n) | BigInt(p.pl >>> 0)),
        BigInt.asUintN(64, (BigInt(p.oh) << 32n) | BigInt(p.ol >>> 0)),
      );
      expect(nullWindow(wasm, p, exact - 1)[0]).toBeGreaterThanOrEqual(exact);
      expect(nullWindow(wasm, p, exact)[0]).toBeLessThanOrEqual(exact);
    }
  });

  it("whole solves of FFO #1-#27 at h = 16: the same scores, PVs and nodes (the pinned counts), the file's answers", () => {
    const suites: [string, number, number][] = [
      ['fforum-1-19.obf', 19, PINNED_FFO_1_19_H16],
      ['fforum-20-39.obf', 8, PINNED_FFO_20_27_H16],
    ];
    for (const [file, count, pinned] of suites) {
      const entries = readObf(OBF + file).entries.slice(0, count);
      const totals = { ts: 0, wasm: 0 };
      const { ts, wasm } = pair(16);
      const engineBefore = wasm.below!.searched;
      for (const e of entries) {
        const r = { ts: [] as unknown[], wasm: [] as unknown[] };
        for (const [name, ctx] of [
          ['ts', ts],
          ['wasm', wasm],
        ] as const) {
          ctx.table.clear();
          const x = solveExact(ctx, e.position, { root: 'aspiration' });
          totals[name] += x.nodes;
          r[name] = [x.score, x.pv, x.nodes, Array.from(ctx.table.stats)];
        }
        expect(r.wasm, `${file} line ${e.line}`).toEqual(r.ts);
        expect(e.answers.some((a) => a.score === r.wasm[0])).toBe(true);
      }
      expect(totals).toEqual({ ts: pinned, wasm: pinned });
      expect(wasm.below!.searched - engineBefore, 'nodes the WebAssembly instance counted').toBeGreaterThan(pinned / 2);
      expect(ts.below).toBeNull();
    }
  });

  it('key4 (16-byte keyed entries) in both engines: FFO #1-#19 at h = 16 and, on a table of 2^10 entries (most stores replace), null windows of 8-18 empties: the same scores, PVs, nodes and table statistics', () => {
    const { ts, wasm } = pair(16, true, 0, 'key4');
    expect([ts.table.layout, wasm.table.layout]).toEqual(['key4', 'key4']);
    let nodes = 0;
    for (const e of readObf(`${OBF}fforum-1-19.obf`).entries) {
      const r = [ts, wasm].map((ctx) => {
        ctx.table.clear();
        const x = solveExact(ctx, e.position, { root: 'aspiration' });
        return [x.score, x.pv, x.nodes, Array.from(ctx.table.stats)];
      });
      expect(r[1], `fforum-1-19 line ${e.line}`).toEqual(r[0]);
      expect(e.answers.some((a) => a.score === r[0][0])).toBe(true);
      nodes += r[0][2] as number;
    }
    expect(wasm.below!.searched).toBeGreaterThan(nodes / 2);
    const small = pair(10, true, 0, 'key4');
    let overwrites = 0;
    for (let empties = 8; empties <= 18; empties += 2)
      for (const p of positions(3, 60 - empties, empties * 613))
        for (const alpha of [-3, 0, 5]) {
          const a = nullWindow(small.ts, p, alpha);
          expect(nullWindow(small.wasm, p, alpha), `${empties} empties, alpha ${alpha}`).toEqual(a);
          overwrites += a[2][STAT_OVERWRITES];
        }
    expect(overwrites, 'entries of other positions replaced').toBeGreaterThan(100);
  });

  it('an instance started while another thread searches the same memory changes nothing that thread reads', async () => {
    // A split position's worker makes its instance when its first task comes, while the others search:
    // the start code and useWeights write the read-only tables with their final bytes, never zero first.
    const share = createEngineShare(10, 'board2', evaluator);
    const wt = share.placed!;
    const cases = positions(40, 30, 7).map((p, i) => [[19, 26, 37, 44, 0, 63][i % 6], p.ph, p.pl, p.oh, p.ol]);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const reader = new Worker(new URL('./fixtures/engine-reader.mjs', import.meta.url), {
      workerData: {
        module: engineModule(),
        memory: share.memory,
        flag,
        weights: { at: wt.at, tables: wt.tables, band: wt.band, constant: UNPACKED_OFFSET[12] },
        cases,
      },
    });
    try {
      await new Promise((ready, fail) => reader.once('message', ready).once('error', fail));
      for (let n = 0; n < 200; n++) loadEngine(share.memory, 1).exports.useWeights(wt.at, wt.tables, wt.band, UNPACKED_OFFSET[12]);
      Atomics.store(flag, 0, 1);
      const seen = (await new Promise((done, fail) => reader.once('message', done).once('error', fail))) as {
        checks: number;
        wrong: number;
      };
      expect(seen.checks).toBeGreaterThan(0);
      expect(seen.wrong).toBe(0);
    } finally {
      await reader.terminate();
    }
  });

  it('the settings block: ENGINE_BLOCK writes each of its words once, and every word the engine reads', () => {
    const words = ENGINE_BLOCK.map(([w]) => w);
    expect(new Set(words).size).toBe(words.length);
    expect([...words].sort((a, b) => a - b)).toEqual(Array.from({ length: SETTINGS_WORDS }, (_, i) => i));
  });

  it('threads over one shared memory: each instance searches on its own scratch, as if alone', () => {
    const memory = engineMemory();
    const threads = [0, 1, 2].map((t) => loadEngine(memory, t).exports);
    const at = Math.ceil(threads[0].heapEnd() / 64) * 64;
    memory.grow(16);
    for (const x of threads) {
      x.useTable(at, 12, 2);
      x.noWeights();
      // The settings block as the host writes it (ENGINE_BLOCK), of a context without weights: mobility ordering.
      const b = new Int32Array(memory.buffer, x.scratchAt() + SETTINGS_BYTE, SETTINGS_WORDS);
      writeEngineBlock(b, mobilityContext);
      expect(b[SET_EVAL_MIN]).toBe(64);
      x.configure();
    }
    const counters = threads.map((x) => new Float64Array(memory.buffer, x.scratchAt(), 6));
    const work = positions(30, 55, 99);
    const alone = work.map((p) => {
      counters[0][0] = 0;
      return [threads[0].searchNull(p.ph, p.pl, p.oh, p.ol, 0, p.empties, 0, 0, 1, 1), counters[0][0]];
    });
    for (const c of counters) c.fill(0);
    const totals = [0, 0, 0];
    work.forEach((p, i) => {
      const t = i % 3;
      const before = counters[t][0];
      expect(threads[t].searchNull(p.ph, p.pl, p.oh, p.ol, 0, p.empties, 0, 0, 1, 1)).toBe(alone[i][0]);
      expect(counters[t][0] - before).toBe(alone[i][1]);
      totals[t] += alone[i][1];
    });
    expect(counters.map((c) => c[0])).toEqual(totals);
    // A new instance's start code rewrites the read-only tables with the same bytes: the others go on unharmed.
    loadEngine(memory, 3);
    const p = work[0];
    expect(threads[1].searchNull(p.ph, p.pl, p.oh, p.ol, 0, p.empties, 0, 0, 1, 1)).toBe(alone[0][0]);
  });
});

describe('choosing the engine', () => {
  const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
  const solve = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'solve', `${OBF}fforum-1-19.obf`, '-n', '1', '-h', '16', '--json', '--quiet', ...args], {
      encoding: 'utf8',
    });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { engine: string; nodes: number; engineNodes: number; summary?: boolean });
    return { code: r.status, err: r.stderr, rows: lines.filter((l) => !l.summary), summary: lines[lines.length - 1] };
  };

  it('solve --engine wasm and --engine ts: the nodes the WebAssembly instance counted show which ran; the same nodes (the pinned count)', () => {
    for (const engine of ['wasm', 'ts']) {
      const r = solve('--engine', engine);
      expect(r.code, r.err).toBe(0);
      expect(r.summary).toMatchObject({ engine, nodes: PINNED_FFO_1_19_H16 });
      expect(new Set(r.rows.map((x) => x.engine))).toEqual(new Set([engine]));
      // Read from the instance's own counters, not from a label: most of each tree is searched below the root.
      for (const row of r.rows) {
        if (engine === 'wasm') expect(row.engineNodes, `row of ${row.nodes} nodes`).toBeGreaterThan(0.5 * row.nodes);
        else expect(row.engineNodes).toBe(0);
      }
    }
    expect(solve().summary.engine).toBe('wasm'); // the default
  });

  it('key4 runs on the WebAssembly engine; a table larger than its memory holds is refused in one line, never taken to the other engine', () => {
    const r = solve('--table', 'key4');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    expect(r.summary.engine).toBe('wasm');
    expect(new Set(r.rows.map((x) => x.engine))).toEqual(new Set(['wasm']));
    // 2 GiB of table in a 4 GiB memory: 2^26 entries of 32 bytes, 2^27 of 16.
    for (const [layout, bits] of [
      ['board2', 27],
      ['key4', 28],
    ]) {
      const x = spawnSync(process.execPath, [CLI, 'solve', `${OBF}fforum-1-19.obf`, '-h', String(bits), '--table', layout], {
        encoding: 'utf8',
      });
      expect(x.status).toBe(2);
      expect(x.stdout).toBe('');
      expect(x.stderr).toBe(
        `revsolve: --hash-bits ${bits}: the WebAssembly engine's 4 GiB memory holds a ${layout} table of 2^${bits - 1} entries at most; --engine ts takes 2^${layout === 'key4' ? 30 : 29}\n`,
      );
    }
    expect(() => new Solver({ hashBits: 27 })).toThrow(
      /hashBits 27: the WebAssembly engine's 4 GiB memory holds a board2 table of 2\^26 entries at most/,
    );
    expect(chooseEngine('wasm', 26, 'board2')).toEqual({ engine: 'wasm', why: null });
    expect(chooseEngine('wasm', 27, 'key4')).toEqual({ engine: 'wasm', why: null });
    expect(() => chooseEngine('wasm', 27, 'board2')).toThrow(RangeError);
  });

  it('the library: Solver and solveSuite take engine, and each result says which ran', async () => {
    const entries = readObf(`${OBF}fforum-1-19.obf`).entries.slice(0, 4);
    for (const engine of ['wasm', 'ts'] as const) {
      const solver = new Solver({ hashBits: 16, engine });
      expect(solver.options.engine).toBe(engine);
      const one = solver.solveEntry(entries[0], 1);
      expect(one).toMatchObject({ engine, score: 18 });
      expect(one.engineNodes > one.nodes / 2).toBe(engine === 'wasm');
      const seen = new Set<string>();
      for await (const r of solveSuite(entries, { hashBits: 16, workers: 1, engine })) {
        seen.add(r.engine);
        expect(r.engineNodes > r.nodes / 2).toBe(engine === 'wasm');
      }
      expect(seen).toEqual(new Set([engine]));
    }
    expect(() => new Solver({ engine: 'gpu' as never })).toThrow(/engine/);
  });
});

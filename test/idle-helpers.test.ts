/**
 * Idle workers help a whole position (assembly/help.ts): the owner's search
 * opens split points, helpers take moves of them on the owner's engine
 * memory. Whatever the helpers do, the score is exact: a helper that stays
 * to the end, helpers stopped midway (the owner searches the moves they
 * left). Real worker threads (the built worker module), the WebAssembly
 * engine.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveSuite } from '../dist/index.js';
import { Scheduler } from '../dist/pool/schedule.js';
import { parseObf } from '../dist/position/obf.js';
import { LIVE_FIELDS, LIVE_NODES } from '../dist/search/context.js';
import { createEngineShare, startHelp } from '../dist/wasm/lower.js';
import { OBF, until } from './helpers.js';

const WORKER = new URL('../dist/pool/worker.js', import.meta.url).href;
const FFO_40_59 = parseObf(readFileSync(join(OBF, 'fforum-40-59.obf'), 'utf8')).entries;

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const x of it) all.push(x);
  return all;
}

describe('idle workers help whole positions', () => {
  it("a lone position on two workers: solved whole with a helper, exact, the helper's nodes counted", async () => {
    for (const entry of [FFO_40_59[1], FFO_40_59[5]]) {
      // FFO #41 (22 empties), #45 (24)
      const [r] = await collect(solveSuite([entry], { workers: 2, hashBits: 16 }));
      expect(r.ok, `FFO line ${entry.line}`).toBe(true);
      expect(r.helperNodes).toBeGreaterThan(0);
      expect(r.nodes).toBeGreaterThan(r.helperNodes!);
      expect(r.engineNodes).toBeGreaterThan(r.helperNodes!);
    }
  }, 120_000);

  it('with idle: wait, nobody helps (and the tree is the one-thread tree)', async () => {
    const entry = FFO_40_59[1];
    const [alone] = await collect(solveSuite([entry], { workers: 1, hashBits: 16 }));
    const [waiting] = await collect(solveSuite([entry], { workers: 2, hashBits: 16, idle: 'wait', split: 'never' }));
    expect(waiting.helperNodes).toBeUndefined();
    expect(waiting.nodes).toBe(alone.nodes);
    expect(waiting.score).toBe(alone.score);
  }, 120_000);

  it('helpers stopped midway, one after another: the owner searches the moves they left, the score is exact', async () => {
    const scheduler = new Scheduler(
      {
        workers: 2,
        filename: WORKER,
        liveFields: LIVE_FIELDS,
        common: {
          weights: null,
          hashBits: 16,
          tableLayout: 'board2',
          selectivity: [],
          off: 0,
          root: 'probes',
          engine: 'wasm',
          wld: false,
          prover: 'ab',
        },
      },
      () => undefined,
    );
    try {
      let id = 0;
      for (const entry of [FFO_40_59[1], FFO_40_59[2], FFO_40_59[3]]) {
        // FFO #41-#43, 22-23 empties, mobility ordering
        // A memory (and its id: a worker keeps its engine instance by id) for each position.
        const share = createEngineShare(16, 'board2', null);
        id++;
        startHelp(share);
        const { player, opponent, toMove } = entry.position;
        let done = false;
        const solving = scheduler
          .run<{ score: number; ok: boolean | null }>(
            {
              kind: 'solve',
              index: 1,
              line: entry.line,
              ph: player.hi,
              pl: player.lo,
              oh: opponent.hi,
              ol: opponent.lo,
              toMove,
              answers: entry.answers,
              keepTable: false,
              helped: { share, id },
            } as never,
            0,
          )
          .finally(() => (done = true));
        let stopped = 0;
        while (!done) {
          let job: { slot: number; task: { slot: number } } | undefined;
          const help = scheduler.run(
            { kind: 'help', index: 1, share, id, once: true, ph: 0, pl: 0, oh: 0, ol: 0 } as never,
            0,
            (j) => (job = j as never),
          );
          // Stopped once it has searched a little: mostly in the middle of a move.
          await until(
            () =>
              done ||
              (job !== undefined && job.slot >= 0 && scheduler.live[job.slot * LIVE_FIELDS + LIVE_NODES] > 20_000 * (1 + (stopped % 5))),
            60_000,
          );
          if (!done) {
            scheduler.cancel(job as never);
            stopped++;
          }
          await help;
        }
        const r = await solving;
        expect(r?.ok, `FFO line ${entry.line}: ${r?.score}`).toBe(true);
        expect(stopped).toBeGreaterThan(3);
      }
    } finally {
      await scheduler.destroy();
    }
  }, 180_000);
});

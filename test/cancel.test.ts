/**
 * A stopped or cancelled search yields no result: a split position
 * cancelled midway, or whose runner is aborted, rejects with
 * SearchCancelled (it once resolved to whatever its walk held: the page
 * showed 'score 0' as exact); a task stopped while it runs resolves to
 * nothing, never to its half-searched value. Real worker threads (the
 * built worker module), FFO #41 (22 empties) split on two of them.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SearchCancelled } from '../dist/errors.js';
// The build, as Node loads it: the workers run dist/pool/worker.js.
import { Scheduler } from '../dist/pool/schedule.js';
import { SplitSearch } from '../dist/pool/split.js';
import { parseObf } from '../dist/position/obf.js';
import { LIVE_FIELDS } from '../dist/search/context.js';
import { createTable, sharedTableBuffer } from '../dist/search/table.js';
import { OBF, until } from './helpers.js';

const WORKER = new URL('../dist/pool/worker.js', import.meta.url).href;
const FFO41 = parseObf(readFileSync(join(OBF, 'fforum-40-59.obf'), 'utf8')).entries[1];

function splitOnTwo(signal?: AbortSignal) {
  const scheduler = new Scheduler(
    {
      workers: 2,
      filename: WORKER,
      liveFields: LIVE_FIELDS,
      common: { weights: null, hashBits: 16, tableLayout: 'board2', selectivity: [], off: 0, root: 'probes', engine: 'ts' },
    },
    () => undefined,
    signal,
  );
  const buffer = sharedTableBuffer(16, 'board2');
  const search = new SplitSearch(scheduler, { id: 0, buffer, table: createTable(16, 'board2', buffer) }, null, 0, 1);
  return { scheduler, search };
}

describe('a cancelled split search has no result', () => {
  it('cancel() once its first subtrees are done: rejects with SearchCancelled', async () => {
    const { scheduler, search } = splitOnTwo();
    try {
      const solving = search.solve(FFO41, false);
      solving.catch(() => undefined);
      await until(() => search.nodes > 100_000, 60_000); // the guess and some subtrees finished
      search.cancel();
      await expect(solving).rejects.toBeInstanceOf(SearchCancelled);
    } finally {
      await scheduler.destroy();
    }
  }, 90_000);

  it('its runner aborted from outside (a signal): rejects, never resolves', async () => {
    const stop = new AbortController();
    const { scheduler, search } = splitOnTwo(stop.signal);
    try {
      const solving = search.solve(FFO41, false);
      solving.catch(() => undefined);
      await until(() => search.nodes > 100_000, 60_000);
      stop.abort(new Error('stopped by SIGINT'));
      let settled: unknown = 'pending';
      await solving.then(
        (r) => (settled = r),
        (e) => (settled = e),
      );
      expect(settled).toBeInstanceOf(Error);
    } finally {
      await scheduler.destroy();
    }
  }, 90_000);

  it('a running task told to stop resolves to null, not to its value', async () => {
    const scheduler = new Scheduler(
      {
        workers: 1,
        filename: WORKER,
        liveFields: LIVE_FIELDS,
        common: { weights: null, hashBits: 16, tableLayout: 'board2', selectivity: [], off: 0, root: 'probes', engine: 'ts' },
      },
      () => undefined,
    );
    try {
      const { player, opponent, toMove } = FFO41.position;
      let job: { slot: number } | undefined;
      const r = scheduler.run(
        {
          kind: 'solve',
          index: 1,
          line: 0,
          ph: player.hi,
          pl: player.lo,
          oh: opponent.hi,
          ol: opponent.lo,
          toMove,
          answers: [],
          keepTable: false,
        } as never,
        0,
        (j) => (job = j),
      );
      await until(() => job !== undefined && job.slot >= 0 && scheduler.live[job.slot * LIVE_FIELDS] > 100_000, 60_000);
      scheduler.cancel(job as never);
      expect(await r).toBeNull();
    } finally {
      await scheduler.destroy();
    }
  }, 90_000);
});

/**
 * Solving positions on several threads (piscina): one position per task,
 * each worker with its own table; each result is handed over as soon as it
 * is done (the caller restores input order).
 */
import { Piscina } from 'piscina';
import type { ObfEntry } from './obf.js';
import { emptyCount } from './position.js';
import type { Layout } from './search/table.js';
import type { PositionResult } from './solve.js';
import type { SolveTask } from './worker.js';

export interface PoolSettings {
  readonly workers: number;
  readonly bits: number;
  readonly layout: Layout;
  readonly keepTable: boolean;
}

export function toTask(entry: ObfEntry, index: number, s: PoolSettings, attempt = 1): SolveTask {
  const { player, opponent, toMove } = entry.position;
  return {
    index, line: entry.line, ph: player.hi, pl: player.lo, oh: opponent.hi, ol: opponent.lo, toMove,
    answers: entry.answers, bits: s.bits, layout: s.layout, keepTable: s.keepTable, attempt,
  };
}

/** A worker died (crash, kill) on a position: retried once on a fresh worker, then given up. */
export type OnFailure = (index: number, reason: string, willRetry: boolean) => void;

/**
 * Solves the entries (with their 1-based suite indices) on `workers`
 * threads. An abort stops the workers at once; the results handed over
 * before it stand, and the promise resolves to false.
 */
export async function solveParallel(
  jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>, s: PoolSettings, onResult: (r: PositionResult) => void,
  onFailure: OnFailure, signal?: AbortSignal,
): Promise<boolean> {
  const pool = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: s.workers,
    maxThreads: s.workers,
    idleTimeout: 1000,
  });
  // Feed the pool ourselves, one task per free worker (piscina's queue does
  // not keep the order of submission). One worker: input order, so that rows
  // print as they come. Several: most empties first, so that the longest
  // positions do not start last and leave the other workers idle at the end.
  const order = s.workers > 1 ? [...jobs].sort((a, b) => emptyCount(b.entry.position) - emptyCount(a.entry.position)) : jobs;
  let next = 0;
  const feed = async () => {
    while (next < order.length && !signal?.aborted) {
      const { entry, index } = order[next++];
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          onResult((await pool.run(toTask(entry, index, s, attempt), { signal })) as PositionResult);
          break;
        } catch (e) {
          if (signal?.aborted) throw e;
          onFailure(index, (e as Error).message, attempt === 1); // piscina replaces the dead worker
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: s.workers }, feed));
    return !signal?.aborted;
  } catch (e) {
    if (signal?.aborted) return false;
    throw e;
  } finally {
    await pool.destroy();
  }
}

/**
 * Solving a suite on several threads (piscina): one position per task, each
 * worker with its own table; results are handed over in input order, each
 * as soon as every earlier one is done.
 */
import { Piscina } from 'piscina';
import type { ObfEntry } from './obf.js';
import type { Layout } from './search/table.js';
import type { PositionResult } from './solve.js';
import type { SolveTask } from './worker.js';

export interface PoolSettings {
  readonly workers: number;
  readonly bits: number;
  readonly layout: Layout;
  readonly keepTable: boolean;
}

export function toTask(entry: ObfEntry, index: number, s: PoolSettings): SolveTask {
  const { player, opponent, toMove } = entry.position;
  return {
    index, line: entry.line, ph: player.hi, pl: player.lo, oh: opponent.hi, ol: opponent.lo, toMove,
    answers: entry.answers, bits: s.bits, layout: s.layout, keepTable: s.keepTable,
  };
}

/** Solves the entries on `workers` threads; `onResult` sees results in input order. */
export async function solveParallel(
  entries: readonly ObfEntry[], s: PoolSettings, onResult: (r: PositionResult) => void,
): Promise<PositionResult[]> {
  const pool = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: s.workers,
    maxThreads: s.workers,
    idleTimeout: 1000,
  });
  const done: (PositionResult | undefined)[] = new Array(entries.length);
  let next = 0;
  try {
    await Promise.all(
      entries.map(async (entry, i) => {
        done[i] = (await pool.run(toTask(entry, i + 1, s))) as PositionResult;
        while (next < entries.length && done[next] !== undefined) onResult(done[next++]!);
      }),
    );
  } finally {
    await pool.destroy();
  }
  return done as PositionResult[];
}

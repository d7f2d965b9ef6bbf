/**
 * Solving positions on several threads (piscina): one position per task,
 * each worker with its own table; each result is handed over as soon as it
 * is done (the caller restores input order).
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

/** Solves the entries (with their 1-based suite indices) on `workers` threads. */
export async function solveParallel(
  jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>, s: PoolSettings, onResult: (r: PositionResult) => void,
): Promise<void> {
  const pool = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: s.workers,
    maxThreads: s.workers,
    idleTimeout: 1000,
  });
  try {
    await Promise.all(jobs.map(async ({ entry, index }) => onResult((await pool.run(toTask(entry, index, s))) as PositionResult)));
  } finally {
    await pool.destroy();
  }
}

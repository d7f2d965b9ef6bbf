/**
 * A suite on the worker pool, for library users: an async iterator of the
 * results in input order (each as soon as it and every earlier one are
 * known), stoppable with an AbortSignal, on the same pool, split search and
 * tables as the command line's `solve`.
 */
import { availableParallelism } from 'node:os';
import { type ObfEntry, type ObfSuite, readObf } from '../position/obf.js';
import { emptyCount } from '../position/position.js';
import { type SolveOptions, resolveOptions } from '../solve/settings.js';
import type { PositionResult } from '../solve/solve.js';
import { type PoolSettings, type SplitMode, solveParallel, splits } from './pool.js';

export interface SuiteOptions extends SolveOptions {
  /** Threads (default: one per core; fewer when there are fewer positions and none is split). */
  readonly workers?: number;
  /** When to split a position across the workers (default auto: more than 20 empties). */
  readonly split?: SplitMode;
  /** Stops the workers at once; the iteration then throws the signal's reason. */
  readonly signal?: AbortSignal;
  /** A position whose worker died on both tries is left out of the iteration; this hears of it (1-based index, reason). */
  readonly onFailure?: (index: number, reason: string) => void;
}

/**
 * Solves every position of a suite (an OBF file's path, a suite read by
 * readObf, or its entries) and yields the results in input order. The bad
 * lines of a file are not positions: readObf lists them (its `errors`).
 * Breaking out of the loop stops the workers.
 */
export async function* solveSuite(suite: string | ObfSuite | readonly ObfEntry[], options: SuiteOptions = {}): AsyncGenerator<PositionResult, void, undefined> {
  const o = resolveOptions(options);
  const entries: readonly ObfEntry[] = typeof suite === 'string' ? readObf(suite).entries : isEntries(suite) ? suite : suite.entries;
  const jobs = entries.map((entry, i) => ({ entry, index: i + 1 }));
  if (jobs.length === 0) return;
  const outer = options.signal;
  outer?.throwIfAborted();

  const requested = options.workers ?? availableParallelism();
  if (!Number.isInteger(requested) || requested < 1) throw new RangeError(`workers must be a positive integer: ${requested}`);
  const policy = (n: number): PoolSettings => ({
    workers: n, bits: o.hashBits, layout: o.tableLayout, keepTable: o.keepTable, split: options.split, fewPositions: jobs.length < n,
    evalFile: o.evalFile, selectivity: o.selectivity,
  });
  const anySplit = jobs.some((j) => splits(emptyCount(j.entry.position), policy(requested)));
  const settings = policy(anySplit ? requested : Math.min(requested, jobs.length));

  const stop = new AbortController();
  const ready = new Map<number, PositionResult>();
  const skipped = new Set<number>();
  let done = false;
  let failure: unknown;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const forward = () => stop.abort(outer!.reason);
  outer?.addEventListener('abort', forward, { once: true });
  stop.signal.addEventListener('abort', notify, { once: true });
  const run = solveParallel(
    jobs, settings,
    (r) => {
      ready.set(r.index, r);
      notify();
    },
    (index, reason, willRetry) => {
      if (willRetry) return;
      skipped.add(index);
      options.onFailure?.(index, reason);
      notify();
    },
    stop.signal,
  ).then(
    () => { done = true; notify(); },
    (e: unknown) => { failure = e; done = true; notify(); },
  );
  try {
    for (let next = 1; next <= jobs.length; next++) {
      while (!ready.has(next) && !skipped.has(next)) {
        if (stop.signal.aborted) throw stop.signal.reason;
        if (done) throw failure ?? new Error(`position ${next} ended without a result`);
        await new Promise<void>((resolve) => { wake = resolve; });
      }
      const r = ready.get(next);
      ready.delete(next);
      if (r) yield r;
    }
  } finally {
    outer?.removeEventListener('abort', forward);
    if (!done) stop.abort(new Error('the iteration ended early'));
    await run;
  }
}

function isEntries(s: ObfSuite | readonly ObfEntry[]): s is readonly ObfEntry[] {
  return Array.isArray(s);
}

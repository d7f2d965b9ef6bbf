/**
 * A suite on the worker pool, for library users: an async iterator of the
 * results in input order (each as soon as it and every earlier one are
 * known) or as they finish, stoppable with an AbortSignal, on the same pool, split search and
 * tables as the command line's `solve`.
 */

import { OptionError } from '../errors.js';
import type { ObfEntry, ObfError, ObfSuite } from '../position/obf.js';
import { answersArgument } from '../position/obf.js';
import { readObf } from '../position/obf-file.js';
import { describe, emptyCount, positionArgument } from '../position/position.js';
import type { OptionsAt } from '../settings/index.js';
import { type ResolvedOptions, resolveOptions } from '../solve/options.js';
import type { PositionResult } from '../solve/solve.js';
import { InputOrder } from './order.js';
import { poolPlan, poolSettingsOf, solveParallel, type Watcher } from './parallel.js';

/** solveSuite's options: the library's settings (SolveOptions and the pool's: workers, split, idle; settings.ts), and its own. */
export interface SuiteOptions extends OptionsAt<'library'> {
  /**
   * 'input' (default): results in input order, each once it and every
   * earlier one are known; 'finished': each as soon as it is done (its
   * `index` says which).
   */
  readonly order?: 'input' | 'finished';
  /** Stops the workers at once; the iteration then throws the signal's reason. */
  readonly signal?: AbortSignal;
  /** A position whose worker died on both tries is left out of the iteration; this hears of it (1-based index, reason). */
  readonly onFailure?: (index: number, reason: string) => void;
  /**
   * The bad lines of a suite given by path, each with its line number and
   * message (as the command line reports them); the good ones are solved.
   * Without it, a file with a bad line throws that line's ObfError.
   */
  readonly onBadLine?: (error: ObfError) => void;
  /** Hears each position start and end, and reads its live nodes and bounds meanwhile (a progress display). */
  readonly watcher?: Watcher;
}

/** solveSuite's own options, beside the settings table's. */
export const SUITE_OWN_KEYS: readonly string[] = ['order', 'signal', 'onFailure', 'onBadLine', 'watcher'];

function checkSuiteOptions(o: SuiteOptions): void {
  if (o.order !== undefined && o.order !== 'input' && o.order !== 'finished')
    throw new OptionError('order', `'input' or 'finished', not ${String(o.order)}`);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw new OptionError('signal', `an AbortSignal, not ${String(o.signal)}`);
  for (const f of ['onFailure', 'onBadLine'] as const)
    if (o[f] !== undefined && typeof o[f] !== 'function') throw new OptionError(f, `a function, not ${String(o[f])}`);
  const w = o.watcher;
  if (w !== undefined && (typeof w?.started !== 'function' || typeof w?.ended !== 'function'))
    throw new OptionError('watcher', `an object with started(running) and ended(index), not ${String(w)}`);
}

function entriesOf(suite: string | ObfSuite | readonly ObfEntry[], onBadLine: ((e: ObfError) => void) | undefined): readonly ObfEntry[] {
  if (typeof suite !== 'string') {
    const entries = isEntries(suite) ? suite : (suite as ObfSuite | null)?.entries;
    if (!Array.isArray(entries))
      throw new OptionError('suite', `an OBF file's path, a suite read by readObf, or its entries, not ${describe(suite)}`);
    entries.forEach((e: ObfEntry, i) => {
      if (typeof e === 'string')
        throw new OptionError(
          'suite',
          `entry ${i + 1}: an entry ({ position, answers }) as readObf gives, not the text ${describe(e)}: parseObfLine reads an OBF line`,
        );
      positionArgument(e?.position, `suite entry ${i + 1}: position`);
      answersArgument(e.answers ?? [], e.position, `suite entry ${i + 1}: answers`);
    });
    return entries;
  }
  const read = readObf(suite);
  for (const e of read.errors) {
    if (!onBadLine) throw e;
    onBadLine(e);
  }
  return read.entries;
}

/**
 * Solves every position of a suite (an OBF file's path, a suite read by
 * readObf, or its entries) and yields the results, in input order unless
 * `order` says 'finished'. Breaking out of the loop stops the workers.
 */
export function solveSuite(
  suite: string | ObfSuite | readonly ObfEntry[],
  options: SuiteOptions = {},
): AsyncGenerator<PositionResult, void, undefined> {
  // Checked at the call, before any work: a bad option, suite or file throws here.
  const o = resolveOptions(options, 'library', SUITE_OWN_KEYS);
  checkSuiteOptions(options);
  const entries = entriesOf(suite, options.onBadLine);
  return solveEntries(entries, o, options);
}

async function* solveEntries(
  entries: readonly ObfEntry[],
  o: ResolvedOptions,
  options: SuiteOptions,
): AsyncGenerator<PositionResult, void, undefined> {
  const jobs = entries.map((entry, i) => ({ entry, index: i + 1 }));
  if (jobs.length === 0) return;
  const outer = options.signal;
  outer?.throwIfAborted();

  const settings = poolPlan(
    jobs.map((j) => emptyCount(j.entry.position)),
    poolSettingsOf(o),
  ).settings;

  const stop = new AbortController();
  const ready: PositionResult[] = [];
  let handed = 0; // results yielded or left out (given up)
  const order = new InputOrder<PositionResult>((_, r) => {
    if (r) ready.push(r);
    else handed++;
  });
  const inOrder = options.order !== 'finished';
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
    jobs,
    settings,
    (r) => {
      if (inOrder) order.place(r.index, r);
      else ready.push(r);
      notify();
    },
    (index, reason, willRetry) => {
      if (willRetry) return;
      options.onFailure?.(index, reason);
      if (inOrder) order.place(index, null);
      else handed++;
      notify();
    },
    stop.signal,
    options.watcher,
  ).then(
    () => {
      done = true;
      notify();
    },
    (e: unknown) => {
      failure = e;
      done = true;
      notify();
    },
  );
  try {
    while (handed < jobs.length) {
      while (ready.length === 0) {
        if (stop.signal.aborted) throw stop.signal.reason;
        if (done) throw failure ?? new Error(`${jobs.length - handed} position(s) ended without a result`);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      handed++;
      yield ready.shift()!;
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

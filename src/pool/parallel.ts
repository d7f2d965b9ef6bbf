/**
 * Solving positions on several threads (piscina, through the Scheduler):
 * as many positions at once as there are workers, the one started first
 * with the first claim on every worker. A position is one task on a
 * worker's own table; once fewer positions are left to start than there
 * are workers, a large one is split (split.ts) across the workers on a
 * table they share, so that no worker idles while a long position ends the
 * suite. Each result is handed over as soon as it is done (the caller
 * restores input order).
 */

import { searchEvaluator, sharedWeights, type WeightsBytes } from '../eval/files.js';
import type { Evaluator } from '../eval/weights.js';
import type { ObfEntry } from '../position/obf.js';
import { emptyCount } from '../position/position.js';
import { LIVE_DEPTH, LIVE_FIELDS, LIVE_LOWER, LIVE_MOVE, LIVE_NODES, LIVE_UPPER } from '../search/context.js';
import { levelSearch } from '../search/levels.js';
import { NO_MOVE } from '../search/table.js';
import { type RunSettingValues, runSettingsOf } from '../settings/index.js';
import type { ResolvedOptions } from '../solve/options.js';
import type { PositionResult } from '../solve/solve.js';
import { HELP_MIN } from '../wasm/layout.js';
import { createEngineShare, type EngineShare, endHelp, releaseHelper, startHelp } from '../wasm/lower.js';
import { createSplitTable, splitEngine, splits } from './policy.js';
import { GaveUp, type Job, type OnFailure, Scheduler } from './schedule.js';
import { LEAF_EMPTIES, type SharedTableRef, SplitSearch } from './split.js';
import type { HelpResult, RunSettings, TaskInput } from './tasks.js';

export type { SplitMode } from './policy.js';
export type { OnFailure } from './schedule.js';

/**
 * The pool's settings, every one under its key in the settings table: the
 * tasks' (settings.ts, TASK_KEYS: the table, the engine below the root of
 * whole positions, WLD and its prover, the root, the switches, the
 * selectivity) and the pool's own (workers, keepTable, split, idle: whether
 * a worker with no position left to start helps a whole position still
 * running). Made from a search's resolved settings by poolSettingsOf: no
 * defaults here.
 */
export interface PoolSettings extends RunSettingValues, Pick<ResolvedOptions, 'workers' | 'keepTable' | 'split' | 'idle'> {
  /** Weights for move ordering, read once (null: mobility). */
  readonly weights: WeightsBytes | null;
}

/** The pool's settings of a search's resolved settings (solve/options.ts). */
export function poolSettingsOf(r: ResolvedOptions): PoolSettings {
  return { ...runSettingsOf(r), workers: r.workers, keepTable: r.keepTable, split: r.split, idle: r.idle, weights: r.weights };
}

/** Whether whole positions run on engine memories that idle workers can help on (assembly/help.ts). */
function helps(s: PoolSettings): boolean {
  return s.idle === 'help' && s.workers > 1 && s.engine === 'wasm' && s.prover !== 'dfpn' && splitEngine('wasm', s.workers) === 'wasm';
}

/** A whole position running on an engine memory that idle workers can help on. */
interface Owned {
  readonly index: number;
  readonly rank: number;
  readonly share: EngineShare;
  readonly id: number;
  /** The help tasks sent to it, each settling with its nodes (null: stopped, failed). */
  readonly helpers: Promise<HelpResult | null>[];
}

/** Whether a level estimates a position of `empties` (search/levels.ts): it runs whole, unhelped (helpers take the exact search's split points). */
function estimated(empties: number, s: PoolSettings): boolean {
  return s.level !== undefined && !levelSearch(s.level, empties).exact;
}

/** Whether a position of `empties` is split when it starts, with `left` positions (itself included) not yet started: the run policy's rule. */
function splitsHere(empties: number, s: PoolSettings, left: number): boolean {
  if (estimated(empties, s)) return false;
  return splits(s.prover === 'dfpn' ? 'never' : s.split, empties, LEAF_EMPTIES, left, s.workers, helps(s));
}

/** The order positions start in: most empties first on several workers (the longest start first), else as given. */
function startOrder<T>(items: readonly T[], empties: (t: T) => number, workers: number): readonly T[] {
  return workers > 1 ? [...items].sort((a, b) => empties(b) - empties(a)) : items;
}

/** What a run of positions takes on the pool: its settings, and the tables it may hold at once. */
export interface PoolPlan {
  /** The pool's settings: as many workers as can be kept busy (one per position unless some are split). */
  readonly settings: PoolSettings;
  /** Shared tables, one per position being split (at most one per worker). */
  readonly splitTables: number;
  /** Tables of the workers that solve whole positions. */
  readonly wholeTables: number;
  /** Whether idle workers help the whole positions still running (their tables then live in engine memories made here, one per position running). */
  readonly helps: boolean;
}

/**
 * The worker-count policy: `requested` workers when some position is split
 * across them or idle workers help whole ones, else no more than there are positions. `empties` are the
 * positions' empties counts.
 */
export function poolPlan(empties: readonly number[], requested: PoolSettings): PoolPlan {
  const at = (n: number): PoolSettings => ({ ...requested, workers: n });
  // Which positions split, in the order they start (as solveParallel starts them).
  const split = (n: number) => startOrder(empties, (e) => e, n).map((e, i) => splitsHere(e, at(n), empties.length - i));
  // Idle workers help whole positions of more than HELP_MIN empties (helps): then every requested worker has work.
  const helped = helps(requested) && empties.some((e) => e >= HELP_MIN);
  const workers =
    helped || split(requested.workers).some(Boolean) ? requested.workers : Math.max(1, Math.min(requested.workers, empties.length));
  const settings = at(workers);
  const flags = split(workers);
  const splitTables = flags.some(Boolean) ? Math.min(workers, empties.length) : 0;
  const wholeTables = workers === 1 ? 1 : flags.some((f) => !f) ? Math.min(workers, empties.length) : 0;
  return { settings, splitTables, wholeTables, helps: helps(settings) && flags.some((f) => !f) };
}

/** A position being solved, for the progress display. */
export interface Running {
  readonly index: number;
  readonly empties: number;
  /** process.hrtime in ms when it started. */
  readonly startMs: number;
  readonly split: boolean;
  nodes(): number;
  /** Known bounds of the score and the best move so far (NO_MOVE when none). */
  bounds(): { lower: number; upper: number; move: number };
  /** A level's estimate: the depth it last finished (0: none yet, or an exact solve). */
  depth?(): number;
}

export interface Watcher {
  started(r: Running): void;
  ended(index: number): void;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** What the display reads of a whole position running on the scheduler. */
function wholeRunning(scheduler: Scheduler<TaskInput>, index: number, empties: number): Running {
  return {
    index,
    empties,
    startMs: nowMs(),
    split: false,
    nodes: () => scheduler.liveSum(index, LIVE_NODES),
    bounds: () => ({
      lower: scheduler.liveSum(index, LIVE_LOWER, -64),
      upper: scheduler.liveSum(index, LIVE_UPPER, 64),
      move: scheduler.liveSum(index, LIVE_MOVE, NO_MOVE),
    }),
    depth: () => scheduler.liveSum(index, LIVE_DEPTH),
  };
}

/**
 * Solves the entries (with their 1-based suite indices) on `workers`
 * threads. An abort stops the workers at once; the results handed over
 * before it stand, and the promise resolves to false.
 */
export function solveParallel(
  jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>,
  s: PoolSettings,
  onResult: (r: PositionResult) => void,
  onFailure: OnFailure,
  signal?: AbortSignal,
  watcher?: Watcher,
): Promise<boolean> {
  return new PoolRun(jobs, s, onResult, onFailure, signal, watcher).run();
}

/**
 * One run of positions on the pool: its scheduler, the tables it makes and
 * reuses (split positions' shared ones, whole positions' engine memories
 * when idle workers help), and a feed per worker that starts positions in
 * order, whole or split, then helps the whole positions still running.
 */
class PoolRun {
  private readonly scheduler: Scheduler<TaskInput>;
  /** The settings every task carries; the weights expanded once, in shared memory, on several threads. */
  private readonly common: RunSettings;
  /** The split walk's evaluator (in this thread: it orders moves as the workers do), made when first needed. */
  private walkEvaluator: Evaluator | null | undefined;
  /** Shared tables for split positions, made when first needed, reused. */
  private readonly tables: SharedTableRef[] = [];
  /** Tables and engine memories made so far (their ids). */
  private made = 0;
  /** Whole positions' engine memories (when idle workers help), made when first needed, reused; ids shared with the split tables'. */
  private readonly wholeShares: { share: EngineShare; id: number }[] = [];
  /** The whole positions running now that idle workers can help. */
  private readonly owned: Owned[] = [];
  /** Positions in input order with one worker (rows print as they come); with several, most empties first, so that the longest start first. */
  private readonly order: ReadonlyArray<{ entry: ObfEntry; index: number }>;
  private next = 0;
  private rank = 0;

  constructor(
    jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>,
    private readonly s: PoolSettings,
    private readonly onResult: (r: PositionResult) => void,
    onFailure: OnFailure,
    private readonly signal?: AbortSignal,
    private readonly watcher?: Watcher,
  ) {
    // Several threads: the weights are expanded once here, in shared memory, and every worker's evaluator reads them (no decoding per thread).
    const shared = s.weights && s.workers > 1 ? sharedWeights(s.weights) : null;
    this.common = { ...runSettingsOf(s), weights: shared?.weights ?? s.weights };
    this.walkEvaluator = shared?.evaluator;
    this.scheduler = new Scheduler<TaskInput>(
      { workers: s.workers, filename: new URL('./worker-entry.cjs', import.meta.url).href, liveFields: LIVE_FIELDS, common: this.common },
      onFailure,
      signal,
    );
    this.order = startOrder(jobs, (j) => emptyCount(j.entry.position), s.workers);
  }

  /** Runs every position: true when all were started and ended, false when the signal stopped the run. */
  async run(): Promise<boolean> {
    try {
      await Promise.all(Array.from({ length: this.s.workers }, () => this.feed()));
      return !this.signal?.aborted;
    } catch (e) {
      if (this.signal?.aborted) return false;
      throw e;
    } finally {
      await this.scheduler.destroy();
    }
  }

  /** One worker's share of the run: the next position to start, until none is left; then help. */
  private async feed(): Promise<void> {
    const { order, signal, watcher } = this;
    while (this.next < order.length && !signal?.aborted) {
      const { entry, index } = order[this.next++];
      const empties = emptyCount(entry.position);
      try {
        const r = splitsHere(empties, this.s, order.length - this.next + 1)
          ? await this.solveSplit(entry, index, this.rank++, empties)
          : await this.solveWhole(entry, index, this.rank++, empties);
        if (r && !signal?.aborted) this.onResult(r);
      } catch (e) {
        if (signal?.aborted) throw e;
        if (!(e instanceof GaveUp)) throw e; // given up: already reported through onFailure
      } finally {
        watcher?.ended(index);
      }
    }
    // Nothing left to start: help the whole positions still running, one after another.
    while (!signal?.aborted && (await this.helpOne()));
  }

  private walkEval(): Evaluator | null {
    if (this.walkEvaluator === undefined) this.walkEvaluator = searchEvaluator(this.common.weights);
    return this.walkEvaluator;
  }

  /** A shared table for a split position's tasks (the engine's memory, or a SharedArrayBuffer). */
  private takeTable(): SharedTableRef {
    const s = this.s;
    return (
      this.tables.pop() ??
      createSplitTable(this.made++, s.hashBits, s.tableLayout, splitEngine(this.common.engine, s.workers), this.walkEval())
    );
  }

  private async solveWhole(entry: ObfEntry, index: number, rank: number, empties: number): Promise<PositionResult | null> {
    const s = this.s;
    const { player, opponent, toMove } = entry.position;
    this.watcher?.started(wholeRunning(this.scheduler, index, empties));
    const helped =
      helps(s) && !estimated(empties, s)
        ? (this.wholeShares.pop() ?? { share: createEngineShare(s.hashBits, s.tableLayout, this.walkEval()), id: this.made++ })
        : undefined;
    const own: Owned | undefined = helped && { index, rank, ...helped, helpers: [] };
    if (own) {
      startHelp(own.share);
      this.owned.push(own);
    }
    let r: PositionResult | null = null;
    try {
      r = await this.scheduler.run<PositionResult>(
        {
          kind: 'solve',
          index,
          line: entry.line,
          ph: player.hi,
          pl: player.lo,
          oh: opponent.hi,
          ol: opponent.lo,
          toMove,
          answers: entry.answers,
          keepTable: s.keepTable,
          helped,
        },
        rank,
      );
    } finally {
      if (own && helped) {
        this.owned.splice(this.owned.indexOf(own), 1);
        endHelp(own.share);
        const nodes = (await Promise.all(own.helpers)).reduce((sum, h) => sum + (h?.nodes ?? 0), 0);
        this.wholeShares.push(helped);
        if (r && nodes > 0) r = { ...r, nodes: r.nodes + nodes, engineNodes: r.engineNodes + nodes, helperNodes: nodes };
      }
    }
    return r;
  }

  /** Helps the whole position with the fewest helpers (the one started first among them) until it ends: false when none runs. */
  private async helpOne(): Promise<boolean> {
    let o: Owned | undefined;
    for (const w of this.owned) if (!o || w.helpers.length < o.helpers.length) o = w;
    if (!o) return false;
    const share = o.share;
    let job: Job | undefined;
    const task: TaskInput = {
      kind: 'help',
      index: o.index,
      share,
      id: o.id,
      once: true,
      ph: 0,
      pl: 0,
      oh: 0,
      ol: 0,
    };
    const help = this.scheduler
      .run<HelpResult>(task, o.rank, (j) => (job = j))
      .catch(() => {
        // Its worker died (or the run stopped): its claim on the split point goes, so that the owner closes the node.
        const slot = job?.task.slot ?? -1; // the slot it was last sent to (a finished job's task keeps it)
        if (slot >= 0) releaseHelper(share, slot + 1);
        return null;
      });
    o.helpers.push(help);
    await help;
    return true;
  }

  private async solveSplit(entry: ObfEntry, index: number, rank: number, empties: number): Promise<PositionResult> {
    const shared = this.takeTable();
    const search = new SplitSearch(this.scheduler, shared, this.walkEval(), rank, index, runSettingsOf(this.s), LEAF_EMPTIES);
    this.watcher?.started({
      index,
      empties,
      startMs: nowMs(),
      split: true,
      nodes: () => search.liveNodes(),
      bounds: () => ({ lower: search.lower, upper: search.upper, move: search.move }),
    });
    try {
      return await search.solve(entry, this.s.keepTable);
    } finally {
      this.tables.push(shared);
    }
  }
}

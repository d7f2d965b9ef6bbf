/**
 * A suite through the queue (`revsolve solve --queue`): the coordinator.
 *
 * A run has a name and a record in Redis (its suite's digest, its queue).
 * Each whole position is one job, id `<run>.<index>`; its worker writes the
 * result into the run's results (a hash, index → JSON) before the job
 * completes, so results survive the coordinator. The coordinator hears of
 * them through BullMQ's queue events and, in case an event was missed, reads
 * the hash every few seconds. `--resume` re-attaches: the results already in
 * Redis are reported, and only positions without a job are enqueued again
 * (a job id already there is not added twice; a failed one is retried). A
 * position solved twice (a retried job) is reported once.
 *
 * Split positions (one hard position across machines) are searched here one
 * at a time, their subtree tasks on the workers (remote.ts), while the whole
 * positions' jobs wait behind them.
 *
 * Redis gone for longer than the timeout ends the run with RedisUnreachable;
 * every result reported so far is the caller's (its --results file).
 */

import { createHash, randomBytes } from 'node:crypto';
import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { arrayArgument, objectArgument, textArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { searchEvaluator } from '../eval/files.js';
import type { Running, Watcher } from '../pool/parallel.js';
import { jsonRecord, parseRecord } from '../pool/results.js';
import { SplitSearch } from '../pool/split.js';
import type { ObfEntry } from '../position/obf.js';
import { describe, emptyCount, formatPosition } from '../position/position.js';
import { createTable, NO_MOVE } from '../search/table.js';
import { olderDigest, runSettingsOf } from '../settings/index.js';
import type { PositionResult } from '../solve/solve.js';
import { type JobData, positionJobId, type QueueSettings, queueOf, RUN_NAME, runKeys, settingsArgument } from './jobs.js';
import { connectionOptions, openRedis, type RedisAddress, type RedisUnreachable, Watchdog, within } from './redis.js';
import { RemoteRunner, WHOLE_PRIORITY, workerThreads } from './remote.js';

/** Subtrees of split positions at or below this many empties are one queue task each (larger than the local 19: no table is shared). */
export const QUEUE_LEAF_EMPTIES = 22;

export interface QueueRunOptions extends QueueSettings {
  readonly address: RedisAddress;
  /** The run's name (default: from the suite's name and digest). */
  readonly run: string;
  /** Re-attach to an existing run. */
  readonly resume: boolean;
  readonly redisTimeoutMs: number;
  /** Which positions are split across the workers. */
  readonly splitsAt: (empties: number) => boolean;
  readonly leafEmpties: number;
  /** A lone split task gets a copy on an idle thread after this many ms (Infinity: never; remote.ts). */
  readonly raceAfterMs: number;
  /** Called once the run is this coordinator's (new, or taken up with resume), before any result: the CLI prints its header then, not before a refusal. */
  readonly claimed?: () => void;
  /** Called once when, a few seconds into waiting for results, no worker listens on the run's queue (its name and settings in words). */
  readonly noWorker?: (queue: string, settings: string) => void;
}

/** How long a coordinator waits before it says that no worker listens on its queue. */
export const NO_WORKER_MS = 3000;

/** A run that exists already, or holds another suite: the user must choose. */
export class RunConflict extends Error {
  override name = 'RunConflict';
}

export interface QueueOutcome {
  /** Every position got a result or failed (false: stopped by the signal). */
  readonly complete: boolean;
  /** Results read back from Redis (an earlier session of the run). */
  readonly fromRedis: number;
  /** Split positions: tasks sent, copies raced and won, waiting jobs removed, ms from a running job's cancel to its end, jobs out. */
  readonly tasks: {
    sent: number;
    copied: number;
    copyWon: number;
    cancelledWaiting: number;
    cancelMs: readonly number[];
    peakOut: number;
    meanOut: number;
  };
}

/** The digest of a suite's positions, in order. */
export function suiteDigest(entries: readonly ObfEntry[]): string {
  const h = createHash('sha256');
  for (const e of entries) h.update(`${formatPosition(e.position)}\n`);
  return h.digest('hex');
}

/** The default run name: the suite's name and a digest of its positions and the queue. */
export function defaultRunName(source: string, entries: readonly ObfEntry[], s: QueueSettings): string {
  textArgument(source, 'source', "the suite's file name");
  arrayArgument(entries, 'entries', "the suite's entries");
  settingsArgument(s);
  const base =
    (source.split('/').pop() ?? 'suite')
      .replace(/\.obf$/, '')
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 60) || 'suite';
  return `${base}-${createHash('sha256')
    .update(suiteDigest(entries) + queueOf(s).name)
    .digest('hex')
    .slice(0, 8)}`;
}

/**
 * Solves `todo` (entries with their 1-based indices) of the suite `entries`
 * through the queue; `known`: indices whose results the caller has (its
 * --results file), not reported again.
 */
export async function solveOnQueue(
  entries: readonly ObfEntry[],
  todo: ReadonlyArray<{ entry: ObfEntry; index: number }>,
  known: ReadonlySet<number>,
  o: QueueRunOptions,
  onResult: (r: PositionResult) => void,
  onFailure: (index: number, reason: string) => void,
  signal?: AbortSignal,
  watcher?: Watcher,
): Promise<QueueOutcome> {
  arrayArgument(entries, 'entries', "the suite's entries");
  arrayArgument(todo, 'todo', 'the entries to solve, each { entry, index }');
  if (!(known instanceof Set)) throw new OptionError('known', `a Set of the indices already solved, not ${describe(known)}`);
  settingsArgument(o, 'options');
  objectArgument(o.address, 'options.address', 'a Redis address (parseRedisUrl)');
  if (typeof onResult !== 'function' || typeof onFailure !== 'function')
    throw new OptionError('onResult', 'functions onResult(result) and onFailure(index, reason)');
  if (!RUN_NAME.test(o.run)) throw new RunConflict(`--run: ${o.run}: a run name is 1 to 100 letters, digits, '.', '_' or '-'`);
  const client = await openRedis(o.address, o.redisTimeoutMs, signal);
  const bull = await import('bullmq'); // loaded when used: a local run does without it
  const run = new QueueRun(entries, todo, known, o, client, onResult, onFailure, signal, watcher);
  try {
    await run.claim();
    await run.listen(bull);
    await run.readBack();
    await run.enqueueWhole();
    const splitting = run.solveSplits();
    return await run.waitForAll(splitting);
  } finally {
    await run.close();
  }
}

type Bull = typeof import('bullmq');

/**
 * One session of a run on the queue, in the steps solveOnQueue takes:
 * claim the run's record, listen to the queue's events, read back what
 * Redis holds, enqueue the whole positions, solve the split ones here, wait
 * for every position. Redis gone longer than the timeout ends the session
 * wherever it waits: every wait on Redis is raced against that (guard).
 */
class QueueRun {
  private readonly queueName: ReturnType<typeof queueOf>;
  private readonly keys: ReturnType<typeof runKeys>;
  private queue: Queue | undefined;
  private events: QueueEvents | undefined;
  private runner: RemoteRunner | undefined;
  private readonly watchdog: Watchdog;
  private lostWith: RedisUnreachable | undefined;
  private readonly lost: Promise<never>;
  private wake: () => void = () => undefined;
  private tick: Promise<void>;
  /** Whole positions whose result or failure is still to come. */
  private readonly pending: Set<number>;
  /** Positions split here, their subtrees tasks on the workers. */
  private readonly split: ReadonlyArray<{ entry: ObfEntry; index: number }>;
  /** Positions reported (result or failure), each once. */
  private readonly reported: Set<number>;
  private fromRedis = 0;
  private splitFailure: unknown;
  private splitsDone = false;

  constructor(
    private readonly entries: readonly ObfEntry[],
    todo: ReadonlyArray<{ entry: ObfEntry; index: number }>,
    known: ReadonlySet<number>,
    private readonly o: QueueRunOptions,
    private readonly client: Redis,
    private readonly onResult: (r: PositionResult) => void,
    private readonly onFailure: (index: number, reason: string) => void,
    private readonly signal: AbortSignal | undefined,
    private readonly watcher: Watcher | undefined,
  ) {
    this.queueName = queueOf(o);
    this.keys = runKeys(o.run);
    this.reported = new Set(known);
    this.pending = new Set(todo.filter((j) => !o.splitsAt(emptyCount(j.entry.position))).map((j) => j.index));
    this.split = todo.filter((j) => o.splitsAt(emptyCount(j.entry.position)));
    this.tick = this.woken();
    let reject: (e: RedisUnreachable) => void = () => undefined;
    this.lost = new Promise<never>((_, r) => (reject = r));
    this.lost.catch(() => undefined);
    this.watchdog = new Watchdog(client, o.address, o.redisTimeoutMs, (e) => {
      this.lostWith = e;
      reject(e);
      this.wake();
    });
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = () => this.wake();

  private woken(): Promise<void> {
    return new Promise<void>((resolve) => (this.wake = resolve));
  }

  /** A wait on Redis, given up when Redis is lost for longer than the timeout. */
  private guard<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.lost]);
  }

  /** The run's record: a new run, or the same suite on the same queue (with --resume). */
  async claim(): Promise<void> {
    const { o, keys, queueName } = this;
    const digest = suiteDigest(this.entries);
    const meta = await this.guard(this.client.hgetall(keys.meta));
    if (meta.suite !== undefined) {
      if (!o.resume)
        throw new RunConflict(
          `run ${o.run} exists in ${o.address.url} already: add --resume to go on with it, or remove it (revsolve queue clean ${o.address.url} --run ${o.run})`,
        );
      if (typeof meta.queue === 'string' && olderDigest(meta.queue.replace(/^revsolve-/, ''))) {
        throw new RunConflict(
          `run ${o.run} in ${o.address.url} was made by an earlier revsolve (queue ${meta.queue}): finish it with that revsolve, ` +
            `or remove it (revsolve queue clean ${o.address.url} --run ${o.run}) and solve again`,
        );
      }
      if (meta.suite !== digest || meta.queue !== queueName.name) {
        throw new RunConflict(
          `run ${o.run} in ${o.address.url} is another suite or other settings (queue ${meta.queue}, ${meta.count} positions): choose another --run`,
        );
      }
    } else {
      await this.guard(
        this.client.hset(keys.meta, {
          suite: digest,
          queue: queueName.name,
          count: String(this.entries.length),
          created: new Date().toISOString(),
          settings: queueName.describe,
        }),
      );
    }
    this.o.claimed?.();
  }

  /** Each position is reported once: its result, or its failure. */
  private settle(index: number, report: () => void): void {
    if (this.reported.has(index)) return;
    this.reported.add(index);
    this.pending.delete(index);
    this.watcher?.ended(index);
    report();
    this.wake();
  }

  private deliver(r: PositionResult): void {
    this.settle(r.index, () => this.onResult(r));
  }

  private fail(index: number, reason: string): void {
    this.settle(index, () => this.onFailure(index, reason));
  }

  /** The index of a whole position's job id `<run>.<index>` (0 for anything else). */
  private wholeIndex(id: string): number {
    const m = /^(.*)\.(\d+)$/.exec(id);
    return m && m[1] === this.o.run ? Number(m[2]) : 0;
  }

  /** A result record checked against the suite, or null. */
  private record(value: unknown, where: string): PositionResult | null {
    const parsed = typeof value === 'string' ? safeJson(value) : value;
    const r = parseRecord(parsed, this.entries, where);
    return typeof r === 'string' ? null : r;
  }

  /** The queue, its events, and the runner of split tasks; the live display hears of whole positions from the events. */
  async listen(bull: Bull): Promise<void> {
    const { o, queueName } = this;
    const queue = new bull.Queue(queueName.name, { connection: connectionOptions(o.address) });
    this.queue = queue;
    queue.on('error', () => undefined); // the watchdog decides
    const events = new bull.QueueEvents(queueName.name, { connection: connectionOptions(o.address) });
    this.events = events;
    events.on('error', () => undefined);
    await this.guard(events.waitUntilReady());
    const session = randomBytes(4).toString('hex');
    const runner = new RemoteRunner(queue, this.client, queueName.digest, o.run, session, o.raceAfterMs);
    this.runner = runner;

    // Live display: a position is running from its job's first 'active'.
    const live = new Map<number, { nodes: number; lower: number; upper: number; move: number }>();
    const started = new Set<number>();
    events.on('active', ({ jobId }) => {
      if (runner.owns(jobId)) return runner.activated(jobId);
      const index = this.wholeIndex(jobId);
      if (!index || !this.pending.has(index) || started.has(index)) return;
      started.add(index);
      const running: Running = {
        index,
        empties: emptyCount(this.entries[index - 1].position),
        startMs: Number(process.hrtime.bigint()) / 1e6,
        split: false,
        nodes: () => live.get(index)?.nodes ?? 0,
        bounds: () => live.get(index) ?? { lower: -64, upper: 64, move: NO_MOVE },
      };
      this.watcher?.started(running);
    });
    events.on('progress', ({ jobId, data }) => {
      if (runner.owns(jobId)) return runner.progress(jobId, data);
      const index = this.wholeIndex(jobId);
      if (index && data && typeof data === 'object') live.set(index, data as { nodes: number; lower: number; upper: number; move: number });
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      if (runner.owns(jobId)) return runner.completed(jobId, typeof returnvalue === 'string' ? safeJson(returnvalue) : returnvalue);
      const index = this.wholeIndex(jobId);
      if (!index || !this.pending.has(index)) return;
      const r = this.record(returnvalue, `job ${jobId}`);
      if (r) this.deliver(r);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      if (runner.owns(jobId)) return runner.failedTask(jobId, failedReason);
      const index = this.wholeIndex(jobId);
      if (index && this.pending.has(index)) this.fail(index, failedReason);
    });
  }

  /** What Redis holds already (an earlier session of this run); on resume, the old session's subtree tasks still waiting are removed. */
  async readBack(): Promise<void> {
    const held = await this.guard(this.client.hgetall(this.keys.results));
    for (const [field, text] of Object.entries(held)) {
      const r = this.record(text, `${this.keys.results} ${field}`);
      if (r && !this.reported.has(r.index)) {
        this.fromRedis++;
        this.deliver(r);
      }
    }
    if (this.o.resume) {
      for (const j of await this.guard(this.queue!.getJobs(['waiting', 'prioritized', 'delayed']))) {
        // `<run>.<index>` is a whole position; `<run>.<index>.<session>.<seq>` a subtree task.
        const rest = j?.id?.startsWith(`${this.o.run}.`) ? j.id.slice(this.o.run.length + 1) : '';
        if (rest.includes('.')) await this.guard(j.remove().catch(() => undefined));
      }
    }
  }

  /** The job of whole position `index`. */
  private jobOf(index: number) {
    const { o } = this;
    const entry = this.entries[index - 1];
    const { player, opponent, toMove } = entry.position;
    const data: JobData = {
      v: 1,
      q: this.queueName.digest,
      run: o.run,
      index,
      kind: 'solve',
      ph: player.hi,
      pl: player.lo,
      oh: opponent.hi,
      ol: opponent.lo,
      toMove,
      line: entry.line,
    };
    // Most empties first, as the local pool orders them.
    const opts = {
      jobId: positionJobId(o.run, index),
      priority: WHOLE_PRIORITY + 64 - emptyCount(entry.position),
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: false,
    };
    return { name: 'solve', data, opts };
  }

  /** Enqueues the whole positions that have neither a result nor a job; a failed job is tried again. */
  async enqueueWhole(): Promise<void> {
    const queue = this.queue!;
    const toAdd: ReturnType<QueueRun['jobOf']>[] = [];
    for (const index of this.pending) {
      if (this.o.resume) {
        const id = positionJobId(this.o.run, index);
        const state = await this.guard(queue.getJobState(id));
        if (state === 'failed') await this.guard(queue.remove(id));
        else if (state !== 'unknown') continue;
      }
      toAdd.push(this.jobOf(index));
    }
    if (toAdd.length > 0) await this.guard(queue.addBulk(toAdd));
  }

  /** The split positions, one at a time, here: their subtree tasks on the workers. Settles when all are done (or the run stops). */
  solveSplits(): Promise<void> {
    const splitting = this.splitEach(this.split).catch((e: unknown) => {
      this.splitFailure = e;
      this.wake();
    });
    void splitting.then(() => {
      this.splitsDone = true;
      this.wake();
    });
    return splitting;
  }

  private async splitEach(split: ReadonlyArray<{ entry: ObfEntry; index: number }>): Promise<void> {
    if (split.length === 0) return;
    const { o, signal, runner } = this;
    const evaluator = searchEvaluator(o.weights);
    const table = createTable(o.hashBits, o.tableLayout);
    // The queue's threads, now and then: how many copies idle threads may race (remote.ts).
    const threads = async () => {
      runner!.capacity = await workerThreads(this.queue!).catch(() => runner!.capacity);
    };
    await threads();
    const poll = setInterval(() => void threads(), 2000);
    try {
      for (const { entry, index } of split) {
        if (signal?.aborted || this.lostWith) return;
        if (this.reported.has(index)) continue;
        const search = new SplitSearch(runner!, { id: 0, buffer: null, table }, evaluator, 0, index, runSettingsOf(o), o.leafEmpties);
        this.watcher?.started({
          index,
          empties: emptyCount(entry.position),
          startMs: Number(process.hrtime.bigint()) / 1e6,
          split: true,
          nodes: () => search.liveNodes(),
          bounds: () => ({ lower: search.lower, upper: search.upper, move: search.move }),
        });
        try {
          const r = await search.solve(entry, false);
          if (!signal?.aborted && !this.lostWith) {
            await this.guard(
              this.client.hset(
                this.keys.results,
                String(index),
                JSON.stringify({ ...jsonRecord(r), position: formatPosition(entry.position) }),
              ),
            );
            this.deliver(r);
          }
        } catch (e) {
          if (signal?.aborted || this.lostWith) return;
          this.fail(index, e instanceof Error ? e.message : String(e));
        } finally {
          runner!.cancelAll();
        }
      }
    } finally {
      clearInterval(poll);
    }
  }

  /** Waits for every position, reading the results hash now and then in case an event was missed. */
  async waitForAll(splitting: Promise<void>): Promise<QueueOutcome> {
    let lastCheck = Date.now();
    let lastStates = Date.now();
    const start = Date.now();
    let workersSeen = false;
    for (;;) {
      if (this.lostWith) throw this.lostWith;
      if (this.splitFailure) throw this.splitFailure;
      if (this.signal?.aborted) return this.outcome(false);
      if (this.pending.size === 0 && this.splitsDone) break;
      const timer = setTimeout(() => this.wake(), workersSeen ? 2000 : 1000);
      await this.tick;
      clearTimeout(timer);
      this.tick = this.woken();
      if (this.lostWith || this.signal?.aborted || this.watchdog.down) continue;
      const now = Date.now();
      if (this.pending.size > 0 && now - lastCheck >= 2000) {
        lastCheck = now;
        await this.pollResults();
      }
      if (this.pending.size > 0 && now - lastStates >= 5000) {
        lastStates = now;
        await this.checkJobStates();
      }
      if (!workersSeen && this.pending.size > 0 && now - start >= NO_WORKER_MS) {
        workersSeen = true; // said once: the coordinator goes on waiting
        if ((await workerThreads(this.queue!).catch(() => 1)) === 0) this.o.noWorker?.(this.queueName.name, this.queueName.describe);
      }
    }
    await splitting;
    return this.outcome(true);
  }

  /** The results hash's entries of the positions still pending. */
  private async pollResults(): Promise<void> {
    const ids = [...this.pending];
    const texts = await this.guard(this.client.hmget(this.keys.results, ...ids.map(String)));
    texts.forEach((t, i) => {
      if (t === null) return;
      const r = this.record(t, `${this.keys.results} ${ids[i]}`);
      if (r) this.deliver(r);
    });
  }

  /** The states of the jobs still out: failed, or gone without a result (removed by hand, a Redis without persistence restarted: queued again). */
  private async checkJobStates(): Promise<void> {
    const queue = this.queue!;
    for (const index of [...this.pending].slice(0, 200)) {
      const id = positionJobId(this.o.run, index);
      const state = await this.guard(queue.getJobState(id));
      if (state === 'failed') this.fail(index, (await this.guard(queue.getJob(id)))?.failedReason ?? 'failed');
      else if (state === 'unknown' && (await this.guard(this.client.hexists(this.keys.results, String(index)))) === 0) {
        const { name, data, opts } = this.jobOf(index);
        await this.guard(queue.add(name, data, opts));
      }
    }
  }

  private outcome(complete: boolean): QueueOutcome {
    return { complete, fromRedis: this.fromRedis, tasks: taskStats(this.runner) };
  }

  /** Stops what is left of the session and lets go of Redis (bounded: a Redis gone must not hang the exit). */
  async close(): Promise<void> {
    this.signal?.removeEventListener('abort', this.onAbort);
    this.runner?.cancelAll();
    this.watchdog.stop();
    const gone = this.watchdog.down !== 0;
    await within(Promise.all([this.events?.close(), this.queue?.close()]), gone ? 500 : 5000);
    this.client.disconnect();
  }
}

function taskStats(r: RemoteRunner | undefined): QueueOutcome['tasks'] {
  return {
    sent: r?.sent ?? 0,
    copied: r?.copied ?? 0,
    copyWon: r?.copyWon ?? 0,
    cancelledWaiting: r?.cancelledWaiting ?? 0,
    cancelMs: r?.cancelMs ?? [],
    peakOut: r?.peakOut ?? 0,
    meanOut: r?.meanOut ?? 0,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

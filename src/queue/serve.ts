/**
 * A queue worker (`revsolve worker --queue`): takes jobs from the queue of
 * its settings and solves them on its own threads (the same piscina pool,
 * worker module and tables as a local run), so that this thread stays free
 * for BullMQ's lock renewals and stalled-job checks.
 *
 * - A whole position's result is written to its run's results in Redis
 *   before the job completes, so that a coordinator that died loses nothing.
 * - A split position's tasks share one table among this process's threads
 *   (machines share no memory), kept from task to task of one search.
 * - A coordinator cancels a running task through CANCEL_CHANNEL: the task's
 *   stop flag is set, and it completes at once as cancelled.
 * - Stopping (Ctrl-C): every running job goes back to the queue at once
 *   (its task is stopped, not waited for), and the worker exits.
 * - A job it cannot run (malformed, or made for other settings) fails with
 *   its reason and is not retried.
 */
import { hostname } from 'node:os';
import type { Job as BullJob, Worker as BullWorker } from 'bullmq';
import type { Redis } from 'ioredis';
import { popcount, U64 } from 'native-free-bitboard';
import { objectArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { searchEvaluator } from '../eval/files.js';
import { createSplitTable, splitEngine } from '../pool/policy.js';
import { jsonRecord } from '../pool/results.js';
import { type Job as PoolJob, Scheduler } from '../pool/schedule.js';
import type { SharedTableRef } from '../pool/split.js';
import type { GuessTaskResult, NwsResult, PvResult, RunSettings, TaskInput } from '../pool/tasks.js';
import { describe, formatPosition } from '../position/position.js';
import { LIVE_FIELDS, LIVE_LOWER, LIVE_MOVE, LIVE_NODES, LIVE_UPPER } from '../search/context.js';
import { NO_MOVE } from '../search/table.js';
import { runSettingsOf } from '../settings/index.js';
import type { PositionResult } from '../solve/solve.js';
import type { EngineName } from '../wasm/engine.js';
import { MAX_THREADS } from '../wasm/engine.js';
import type { EngineShare } from '../wasm/lower.js';
import { CANCEL_CHANNEL, type JobData, jobProblem, type QueueSettings, queueOf, runKeys } from './jobs.js';
import { connectionOptions, openRedis, type RedisAddress, Watchdog, within } from './redis.js';

export interface ServeOptions extends QueueSettings {
  readonly address: RedisAddress;
  /** Threads, hence jobs at once. */
  readonly workers: number;
  /** Bounded wait for Redis at the start and when lost. */
  readonly redisTimeoutMs: number;
  /** BullMQ's lock of a running job, and how often its stalled jobs are looked for (ms). */
  readonly lockMs: number;
  readonly stallMs: number;
  /** How often a running job reports its live nodes (and a whole position its bounds) for the coordinator's display (ms). */
  readonly progressMs: number;
  /** A job whose worker died this many times fails. */
  readonly maxStalled: number;
  /** A line per job taken and ended. */
  readonly verbose?: boolean;
}

export interface ServeReport {
  /** Jobs completed (cancelled tasks included). */
  completed: number;
  failed: number;
  /** Jobs put back on the queue when stopping. */
  returned: number;
}

/** Messages to the operator, one line each. */
export type Log = (line: string) => void;

/** Where a queue job runs in this process: the pool's handle, a local index (several runs may share an index), whether it was cancelled. */
interface Running {
  handle?: PoolJob;
  readonly local: number;
  cancelled: boolean;
}

type Bull = typeof import('bullmq');

/**
 * Serves until `signal` aborts (or Redis stays away longer than the
 * timeout: RedisUnreachable). Returns what was done.
 */
export async function serveQueue(o: ServeOptions, signal: AbortSignal, log: Log): Promise<ServeReport> {
  objectArgument<ServeOptions>(o, 'options', "a worker's options ({ address, workers, … })");
  objectArgument(o.address, 'options.address', 'a Redis address (parseRedisUrl)');
  if (!(signal instanceof AbortSignal)) throw new OptionError('signal', `an AbortSignal that stops the worker, not ${describe(signal)}`);
  if (typeof log !== 'function') throw new OptionError('log', `a function taking the worker's lines, not ${describe(log)}`);
  const client = await openRedis(o.address, o.redisTimeoutMs, signal);
  const bull = await import('bullmq'); // loaded when used: a local run does without it
  return new Server(o, client, bull, log).serve(signal);
}

/** One `revsolve worker --queue` process: its pool, its jobs, its split table, its way of stopping. */
class Server {
  readonly report: ServeReport = { completed: 0, failed: 0, returned: 0 };
  private readonly queue: ReturnType<typeof queueOf>;
  private readonly pool: Scheduler<TaskInput>;
  /** Jobs running here, by BullMQ id. */
  private readonly running = new Map<string, Running>();
  private nextLocal = 1;
  private stopping = false;
  /** Redis lost for longer than the timeout: the watchdog's error. */
  private lost: Error | undefined;
  private wake: () => void = () => undefined;
  private readonly ended = new Promise<void>((resolve) => (this.wake = resolve));
  /** The engine of split positions' tasks (the run policy's). */
  private readonly splitOn: EngineName;
  /**
   * Split positions' tasks: one table for this process's threads, as a local
   * split shares one, cleared when a new search (run, position, coordinator
   * session) begins. Machines share nothing; the threads of one do.
   */
  private split: { search: string; ref: SharedTableRef } | undefined;

  constructor(
    private readonly o: ServeOptions,
    private readonly client: Redis,
    private readonly bull: Bull,
    private readonly log: Log,
  ) {
    this.queue = queueOf(o);
    this.splitOn = splitEngine(o.engine, o.workers);
    const common: RunSettings = { ...runSettingsOf(o), weights: o.weights };
    this.pool = new Scheduler<TaskInput>(
      { workers: o.workers, filename: new URL('../pool/worker-entry.cjs', import.meta.url).href, liveFields: LIVE_FIELDS, common },
      (_index, reason, willRetry) => log(`a thread died (${reason})${willRetry ? ', retrying its task' : ''}`),
    );
  }

  async serve(signal: AbortSignal): Promise<ServeReport> {
    const { o, client } = this;
    const subscriber = client.duplicate();
    subscriber.on('error', () => undefined); // connection trouble: the watchdog decides and says so
    const watchdog = new Watchdog(
      client,
      o.address,
      o.redisTimeoutMs,
      (e) => {
        this.lost = e;
        this.wake();
      },
      this.log,
    );
    await subscriber.subscribe(CANCEL_CHANNEL);
    subscriber.on('message', (_channel: string, message: string) => this.cancelled(message));
    const worker = this.bullWorker();
    const stop = () => this.stop();
    signal.addEventListener('abort', stop, { once: true });
    this.log(
      `revsolve worker ${hostname()}:${process.pid}: ${o.workers} thread${o.workers === 1 ? '' : 's'} on ${o.address.url}, queue ${this.queue.name} (${this.queue.describe}); ` +
        `the ${o.engine} engine${this.splitOn !== o.engine ? ` (split tasks: ${this.splitOn}, past ${MAX_THREADS - 1} threads)` : ''}`,
    );
    const runLoop = worker.run();
    try {
      await Promise.race([this.ended, runLoop]);
    } finally {
      stop();
      watchdog.stop();
      // With Redis gone, closing cannot reach it: bounded.
      await within(worker.close(), this.lost ? 1000 : 10_000);
      await within(runLoop, 1000);
      await this.pool.destroy();
      subscriber.disconnect();
      client.disconnect();
      signal.removeEventListener('abort', stop);
    }
    if (this.lost) throw this.lost;
    return this.report;
  }

  private bullWorker(): BullWorker<JobData> {
    const { o } = this;
    const worker = new this.bull.Worker<JobData>(this.queue.name, (job, token) => this.process(job, token), {
      connection: connectionOptions(o.address),
      concurrency: o.workers,
      lockDuration: o.lockMs,
      stalledInterval: o.stallMs,
      maxStalledCount: o.maxStalled,
      // Its threads last: a coordinator counts the queue's threads from the names (remote.ts, workerThreads).
      name: `${hostname()}:${process.pid}:${o.workers}`,
      autorun: false,
    });
    worker.on('failed', (job, e) => {
      if (e instanceof this.bull.WaitingError || e.name === 'WaitingError') return;
      this.report.failed++;
      this.log(`job ${job?.id ?? '?'} failed: ${e.message}`);
    });
    worker.on('error', () => undefined); // connection trouble: the watchdog decides
    return worker;
  }

  /** A coordinator's cancel message ("<queue> <job id>"): the task's stop flag is set. */
  private cancelled(message: string): void {
    const [name, id] = message.split(' ');
    const r = name === this.queue.name ? this.running.get(id) : undefined;
    if (!r || r.cancelled) return;
    r.cancelled = true;
    if (r.handle) this.pool.cancel(r.handle);
  }

  /** Stopping: every running job's task is told to stop; each goes back to the queue (process). */
  private stop(): void {
    this.stopping = true;
    for (const r of this.running.values()) {
      r.cancelled = true;
      if (r.handle) this.pool.cancel(r.handle);
    }
    this.wake();
  }

  private splitTable(search: string): { table: SharedArrayBuffer | null; engineShare: EngineShare | null; tableId: number } {
    const { o } = this;
    if (!this.split) this.split = { search, ref: createSplitTable(0, o.hashBits, o.tableLayout, this.splitOn, searchEvaluator(o.weights)) };
    else if (this.split.search !== search) {
      this.split.ref.table.clear();
      this.split.search = search;
    }
    return { table: this.split.ref.buffer, engineShare: this.split.ref.engine ?? null, tableId: 0 };
  }

  /** BullMQ's processor: a job runs on the pool; its answer, or back to the queue when stopping. */
  private async process(job: BullJob<JobData>, token?: string): Promise<unknown> {
    const problem = jobProblem(job.data, this.queue.digest);
    if (problem) throw new this.bull.UnrecoverableError(problem);
    if (this.stopping) {
      await job.moveToWait(token);
      throw new this.bull.WaitingError();
    }
    const d = job.data;
    const t0 = Date.now();
    if (this.o.verbose) this.log(`took ${job.id} (${d.kind})`);
    const me: Running = { handle: undefined, local: this.nextLocal++, cancelled: false };
    this.running.set(job.id!, me);
    const progress = setInterval(() => this.reportProgress(job, me), this.o.progressMs);
    try {
      const result = await this.runJob(job, me);
      if (this.stopping) {
        // Back to the queue, at once: another worker takes it from the start.
        await job.moveToWait(token);
        this.report.returned++;
        throw new this.bull.WaitingError();
      }
      this.report.completed++;
      if (this.o.verbose)
        this.log(
          `ended ${job.id} in ${Date.now() - t0} ms on ${d.kind === 'solve' ? this.o.engine : this.splitOn}${me.cancelled ? ' (cancelled)' : ''}`,
        );
      if (me.cancelled) return { cancelled: true };
      if (result === null) throw new Error('the task was dropped');
      return result;
    } finally {
      clearInterval(progress);
      this.running.delete(job.id!);
    }
  }

  /** Progress for the coordinator's display: a whole position's nodes and bounds, a split task's nodes. */
  private reportProgress(job: BullJob<JobData>, me: Running): void {
    const { pool } = this;
    const nodes = pool.liveSum(me.local, LIVE_NODES);
    const update =
      job.data.kind === 'solve'
        ? {
            nodes,
            lower: pool.liveSum(me.local, LIVE_LOWER, -64),
            upper: pool.liveSum(me.local, LIVE_UPPER, 64),
            move: pool.liveSum(me.local, LIVE_MOVE, NO_MOVE),
          }
        : { nodes };
    void job.updateProgress(update).catch(() => undefined);
  }

  /** The job's task on the pool; a whole position's result is also written to its run's results in Redis. */
  private async runJob(job: BullJob<JobData>, me: Running): Promise<unknown> {
    const { pool } = this;
    const d = job.data;
    const onJob = (h: PoolJob) => {
      me.handle = h;
      if (me.cancelled) pool.cancel(h);
    };
    const position = { ph: d.ph, pl: d.pl, oh: d.oh, ol: d.ol };
    if (d.kind === 'solve') {
      const r = await pool.run<PositionResult>(
        { kind: 'solve', index: me.local, line: d.line!, ...position, toMove: d.toMove!, answers: [], keepTable: false },
        0,
        onJob,
      );
      if (!r || me.cancelled || this.stopping) return r;
      const record = {
        ...jsonRecord({ ...r, index: d.index }),
        position: formatPosition({ player: new U64(d.ph, d.pl), opponent: new U64(d.oh, d.ol), toMove: d.toMove! }),
        worker: `${hostname()}:${process.pid}`,
      };
      const keys = runKeys(d.run);
      if (await this.client.exists(keys.meta)) await this.client.hset(keys.results, String(d.index), JSON.stringify(record)); // else the run was cleaned away
      return record;
    }
    const onTable = { ...position, ...this.splitTable(job.id!.slice(0, job.id!.lastIndexOf('.'))), date: d.date! };
    if (d.kind === 'nws')
      return pool.run<NwsResult>(
        { kind: 'nws', index: me.local, ...onTable, alpha: d.alpha!, empties: 64 - popcount(d.ph | d.oh, d.pl | d.ol), seq: 1 },
        0,
        onJob,
      );
    if (d.kind === 'guess') return pool.run<GuessTaskResult>({ kind: 'guess', index: me.local, ...onTable }, 0, onJob);
    return pool.run<PvResult>({ kind: 'pv', index: me.local, ...onTable, score: d.score! }, 0, onJob);
  }
}

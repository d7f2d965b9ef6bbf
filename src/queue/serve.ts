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
import type { Job as BullJob } from 'bullmq';
import { LIVE_FIELDS, LIVE_LOWER, LIVE_MOVE, LIVE_NODES, LIVE_UPPER } from '../search/context.js';
import { NO_MOVE } from '../search/table.js';
import { searchEvaluator } from '../eval/files.js';
import { U64, popcount } from 'native-free-bitboard';
import { formatPosition } from '../position/position.js';
import { type Job as PoolJob, Scheduler } from '../run/schedule.js';
import type { GuessResult, NwsResult, PvResult, RunSettings, TaskInput } from '../run/tasks.js';
import type { PositionResult } from '../solve/solve.js';
import { jsonRecord } from '../run/results.js';
import { CANCEL_CHANNEL, type JobData, type QueueSettings, jobProblem, queueOf, runKeys } from './jobs.js';
import { type RedisAddress, Watchdog, connectionOptions, openRedis, within } from './redis.js';
import type { EngineName } from '../wasm/engine.js';
import type { EngineShare } from '../wasm/search.js';
import { createSplitTable, splitEngine } from '../run/policy.js';
import type { SharedTableRef } from '../run/split.js';
import { MAX_THREADS } from '../wasm/engine.js';

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
  /** The engine below the root of whole positions (the same tree either way). */
  readonly engine: EngineName;
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

/**
 * Serves until `signal` aborts (or Redis stays away longer than the
 * timeout: RedisUnreachable). Returns what was done.
 */
export async function serveQueue(o: ServeOptions, signal: AbortSignal, log: Log): Promise<ServeReport> {
  const queue = queueOf(o);
  const report: ServeReport = { completed: 0, failed: 0, returned: 0 };
  const client = await openRedis(o.address, o.redisTimeoutMs, signal);
  const { UnrecoverableError, WaitingError, Worker } = await import('bullmq'); // loaded when used: a local run does without it
  const subscriber = client.duplicate();
  subscriber.on('error', () => undefined); // connection trouble: the watchdog decides and says so
  const common: RunSettings = { weights: o.weights, selectivity: o.selectivity, off: 0, root: 'probes', engine: o.engine };
  const pool = new Scheduler<TaskInput>(
    { workers: o.workers, filename: new URL('../run/worker.js', import.meta.url).href, liveFields: LIVE_FIELDS, common },
    (_index, reason, willRetry) => log(`a thread died (${reason})${willRetry ? ', retrying its task' : ''}`),
  );
  // Jobs running here: BullMQ id → the pool's handle, and a local index (several runs may share an index).
  const running = new Map<string, { handle?: PoolJob; local: number; cancelled: boolean }>();
  let nextLocal = 1;
  let stopping = false;
  let lost: Error | undefined;
  let wake: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (wake = resolve));

  const watchdog = new Watchdog(client, o.address, o.redisTimeoutMs, (e) => {
    lost = e;
    wake();
  }, log);

  await subscriber.subscribe(CANCEL_CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => {
    const [name, id] = message.split(' ');
    const r = name === queue.name ? running.get(id) : undefined;
    if (!r || r.cancelled) return;
    r.cancelled = true;
    if (r.handle) pool.cancel(r.handle);
  });

  // Split positions' tasks: one table for this process's threads, as a local
  // split shares one, cleared when a new search (run, position, coordinator
  // session) begins. Machines share nothing; the threads of one do.
  const splitOn = splitEngine(o.engine, o.workers);
  let split: { search: string; ref: SharedTableRef } | undefined;
  const splitTable = (search: string): { table: SharedArrayBuffer | null; engineShare: EngineShare | null; tableId: number } => {
    if (!split) split = { search, ref: createSplitTable(0, o.bits, o.layout, splitOn, searchEvaluator(o.weights)) };
    else if (split.search !== search) {
      split.ref.table.clear();
      split.search = search;
    }
    return { table: split.ref.buffer, engineShare: split.ref.engine ?? null, tableId: 0 };
  };

  const processor = async (job: BullJob<JobData>, token?: string): Promise<unknown> => {
    const problem = jobProblem(job.data, queue.digest);
    if (problem) throw new UnrecoverableError(problem);
    if (stopping) {
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const d = job.data;
    const t0 = Date.now();
    if (o.verbose) log(`took ${job.id} (${d.kind})`);
    const me = { handle: undefined as PoolJob | undefined, local: nextLocal++, cancelled: false };
    running.set(job.id!, me);
    const onJob = (h: PoolJob) => {
      me.handle = h;
      if (me.cancelled) pool.cancel(h);
    };
    const position = { ph: d.ph, pl: d.pl, oh: d.oh, ol: d.ol, bits: o.bits, layout: o.layout };
    const onTable = d.kind === 'solve' ? undefined : { ...position, ...splitTable(job.id!.slice(0, job.id!.lastIndexOf('.'))), date: d.date! };
    // Progress for the coordinator's display: a whole position's nodes and bounds, a split task's nodes.
    const progress = setInterval(() => {
      const nodes = pool.liveSum(me.local, LIVE_NODES);
      const update = d.kind === 'solve'
        ? { nodes, lower: pool.liveSum(me.local, LIVE_LOWER, -64), upper: pool.liveSum(me.local, LIVE_UPPER, 64), move: pool.liveSum(me.local, LIVE_MOVE, NO_MOVE) }
        : { nodes };
      void job.updateProgress(update).catch(() => undefined);
    }, o.progressMs);
    try {
      let result: unknown;
      if (d.kind === 'solve') {
        const r = await pool.run<PositionResult>({ kind: 'solve', index: me.local, line: d.line!, ...position, toMove: d.toMove!, answers: [], keepTable: false }, 0, onJob);
        if (r && !me.cancelled && !stopping) {
          const record = { ...jsonRecord({ ...r, index: d.index }), position: formatPosition({ player: new U64(d.ph, d.pl), opponent: new U64(d.oh, d.ol), toMove: d.toMove! }), worker: `${hostname()}:${process.pid}` };
          result = record;
          const keys = runKeys(d.run);
          if (await client.exists(keys.meta)) await client.hset(keys.results, String(d.index), JSON.stringify(record)); // else the run was cleaned away
        }
      } else if (d.kind === 'nws') {
        result = await pool.run<NwsResult>({ kind: 'nws', index: me.local, ...onTable!, alpha: d.alpha!, empties: 64 - popcount(d.ph | d.oh, d.pl | d.ol), seq: 1 }, 0, onJob);
      } else if (d.kind === 'guess') {
        result = await pool.run<GuessResult>({ kind: 'guess', index: me.local, ...onTable! }, 0, onJob);
      } else {
        result = await pool.run<PvResult>({ kind: 'pv', index: me.local, ...onTable!, score: d.score! }, 0, onJob);
      }
      if (stopping) {
        // Back to the queue, at once: another worker takes it from the start.
        await job.moveToWait(token);
        report.returned++;
        throw new WaitingError();
      }
      report.completed++;
      if (o.verbose) log(`ended ${job.id} in ${Date.now() - t0} ms on ${d.kind === 'solve' ? o.engine : splitOn}${me.cancelled ? ' (cancelled)' : ''}`);
      if (me.cancelled) return { cancelled: true };
      if (result === null) throw new Error('the task was dropped');
      return result;
    } finally {
      clearInterval(progress);
      running.delete(job.id!);
    }
  };

  const worker = new Worker<JobData>(queue.name, processor, {
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
    if (e instanceof WaitingError || e.name === 'WaitingError') return;
    report.failed++;
    log(`job ${job?.id ?? '?'} failed: ${e.message}`);
  });
  worker.on('error', () => undefined); // connection trouble: the watchdog decides
  const stop = () => {
    stopping = true;
    for (const r of running.values()) {
      r.cancelled = true;
      if (r.handle) pool.cancel(r.handle);
    }
    wake();
  };
  signal.addEventListener('abort', stop, { once: true });
  log(`revsolve worker ${hostname()}:${process.pid}: ${o.workers} thread${o.workers === 1 ? '' : 's'} on ${o.address.url}, queue ${queue.name} (${queue.describe}); the ${o.engine} engine${splitOn !== o.engine ? ` (split tasks: ${splitOn}, past ${MAX_THREADS - 1} threads)` : ''}`);
  const runLoop = worker.run();
  try {
    await Promise.race([ended, runLoop]);
  } finally {
    stop();
    watchdog.stop();
    // With Redis gone, closing cannot reach it: bounded.
    await within(worker.close(), lost ? 1000 : 10_000);
    await within(runLoop, 1000);
    await pool.destroy();
    subscriber.disconnect();
    client.disconnect();
    signal.removeEventListener('abort', stop);
  }
  if (lost) throw lost;
  return report;
}

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
import type { ObfEntry } from '../position/obf.js';
import { emptyCount, formatPosition } from '../position/position.js';
import { loadEvaluator } from '../eval/files.js';
import { createTable, NO_MOVE } from '../search/table.js';
import type { Running, Watcher } from '../run/pool.js';
import { SplitSearch } from '../run/split.js';
import { jsonRecord, parseRecord } from '../run/results.js';
import type { PositionResult } from '../solve/solve.js';
import { type JobData, type QueueSettings, RUN_NAME, positionJobId, queueOf, runKeys } from './jobs.js';
import { type RedisAddress, RedisUnreachable, Watchdog, connectionOptions, openRedis, within } from './redis.js';
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
  readonly split: (empties: number) => boolean;
  readonly leafEmpties: number;
  /** A lone split task gets a copy on an idle thread after this many ms (Infinity: never; remote.ts). */
  readonly raceAfterMs: number;
  /** Called once the run is this coordinator's (new, or taken up with resume), before any result: the CLI prints its header then, not before a refusal. */
  readonly claimed?: () => void;
}

/** A run that exists already, or holds another suite: the user must choose. */
export class RunConflict extends Error {}

export interface QueueOutcome {
  /** Every position got a result or failed (false: stopped by the signal). */
  readonly complete: boolean;
  /** Results read back from Redis (an earlier session of the run). */
  readonly fromRedis: number;
  /** Split positions: tasks sent, copies raced and won, waiting jobs removed, ms from a running job's cancel to its end, jobs out. */
  readonly tasks: { sent: number; copied: number; copyWon: number; cancelledWaiting: number; cancelMs: readonly number[]; peakOut: number; meanOut: number };
}

/** The digest of a suite's positions, in order. */
export function suiteDigest(entries: readonly ObfEntry[]): string {
  const h = createHash('sha256');
  for (const e of entries) h.update(formatPosition(e.position) + '\n');
  return h.digest('hex');
}

/** The default run name: the suite's name and a digest of its positions and the queue. */
export function defaultRunName(source: string, entries: readonly ObfEntry[], s: QueueSettings): string {
  const base = (source.split('/').pop() ?? 'suite').replace(/\.obf$/, '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'suite';
  return `${base}-${createHash('sha256').update(suiteDigest(entries) + queueOf(s).name).digest('hex').slice(0, 8)}`;
}

/**
 * Solves `todo` (entries with their 1-based indices) of the suite `entries`
 * through the queue; `known`: indices whose results the caller has (its
 * --results file), not reported again.
 */
export async function solveOnQueue(
  entries: readonly ObfEntry[], todo: ReadonlyArray<{ entry: ObfEntry; index: number }>, known: ReadonlySet<number>, o: QueueRunOptions,
  onResult: (r: PositionResult) => void, onFailure: (index: number, reason: string) => void, signal?: AbortSignal, watcher?: Watcher,
): Promise<QueueOutcome> {
  if (!RUN_NAME.test(o.run)) throw new RunConflict(`--run: ${o.run}: a run name is 1 to 100 letters, digits, '.', '_' or '-'`);
  const queueName = queueOf(o);
  const client = await openRedis(o.address, o.redisTimeoutMs, signal);
  const bull = await import('bullmq'); // loaded when used: a local run does without it
  const keys = runKeys(o.run);
  let queue: Queue | undefined;
  let events: QueueEvents | undefined;
  let watchdog: Watchdog | undefined;
  let runner: RemoteRunner | undefined;
  try {
    // Redis gone longer than the timeout ends the run wherever it waits: every
    // wait on Redis below is raced against this.
    let lostWith: RedisUnreachable | undefined;
    let wake: () => void = () => undefined;
    const woken = () => new Promise<void>((resolve) => (wake = resolve));
    let tick = woken();
    let reject: (e: RedisUnreachable) => void = () => undefined;
    const lost = new Promise<never>((_, r) => (reject = r));
    lost.catch(() => undefined);
    watchdog = new Watchdog(client, o.address, o.redisTimeoutMs, (e) => {
      lostWith = e;
      reject(e);
      wake();
    });
    const guard = <T>(p: Promise<T>): Promise<T> => Promise.race([p, lost]);
    const onAbort = () => wake();
    signal?.addEventListener('abort', onAbort, { once: true });

    // The run's record: a new run, or the same suite on the same queue.
    const digest = suiteDigest(entries);
    const meta = await guard(client.hgetall(keys.meta));
    if (meta.suite !== undefined) {
      if (!o.resume) throw new RunConflict(`run ${o.run} exists in ${o.address.url} already: add --resume to go on with it, or remove it (revsolve queue clean ${o.address.url} --run ${o.run})`);
      if (meta.suite !== digest || meta.queue !== queueName.name) {
        throw new RunConflict(`run ${o.run} in ${o.address.url} is another suite or other settings (queue ${meta.queue}, ${meta.count} positions): choose another --run`);
      }
    } else {
      await guard(client.hset(keys.meta, { suite: digest, queue: queueName.name, count: String(entries.length), created: new Date().toISOString(), settings: queueName.describe }));
    }
    o.claimed?.();

    queue = new bull.Queue(queueName.name, { connection: connectionOptions(o.address) });
    queue.on('error', () => undefined); // the watchdog decides
    events = new bull.QueueEvents(queueName.name, { connection: connectionOptions(o.address) });
    events.on('error', () => undefined);
    await guard(events.waitUntilReady());
    const session = randomBytes(4).toString('hex');
    runner = new RemoteRunner(queue, client, queueName.digest, o.run, session, o.raceAfterMs);

    const whole = todo.filter((j) => !o.split(emptyCount(j.entry.position)));
    const split = todo.filter((j) => o.split(emptyCount(j.entry.position)));
    const pending = new Set(whole.map((j) => j.index));
    const reported = new Set<number>(known);
    let fromRedis = 0;
    // Each position is reported once: its result, or its failure.
    const settle = (index: number, report: () => void) => {
      if (reported.has(index)) return;
      reported.add(index);
      pending.delete(index);
      watcher?.ended(index);
      report();
      wake();
    };
    const deliver = (r: PositionResult) => settle(r.index, () => onResult(r));
    const fail = (index: number, reason: string) => settle(index, () => onFailure(index, reason));
    const wholeIndex = (id: string): number => {
      const m = /^(.*)\.(\d+)$/.exec(id);
      return m && m[1] === o.run ? Number(m[2]) : 0;
    };
    const record = (value: unknown, where: string): PositionResult | null => {
      const parsed = typeof value === 'string' ? safeJson(value) : value;
      const r = parseRecord(parsed, entries, where);
      return typeof r === 'string' ? null : r;
    };

    // Live display: a position is running from its job's first 'active'.
    const live = new Map<number, { nodes: number; lower: number; upper: number; move: number }>();
    const started = new Set<number>();
    events.on('active', ({ jobId }) => {
      if (runner!.owns(jobId)) return runner!.activated(jobId);
      const index = wholeIndex(jobId);
      if (!index || !pending.has(index) || started.has(index)) return;
      started.add(index);
      const running: Running = {
        index, empties: emptyCount(entries[index - 1].position), startMs: Number(process.hrtime.bigint()) / 1e6, split: false,
        nodes: () => live.get(index)?.nodes ?? 0,
        bounds: () => live.get(index) ?? { lower: -64, upper: 64, move: NO_MOVE },
      };
      watcher?.started(running);
    });
    events.on('progress', ({ jobId, data }) => {
      if (runner?.owns(jobId)) return runner.progress(jobId, data);
      const index = wholeIndex(jobId);
      if (index && data && typeof data === 'object') live.set(index, data as { nodes: number; lower: number; upper: number; move: number });
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      if (runner!.owns(jobId)) return runner!.completed(jobId, typeof returnvalue === 'string' ? safeJson(returnvalue) : returnvalue);
      const index = wholeIndex(jobId);
      if (!index || !pending.has(index)) return;
      const r = record(returnvalue, `job ${jobId}`);
      if (r) deliver(r);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      if (runner!.owns(jobId)) return runner!.failedTask(jobId, failedReason);
      const index = wholeIndex(jobId);
      if (index && pending.has(index)) fail(index, failedReason);
    });

    // What Redis holds already (an earlier session of this run).
    const held = await guard(client.hgetall(keys.results));
    for (const [field, text] of Object.entries(held)) {
      const r = record(text, `${keys.results} ${field}`);
      if (r && !reported.has(r.index)) {
        fromRedis++;
        deliver(r);
      }
    }
    // A restarted coordinator's old subtree tasks are of no use: remove those still waiting.
    if (o.resume) {
      for (const j of await guard(queue.getJobs(['waiting', 'prioritized', 'delayed']))) {
        // `<run>.<index>` is a whole position; `<run>.<index>.<session>.<seq>` a subtree task.
        const rest = j?.id?.startsWith(`${o.run}.`) ? j.id.slice(o.run.length + 1) : '';
        if (rest.includes('.')) await guard(j.remove().catch(() => undefined));
      }
    }
    // Enqueue the whole positions that have neither a result nor a job; a failed job is tried again.
    const jobOf = (index: number) => {
      const entry = entries[index - 1];
      const { player, opponent, toMove } = entry.position;
      const data: JobData = { v: 1, q: queueName.digest, run: o.run, index, kind: 'solve', ph: player.hi, pl: player.lo, oh: opponent.hi, ol: opponent.lo, toMove, line: entry.line };
      // Most empties first, as the local pool orders them.
      const opts = { jobId: positionJobId(o.run, index), priority: WHOLE_PRIORITY + 64 - emptyCount(entry.position), attempts: 1, removeOnComplete: true, removeOnFail: false };
      return { name: 'solve', data, opts };
    };
    const toAdd: ReturnType<typeof jobOf>[] = [];
    for (const { index } of whole) {
      if (!pending.has(index)) continue;
      if (o.resume) {
        const id = positionJobId(o.run, index);
        const state = await guard(queue.getJobState(id));
        if (state === 'failed') await guard(queue.remove(id));
        else if (state !== 'unknown') continue;
      }
      toAdd.push(jobOf(index));
    }
    if (toAdd.length > 0) await guard(queue.addBulk(toAdd));

    // The split positions, one at a time, here.
    let splitFailure: unknown;
    const splitting = (async () => {
      if (split.length === 0) return;
      const evaluator = loadEvaluator(o.evalFile);
      const table = createTable(o.bits, o.layout);
      // The queue's threads, now and then: how many copies idle threads may race (remote.ts).
      const threads = async () => {
        runner!.capacity = await workerThreads(queue!).catch(() => runner!.capacity);
      };
      await threads();
      const poll = setInterval(() => void threads(), 2000);
      try {
        for (const { entry, index } of split) {
          if (signal?.aborted || lostWith) return;
          if (reported.has(index)) continue;
          const search = new SplitSearch(runner!, { id: 0, buffer: null, table }, evaluator, 0, index, 0, o.leafEmpties);
          watcher?.started({
            index, empties: emptyCount(entry.position), startMs: Number(process.hrtime.bigint()) / 1e6, split: true,
            nodes: () => search.liveNodes(), bounds: () => ({ lower: search.lower, upper: search.upper, move: search.move }),
          });
          try {
            const r = await search.solve(entry, false);
            if (!signal?.aborted && !lostWith) {
              await guard(client.hset(keys.results, String(index), JSON.stringify({ ...jsonRecord(r), position: formatPosition(entry.position) })));
              deliver(r);
            }
          } catch (e) {
            if (signal?.aborted || lostWith) return;
            fail(index, e instanceof Error ? e.message : String(e));
          } finally {
            runner!.cancelAll();
          }
        }
      } finally {
        clearInterval(poll);
      }
    })().catch((e: unknown) => {
      splitFailure = e;
      wake();
    });

    // Wait for every position, reading the results hash now and then in case an event was missed.
    let lastCheck = Date.now();
    let lastStates = Date.now();
    let splitsDone = false;
    void splitting.then(() => {
      splitsDone = true;
      wake();
    });
    for (;;) {
      if (lostWith) throw lostWith;
      if (splitFailure) throw splitFailure;
      if (signal?.aborted) return { complete: false, fromRedis, tasks: taskStats(runner) };
      if (pending.size === 0 && splitsDone) break;
      const timer = setTimeout(() => wake(), 2000);
      await tick;
      clearTimeout(timer);
      tick = woken();
      if (lostWith || signal?.aborted || watchdog.down) continue;
      const now = Date.now();
      if (pending.size > 0 && now - lastCheck >= 2000) {
        lastCheck = now;
        const ids = [...pending];
        const texts = await guard(client.hmget(keys.results, ...ids.map(String)));
        texts.forEach((t, i) => {
          if (t === null) return;
          const r = record(t, `${keys.results} ${ids[i]}`);
          if (r) deliver(r);
        });
      }
      // Now and then, the states of the jobs still out: failed, or gone.
      if (pending.size > 0 && now - lastStates >= 5000) {
        lastStates = now;
        for (const index of [...pending].slice(0, 200)) {
          const id = positionJobId(o.run, index);
          const state = await guard(queue.getJobState(id));
          if (state === 'failed') fail(index, (await guard(queue.getJob(id)))?.failedReason ?? 'failed');
          // Gone without a result (removed by hand, or a Redis without persistence restarted): queued again.
          else if (state === 'unknown' && (await guard(client.hexists(keys.results, String(index)))) === 0) {
            const { name, data, opts } = jobOf(index);
            await guard(queue.add(name, data, opts));
          }
        }
      }
    }
    await splitting;
    signal?.removeEventListener('abort', onAbort);
    return { complete: true, fromRedis, tasks: taskStats(runner) };
  } finally {
    runner?.cancelAll();
    watchdog?.stop();
    const gone = watchdog !== undefined && watchdog.down !== 0;
    await within(Promise.all([events?.close(), queue?.close()]), gone ? 500 : 5000);
    client.disconnect();
  }
}

function taskStats(r: RemoteRunner | undefined): QueueOutcome['tasks'] {
  return { sent: r?.sent ?? 0, copied: r?.copied ?? 0, copyWon: r?.copyWon ?? 0, cancelledWaiting: r?.cancelledWaiting ?? 0, cancelMs: r?.cancelMs ?? [], peakOut: r?.peakOut ?? 0, meanOut: r?.meanOut ?? 0 };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

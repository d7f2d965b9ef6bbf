/**
 * The split search's tasks on queue workers instead of local threads
 * (SplitSearch takes any TaskRunner). A task is a job of its own; its
 * priority keeps the local scheduler's order (leftmost in the tree first),
 * and every task goes before any whole position of the suite. Cancelling a
 * task that waits removes it; one that runs is told through CANCEL_CHANNEL,
 * and the time until its worker gives it back is measured.
 *
 * Racing: machines share no table, so a subtree searched again (another
 * window of the root, or the final principal variation) is fast only on the
 * worker that searched it before, and a task running alone holds the whole
 * search up. When workers sit idle (no task of ours waits, fewer jobs out
 * than the workers' threads), each task with one job that has run for
 * `raceAfterMs`, leftmost first, gets a copy on a free thread: the first
 * copy to answer settles it, the other is stopped. A new task takes the
 * place of a copy at once when no thread is free. (Splitting a lone task
 * into its children's tasks instead searched more and took longer:
 * bench/README, "Through the queue".)
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { TaskRunner } from '../pool/slots.js';
import type { TaskInput } from '../pool/tasks.js';
import { LIVE_NODES } from '../search/context.js';
import { CANCEL_CHANNEL, type JobData } from './jobs.js';

/** Whole positions' jobs come after every split task. */
export const WHOLE_PRIORITY = 1 << 20;

/** A lone task gets a copy once it has run this long (ms), by default: shorter ones mostly end before a copy would start. */
export const RACE_AFTER_MS = 250;

/** Priority (lower first) from a task's path in its tree: the first levels, 3 bits each (children past 7 share one). */
export function taskPriority(path: readonly number[]): number {
  let p = 0;
  for (let level = 0; level < 6; level++) p = p * 8 + Math.min(path[level] ?? 0, 7);
  return 1 + p;
}

/**
 * The worker threads serving a queue, from BullMQ's list of its workers'
 * connections (CLIENT LIST): each worker's name ends in its thread count
 * (serve.ts); a worker named otherwise counts as one.
 */
export async function workerThreads(queue: Queue): Promise<number> {
  let n = 0;
  for (const w of await queue.getWorkers()) {
    const m = /:(\d+)$/.exec(String((w as { rawname?: string }).rawname ?? ''));
    n += m ? Math.max(1, Number(m[1])) : 1;
  }
  return n;
}

/** One job of a task: the task's first, or a copy raced against it. */
interface Copy {
  readonly jobId: string;
  readonly task: RemoteTask;
  /** When a worker took it (ms), 0 while it waits. */
  active: number;
  /** Told to stop (removed, or cancelled running): going. */
  stopping: boolean;
  /** When a cancel was sent to it running (ms), 0 if none. */
  cancelSentAt: number;
  /** Nodes its worker last reported searching (job progress). */
  nodes: number;
}

export interface RemoteTask {
  readonly id: string;
  settled: boolean;
  readonly data: JobData;
  readonly priority: number;
  readonly copies: Copy[];
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

export class RemoteRunner implements TaskRunner<TaskInput, RemoteTask> {
  private seq = 0;
  /** Every job out (sent, not ended), by id. */
  private readonly jobs = new Map<string, Copy>();
  /** Cancels of running jobs: ms from the message to the job's end. */
  readonly cancelMs: number[] = [];
  cancelledWaiting = 0;
  /** Tasks sent (copies not counted). */
  sent = 0;
  /** Copies raced, and how many of them answered first. */
  copied = 0;
  copyWon = 0;
  /** Worker threads on the queue (the coordinator keeps it up to date); 0: unknown, no copies. */
  capacity = 0;
  /** Jobs out: the most at once, and their time-weighted sum since the first (the parallelism the search offered). */
  peakOut = 0;
  private outArea = 0;
  private since = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: Queue,
    private readonly client: Redis,
    private readonly digest: string,
    private readonly runName: string,
    /** Unique per coordinator session: a restarted coordinator's tasks never take the ids of the old one's. */
    private readonly session: string,
    /** A lone task gets a copy after this many ms (Infinity: never). */
    private readonly raceAfterMs = RACE_AFTER_MS,
  ) {}

  /** Called before the jobs out change: adds the time since the last change at the count until now. */
  private tally(): void {
    const now = Date.now();
    if (this.since === 0) this.since = this.last = now;
    this.outArea += this.jobs.size * (now - this.last);
    this.last = now;
  }

  /** Jobs out on average, over the time since the first was sent. */
  get meanOut(): number {
    const span = this.last - this.since;
    return span > 0 ? this.outArea / span : 0;
  }

  /** Is this job id one of this runner's jobs? */
  owns(id: string): boolean {
    return this.jobs.has(id);
  }

  run<R>(task: TaskInput, _rank: number, onJob?: (job: RemoteTask) => void, path: readonly number[] = []): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      if (task.kind === 'solve' || task.kind === 'estimate' || task.kind === 'prepare' || task.kind === 'help')
        throw new Error(`${task.kind} tasks are not the queue's (whole positions are jobs of their own)`);
      const t = task as TaskInput & { alpha?: number; score?: number; date: number };
      const data: JobData = {
        v: 1,
        q: this.digest,
        run: this.runName,
        index: task.index,
        kind: task.kind,
        ph: t.ph,
        pl: t.pl,
        oh: t.oh,
        ol: t.ol,
        date: t.date,
        ...(t.kind === 'nws' ? { alpha: t.alpha } : {}),
        ...(t.kind === 'pv' ? { score: t.score } : {}),
      };
      const handle: RemoteTask = {
        id: this.nextId(task.index),
        settled: false,
        data,
        priority: taskPriority(path),
        copies: [],
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      onJob?.(handle);
      this.sent++;
      this.send(handle, handle.id);
      this.balance();
    });
  }

  private nextId(index: number): string {
    return `${this.runName}.${index}.${this.session}.${this.seq++}`;
  }

  /** Queues a job of `t`: its first (jobId = t.id) or a copy. */
  private send(t: RemoteTask, jobId: string): void {
    const copy: Copy = { jobId, task: t, active: 0, stopping: false, cancelSentAt: 0, nodes: 0 };
    t.copies.push(copy);
    this.tally();
    this.jobs.set(jobId, copy);
    if (this.jobs.size > this.peakOut) this.peakOut = this.jobs.size;
    this.queue
      .add(t.data.kind, t.data, { jobId, priority: t.priority, attempts: 1, removeOnComplete: true, removeOnFail: true })
      .catch((e: Error) => this.failedTask(jobId, `not queued: ${e.message}`));
  }

  private drop(copy: Copy): void {
    if (!this.jobs.has(copy.jobId)) return;
    this.tally();
    this.jobs.delete(copy.jobId);
    const at = copy.task.copies.indexOf(copy);
    if (at >= 0) copy.task.copies.splice(at, 1);
  }

  /** A worker took this job. */
  activated(id: string): void {
    const c = this.jobs.get(id);
    if (c && c.active === 0) c.active = Date.now();
    this.balance();
  }

  /** A worker's progress report of a running job: its live nodes. */
  progress(id: string, data: unknown): void {
    const c = this.jobs.get(id);
    const nodes = data !== null && typeof data === 'object' ? (data as { nodes?: unknown }).nodes : undefined;
    if (c && typeof nodes === 'number' && Number.isFinite(nodes)) c.nodes = nodes;
  }

  /** A job completed (its result, or { cancelled: true }). */
  completed(id: string, value: unknown): void {
    const c = this.jobs.get(id);
    if (!c) return;
    this.drop(c);
    if (c.cancelSentAt > 0) this.cancelMs.push(Date.now() - c.cancelSentAt);
    const t = c.task;
    const v = value as { cancelled?: boolean } | null;
    const cancelled = v !== null && typeof v === 'object' && v.cancelled === true;
    if (!t.settled && !(cancelled && t.copies.length > 0)) {
      t.settled = true;
      if (!cancelled && c.jobId !== t.id) this.copyWon++;
      for (const other of [...t.copies]) this.stopCopy(other);
      t.resolve(cancelled ? null : value);
    }
    this.balance();
  }

  failedTask(id: string, reason: string): void {
    const c = this.jobs.get(id);
    if (!c) return;
    this.drop(c);
    const t = c.task;
    if (!t.settled && t.copies.length === 0) {
      t.settled = true;
      t.reject(new Error(`a subtree task failed: ${reason}`));
    }
    this.balance();
  }

  cancel(t: RemoteTask): void {
    if (t.settled) return;
    t.settled = true;
    t.resolve(null);
    for (const c of [...t.copies]) this.stopCopy(c);
    this.balance();
  }

  /** Waiting: remove it (1). Running (locked: 0): tell its worker. */
  private stopCopy(c: Copy): void {
    if (c.stopping) return;
    c.stopping = true;
    this.queue
      .remove(c.jobId)
      .then((removed) => {
        if (removed === 1 && this.jobs.has(c.jobId)) {
          this.drop(c);
          this.cancelledWaiting++;
          this.balance();
        } else if (this.jobs.has(c.jobId)) {
          c.cancelSentAt = Date.now();
          return this.client.publish(CANCEL_CHANNEL, `${this.queue.name} ${c.jobId}`);
        }
        return undefined;
      })
      .catch(() => undefined);
  }

  /**
   * Copies for idle threads, and threads back from copies when a task waits.
   * Jobs already told to stop still hold their threads for the few ms they
   * take to answer; they are counted as out.
   */
  private balance(): void {
    if (this.capacity <= 0 || this.raceAfterMs === Infinity) return;
    const live = [...this.jobs.values()].filter((c) => !c.task.settled && !c.stopping);
    const isCopy = (c: Copy) => c.jobId !== c.task.id;
    if (live.some((c) => c.active === 0)) {
      // Something waits: copies waiting go; a task waiting takes the thread of the youngest running copy.
      for (const c of live) if (c.active === 0 && isCopy(c)) this.stopCopy(c);
      if (this.jobs.size <= this.capacity || !live.some((c) => c.active === 0 && !isCopy(c))) return;
      const running = live.filter((c) => c.active > 0 && isCopy(c)).sort((a, b) => b.active - a.active);
      if (running.length > 0) this.stopCopy(running[0]);
      return;
    }
    const now = Date.now();
    let next = Infinity;
    let free = this.capacity - this.jobs.size;
    const lone = live.filter((c) => c.task.copies.length === 1 && (c.task.data.kind === 'nws' || c.task.data.kind === 'pv'));
    lone.sort((a, b) => a.task.priority - b.task.priority || a.active - b.active);
    for (const c of lone) {
      if (free <= 0) break;
      const ready = c.active + this.raceAfterMs;
      if (ready > now) {
        next = Math.min(next, ready);
        continue;
      }
      this.copied++;
      this.send(c.task, this.nextId(c.task.data.index));
      free--;
    }
    if (next < Infinity && this.timer === undefined) {
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.balance();
        },
        next - now + 1,
      );
    }
  }

  /**
   * Live nodes of position `index`'s running tasks, from their workers'
   * progress reports (each task counts its furthest copy: only the winner's
   * nodes are kept when it ends); any other field is `otherwise`.
   */
  liveSum(index: number, field: number, otherwise = 0): number {
    if (field !== LIVE_NODES) return otherwise;
    let sum = 0;
    for (const c of this.jobs.values()) {
      const t = c.task;
      if (c !== t.copies[0] || t.data.index !== index || t.settled) continue; // each task once
      let most = 0;
      for (const other of t.copies) most = Math.max(most, other.nodes);
      sum += most;
    }
    return sum;
  }

  /** Cancels every task still out (the position ended or the run stops). */
  cancelAll(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const c of [...this.jobs.values()]) this.cancel(c.task);
  }
}

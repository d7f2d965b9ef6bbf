/**
 * The split search's tasks on queue workers instead of local threads
 * (SplitSearch takes any TaskRunner). A task is a job of its own; its
 * priority keeps the local scheduler's order (leftmost in the tree first),
 * and every task goes before any whole position of the suite. Cancelling a
 * task that waits removes it; one that runs is told through CANCEL_CHANNEL,
 * and the time until its worker gives it back is measured.
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { TaskRunner } from '../run/schedule.js';
import type { TaskInput } from '../run/worker.js';
import { CANCEL_CHANNEL, type JobData } from './jobs.js';

/** Whole positions' jobs come after every split task. */
export const WHOLE_PRIORITY = 1 << 20;

/** Priority (lower first) from a task's path in its tree: the first levels, 3 bits each (children past 7 share one). */
export function taskPriority(path: readonly number[]): number {
  let p = 0;
  for (let level = 0; level < 6; level++) p = p * 8 + Math.min(path[level] ?? 0, 7);
  return 1 + p;
}

export interface RemoteTask {
  readonly id: string;
  settled: boolean;
  /** When a cancel was sent to a running task (ms), 0 if none. */
  cancelSentAt: number;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

export class RemoteRunner implements TaskRunner<TaskInput, RemoteTask> {
  private seq = 0;
  private readonly tasks = new Map<string, RemoteTask>();
  /** Cancels of running tasks: ms from the message to the task's end. */
  readonly cancelMs: number[] = [];
  cancelledWaiting = 0;
  sent = 0;
  /** Tasks out (sent, not ended): the most at once, and their time-weighted sum since the first (the parallelism the search offered). */
  peakOut = 0;
  private out = 0;
  private outArea = 0;
  private since = 0;
  private last = 0;

  constructor(
    private readonly queue: Queue,
    private readonly client: Redis,
    private readonly digest: string,
    private readonly runName: string,
    /** Unique per coordinator session: a restarted coordinator's tasks never take the ids of the old one's. */
    private readonly session: string,
  ) {}

  private count(delta: number): void {
    const now = Date.now();
    if (this.since === 0) this.since = this.last = now;
    this.outArea += this.out * (now - this.last);
    this.last = now;
    this.out += delta;
    if (this.out > this.peakOut) this.peakOut = this.out;
  }

  /** Tasks out on average, over the time since the first was sent. */
  get meanOut(): number {
    const span = this.last - this.since;
    return span > 0 ? this.outArea / span : 0;
  }

  /** Is this job id one of this runner's tasks? */
  owns(id: string): boolean {
    return this.tasks.has(id);
  }

  run<R>(task: TaskInput, _rank: number, onJob?: (job: RemoteTask) => void, path: readonly number[] = []): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      if (task.kind === 'solve') throw new Error('whole positions are jobs of their own');
      const id = `${this.runName}.${task.index}.${this.session}.${this.seq++}`;
      const t = task as TaskInput & { alpha?: number; score?: number; date: number };
      const data: JobData = {
        v: 1, q: this.digest, run: this.runName, index: task.index, kind: task.kind, ph: t.ph, pl: t.pl, oh: t.oh, ol: t.ol, date: t.date,
        ...(t.kind === 'nws' ? { alpha: t.alpha } : {}), ...(t.kind === 'pv' ? { score: t.score } : {}),
      };
      const handle: RemoteTask = { id, settled: false, cancelSentAt: 0, resolve: resolve as (v: unknown) => void, reject };
      this.tasks.set(id, handle);
      onJob?.(handle);
      this.sent++;
      this.count(1);
      this.queue.add(task.kind, data, { jobId: id, priority: taskPriority(path), attempts: 1, removeOnComplete: true, removeOnFail: true })
        .catch((e: Error) => this.failedTask(id, `not queued: ${e.message}`));
    });
  }

  /** A task's job completed (its result, or { cancelled: true }). */
  completed(id: string, value: unknown): void {
    const t = this.tasks.get(id);
    if (!t) return;
    this.tasks.delete(id);
    this.count(-1);
    if (t.cancelSentAt > 0) this.cancelMs.push(Date.now() - t.cancelSentAt);
    if (t.settled) return;
    t.settled = true;
    const v = value as { cancelled?: boolean } | null;
    t.resolve(v && typeof v === 'object' && v.cancelled ? null : value);
  }

  failedTask(id: string, reason: string): void {
    const t = this.tasks.get(id);
    if (!t) return;
    this.tasks.delete(id);
    this.count(-1);
    if (t.settled) return;
    t.settled = true;
    t.reject(new Error(`a subtree task failed: ${reason}`));
  }

  cancel(t: RemoteTask): void {
    if (t.settled) return;
    t.settled = true;
    t.resolve(null);
    // Waiting: remove it (1). Running (locked: 0): tell its worker.
    this.queue.remove(t.id).then(
      (removed) => {
        if (removed === 1 && this.tasks.delete(t.id)) {
          this.cancelledWaiting++;
          this.count(-1);
        } else if (this.tasks.has(t.id)) {
          t.cancelSentAt = Date.now();
          return this.client.publish(CANCEL_CHANNEL, `${this.queue.name} ${t.id}`);
        }
        return undefined;
      },
    ).catch(() => undefined);
  }

  liveSum(_index: number, _field: number, otherwise = 0): number {
    return otherwise; // the workers are elsewhere: only finished tasks count
  }

  /** Cancels every task still out (the position ended or the run stops). */
  cancelAll(): void {
    for (const t of [...this.tasks.values()]) this.cancel(t);
  }
}

/**
 * Hands tasks to a piscina pool, one per free worker, in priority order:
 * lower rank first (the position started first gets every worker it can
 * use, later ones fill in), then the leftmost in the position's tree (the
 * order a single thread would search, so that speculative work on younger
 * brothers runs only when nothing older is ready), then first come. Each running task has a slot
 * in two shared arrays: its live progress (nodes, bounds, move) and its stop
 * flag. A task whose worker dies is retried once on a fresh worker.
 */
import { Piscina } from 'piscina';
import { type Dispatched, type Job, type TaskRunner, takeFirst } from './runner.js';

export type { Dispatched, Job, TaskRunner } from './runner.js';

/** A worker died (crash, kill) on a position: retried once on a fresh worker, then given up. */
export type OnFailure = (index: number, reason: string, willRetry: boolean) => void;

export class GaveUp extends Error {}

export interface SchedulerSettings {
  readonly workers: number;
  /** The worker module (piscina's filename). */
  readonly filename: string;
  /** Numbers per slot in `live`. */
  readonly liveFields: number;
  /** Fields added to every task (the run's settings). */
  readonly common: object;
}

/** Tasks of type In (what a sender gives; the scheduler adds the Dispatched fields and the run's common ones). */
export class Scheduler<In extends { readonly index: number } = { readonly index: number }> implements TaskRunner<In, Job> {
  readonly workers: number;
  readonly liveFields: number;
  /** Per slot: liveFields numbers, written by the task running there. */
  readonly live: Float64Array;
  readonly stop: Int32Array;
  private readonly pool: Piscina;
  private readonly free: number[];
  private readonly queue: Job[] = [];
  private seq = 0;
  /** The job running in each slot. */
  readonly running: (Job | undefined)[];

  private readonly common: object;

  constructor(settings: SchedulerSettings, private readonly onFailure: OnFailure, private readonly signal?: AbortSignal) {
    const workers = settings.workers;
    this.workers = workers;
    this.liveFields = settings.liveFields;
    this.common = settings.common;
    this.pool = new Piscina({ filename: settings.filename, minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
    // The pool's own 'error' events carry no task: the answer of a task that
    // an abort stopped just as it replied (piscina no longer knows the task),
    // or a worker that failed between tasks (piscina replaces it). Every task
    // settles through its own promise; an unheard 'error' would throw from the
    // emitter and end the process (seen when a suite's loop is left early).
    this.pool.on('error', () => {});
    this.live = new Float64Array(new SharedArrayBuffer(8 * settings.liveFields * workers));
    this.stop = new Int32Array(new SharedArrayBuffer(4 * workers));
    this.free = Array.from({ length: workers }, (_, i) => workers - 1 - i);
    this.running = new Array(workers);
  }

  /**
   * Runs a task (its slot and shared arrays are filled in here); resolves to
   * its result, or to null when cancelled before it ran. Rejects with GaveUp
   * when its worker died twice, or with the abort.
   */
  run<R>(task: In, rank: number, onJob?: (job: Job) => void, path: readonly number[] = []): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      const full: Dispatched = { ...this.common, ...task, slot: -1, live: this.live.buffer as SharedArrayBuffer, stop: this.stop.buffer as SharedArrayBuffer, attempt: 1 };
      const job: Job = { task: full, rank, path, seq: this.seq++, slot: -1, cancelled: false, resolve: resolve as (v: unknown) => void, reject };
      onJob?.(job);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** A live field summed over the running tasks of position `index`; `otherwise` when none runs. */
  liveSum(index: number, field: number, otherwise = 0): number {
    let sum = 0;
    let found = false;
    for (let slot = 0; slot < this.workers; slot++) {
      if (this.running[slot]?.task.index === index) {
        sum += this.live[slot * this.liveFields + field];
        found = true;
      }
    }
    return found ? sum : otherwise;
  }

  cancel(job: Job): void {
    if (job.cancelled) return;
    job.cancelled = true;
    if (job.slot >= 0) Atomics.store(this.stop, job.slot, 1);
    else {
      const i = this.queue.indexOf(job);
      if (i >= 0) this.queue.splice(i, 1);
      job.resolve(null);
    }
  }

  private dispatch(): void {
    while (this.free.length > 0 && this.queue.length > 0 && !this.signal?.aborted) {
      const job = takeFirst(this.queue)!;
      const slot = this.free.pop()!;
      job.slot = slot;
      this.running[slot] = job;
      Atomics.store(this.stop, slot, 0);
      this.live.fill(0, slot * this.liveFields, (slot + 1) * this.liveFields);
      (job.task as { slot: number }).slot = slot;
      const done = () => {
        this.running[slot] = undefined;
        job.slot = -1;
        this.free.push(slot);
      };
      this.pool.run(job.task, { signal: this.signal }).then(
        (r) => {
          done();
          job.resolve(job.cancelled ? null : r); // a stopped search's value is no result
          this.dispatch();
        },
        (e: Error) => {
          done();
          if (this.signal?.aborted) job.reject(e);
          else if (job.cancelled) job.resolve(null);
          else {
            const retry = job.task.attempt === 1;
            this.onFailure(job.task.index, e.message, retry);
            if (retry) {
              (job.task as { attempt: number }).attempt = 2;
              this.queue.push(job);
            } else job.reject(new GaveUp(`position ${job.task.index}: the worker died twice (${e.message})`));
          }
          this.dispatch();
        },
      );
    }
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}

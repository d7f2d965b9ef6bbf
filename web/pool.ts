/**
 * The page's pool of Web Workers: what the split search and the page's
 * solves need of a task runner (src/run/schedule.ts TaskRunner), as the
 * Node pool's Scheduler does it with piscina: one task per free worker in
 * priority order (src/run/runner.ts), a slot per worker for live progress
 * and a stop flag. Cross-origin isolated, those slots and the tables are
 * shared memory and a stop reaches a running search through its flag;
 * without isolation nothing is shared (each worker its own table, progress
 * only when a task ends) and a stop terminates the worker and starts a new
 * one.
 */
import { LIVE_FIELDS } from '../src/search/context.js';
import { type Dispatched, type Job, type TaskRunner, takeFirst } from '../src/run/runner.js';
import type { RunSettings, Task, TaskInput } from '../src/run/tasks.js';
import type { FromWorker, ToWorker } from './worker.js';

export class WebPool implements TaskRunner<TaskInput, Job> {
  readonly live: Float64Array;
  readonly stop: Int32Array;
  private readonly workers: Worker[] = [];
  private readonly ready: Promise<void>[] = [];
  private readonly free: number[] = [];
  private readonly queue: Job[] = [];
  readonly running: (Job | undefined)[];
  private seq = 0;

  constructor(
    readonly size: number,
    /** Cross-origin isolated: slots and tables in shared memory. */
    readonly shared: boolean,
    private readonly module: WebAssembly.Module | null,
    private readonly common: RunSettings,
    private readonly url: URL,
  ) {
    const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.live = new Float64Array(buffer(8 * LIVE_FIELDS * size));
    this.stop = new Int32Array(buffer(4 * size));
    this.running = new Array(size);
    for (let slot = size - 1; slot >= 0; slot--) this.start(slot);
  }

  /** Resolves when every worker has its engine (rejects with the first worker's error). */
  whenReady(): Promise<void> {
    return Promise.all(this.ready).then(() => undefined);
  }

  /** Workers running a task now. */
  busy(): number {
    return this.running.filter((j) => j !== undefined).length;
  }

  private start(slot: number): void {
    const w = new Worker(this.url, { type: 'module', name: `revsolve ${slot}` });
    this.workers[slot] = w;
    this.ready[slot] = new Promise<void>((resolve, reject) => {
      w.onerror = (e) => reject(new Error(`worker ${slot}: ${e.message ?? 'failed to start'}`));
      w.onmessage = (e: MessageEvent<FromWorker>) => {
        if (e.data.type !== 'ready') return;
        w.onmessage = (m: MessageEvent<FromWorker>) => this.answer(slot, m.data);
        this.free.push(slot);
        resolve();
        this.dispatch();
      };
    });
    this.ready[slot].catch(() => undefined);
    w.postMessage({ type: 'init', module: this.module } satisfies ToWorker);
  }

  run<R>(task: TaskInput, rank: number, onJob?: (job: Job) => void, path: readonly number[] = []): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      const full: Dispatched = {
        ...this.common, ...task, slot: -1, attempt: 1,
        live: this.live.buffer as SharedArrayBuffer, stop: this.stop.buffer as SharedArrayBuffer,
      };
      const job: Job = { task: full, rank, path, seq: this.seq++, slot: -1, cancelled: false, resolve: resolve as (v: unknown) => void, reject };
      onJob?.(job);
      this.queue.push(job);
      this.dispatch();
    });
  }

  liveSum(index: number, field: number, otherwise = 0): number {
    let sum = 0;
    let found = false;
    for (let slot = 0; slot < this.size; slot++) {
      if (this.running[slot]?.task.index === index) {
        sum += this.live[slot * LIVE_FIELDS + field];
        found = true;
      }
    }
    return found ? sum : otherwise;
  }

  cancel(job: Job): void {
    if (job.cancelled) return;
    job.cancelled = true;
    if (job.slot < 0) {
      const i = this.queue.indexOf(job);
      if (i >= 0) this.queue.splice(i, 1);
      job.resolve(null);
    } else if (this.shared) Atomics.store(this.stop, job.slot, 1);
    else {
      // Nothing shared reaches the worker while it searches: it goes, a new one comes.
      const slot = job.slot;
      this.workers[slot].terminate();
      this.running[slot] = undefined;
      job.slot = -1;
      job.resolve(null);
      this.start(slot);
    }
  }

  /** Cancels every task, queued or running. */
  cancelAll(): void {
    for (const j of [...this.queue]) this.cancel(j);
    for (const j of this.running) if (j) this.cancel(j);
  }

  private dispatch(): void {
    while (this.free.length > 0 && this.queue.length > 0) {
      const job = takeFirst(this.queue)!;
      const slot = this.free.pop()!;
      job.slot = slot;
      this.running[slot] = job;
      Atomics.store(this.stop, slot, 0);
      this.live.fill(0, slot * LIVE_FIELDS, (slot + 1) * LIVE_FIELDS);
      (job.task as { slot: number }).slot = slot;
      this.workers[slot].postMessage({ type: 'task', id: job.seq, task: job.task as unknown as Task } satisfies ToWorker);
    }
  }

  private answer(slot: number, m: FromWorker): void {
    const job = this.running[slot];
    if (m.type === 'ready' || !job || m.id !== job.seq) return;
    this.running[slot] = undefined;
    job.slot = -1;
    this.free.push(slot);
    if (m.type === 'done') job.resolve(job.cancelled ? null : m.result);
    else if (job.cancelled) job.resolve(null);
    else job.reject(new Error(m.message));
    this.dispatch();
  }

  terminate(): void {
    this.cancelAll();
    for (const w of this.workers) w.terminate();
  }
}

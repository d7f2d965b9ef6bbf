/**
 * The page's pool of Web Workers: what the split search and the page's
 * solves need of a task runner (src/pool/schedule.ts TaskRunner), as the
 * Node pool's Scheduler does it with piscina: SlotRunner (src/pool/slots.ts)
 * with Web Workers for sending a task and stopping one. Cross-origin isolated, those slots and the tables are
 * shared memory and a stop reaches a running search through its flag;
 * without isolation nothing is shared (each worker its own table, progress
 * only when a task ends) and a stop terminates the worker and starts a new
 * one.
 */

import { type Job, SlotRunner } from '../src/pool/slots.js';
import type { RunSettings, Task, TaskInput } from '../src/pool/tasks.js';
import { LIVE_FIELDS } from '../src/search/context.js';
import type { FromWorker, ToWorker } from './worker.js';

export class WebPool extends SlotRunner<TaskInput> {
  private readonly threads: Worker[] = [];
  private readonly ready: Promise<void>[] = [];

  constructor(
    size: number,
    /** Cross-origin isolated: slots and tables in shared memory. */
    readonly shared: boolean,
    private readonly module: WebAssembly.Module | null,
    common: RunSettings,
    private readonly url: URL,
  ) {
    super(size, LIVE_FIELDS, common, shared);
    for (let slot = size - 1; slot >= 0; slot--) this.start(slot);
  }

  /** Resolves when every worker has its engine (rejects with the first worker's error). */
  whenReady(): Promise<void> {
    return Promise.all(this.ready).then(() => undefined);
  }

  private start(slot: number): void {
    const w = new Worker(this.url, { type: 'module', name: `revsolve ${slot}` });
    this.threads[slot] = w;
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

  protected send(job: Job, slot: number): void {
    this.threads[slot].postMessage({ type: 'task', id: job.seq, task: job.task as unknown as Task } satisfies ToWorker);
  }

  protected stopRunning(job: Job): void {
    if (this.shared) {
      Atomics.store(this.stop, job.slot, 1);
      return;
    }
    // Nothing shared reaches the worker while it searches: it goes, a new one comes.
    const slot = job.slot;
    this.threads[slot].terminate();
    this.release(job);
    job.resolve(null);
    this.start(slot);
  }

  private answer(slot: number, m: FromWorker): void {
    const job = this.running[slot];
    if (m.type === 'ready' || !job || m.id !== job.seq) return;
    this.finish(job, slot, m.type === 'done' ? { value: m.result } : { error: new Error(m.message) });
  }

  terminate(): void {
    this.cancelAll();
    for (const w of this.threads) w.terminate();
  }
}

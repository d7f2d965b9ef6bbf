/**
 * The Node pool: SlotRunner's slots and priority order (pool/slots.ts) on
 * piscina's worker threads. Lower rank first (the position started first
 * gets every worker it can use, later ones fill in), then the leftmost in
 * the position's tree (speculative work on younger brothers runs only when
 * nothing older is ready). A task whose worker dies is retried once on a
 * fresh worker.
 */
import { Piscina } from 'piscina';
import { type Job, SlotRunner } from './slots.js';

export type { Dispatched, Job, TaskRunner } from './slots.js';

/** A worker died (crash, kill) on a position: retried once on a fresh worker, then given up. */
export type OnFailure = (index: number, reason: string, willRetry: boolean) => void;

export class GaveUp extends Error {
  override name = 'GaveUp';
}

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
export class Scheduler<In extends { readonly index: number } = { readonly index: number }> extends SlotRunner<In> {
  private readonly pool: Piscina;

  constructor(
    settings: SchedulerSettings,
    private readonly onFailure: OnFailure,
    private readonly signal?: AbortSignal,
  ) {
    super(settings.workers, settings.liveFields, settings.common);
    const workers = settings.workers;
    this.pool = new Piscina({ filename: settings.filename, minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
    // The pool's own 'error' events carry no task: the answer of a task that
    // an abort stopped just as it replied (piscina no longer knows the task),
    // or a worker that failed between tasks (piscina replaces it). Every task
    // settles through its own promise; an unheard 'error' would throw from the
    // emitter and end the process (seen when a suite's loop is left early).
    this.pool.on('error', () => {});
    for (let slot = workers - 1; slot >= 0; slot--) this.free.push(slot);
  }

  protected override accepting(): boolean {
    return !this.signal?.aborted;
  }

  protected send(job: Job, slot: number): void {
    this.pool.run(job.task, { signal: this.signal }).then(
      (value) => this.finish(job, slot, { value }),
      (error: Error) => this.finish(job, slot, { error }),
    );
  }

  /** A running task stops at its flag and answers (its answer is then no result). */
  protected stopRunning(job: Job): void {
    Atomics.store(this.stop, job.slot, 1);
  }

  /** The run's abort rejects; a worker that died is retried once on a fresh worker. */
  protected override failed(job: Job, e: Error): void {
    if (this.signal?.aborted) job.reject(e);
    else if (job.cancelled) job.resolve(null);
    else if ((job.task as { once?: boolean }).once)
      job.reject(e); // a task that is not worth a retry (a helper: its position goes on without it)
    else {
      const retry = job.task.attempt === 1;
      this.onFailure(job.task.index, e.message, retry);
      if (retry) {
        (job.task as { attempt: number }).attempt = 2;
        this.requeue(job);
      } else job.reject(new GaveUp(`position ${job.task.index}: the worker died twice (${e.message})`));
    }
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}

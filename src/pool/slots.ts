/**
 * What runs the search's tasks, as the split search sees it: the pool's
 * Scheduler (piscina), the queue's coordinator, the web page's pool of Web
 * Workers. And the order in which queued tasks take a free worker: lower
 * rank first, then the leftmost in the position's tree, then first come.
 */
/** What the scheduler adds to every task it hands to a worker. */
export interface Dispatched {
  /** 1-based index of the position in its suite (tasks of one position share it). */
  readonly index: number;
  /** 1 for the first try, 2 for the retry on a fresh worker. */
  readonly attempt: number;
  /** The task's slot in `live` and `stop` (set when dispatched). */
  readonly slot: number;
  readonly live: SharedArrayBuffer;
  readonly stop: SharedArrayBuffer;
}

/**
 * What the split search needs of whatever runs its tasks: this pool, or the
 * distributed queue (queue/). H is the runner's handle on a task.
 */
export interface TaskRunner<In, H> {
  /** Runs a task; null when cancelled before it ran. `path`: where in its position's tree (priority). */
  run<R>(task: In, rank: number, onJob?: (job: H) => void, path?: readonly number[]): Promise<R | null>;
  /** Drops a queued task or tells a running one to stop. */
  cancel(job: H): void;
  /** A live field summed over the running tasks of position `index`; `otherwise` when none runs (or none is known). */
  liveSum(index: number, field: number, otherwise?: number): number;
}

/** A queued or running task; `cancel` drops it or tells it to stop. */
export interface Job {
  readonly task: Dispatched;
  readonly rank: number;
  /** Where in its position's tree (child numbers from the root): leftmost first, depth-first. */
  readonly path: readonly number[];
  readonly seq: number;
  slot: number;
  cancelled: boolean;
  resolve(value: unknown): void;
  reject(e: unknown): void;
}

/** Whether `a` runs before `b`. */
export function before(a: Job, b: Job): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  const n = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < n; i++) if (a.path[i] !== b.path[i]) return a.path[i] < b.path[i];
  if (a.path.length !== b.path.length) return a.path.length > b.path.length; // the deeper, under the same node
  return a.seq < b.seq;
}

/** Takes the queued job that runs first out of `queue`. */
export function takeFirst(queue: Job[]): Job | undefined {
  let best = -1;
  for (let i = 0; i < queue.length; i++) if (best < 0 || before(queue[i], queue[best])) best = i;
  return best < 0 ? undefined : queue.splice(best, 1)[0];
}

/**
 * Slots, a priority queue and the rules a task follows through them, for a
 * runner whose workers are known by slot number: the piscina Scheduler
 * (pool/schedule.ts) and the page's Web Workers (web/pool.ts) each add only
 * how a task reaches a worker (`send`) and how a running one is stopped
 * (`stopRunning`). Node-free: the page imports it.
 */
export abstract class SlotRunner<In extends { readonly index: number }> implements TaskRunner<In, Job> {
  /** Per slot: liveFields numbers, written by the task running there. */
  readonly live: Float64Array;
  /** Per slot: 1 tells the task running there to stop. */
  readonly stop: Int32Array;
  /** The job running in each slot. */
  readonly running: (Job | undefined)[];
  /** Slots free to take a task (the last one is taken first). */
  protected readonly free: number[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;

  constructor(
    readonly workers: number,
    readonly liveFields: number,
    /** Fields added to every task (the run's settings). */
    private readonly common: object,
    /** Slots and flags in shared memory (false only in a page that is not cross-origin isolated). */
    shared = true,
  ) {
    const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.live = new Float64Array(buffer(8 * liveFields * workers));
    this.stop = new Int32Array(buffer(4 * workers));
    this.running = new Array(workers);
  }

  /** Hands a dispatched job to the worker of its slot; its outcome comes back through `finish`. */
  protected abstract send(job: Job, slot: number): void;
  /** Stops the running job (its slot is job.slot); `finish` follows, or the subclass settles it. */
  protected abstract stopRunning(job: Job): void;
  /** Whether queued jobs may start now (false once the run is aborted). */
  protected accepting(): boolean {
    return true;
  }

  /**
   * Runs a task (its slot and shared arrays are filled in here); resolves to
   * its result, or to null when cancelled before or while it ran.
   */
  run<R>(task: In, rank: number, onJob?: (job: Job) => void, path: readonly number[] = []): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      const full: Dispatched = {
        ...this.common,
        ...task,
        slot: -1,
        attempt: 1,
        live: this.live.buffer as SharedArrayBuffer,
        stop: this.stop.buffer as SharedArrayBuffer,
      };
      const job: Job = {
        task: full,
        rank,
        path,
        seq: this.seq++,
        slot: -1,
        cancelled: false,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
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

  /** Workers running a task now. */
  busy(): number {
    return this.running.filter((j) => j !== undefined).length;
  }

  cancel(job: Job): void {
    if (job.cancelled) return;
    job.cancelled = true;
    if (job.slot >= 0) this.stopRunning(job);
    else {
      const i = this.queue.indexOf(job);
      if (i >= 0) this.queue.splice(i, 1);
      job.resolve(null);
    }
  }

  /** Cancels every task, queued or running. */
  cancelAll(): void {
    for (const j of [...this.queue]) this.cancel(j);
    for (const j of this.running) if (j) this.cancel(j);
  }

  /** Puts a job back in the queue (a retry). */
  protected requeue(job: Job): void {
    this.queue.push(job);
  }

  /** Starts queued jobs on free slots, first in priority order (`before`). */
  protected dispatch(): void {
    while (this.free.length > 0 && this.queue.length > 0 && this.accepting()) {
      const job = takeFirst(this.queue)!;
      const slot = this.free.pop()!;
      job.slot = slot;
      this.running[slot] = job;
      Atomics.store(this.stop, slot, 0);
      this.live.fill(0, slot * this.liveFields, (slot + 1) * this.liveFields);
      (job.task as { slot: number }).slot = slot;
      this.send(job, slot);
    }
  }

  /** Frees a job's slot (its worker answered, died or was replaced). */
  protected release(job: Job): void {
    const slot = job.slot;
    if (slot < 0) return;
    this.running[slot] = undefined;
    job.slot = -1;
  }

  /**
   * A job's worker answered (a value) or failed (an error): the slot is freed,
   * a cancelled job's value is no result (a stopped search's bounds are not a
   * score), an error goes to `failed`. Then the next job starts.
   */
  protected finish(job: Job, slot: number, outcome: { value: unknown } | { error: Error }): void {
    this.release(job);
    this.free.push(slot);
    if ('value' in outcome) job.resolve(job.cancelled ? null : outcome.value);
    else this.failed(job, outcome.error);
    this.dispatch();
  }

  /** A job whose worker failed: null when it was cancelled, else the error. */
  protected failed(job: Job, e: Error): void {
    if (job.cancelled) job.resolve(null);
    else job.reject(e);
  }
}

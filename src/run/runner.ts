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

/**
 * The pool's (and the queue's) piscina worker: a Node thread that runs
 * tasks.ts on the engine module read from dist/ (engine-file.ts).
 */

import { provideEngine } from '../wasm/engine.js';
import { engineFile } from '../wasm/engine-file.js';
import { SearchThread, type Task } from './tasks.js';

provideEngine(engineFile);
const thread = new SearchThread();

export default function run(t: Task): ReturnType<SearchThread['run']> {
  // Fault injection for the tests: REVSOLVE_FAULT_EXIT=<index> kills the
  // worker on the first try at that position (its first task), <index>:always
  // on every try. Kept as an environment variable because the tests kill a
  // worker thread of a spawned command line: a signal reaches the process,
  // not one thread, and a test-only worker file would need a hook of its own
  // to be chosen.
  const fault = process.env.REVSOLVE_FAULT_EXIT;
  const first = t.kind === 'solve' || (t.kind === 'nws' && t.seq === 0);
  if (fault === String(t.index) && t.attempt === 1 && first) process.exit(70);
  if (fault === `${t.index}:always` && first) process.exit(70);
  return thread.run(t);
}

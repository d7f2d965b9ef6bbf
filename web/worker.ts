/**
 * A Web Worker of the page: the same tasks as a Node worker thread
 * (src/pool/tasks.ts), on the engine module the page compiled and posted.
 * Messages in: init {module}, task {id, task}. Out: ready, done {id,
 * result}, failed {id, message}.
 */

import { SearchThread, type Task } from '../src/pool/tasks.js';
import { provideEngine } from '../src/wasm/engine.js';

export type ToWorker = { type: 'init'; module: WebAssembly.Module | null } | { type: 'task'; id: number; task: Task };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; message: string };

const thread = new SearchThread();
const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === 'init') {
    if (m.module) provideEngine(m.module);
    post({ type: 'ready' });
    return;
  }
  try {
    post({ type: 'done', id: m.id, result: thread.run(m.task) });
  } catch (err) {
    post({ type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) });
  }
};

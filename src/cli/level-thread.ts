/**
 * A thread that searches positions by a level for the main thread (`match`'s
 * in-process engines): searchPosition on its own kept engine and table, one
 * request at a time. Terminating the thread stops a search at once.
 */
import { parentPort } from 'node:worker_threads';
import { searchPosition } from '../internal.js';

export interface LevelRequest {
  readonly id: number;
  /** The position as text (64 squares, X or O to move). */
  readonly position: string;
  readonly level: number;
  readonly hashBits: number;
  readonly engine: 'wasm' | 'ts';
  readonly weights: string | null;
}

parentPort!.on('message', (q: LevelRequest) => {
  try {
    const a = searchPosition(q.position, {
      level: q.level,
      hashBits: q.hashBits,
      engine: q.engine,
      ...(q.weights !== null ? { weights: q.weights } : {}),
    });
    parentPort!.postMessage({ id: q.id, move: a.move, score: a.score, nodes: a.nodes, depth: a.depth, exact: a.exact });
  } catch (e) {
    parentPort!.postMessage({ id: q.id, error: (e as Error).message });
  }
});

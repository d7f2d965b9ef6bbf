/**
 * The run policy, one home for the three hosts (the local pool, the queue's
 * worker and the page): when a position is split, which engine a split's
 * tasks run, the split's shared table, and which engine runs at all. Pure
 * functions and no Node module: the page imports it.
 */
import type { Evaluator } from '../eval/weights.js';
import { createTable, type Layout, sharedTableBuffer, tableBytes } from '../search/table.js';
import type { EngineName } from '../wasm/engine.js';
import { MAX_THREADS } from '../wasm/layout.js';

export { engineFor } from '../wasm/engine.js';

import { createEngineShare } from '../wasm/lower.js';
import type { SharedTableRef } from './split.js';

/** When to split a position across the workers. */
export type SplitMode = 'auto' | 'always' | 'never';

/**
 * Whether a position of `empties` is split when it starts, with `left`
 * positions (itself included) not yet started on `workers` workers, and
 * subtrees of `leaf` empties or fewer one task each. always: any position
 * above the leaf. auto: the same, once fewer positions are left than there
 * are workers: before that, whole positions keep every worker busy at no
 * cost, where a split pays for its serial parts (the walk of the top plies,
 * the first guess on one worker); bench/README, "Parallel". Where idle
 * workers help whole positions (`helped`: the local pool's WebAssembly
 * engine, assembly/help.ts), auto splits nothing: a lone position whole
 * with helpers beat it split (bench/README, "Helpers").
 */
export function splits(mode: SplitMode, empties: number, leaf: number, left: number, workers: number, helped = false): boolean {
  if (workers < 2 || empties <= leaf) return false;
  return mode === 'always' || (mode === 'auto' && left < workers && !helped);
}

/**
 * The engine a split position's tasks run: they share one table, and the
 * WebAssembly engine's shared memory serves MAX_THREADS - 1 workers beside
 * the thread that walks the top of the tree; past that, the TypeScript one.
 */
export function splitEngine(engine: EngineName, workers: number): EngineName {
  return engine === 'wasm' && workers < MAX_THREADS ? 'wasm' : 'ts';
}

/**
 * A split position's shared table for tasks of `engine` (splitEngine's
 * choice): a shared engine memory for the WebAssembly engine, a
 * SharedArrayBuffer for the TypeScript one; `evaluator` orders the walk's
 * moves as the workers do.
 */
export function createSplitTable(
  id: number,
  bits: number,
  layout: Layout,
  engine: EngineName,
  evaluator: Evaluator | null,
): SharedTableRef {
  if (engine === 'wasm') {
    const share = createEngineShare(bits, layout, evaluator);
    const words = new Int32Array(share.memory.buffer, share.tableAt, tableBytes(bits, layout) / 4);
    return { id, buffer: null, engine: share, table: createTable(bits, layout, words) };
  }
  const buffer = sharedTableBuffer(bits, layout);
  return { id, buffer, table: createTable(bits, layout, buffer) };
}

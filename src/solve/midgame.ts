/**
 * The library's midgame search: searchPosition(position, options), by a
 * level as Edax's (search/levels.ts) or a depth and confidence. Beyond the
 * end range, iterative deepening (search/deepening.ts, on either engine:
 * one tree); where the level's depth reaches the end of the game, the
 * exact solver. A time per move, an AbortSignal, a call after each
 * finished depth. A stop after a finished depth returns that depth's
 * answer marked stopped; a stop before any throws SearchCancelled.
 */
import { performance } from 'node:perf_hooks';
import { OptionError, SearchCancelled } from '../errors.js';

export { GAME_OVER, type SearchAnswer } from '../search/by-level.js';

import { searchEvaluator } from '../eval/files.js';
import { type Position, positionArgument } from '../position/position.js';
import { type LevelSearches, type SearchAnswer, searchByLevel } from '../search/by-level.js';
import { type MidEngine, TsMidEngine } from '../search/deepening.js';
import { CONFIDENCES, DEFAULT_LEVEL, endStages } from '../search/levels.js';
import { createTable } from '../search/table.js';
import { checkLibraryOptions, DEFAULT_SELECTIVITY, libraryName, type OptionsAt } from '../settings/index.js';
import { WasmMidEngine } from '../wasm/lower.js';
import { resolveSearch } from './options.js';
import { Solver } from './solver.js';

/** searchPosition's options: the settings table's (level, or depth and confidence; moveTime; every; the table, weights, engine), and its own. */
export type SearchPositionOptions = OptionsAt<'midgame-library'> & {
  /** Stops the search: the deepest finished depth is the answer (marked stopped), or SearchCancelled before any. */
  readonly signal?: AbortSignal;
  /** Called after each finished depth with its answer. */
  readonly onDepth?: (answer: SearchAnswer) => void;
};

const OWN_KEYS = ['signal', 'onDepth'];

/** Searches a position by a level or a depth: see SearchAnswer. */
export function searchPosition(position: Position | string, options: SearchPositionOptions = {}): SearchAnswer {
  const plan = planOf(options);
  const p = positionArgument(position);
  const deadline = plan.moveTime === undefined ? Number.POSITIVE_INFINITY : performance.now() + plan.moveTime * 1000;
  const stopped = () => options.signal?.aborted === true || performance.now() >= deadline;
  if (options.signal?.aborted) throw new SearchCancelled('the midgame search');
  return searchByLevel(p, { ...plan, stopped, onDepth: options.onDepth }, librarySearches(plan));
}

/** What the options ask, checked through the settings table. */
interface Plan {
  readonly level: number | null;
  readonly depth: number;
  /** Index of CONFIDENCES. */
  readonly confidence: number;
  readonly moveTime: number | undefined;
  readonly every: boolean;
  readonly resolved: ReturnType<typeof resolveSearch>;
}

function planOf(options: SearchPositionOptions): Plan {
  const o = (options ?? {}) as Record<string, unknown>;
  const resolved = resolveSearch(checked(options), libraryName);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw new OptionError('signal', 'an AbortSignal');
  if (o.onDepth !== undefined && typeof o.onDepth !== 'function') throw new OptionError('onDepth', 'a function called after each depth');
  if (resolved.weights === null) throw new OptionError('weights', 'the midgame search evaluates positions: give weights, not null');
  const v = resolved as unknown as { level?: number; depth?: number; confidence: number; moveTime?: number; every: boolean };
  return {
    level: v.depth === undefined ? (v.level ?? DEFAULT_LEVEL) : null,
    depth: v.depth ?? 0,
    confidence: CONFIDENCES.indexOf(v.confidence as (typeof CONFIDENCES)[number]),
    moveTime: v.moveTime,
    every: v.every,
    resolved,
  };
}

/** The options checked as the library checks every call's (unknown keys, values), without its own keys. */
function checked(options: SearchPositionOptions): Record<string, unknown> {
  checkLibraryOptions(options, 'midgame-library', OWN_KEYS);
  const { signal: _s, onDepth: _d, ...settings } = options as Record<string, unknown>;
  return settings;
}

/** The last engine made, kept for the next call with the same settings: a table of 2^21 entries is 64 MiB to allocate. */
let kept: { readonly key: string; readonly engine: MidEngine } | null = null;

/** The engine of the options, on a table of its own, cleared: each call searches alike, whatever came before. */
function engineOf(plan: Plan): MidEngine {
  const r = plan.resolved;
  const key = `${r.engine} ${r.hashBits} ${r.tableLayout} ${r.weights?.digest ?? ''}`;
  if (kept?.key !== key) {
    const evaluator = searchEvaluator(r.weights);
    if (evaluator === null) throw new OptionError('weights', 'the midgame search needs weights');
    const engine =
      r.engine === 'wasm'
        ? new WasmMidEngine(r.hashBits, r.tableLayout, evaluator)
        : new TsMidEngine(createTable(r.hashBits, r.tableLayout), evaluator);
    kept = { key, engine };
  }
  kept.engine.table.clear();
  return kept.engine;
}

/** The library's searches: its kept midgame engine, a Solver for the exact end, one at the confidence's stages for a selective end. */
function librarySearches(plan: Plan): LevelSearches {
  const r = plan.resolved;
  const solver = (selectivity: readonly number[]) =>
    new Solver({ hashBits: r.hashBits, tableLayout: r.tableLayout, engine: r.engine, weights: r.weights?.file ?? null, selectivity });
  let exact: Solver | undefined;
  const selective = new Map<number, Solver>();
  return {
    mid: () => engineOf(plan),
    exact: (x) => {
      exact ??= solver(DEFAULT_SELECTIVITY);
      return exact.solve(x);
    },
    selective: (x, k) => {
      if (!selective.has(k)) selective.set(k, solver(endStages(k)));
      const s = selective.get(k)!.estimate(x);
      return { ...s, pv: s.move >= 0 ? [s.move] : [] };
    },
  };
}

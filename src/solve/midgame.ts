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
import { searchEvaluator } from '../eval/files.js';
import { emptyCount, finalScore, legalMoves, type Position, play, positionArgument } from '../position/position.js';
import { type DepthAnswer, type MidEngine, type MoveValue, rootOrder, searchRoot, TsMidEngine } from '../search/deepening.js';
import { CONFIDENCES, levelSearch } from '../search/levels.js';
import { FULL_CONFIDENCE } from '../search/pvs.js';
import { createTable } from '../search/table.js';
import { checkLibraryOptions, libraryName, type OptionsAt } from '../settings/index.js';
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

/** The answer of searchPosition (and of each finished depth). */
export interface SearchAnswer {
  /** The value for the side to move, in discs: exact when `exact`, else an estimate at `depth` plies and `confidence` %. */
  readonly score: number;
  /** The best move (PASS, -1, when the side to move must pass; -2 when the game is over). */
  readonly move: number;
  readonly pv: readonly number[];
  readonly depth: number;
  /** In percent: 100 without selective cuts (Edax's 73-99 % otherwise). */
  readonly confidence: number;
  readonly exact: boolean;
  /** With `every`: each legal move's value at this depth (best first). */
  readonly moves?: readonly MoveValue[];
  /** Nodes searched (a stopped search's: every node, the unfinished depth's too). */
  readonly nodes: number;
  readonly ms: number;
  /** The search was stopped (time, signal): this is the deepest depth it finished. */
  readonly stopped: boolean;
}

const OWN_KEYS = ['signal', 'onDepth'];

/** The move of a finished game's answer: none. */
export const GAME_OVER = -2;

/** Searches a position by a level or a depth: see SearchAnswer. */
export function searchPosition(position: Position | string, options: SearchPositionOptions = {}): SearchAnswer {
  const plan = planOf(options);
  const p = positionArgument(position);
  const t0 = performance.now();
  const empties = emptyCount(p);
  const ended = gameOver(p);
  if (ended !== null) return { ...ended, depth: 0, confidence: 100, exact: true, nodes: 0, ms: 0, stopped: false };
  const at = plan.level !== null ? levelSearch(plan.level, empties) : { depth: plan.depth, selectivity: plan.confidence };
  const { depth, selectivity: confidence } = at;
  if (depth >= empties) return exactAnswer(p, plan, t0);
  if (options.signal?.aborted) throw new SearchCancelled('the midgame search');
  const deadline = plan.moveTime === undefined ? Number.POSITIVE_INFINITY : t0 + plan.moveTime * 1000;
  const stop = () => options.signal?.aborted === true || performance.now() >= deadline;
  const engine = engineOf(plan);
  const nodes0 = engine.nodes[0];
  let last: SearchAnswer | null = null;
  let previous: readonly MoveValue[] | null = null;
  for (let d = 1; d <= depth; d++) {
    const a = searchRoot(engine, p, d, confidence, plan.every, rootOrder(p, previous), stop);
    if (a === null) break;
    previous = a.moves;
    last = answerOf(a, plan.every, engine.nodes[0] - nodes0, t0, false);
    options.onDepth?.(last);
    if (stop()) break;
  }
  if (last === null) throw new SearchCancelled('the midgame search');
  // Stopped: the deepest finished depth's answer, with every node searched (the depth it stopped in too).
  return last.depth < depth ? { ...last, stopped: true, nodes: engine.nodes[0] - nodes0, ms: performance.now() - t0 } : last;
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
  const v = resolved as unknown as { level: number; depth?: number; confidence: number; moveTime?: number; every: boolean };
  return {
    level: v.depth === undefined ? v.level : null,
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

function answerOf(a: DepthAnswer, every: boolean, nodes: number, t0: number, stopped: boolean): SearchAnswer {
  return {
    score: a.score,
    move: a.move,
    pv: a.pv,
    depth: a.depth,
    confidence: CONFIDENCES[a.confidence],
    exact: false,
    ...(every ? { moves: a.moves } : {}),
    nodes,
    ms: performance.now() - t0,
    stopped,
  };
}

const swap = (p: Position): Position => ({ player: p.opponent, opponent: p.player, toMove: p.toMove === 'X' ? 'O' : 'X' });

/** A finished game's score (no move for either side), or null. */
function gameOver(p: Position): { score: number; move: number; pv: number[] } | null {
  if (legalMoves(p).length > 0 || legalMoves(swap(p)).length > 0) return null;
  return { score: finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo), move: GAME_OVER, pv: [] };
}

/** Where the depth reaches the end: the exact solver (every move, each child solved, with `every`). */
function exactAnswer(p: Position, plan: Plan, t0: number): SearchAnswer {
  const r = plan.resolved;
  const solver = new Solver({ hashBits: r.hashBits, tableLayout: r.tableLayout, engine: r.engine, weights: r.weights?.file ?? null });
  const best = solver.solve(p);
  let nodes = best.nodes;
  let moves: MoveValue[] | undefined;
  if (plan.every) {
    moves = rootOrder(p, null).map((m) => {
      const child = play(p, m);
      const solved = gameOver(child);
      if (solved) return { move: m, score: 0 - solved.score };
      const c = solver.solve(child);
      nodes += c.nodes;
      return { move: m, score: 0 - c.score };
    });
    moves.sort((a, b) => b.score - a.score);
  }
  const empties = emptyCount(p);
  return {
    score: best.score,
    move: best.move,
    pv: best.pv,
    depth: empties,
    confidence: CONFIDENCES[FULL_CONFIDENCE],
    exact: true,
    ...(moves ? { moves } : {}),
    nodes,
    ms: performance.now() - t0,
    stopped: false,
  };
}

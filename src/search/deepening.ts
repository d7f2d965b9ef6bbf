/**
 * The midgame search's root, shared by both engines: one depth searched at
 * a confidence (every legal move scored, or the best found by PVS), the
 * principal variation read back from the table. Iterative deepening, the
 * levels and the exact hand-over are the library's (solve/search-position.ts);
 * the tree below each root move is pvs.ts (or its WebAssembly twin), so
 * that both engines search one tree.
 */
import type { Evaluator } from '../eval/weights.js';
import { emptyCount, legalMoves, PASS, type Position, play } from '../position/position.js';
import { PV_SIGMA } from './constants.js';
import { CONFIDENCE_SIGMAS } from './levels.js';
import { FULL_CONFIDENCE, type PvsRun, pvs } from './pvs.js';
import { SearchState } from './state.js';
import { nodeHash, type Table } from './table.js';

/** An engine of the midgame search: the value of a position searched to a depth, on its own table. */
export interface MidEngine {
  readonly engine: 'ts' | 'wasm';
  readonly table: Table;
  /** Nodes searched, in all ([0]). */
  readonly nodes: Float64Array;
  /** The value (discs) of `p` (`empties` empties) searched `depth` plies in (alpha, beta) at `confidence`; meaningless once `stop` said yes. */
  value(p: Position, empties: number, depth: number, alpha: number, beta: number, confidence: number, stop: () => boolean): number;
}

/** ProbCut's margin at a confidence, in whole discs: Edax's t (CONFIDENCE_SIGMAS) times the shallow search's error (PV_SIGMA). */
export function marginAt(confidence: number): number {
  return confidence >= FULL_CONFIDENCE ? 0 : Math.round(CONFIDENCE_SIGMAS[confidence] * PV_SIGMA);
}

/** The TypeScript engine: pvs.ts on a table of its own. */
export class TsMidEngine implements MidEngine {
  readonly engine = 'ts';
  private readonly state = new SearchState();
  readonly nodes: Float64Array;

  constructor(
    readonly table: Table,
    private readonly evaluator: Evaluator,
  ) {
    this.nodes = this.state.nodes;
  }

  value(p: Position, empties: number, depth: number, alpha: number, beta: number, confidence: number, stop: () => boolean): number {
    const { player: P, opponent: O } = p;
    this.evaluator.load(empties, P.hi, P.lo, O.hi, O.lo);
    const run: PvsRun = {
      state: this.state,
      evaluator: this.evaluator,
      table: this.table,
      confidence,
      margin: marginAt(confidence),
      poll: stop,
      stopped: false,
    };
    return pvs(run, P.hi, P.lo, O.hi, O.lo, empties, depth, alpha, beta);
  }
}

/** A root move's value at the depth searched: exact at that depth and confidence, or a bound (`bound`: at most this) where PVS proved only that. */
export interface MoveValue {
  readonly move: number;
  readonly score: number;
  readonly bound?: 'upper';
}

/** One depth's answer at the root. */
export interface DepthAnswer {
  readonly depth: number;
  readonly confidence: number;
  readonly score: number;
  readonly move: number;
  readonly pv: readonly number[];
  /** Every legal move's value (every: each exact; else the best exact, the others upper bounds). */
  readonly moves: readonly MoveValue[];
}

/**
 * Searches the root to `depth` plies at `confidence`: each move in `order`
 * (the previous depth's best first), each child `depth - 1` plies (a pass
 * is no ply). `every`: each move in the full window (each value exact at
 * this depth); else PVS (the first in the full window, the others null
 * window, searched again when they beat it). Null when `stop` said yes.
 */
export function searchRoot(
  e: MidEngine,
  p: Position,
  depth: number,
  confidence: number,
  every: boolean,
  order: readonly number[],
  stop: () => boolean,
): DepthAnswer | null {
  const empties = emptyCount(p);
  let stopped = false;
  const asked = () => {
    if (!stopped && stop()) stopped = true;
    return stopped;
  };
  const moves: MoveValue[] = [];
  let alpha = -65;
  let best: MoveValue | null = null;
  for (const move of order) {
    const child = play(p, move);
    const ce = move === PASS ? empties : empties - 1;
    const cd = move === PASS ? depth : depth - 1;
    let v: number;
    if (every || best === null) v = 0 - e.value(child, ce, cd, -64, 64, confidence, asked);
    else {
      v = 0 - e.value(child, ce, cd, -alpha - 1, -alpha, confidence, asked);
      if (v > alpha && !stopped) v = 0 - e.value(child, ce, cd, -64, -v, confidence, asked);
    }
    if (stopped) return null;
    const exact = every || best === null || v > alpha;
    moves.push(exact ? { move, score: v } : { move, score: v, bound: 'upper' });
    if (best === null || v > best.score) {
      best = { move, score: v };
      alpha = v;
    }
  }
  if (best === null) throw new Error('searchRoot: no move to search');
  const sorted = [...moves].sort((a, b) => b.score - a.score || (a.bound ? 1 : 0) - (b.bound ? 1 : 0));
  return { depth, confidence, score: best.score, move: best.move, pv: principalVariation(e.table, p, best.move, depth), moves: sorted };
}

/** The root's moves to search, the previous depth's order kept (best first), a lone pass where the side must pass. */
export function rootOrder(p: Position, previous: readonly MoveValue[] | null): number[] {
  const legal = legalMoves(p);
  if (legal.length === 0) return [PASS];
  if (previous === null) return legal;
  const rank = (m: number) => {
    const i = previous.findIndex((x) => x.move === m);
    return i < 0 ? previous.length : i;
  };
  return [...legal].sort((a, b) => rank(a) - rank(b));
}

/** The principal variation: the best move, then the table's move of each position on, while legal (at most `depth` moves). */
function principalVariation(table: Table, p: Position, first: number, depth: number): number[] {
  const pv = [first];
  let q = play(p, first);
  while (pv.length < depth) {
    const legal = legalMoves(q);
    if (legal.length === 0) {
      if (legalMoves({ player: q.opponent, opponent: q.player, toMove: q.toMove === 'X' ? 'O' : 'X' }).length === 0) break;
      q = play(q, PASS);
      continue;
    }
    const { player: P, opponent: O } = q;
    if (table.probe(P.hi, P.lo, O.hi, O.lo, nodeHash(P.hi, P.lo, O.hi, O.lo, emptyCount(q))) < 0) break;
    const m = table.move();
    if (!legal.includes(m)) break;
    pv.push(m);
    q = play(q, m);
  }
  return pv;
}

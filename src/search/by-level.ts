/**
 * A position searched by a level (search/levels.ts) or a depth, on
 * searches a host provides (LevelSearches): the library's searchPosition
 * (solve/midgame.ts) and the pool's, queue's and page's threads
 * (pool/tasks.ts) run the same code. Iterative deepening beyond the end
 * range (deepening.ts); the exact solver, or a selective end search, where
 * the depth reaches the end of the game. No Node module: the page imports it.
 */
import { SearchCancelled } from '../errors.js';
import { emptyCount, finalScore, legalMoves, type Position, play } from '../position/position.js';
import { type DepthAnswer, type MidEngine, type MoveValue, rootOrder, searchRoot } from './deepening.js';
import { CONFIDENCES, levelSearch } from './levels.js';
import { FULL_CONFIDENCE } from './pvs.js';

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

/** The move of a finished game's answer: none. */
export const GAME_OVER = -2;

/** What a level's search is asked: a level (or a depth and confidence), every move or the best, and when to stop. */
export interface LevelRequest {
  readonly level: number | null;
  /** With no level: the depth in plies and the confidence (an index of CONFIDENCES). */
  readonly depth: number;
  readonly confidence: number;
  readonly every: boolean;
  /** Polled during the search: true stops it (the deepest finished depth is the answer). */
  readonly stopped: () => boolean;
  readonly onDepth?: (answer: SearchAnswer) => void;
}

/** An end search's answer: the exact solver's, or a selective end search's. */
export interface EndAnswer {
  readonly score: number;
  readonly move: number;
  readonly pv: readonly number[];
  readonly nodes: number;
}

/** The searches a level may ask for, on one engine, made when first asked. */
export interface LevelSearches {
  /** The midgame search's engine (iterative deepening), its table cleared. */
  mid(): MidEngine;
  /** The exact score, move and PV. */
  exact(p: Position): EndAnswer;
  /** The end search at a confidence below 100 % (an index of CONFIDENCES): search/root.ts selectiveEnd. */
  selective(p: Position, confidence: number): EndAnswer;
}

/**
 * A position searched as a level (or a depth) asks: the game's score when
 * it is over; the exact solver, or a selective end search, where the
 * level's depth reaches the end; iterative deepening otherwise. Throws
 * SearchCancelled when stopped before any depth finished.
 */
export function searchByLevel(p: Position, q: LevelRequest, on: LevelSearches): SearchAnswer {
  const t0 = performance.now();
  const empties = emptyCount(p);
  const ended = gameOver(p);
  if (ended !== null) return { ...ended, depth: 0, confidence: 100, exact: true, nodes: 0, ms: 0, stopped: false };
  const at = q.level !== null ? levelSearch(q.level, empties) : { depth: q.depth, selectivity: q.confidence };
  const { depth, selectivity: confidence } = at;
  if (depth >= empties) return endAnswer(p, confidence, q.every, on, t0);
  const engine = on.mid();
  const nodes0 = engine.nodes[0];
  let last: SearchAnswer | null = null;
  let previous: readonly MoveValue[] | null = null;
  for (let d = 1; d <= depth; d++) {
    const a = searchRoot(engine, p, d, confidence, q.every, rootOrder(p, previous), q.stopped);
    if (a === null) break;
    previous = a.moves;
    last = answerOf(a, q.every, engine.nodes[0] - nodes0, t0, false);
    q.onDepth?.(last);
    if (q.stopped()) break;
  }
  if (last === null) throw new SearchCancelled('the midgame search');
  // Stopped: the deepest finished depth's answer, with every node searched (the depth it stopped in too).
  return last.depth < depth ? { ...last, stopped: true, nodes: engine.nodes[0] - nodes0, ms: performance.now() - t0 } : last;
}

/**
 * Where the depth reaches the end: the exact solver at 100 %, else the
 * selective end search; with `every`, each legal move's child searched
 * alike (best first).
 */
function endAnswer(p: Position, confidence: number, every: boolean, on: LevelSearches, t0: number): SearchAnswer {
  const exact = confidence === FULL_CONFIDENCE;
  const search = (x: Position) => (exact ? on.exact(x) : on.selective(x, confidence));
  const best = search(p);
  let nodes = best.nodes;
  let moves: MoveValue[] | undefined;
  if (every) {
    moves = rootOrder(p, null).map((m) => {
      const child = play(p, m);
      const solved = gameOver(child);
      if (solved) return { move: m, score: 0 - solved.score };
      const c = search(child);
      nodes += c.nodes;
      return { move: m, score: 0 - c.score };
    });
    moves.sort((a, b) => b.score - a.score);
  }
  return {
    score: best.score,
    move: best.move,
    pv: best.pv,
    depth: emptyCount(p),
    confidence: CONFIDENCES[confidence],
    exact,
    ...(moves ? { moves } : {}),
    nodes,
    ms: performance.now() - t0,
    stopped: false,
  };
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

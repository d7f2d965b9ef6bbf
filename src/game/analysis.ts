/**
 * The one analysis of a game, for `revsolve analyze` (analyze.ts, on the
 * worker pool) and the page (web/analysis-view.ts, on Web Workers): which
 * positions are analysed, which of their moves must be solved, how the move
 * played is scored from the next analysed position instead of solved twice,
 * when a position is complete, and its record. How the children are solved
 * (and estimated) is the caller's, through hooks. Pure: no Node, no DOM.
 */

import { objectArgument } from '../arguments.js';
import { type Color, emptyCount, legalMoves, moveName, PASS, type Position } from '../position/position.js';
import type { Game } from './record.js';
import { type MoveRecord, moveRecord, playedLeadsTo, playedScore, type ScoredMove, scoredMove } from './scores.js';

/** One position of the game, analysed (ScoredMove: every move's score, the best, the loss). Scores are for its side to move. */
export interface MoveAnalysis extends ScoredMove {
  /** The move's number in the record (1 = the first). */
  readonly number: number;
  readonly empties: number;
  readonly toMove: Color;
  readonly position: Position;
  /** The move played (a square). */
  readonly played: number;
  /** Nodes searched for this position's children (the move played, when it leads to the next analysed position, is that position's). */
  readonly nodes: number;
  /** null: exact; else the plies of the search that estimated the scores (a position before the analysed empties). */
  readonly estimateDepth: number | null;
  /** null: exact, or no confidence said (the page's estimates); else the estimate's confidence in percent (a level's, Edax's 73-100). */
  readonly estimateConfidence: number | null;
}

/** A position's moves estimated by a level: their scores, and the shallowest depth and lowest confidence among them (exact: every one solved). */
export interface LevelEstimate {
  readonly scores: ReadonlyMap<number, number>;
  readonly exact: boolean;
  readonly depth: number;
  readonly confidence: number;
  readonly nodes: number;
}

/** The analysed move as every output writes it (scores.ts, MoveRecord). */
export function recordOf(m: MoveAnalysis): MoveRecord {
  objectArgument(m, 'move', 'an analysed move (analyzeGame yields them)');
  return moveRecord(
    m.number,
    m.empties,
    m.toMove === 'X' ? 'black' : 'white',
    moveName(m.played),
    m,
    m.estimateDepth,
    m.estimateConfidence,
  );
}

/** A child to solve: move `move` of analysed position `at` (its position `parent`). */
export interface AnalysisWork {
  readonly at: number;
  readonly parent: Position;
  readonly move: number;
}

/** A child solved: its own exact score (for its side to move) and the nodes it took. */
export interface ChildSolved {
  readonly at: number;
  readonly move: number;
  readonly score: number;
  readonly nodes: number;
}

export interface AnalysisHooks {
  /** Scores already known of a position's moves (for its side to move): not solved again. */
  readonly known?: (position: Position) => Iterable<readonly [number, number]>;
  /** Solves every child of the list, reporting each as it is found, in any order (the caller chooses the order of work). */
  readonly solve: (work: readonly AnalysisWork[]) => AsyncIterable<ChildSolved>;
  /** Estimates of a position's moves before the analysed empties (for its side to move); absent: those positions are left out. */
  readonly estimate?: {
    readonly depth: number;
    /** The moves' scores at `depth`, or a level's estimate (its own depth and confidence, or exact). */
    readonly run: (position: Position, moves: readonly number[]) => Promise<ReadonlyMap<number, number> | LevelEstimate>;
  };
}

/**
 * Analyses `game`: first (with an estimate hook) each position before
 * `from` empties in the order played, estimated; then every position from
 * `from` empties on, each yielded once all its moves are known — in the
 * order played (`order` 'played') or as each is complete ('found').
 */
export async function* analyseMoves(
  { moves }: Game,
  from: number,
  hooks: AnalysisHooks,
  order: 'played' | 'found' = 'played',
): AsyncGenerator<MoveAnalysis> {
  const played = moves.filter((m) => m.move !== PASS);
  if (hooks.estimate)
    for (const m of played.filter((x) => emptyCount(x.position) > from)) {
      const guesses = await hooks.estimate.run(m.position, legalMoves(m.position));
      if (guesses instanceof Map) yield analysisOf(m, guesses, 0, hooks.estimate.depth);
      else {
        const e = guesses as LevelEstimate;
        yield analysisOf(m, e.scores, e.nodes, e.exact ? null : e.depth, e.exact ? null : e.confidence);
      }
    }
  const chosen = played.filter((m) => emptyCount(m.position) <= from);
  // The move played leads to the next analysed position (after a pass, when
  // the opponent has none): its score is that position's best, known once
  // that position is complete, so it is not solved a second time.
  const playedFrom = chosen.map((m, at) => playedLeadsTo(m, chosen[at + 1]));
  const scores = chosen.map(() => new Map<number, number>());
  const nodes = chosen.map(() => 0);
  const moveCount = chosen.map((m) => legalMoves(m.position).length);
  const work: AnalysisWork[] = [];
  for (const [at, m] of chosen.entries()) {
    for (const [x, v] of hooks.known?.(m.position) ?? []) if (!(x === m.move && playedFrom[at] !== 0)) scores[at].set(x, v);
    for (const move of legalMoves(m.position))
      if (!scores[at].has(move) && !(move === m.move && playedFrom[at] !== 0)) work.push({ at, parent: m.position, move });
  }
  const complete = (at: number): boolean => scores[at].size === moveCount[at];
  const settle = (at: number): void => {
    // A complete position gives the one before it its played move's score; that one may then be complete in turn.
    for (let k = at; k > 0 && playedFrom[k - 1] !== 0 && complete(k) && !scores[k - 1].has(chosen[k - 1].move); k--)
      scores[k - 1].set(chosen[k - 1].move, playedScore(playedFrom[k - 1], Math.max(...scores[k].values())));
  };
  const yielded = new Uint8Array(chosen.length);
  let next = 0;
  function* ready(): Generator<MoveAnalysis> {
    if (order === 'played') {
      while (next < chosen.length && complete(next)) {
        yielded[next] = 1;
        yield analysisOf(chosen[next], scores[next], nodes[next++], null);
      }
    } else
      for (let at = chosen.length - 1; at >= 0; at--)
        if (!yielded[at] && complete(at)) {
          yielded[at] = 1;
          yield analysisOf(chosen[at], scores[at], nodes[at], null);
        }
  }
  // Known scores alone may complete positions (from the last back, as each gives the one before it its played move).
  for (let at = chosen.length - 1; at >= 0; at--) settle(at);
  yield* ready();
  if (work.length > 0) {
    for await (const r of hooks.solve(work)) {
      scores[r.at].set(r.move, 0 - r.score); // the child's score is its own side's (0 - x: never -0)
      nodes[r.at] += r.nodes;
      settle(r.at);
      yield* ready();
    }
  }
}

function analysisOf(
  m: { number: number; position: Position; move: number },
  scores: ReadonlyMap<number, number>,
  nodes: number,
  estimateDepth: number | null,
  estimateConfidence: number | null = null,
): MoveAnalysis {
  return {
    number: m.number,
    empties: emptyCount(m.position),
    toMove: m.position.toMove,
    position: m.position,
    played: m.move,
    ...scoredMove(scores, m.move),
    nodes,
    estimateDepth,
    estimateConfidence,
  };
}

/**
 * What the exact scores of a position's moves say of the move played: the
 * best score and the moves that reach it, the played move's score and its
 * loss; how the move played is scored from the next analysed position
 * (not solved twice). Pure: the command line's analysis (analyze.ts) and
 * the page's (web/analysis-view.ts) both read a move this way.
 */
import { formatPosition, legalMoves, moveName, PASS, type Position, play } from '../position/position.js';

/**
 * A score as every output of revsolve writes it, the command line's tables
 * and the page alike: Edax's sign and two digits (+18, -02, +00).
 */
export function formatScore(score: number): string {
  return (score < 0 ? '-' : '+') + String(Math.abs(score)).padStart(2, '0');
}

export interface ScoredMove {
  /** Every legal move's exact score (for the side that moved), by name ("f5"), in square order. */
  readonly scores: Readonly<Record<string, number>>;
  readonly playedScore: number;
  readonly best: number;
  /** The moves that reach `best`, by name, in square order. */
  readonly bestMoves: readonly string[];
  /** best − playedScore: the discs the move gave away (0 for a best move). */
  readonly loss: number;
}

/** The move `played` among the exact scores of every legal move (a square → its score). */
export function scoredMove(scores: ReadonlyMap<number, number>, played: number): ScoredMove {
  const squares = [...scores.keys()].sort((a, b) => a - b);
  const best = Math.max(...scores.values());
  const playedScore = scores.get(played)!;
  return {
    scores: Object.fromEntries(squares.map((x) => [moveName(x), scores.get(x)!])),
    playedScore,
    best,
    bestMoves: squares.filter((x) => scores.get(x) === best).map(moveName),
    loss: best - playedScore,
  };
}

/**
 * How the move played in `m` is scored from `next`, the next analysed
 * position: -1 when `next` is the position it leads to (its side to move is
 * the opponent), +1 when the opponent must pass there and `next` is the
 * position after that pass, 0 when it is neither (the game ends: solve it).
 */
export function playedLeadsTo(m: { position: Position; move: number }, next: { position: Position } | undefined): -1 | 0 | 1 {
  if (next === undefined) return 0;
  const child = play(m.position, m.move);
  if (samePosition(child, next.position)) return -1;
  if (legalMoves(child).length === 0 && samePosition(play(child, PASS), next.position)) return 1;
  return 0;
}

function samePosition(a: Position, b: Position): boolean {
  return a.toMove === b.toMove && formatPosition(a) === formatPosition(b);
}

/** The move played's score, from the next analysed position's best and playedLeadsTo's answer (0 - x: never -0). */
export function playedScore(leadsTo: -1 | 0 | 1, nextBest: number): number {
  return leadsTo * nextBest || 0;
}

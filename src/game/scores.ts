/**
 * What the exact scores of a position's moves say of the move played: the
 * best score and the moves that reach it, the played move's score and its
 * loss. Pure: the command line's analysis (analyze.ts) and the page's
 * (web/analysis.ts) both read a move this way.
 */
import { moveName } from '../position/position.js';

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

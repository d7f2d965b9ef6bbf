/**
 * What the exact scores of a position's moves say of the move played: the
 * best score and the moves that reach it, the played move's score and its
 * loss; how the move played is scored from the next analysed position
 * (not solved twice). Pure: the command line's analysis (analyze.ts) and
 * the page's (web/analysis-view.ts) both read a move this way.
 */

import { arrayArgument } from '../arguments.js';
import { formatPosition, legalMoves, moveName, PASS, type Position, play } from '../position/position.js';

/**
 * A score as every output of revsolve writes it, the command line's tables
 * and the page alike: Edax's sign and two digits (+18, -02, +00).
 */
export function formatScore(score: number): string {
  return (score < 0 ? '-' : '+') + String(Math.abs(score)).padStart(2, '0');
}

/**
 * An estimate (a shallow search's score, not proven) as the page writes it
 * everywhere: "≈", the sign and one decimal (≈-1.8, ≈+2.0), so that it
 * never reads as an exact score.
 */
export function formatEstimate(score: number): string {
  return `≈${score < 0 ? '-' : '+'}${Math.abs(score).toFixed(1)}`;
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

/**
 * An analysed move as every output of revsolve writes it: `analyze --json`
 * (with the game's number and the nodes beside), the `--results` file (with
 * the nodes) and the page's JSON export; the CSV has a column of each name.
 */
export interface MoveRecord {
  /** The move's number in the game's record (1 = the first; passes are not numbered). */
  readonly move: number;
  /** Empty squares of the position the move was played in. */
  readonly empties: number;
  readonly side: 'black' | 'white';
  readonly played: string;
  /** The played move's score (for the side that moved). */
  readonly score: number;
  /** Every legal move's score, by name, in square order. */
  readonly scores: Readonly<Record<string, number>>;
  readonly best: number;
  readonly bestMoves: readonly string[];
  /** best − score: the discs the move gave away. */
  readonly loss: number;
  /** Whether the scores are proven; when not, estimateDepth is the plies of the search that estimated them. */
  readonly exact: boolean;
  readonly estimateDepth: number | null;
  /** An estimate's confidence in percent (a level's: Edax's 73-100); null when exact or not said. */
  readonly estimateConfidence: number | null;
}

/** The record's fields, in its order: the CSV's columns. */
export const MOVE_RECORD_FIELDS: readonly (keyof MoveRecord)[] = [
  'move',
  'empties',
  'side',
  'played',
  'score',
  'scores',
  'best',
  'bestMoves',
  'loss',
  'exact',
  'estimateDepth',
  'estimateConfidence',
];

/** The record of move `move`, played by `side` in a position of `empties`, from its scored move (exact unless `estimateDepth`). */
export function moveRecord(
  move: number,
  empties: number,
  side: 'black' | 'white',
  played: string,
  s: ScoredMove,
  estimateDepth: number | null = null,
  estimateConfidence: number | null = null,
): MoveRecord {
  return {
    move,
    empties,
    side,
    played,
    score: s.playedScore,
    scores: s.scores,
    best: s.best,
    bestMoves: s.bestMoves,
    // Estimates need not be whole discs.
    loss: Math.round(s.loss * 10) / 10,
    exact: estimateDepth === null,
    estimateDepth,
    estimateConfidence: estimateDepth === null ? null : estimateConfidence,
  };
}

/** The CSV form: a header of the record's field names, a row a move (scores as "f5:+18 g6:-2", best moves space-separated). */
export function moveRecordsCsv(rows: readonly MoveRecord[]): string {
  arrayArgument(rows, 'rows', 'an array of move records (recordOf)');
  const cell = (r: MoveRecord, k: keyof MoveRecord): string => {
    const v = r[k];
    if (k === 'scores')
      return Object.entries(r.scores)
        .map(([m, x]) => `${m}:${formatScore(x)}`)
        .join(' ');
    if (Array.isArray(v)) return v.join(' ');
    return v === null ? '' : String(v);
  };
  return `${[MOVE_RECORD_FIELDS.join(','), ...rows.map((r) => MOVE_RECORD_FIELDS.map((k) => cell(r, k)).join(','))].join('\n')}\n`;
}

/**
 * A game's analysis as the page keeps it: one row a move played from the
 * analysed empties on, with every legal move's exact score (for the side
 * that moved), the best, and the loss; its CSV and JSON forms. Pure
 * functions: the tests run them in Node.
 */

import { scoredMove } from '../src/game/scores.js';
import { emptyCount, moveName, type Position } from '../src/position/position.js';

export interface AnalysisRow {
  /** The move's number in the game's record (1 = the first; passes are not numbered), as `revsolve analyze` numbers its plies. */
  readonly number: number;
  readonly empties: number;
  readonly side: 'black' | 'white';
  readonly played: string;
  /** Every legal move's exact score, for the side that moved. */
  readonly scores: Readonly<Record<string, number>>;
  readonly best: number;
  readonly bestMoves: readonly string[];
  readonly loss: number;
  /** Scores estimated by a search of this many plies with the evaluator (before the analysed empties), not proven; absent: exact. */
  readonly estimate?: number;
}

/** The row of a move once every legal move's score is known. */
export function analysisRow(
  number: number,
  before: Position,
  played: number,
  scores: ReadonlyMap<number, number>,
  estimate?: number,
): AnalysisRow {
  const { scores: byName, best, bestMoves, loss } = scoredMove(scores, played);
  const row = {
    number,
    empties: emptyCount(before),
    side: before.toMove === 'X' ? 'black' : 'white',
    played: moveName(played),
    scores: byName,
    best,
    bestMoves,
    loss: Math.round(loss * 10) / 10,
  } as const;
  return estimate === undefined ? row : { ...row, estimate };
}

/** The CSV form: a row a move; `exact` says whether its scores are proven (estimate_depth: the estimate's plies otherwise). */
export function analysisCsv(rows: readonly AnalysisRow[]): string {
  const lines = ['move,empties,side,played,score,best,best_moves,loss,exact,estimate_depth'];
  for (const r of rows)
    lines.push(
      [
        r.number,
        r.empties,
        r.side,
        r.played,
        r.scores[r.played],
        r.best,
        r.bestMoves.join(' '),
        r.loss,
        r.estimate === undefined,
        r.estimate ?? '',
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

/** The JSON form: the record, the analysed empties, whether every move was analysed, the rows (each saying whether it is exact). */
export function analysisJson(record: string, from: number, rows: readonly AnalysisRow[], complete: boolean): string {
  return `${JSON.stringify({ record, from, complete, moves: rows.map((r) => ({ ...r, exact: r.estimate === undefined })) }, null, 1)}\n`;
}

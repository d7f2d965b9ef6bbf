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

/** Black's exact score after each move solved exactly (the graph's points): the move's score, for black. */
export function blackScores(rows: readonly AnalysisRow[]): { number: number; score: number }[] {
  return rows
    .filter((r) => r.estimate === undefined)
    .map((r) => ({ number: r.number, score: (r.side === 'black' ? 1 : -1) * r.scores[r.played] }));
}

export function analysisCsv(rows: readonly AnalysisRow[]): string {
  const lines = ['move,empties,side,played,score,best,best_moves,loss,estimate_depth'];
  for (const r of rows)
    lines.push(
      [r.number, r.empties, r.side, r.played, r.scores[r.played], r.best, r.bestMoves.join(' '), r.loss, r.estimate ?? ''].join(','),
    );
  return `${lines.join('\n')}\n`;
}

export function analysisJson(record: string, from: number, rows: readonly AnalysisRow[]): string {
  return `${JSON.stringify({ record, from, moves: rows }, null, 1)}\n`;
}

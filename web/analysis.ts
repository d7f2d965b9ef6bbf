/**
 * A game's analysis as the page keeps it: one record a move played from the
 * analysed empties on (the record form of every output, src/game/scores.ts
 * MoveRecord: `revsolve analyze --json` writes the same fields), and its
 * CSV and JSON forms. Pure functions: the tests run them in Node.
 */

import { type MoveRecord, moveRecord, moveRecordsCsv, scoredMove } from '../src/game/scores.js';
import { emptyCount, moveName, type Position } from '../src/position/position.js';

export type AnalysisRow = MoveRecord;

/** The record of move `number` once every legal move's score is known (estimated by a search of `estimateDepth` plies, or exact). */
export function analysisRow(
  number: number,
  before: Position,
  played: number,
  scores: ReadonlyMap<number, number>,
  estimateDepth: number | null = null,
): AnalysisRow {
  const side = before.toMove === 'X' ? 'black' : 'white';
  return moveRecord(number, emptyCount(before), side, moveName(played), scoredMove(scores, played), estimateDepth);
}

/** The CSV form: a column a field of the record. */
export function analysisCsv(rows: readonly AnalysisRow[]): string {
  return moveRecordsCsv(rows);
}

/** The JSON form: the record, the analysed empties, whether every move was analysed, the moves' records. */
export function analysisJson(record: string, from: number, rows: readonly AnalysisRow[], complete: boolean): string {
  return `${JSON.stringify({ record, from, complete, moves: rows }, null, 1)}\n`;
}

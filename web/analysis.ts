/**
 * A game's analysis as the page keeps it: one record a move played from the
 * analysed empties on (the record form of every output, src/game/scores.ts
 * MoveRecord, made by the one analysis's recordOf: `revsolve analyze
 * --json` writes the same fields), and its CSV and JSON forms. Pure functions: the tests run them in Node.
 */

import { type MoveRecord, moveRecordsCsv } from '../src/game/scores.js';

export type AnalysisRow = MoveRecord;

/** The CSV form: a column a field of the record. */
export function analysisCsv(rows: readonly AnalysisRow[]): string {
  return moveRecordsCsv(rows);
}

/** The JSON form: the record, the analysed empties, whether every move was analysed, the moves' records. */
export function analysisJson(record: string, from: number, rows: readonly AnalysisRow[], complete: boolean): string {
  return `${JSON.stringify({ record, from, complete, moves: rows }, null, 1)}\n`;
}

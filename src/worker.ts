/**
 * A piscina worker: solves one position per task on its own table, made
 * at the first task and kept (cleared per position unless told to keep it).
 */
import { U64 } from 'native-free-bitboard';
import type { ObfAnswer } from './obf.js';
import type { Color } from './position.js';
import { type Layout, type Table, createTable } from './search/table.js';
import { type PositionResult, solveOne } from './solve.js';

/** A position as plain data, so that it crosses the thread boundary. */
export interface SolveTask {
  readonly index: number;
  readonly line: number;
  readonly ph: number;
  readonly pl: number;
  readonly oh: number;
  readonly ol: number;
  readonly toMove: Color;
  readonly answers: readonly ObfAnswer[];
  readonly bits: number;
  readonly layout: Layout;
  readonly keepTable: boolean;
  /** 1 for the first try, 2 for the retry on a fresh worker. */
  readonly attempt: number;
}

let table: Table | undefined;

export default function solveTask(t: SolveTask): PositionResult {
  // Fault injection for the tests: REVSOLVE_FAULT_EXIT=<index> kills the
  // worker on the first try at that position, <index>:always on every try.
  const fault = process.env.REVSOLVE_FAULT_EXIT;
  if (fault === String(t.index) && t.attempt === 1) process.exit(70);
  if (fault === `${t.index}:always`) process.exit(70);
  if (!table || table.bits !== t.bits || table.layout !== t.layout) table = createTable(t.bits, t.layout);
  const position = { player: new U64(t.ph, t.pl), opponent: new U64(t.oh, t.ol), toMove: t.toMove };
  return solveOne(position, t.answers, t.index, t.line, table, { keepTable: t.keepTable });
}

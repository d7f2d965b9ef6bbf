/**
 * A piscina worker. Four kinds of task:
 *   solve  a whole position on the worker's own table (made at the first
 *          task and kept; cleared per position unless told to keep it);
 *   guess  the first guess of a split position (shallow search, selective
 *          pre-searches) on that position's shared table;
 *   nws    one null-window search below a split position, on its shared
 *          table (split search, see split.ts);
 *   pv     the move and principal variation of a split position once its
 *          score is known (the PV walk), on the shared table.
 * Every task publishes its progress in a shared slot and watches a stop flag.
 */
import { U64 } from 'native-free-bitboard';
import type { ObfAnswer } from './obf.js';
import type { Color } from './position.js';
import { LIVE_FIELDS, searchNull, useTable, watchSearch } from './search/endgame.js';
import { NODES, setupEmpties } from './search/leaves.js';
import { guessScore, solveExact, useSelectivity } from './search/root.js';
import { STAT_CUTOFFS, STAT_HITS, STAT_PROBES, type Layout, type Table, createTable } from './search/table.js';
import { type PositionResult, solveOne, useEvalFile } from './solve.js';

/** What every task carries: where to publish progress and where to look for a stop. */
interface TaskBase {
  /** 1-based index of the position in its suite. */
  readonly index: number;
  /** 1 for the first try, 2 for the retry on a fresh worker. */
  readonly attempt: number;
  readonly live: SharedArrayBuffer;
  readonly stop: SharedArrayBuffer;
  /** The scheduler's slot for this task (set when dispatched). */
  slot: number;
  readonly bits: number;
  readonly layout: Layout;
  readonly ph: number;
  readonly pl: number;
  readonly oh: number;
  readonly ol: number;
  /** Weights for move ordering (null: mobility). */
  readonly evalFile: string | null;
  /** Margins of the selective pre-searches (see useSelectivity). */
  readonly selectivity: readonly number[];
}

/** A whole position, as plain data so that it crosses the thread boundary. */
export interface SolveTask extends TaskBase {
  readonly kind: 'solve';
  readonly line: number;
  readonly toMove: Color;
  readonly answers: readonly ObfAnswer[];
  readonly keepTable: boolean;
}

/** Tasks on a split position's shared table. */
interface SharedTableTask extends TaskBase {
  readonly table: SharedArrayBuffer;
  /** Which of the run's shared tables (the worker keeps a view per id). */
  readonly tableId: number;
  /** The date of the position's search (table replacement). */
  readonly date: number;
}

export interface NwsTask extends SharedTableTask {
  readonly kind: 'nws';
  readonly alpha: number;
  readonly empties: number;
  /** Order of this task among its position's (0 first: the fault hook). */
  readonly seq: number;
}

export interface PvTask extends SharedTableTask {
  readonly kind: 'pv';
  /** The exact score, known from the probes. */
  readonly score: number;
}

/** The first guess of a split position: the selective pre-searches, on its shared table. */
export interface GuessTask extends SharedTableTask {
  readonly kind: 'guess';
}

export type Task = SolveTask | NwsTask | PvTask | GuessTask;
/** A task as its sender gives it; the scheduler adds the rest. */
export type TaskInput = Task extends infer T ? (T extends Task ? Omit<T, 'slot' | 'live' | 'stop' | 'attempt' | 'evalFile' | 'selectivity'> : never) : never;

export interface NwsResult {
  readonly score: number;
  readonly nodes: number;
  readonly probes: number;
  readonly hits: number;
  readonly cutoffs: number;
}

export type GuessResult = ReturnType<typeof guessScore>;

export interface PvResult {
  readonly score: number;
  readonly pv: readonly number[];
  readonly nodes: number;
}

let own: Table | undefined;
const shared = new Map<number, Table>();

/** The view on a shared table: ids are fixed for the life of a pool (one run), so one view per id. */
function sharedTable(t: SharedTableTask): Table {
  let table = shared.get(t.tableId);
  if (!table || table.bits !== t.bits || table.layout !== t.layout) {
    table = createTable(t.bits, t.layout, t.table);
    shared.set(t.tableId, table);
  }
  table.date = t.date;
  return table;
}

export default function runTask(t: Task): PositionResult | NwsResult | PvResult | GuessResult {
  // Fault injection for the tests: REVSOLVE_FAULT_EXIT=<index> kills the
  // worker on the first try at that position (its first task), <index>:always
  // on every try.
  const fault = process.env.REVSOLVE_FAULT_EXIT;
  const first = t.kind === 'solve' || (t.kind === 'nws' && t.seq === 0);
  if (fault === String(t.index) && t.attempt === 1 && first) process.exit(70);
  if (fault === `${t.index}:always` && first) process.exit(70);

  useEvalFile(t.evalFile);
  useSelectivity(t.selectivity);
  watchSearch(new Float64Array(t.live), t.slot * LIVE_FIELDS, new Int32Array(t.stop), t.slot);
  const position = { player: new U64(t.ph, t.pl), opponent: new U64(t.oh, t.ol), toMove: 'X' as Color };
  if (t.kind === 'solve') {
    if (!own || own.bits !== t.bits || own.layout !== t.layout) own = createTable(t.bits, t.layout);
    return solveOne({ ...position, toMove: t.toMove }, t.answers, t.index, t.line, own, { keepTable: t.keepTable });
  }
  const table = sharedTable(t);
  if (t.kind === 'guess') return guessScore(position, table);
  if (t.kind === 'pv') {
    const r = solveExact(position, { table, known: t.score, sameSearch: true });
    return { score: r.score, pv: r.pv, nodes: r.nodes };
  }
  useTable(table);
  const s = table.stats;
  const probes = s[STAT_PROBES];
  const hits = s[STAT_HITS];
  const cutoffs = s[STAT_CUTOFFS];
  const parity = setupEmpties(t.ph, t.pl, t.oh, t.ol);
  NODES[0] = 0;
  const score = searchNull(t.ph, t.pl, t.oh, t.ol, t.alpha, t.empties, parity);
  return { score, nodes: NODES[0], probes: s[STAT_PROBES] - probes, hits: s[STAT_HITS] - hits, cutoffs: s[STAT_CUTOFFS] - cutoffs };
}

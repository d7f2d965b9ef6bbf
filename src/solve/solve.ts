/**
 * Solving suites: one position at a time on a given table, each result
 * checked against the answers of its OBF line.
 */
import { ANY_MOVE, bestAnswers, type ObfAnswer, type ObfEntry } from '../position/obf.js';
import type { Position } from '../position/position.js';
import { emptyCount } from '../position/position.js';
import type { SearchContext } from '../search/context.js';
import { DFPN_FILLED, DFPN_HITS, DFPN_OVERWRITES, DFPN_PROBES, DFPN_STORES, type DfpnTable, proveWld } from '../search/dfpn.js';
import { shallowGuess, solveExact } from '../search/root.js';
import type { RootStrategy } from '../search/root-strategies.js';
import {
  NO_MOVE,
  STAT_CUTOFFS,
  STAT_DROPPED,
  STAT_HITS,
  STAT_OVERWRITES,
  STAT_PROBES,
  STAT_REGION,
  STAT_STORES,
  type Table,
} from '../search/table.js';
import { type Wld, wldOf } from '../search/wld.js';
import { offNames, TREE_SETTINGS, type TreeValues } from '../settings/index.js';

export interface TableStats {
  readonly probes: number;
  readonly hits: number;
  readonly cutoffs: number;
  readonly stores: number;
  readonly overwrites: number;
  /** Stores not made because the bucket's victim, of this search, was costlier (KEEP_COSTLIER; 0 with --off keep-costlier): stores counts every attempt. */
  readonly dropped: number;
  /** Nodes hashed into the small-node region (SMALL_MAX empties or fewer; 0 with --off small-region). */
  readonly region: number;
  /** df-pn's table: its entries in use at the end (of 2^h). */
  readonly used?: number;
}

export interface PositionResult {
  /** 1-based index of the position in its suite. */
  readonly index: number;
  /** 1-based line in the file (0 for a position given on the command line). */
  readonly line: number;
  readonly empties: number;
  readonly move: number;
  /** The exact score; for a WLD result (`wld`), the proven bound (>= it for a win, <= it for a loss, 0 for a draw). */
  readonly score: number;
  /** Win, draw or loss for the side to move, when the solve was WLD only (absent: an exact solve). */
  readonly wld?: Wld;
  /** Best score of the answers, or null without answers. */
  readonly expected: number | null;
  /** The answers' moves with that score (empty without answers). */
  readonly bestMoves: readonly number[];
  /** Score and move agree with the answers; null without answers. */
  readonly ok: boolean | null;
  /** A WLD result whose move the answers do not score (so they cannot check it). */
  readonly unlisted?: boolean;
  readonly nodes: number;
  readonly ms: number;
  readonly pv: readonly number[];
  readonly table: TableStats;
  /**
   * The engine that searched below the root: 'wasm' when the WebAssembly
   * engine counted nodes in its own memory (engineNodes > 0), else 'ts'
   * (TypeScript); the same tree either way.
   */
  readonly engine: string;
  /** Nodes the WebAssembly engine counted in its own memory for this position (0: it did not run). */
  readonly engineNodes: number;
  /** Of `nodes` (and `engineNodes`), those that idle workers searched helping (absent: none helped). */
  readonly helperNodes?: number;
  /** A level's estimate (solve --level beyond the level's exact range): the depth reached, its confidence in percent, whether its move time stopped it; absent: exact. */
  readonly estimate?: { readonly depth: number; readonly confidence: number; readonly stopped: boolean };
  /** The tree settings the position was searched with, read back where its search context was built (readBack); absent in a result read from a file. */
  readonly context?: TreeValues;
}

/**
 * A result is right when its score is the best score of the answers and its
 * move one of the answers with that score. A game already over has no move,
 * and a "*:score" answer names none: the score alone decides.
 */
export function check(
  answers: readonly ObfAnswer[],
  score: number,
  move: number,
  gameOver: boolean,
  wld?: Wld,
): { expected: number | null; bestMoves: readonly number[]; ok: boolean | null; unlisted?: boolean } {
  const best = bestAnswers(answers);
  if (!best) return { expected: null, bestMoves: [], ok: null };
  if (wld) {
    const ok = checkWld(answers, best.score, wld, move, gameOver);
    // A move the answers do not score cannot be checked by them: said as such, not as a move that loses the result.
    const unlisted = !ok && wldOf(best.score) === wld && !answers.some((x) => x.move === move);
    return { expected: best.score, bestMoves: best.moves, ok, ...(unlisted ? { unlisted } : {}) };
  }
  const anyMove = best.moves.includes(ANY_MOVE);
  return {
    expected: best.score,
    bestMoves: anyMove ? [] : best.moves,
    ok: score === best.score && (gameOver || anyMove || best.moves.includes(move)),
  };
}

/**
 * A WLD result is right when it is the sign of the best answer's score and
 * its move is one the answers score with that sign; in a lost position
 * every move loses, so any move is right.
 */
function checkWld(answers: readonly ObfAnswer[], best: number, wld: Wld, move: number, gameOver: boolean): boolean {
  if (wldOf(best) !== wld) return false;
  if (gameOver || wld === 'loss' || answers.some((x) => x.move === ANY_MOVE)) return true;
  const a = answers.find((x) => x.move === move);
  return a !== undefined && wldOf(a.score) === wld;
}

/** How one position is solved on a context: its table kept or cleared, the root's strategy. */
export interface PositionSolve {
  /** Keep the table from one position to the next (else cleared, as Edax does). */
  readonly keepTable: boolean;
  /** The table is empty (just made): not cleared, whatever keepTable says, since a clear would change nothing. */
  readonly fresh?: boolean;
  /** How the root searches (see RootStrategy). */
  readonly root: RootStrategy;
  /** Win/loss/draw only (see search/wld.ts). */
  readonly wld: boolean;
  /** Win/loss/draw by df-pn on this table (search/dfpn.ts) instead of alpha-beta; implies wld. */
  readonly dfpn?: DfpnTable;
}

/**
 * The tree settings of a position's search, read from the objects that
 * searched it (the context's table, evaluator, selectivity and switches; the
 * position's solve and df-pn table), never copied from the request: what a
 * result reports, and what a test holds against the settings asked for.
 */
export function readBack(ctx: SearchContext, s: PositionSolve): TreeValues {
  // A tree setting with no object of its own is read where the search reads it: the run's values the context was made from.
  const run = ctx.run as Readonly<Record<string, unknown>>;
  const given = Object.fromEntries(TREE_SETTINGS.filter((k) => k in run).map((k) => [k, run[k]])) as TreeValues;
  const held = {
    hashBits: (s.dfpn ?? ctx.table).bits,
    tableLayout: ctx.table.layout,
    weights: ctx.weightsDigest,
    ordering: ctx.evaluator === null ? 'mobility' : 'eval',
    selectivity: ctx.selectivity,
    keepTable: s.keepTable,
    wld: s.wld || s.dfpn !== undefined,
    prover: s.dfpn ? 'dfpn' : 'ab',
    off: offNames(ctx.off),
    root: s.root,
  } satisfies Partial<TreeValues>;
  return { ...given, ...held };
}

export function tableStats(t: Table): TableStats {
  const s = t.stats;
  return {
    probes: s[STAT_PROBES],
    hits: s[STAT_HITS],
    cutoffs: s[STAT_CUTOFFS],
    stores: s[STAT_STORES],
    overwrites: s[STAT_OVERWRITES],
    dropped: s[STAT_DROPPED],
    region: s[STAT_REGION],
  };
}

/** The engine a result names: the one whose own counters show it searched. */
export function engineOf(engineNodes: number): 'wasm' | 'ts' {
  return engineNodes > 0 ? 'wasm' : 'ts';
}

/** Solves one position exactly (or its WLD) on the context's table and checks it. */
export function solveOne(
  ctx: SearchContext,
  position: Position,
  answers: readonly ObfAnswer[],
  index: number,
  line: number,
  settings: PositionSolve,
): PositionResult {
  if (settings.dfpn) return solveByDfpn(ctx, settings.dfpn, position, answers, index, line, settings);
  const table = ctx.table;
  if (settings.keepTable || settings.fresh) table.stats.fill(0);
  else table.clear();
  const before = ctx.below?.searched ?? 0;
  const r = solveExact(ctx, position, { root: settings.root, wld: settings.wld });
  const engineNodes = (ctx.below?.searched ?? 0) - before;
  const gameOver = r.pv.length === 0;
  return {
    index,
    line,
    empties: r.empties,
    move: r.move,
    score: r.score,
    ...(r.wld ? { wld: r.wld } : {}),
    ...check(answers, r.score, r.move, gameOver, r.wld),
    nodes: r.nodes,
    ms: r.ms,
    pv: r.pv,
    table: tableStats(table),
    engine: engineOf(engineNodes),
    engineNodes,
    context: readBack(ctx, settings),
  };
}

/**
 * Win, draw or loss by df-pn on its table (cleared unless kept); its
 * leaves searched on the context (its engine, its table). The table
 * statistics are the df-pn table's (no cutoffs: it has none).
 */
function solveByDfpn(
  ctx: SearchContext,
  dfpn: DfpnTable,
  position: Position,
  answers: readonly ObfAnswer[],
  index: number,
  line: number,
  settings: PositionSolve,
): PositionResult {
  if (settings.keepTable || settings.fresh)
    dfpn.stats.fill(0); // (then `used` counts this position's new entries only)
  else dfpn.clear();
  ctx.table.clear();
  ctx.table.newSearch();
  const before = ctx.below?.searched ?? 0;
  const t0 = performance.now();
  const { hi: ph, lo: pl } = position.player;
  const { hi: oh, lo: ol } = position.opponent;
  const empties = emptyCount(position);
  ctx.state.nodes[0] = 0;
  const guess = shallowGuess(ctx, ph, pl, oh, ol, empties);
  const r = proveWld(ctx, dfpn, ph, pl, oh, ol, empties, guess);
  const engineNodes = (ctx.below?.searched ?? 0) - before;
  const move = r.pv.length > 0 ? r.pv[0] : NO_MOVE;
  const st = dfpn.stats;
  return {
    index,
    line,
    empties,
    move,
    score: r.score,
    wld: r.wld,
    ...check(answers, r.score, move, r.pv.length === 0, r.wld),
    nodes: ctx.state.nodes[0],
    ms: performance.now() - t0,
    pv: r.pv,
    table: {
      probes: st[DFPN_PROBES],
      hits: st[DFPN_HITS],
      cutoffs: 0,
      stores: st[DFPN_STORES],
      overwrites: st[DFPN_OVERWRITES],
      dropped: 0,
      region: 0,
      used: st[DFPN_FILLED],
    },
    engine: engineOf(engineNodes),
    engineNodes,
    context: readBack(ctx, settings),
  };
}

export function solveEntry(ctx: SearchContext, entry: ObfEntry, index: number, settings: PositionSolve): PositionResult {
  return solveOne(ctx, entry.position, entry.answers, index, entry.line, settings);
}

export interface Summary {
  readonly positions: number;
  readonly nodes: number;
  /** Wall time of the whole run (positions may be solved in parallel). */
  readonly ms: number;
  /** Sum of the positions' own times. */
  readonly cpuMs: number;
  /** Nodes per second of wall time. */
  readonly nps: number;
  readonly mismatches: number;
  /** Rows a level estimated (solve --level): never checked against the answers; absent when none. */
  readonly estimates?: number;
  readonly errors: number;
}

/** Totals of a run; `wallMs` defaults to the sum of the positions' times. */
export function summarize(results: readonly PositionResult[], errors: number, wallMs?: number): Summary {
  let nodes = 0;
  let cpuMs = 0;
  let mismatches = 0;
  let estimates = 0;
  for (const r of results) {
    nodes += r.nodes;
    cpuMs += r.ms;
    if (r.ok === false) mismatches++;
    if (r.estimate) estimates++;
  }
  const ms = wallMs ?? cpuMs;
  return {
    positions: results.length,
    nodes,
    ms: Math.round(ms * 1000) / 1000,
    cpuMs: Math.round(cpuMs * 1000) / 1000,
    nps: ms > 0 ? Math.round((nodes * 1000) / ms) : 0,
    mismatches,
    ...(estimates ? { estimates } : {}),
    errors,
  };
}

/**
 * What a search thread does (a piscina worker of the pool or the queue:
 * worker.ts; a Web Worker of the page). Four kinds of task:
 *   solve  a whole position on the worker's own table (made at the first
 *          task and kept; cleared per position unless told to keep it);
 *   guess  the first guess of a split position (shallow search, selective
 *          pre-searches) on that position's shared table;
 *   nws    one null-window search below a split position, on its shared
 *          table (split search, see split.ts);
 *   pv     the move and principal variation of a split position once its
 *          score is known (the PV walk), on the shared table.
 *   help   takes moves of the split points a whole position's search opens
 *          on its engine memory (assembly/help.ts), until that search ends.
 * Every task publishes its progress in a shared slot and watches a stop flag.
 */
import { popcount, U64 } from 'native-free-bitboard';
import { SearchCancelled } from '../errors.js';
import { searchEvaluator, type WeightsBytes } from '../eval/format.js';
import type { Evaluator } from '../eval/weights.js';
import type { ObfAnswer } from '../position/obf.js';
import type { Color } from '../position/position.js';
import { GAME_OVER, type LevelSearches, type SearchAnswer, searchByLevel } from '../search/by-level.js';
import { LIVE_DEPTH, LIVE_FIELDS, LIVE_LOWER, LIVE_MOVE, LIVE_NODES, LIVE_UPPER, SearchContext } from '../search/context.js';
import { TsMidEngine } from '../search/deepening.js';
import { DfpnTable } from '../search/dfpn.js';
import { setupEmpties } from '../search/leaves.js';
import { endStages, levelSearch } from '../search/levels.js';
import { midSearchFrom } from '../search/midgame.js';
import { searchNull } from '../search/nws.js';
import { type GuessResult, guessScore, selectiveEnd, solveExact } from '../search/root.js';
import { SearchState } from '../search/state.js';
import { createTable, type Layout, MIN_BITS, NO_MOVE, STAT_CUTOFFS, STAT_HITS, STAT_PROBES, type Table } from '../search/table.js';
import { type RunSettingValues, runSettingsOf, type TreeValues } from '../settings/index.js';
import { check, type PositionResult, readBack, solveOne, tableStats } from '../solve/solve.js';
import { type EngineShare, WasmMidEngine, WasmSearch } from '../wasm/lower.js';
import type { Dispatched } from './slots.js';

/**
 * The settings every task of a run carries (the scheduler's `common`): the
 * run's values of the settings table (settings.ts, runSettingsOf) and the
 * weights, read once by the thread that started the run (null: mobility).
 * A split task's engine is its shared table's (engineShare, or the
 * TypeScript one); df-pn proves on a table of the thread's own.
 */
export interface RunSettings extends RunSettingValues {
  readonly weights: WeightsBytes | null;
}

/** What every task carries: where to publish progress and where to look for a stop, and the run's settings. */
interface TaskBase extends Dispatched, RunSettings {
  readonly ph: number;
  readonly pl: number;
  readonly oh: number;
  readonly ol: number;
}

/** A whole position, as plain data so that it crosses the thread boundary. */
export interface SolveTask extends TaskBase {
  readonly kind: 'solve';
  readonly line: number;
  readonly toMove: Color;
  readonly answers: readonly ObfAnswer[];
  readonly keepTable: boolean;
  /**
   * The WebAssembly engine's memory to search on as its owner (thread 0),
   * so that idle workers can help (HelpTask), and its id among the run's
   * memories; absent: the worker's own engine and table.
   */
  readonly helped?: { readonly share: EngineShare; readonly id: number };
}

/** Helps the whole position whose search owns `share` (SolveTask.helped), as the thread of its slot + 1, until that search ends. */
export interface HelpTask extends TaskBase {
  readonly kind: 'help';
  readonly share: EngineShare;
  readonly id: number;
  /** Never retried: a helper whose worker dies is let go (the pool clears its claim on the split point: releaseHelper). */
  readonly once: true;
}

export interface HelpResult {
  readonly nodes: number;
}

/**
 * Tasks on a split position's shared table. Null only on the way to a queue
 * worker, which gives the task its own process's table (queue/serve.ts).
 */
interface SharedTableTask extends TaskBase {
  readonly table: SharedArrayBuffer | null;
  /** The WebAssembly engine's shared memory holding the table (instead of `table`), or null. */
  readonly engineShare: EngineShare | null;
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

/** An estimate, not a proof: a depth-limited search with the evaluator (the page's analysis before its exact part). */
export interface EstimateTask extends TaskBase {
  readonly kind: 'estimate';
  readonly depth: number;
}

export interface EstimateResult {
  /** The evaluator's score for the side to move, in discs (1/128 disc resolution, rounded to a tenth). */
  readonly score: number;
  readonly nodes: number;
}

/** Makes the thread's own table (and engine) for whole positions of these settings now, so that no solve's time counts its set-up. */
export interface PrepareTask extends TaskBase {
  readonly kind: 'prepare';
}

export type Task = SolveTask | NwsTask | PvTask | GuessTask | EstimateTask | PrepareTask | HelpTask;
/** A task as its sender gives it; the scheduler adds the rest. */
export type TaskInput = Task extends infer T
  ? T extends Task
    ? Omit<T, keyof Dispatched | keyof RunSettings> & { readonly index: number }
    : never
  : never;

/** What a split position's task reports besides its answer: nodes the WebAssembly engine counted in its own memory. */
export interface EngineCount {
  readonly engineNodes?: number;
}

export interface NwsResult extends EngineCount {
  readonly score: number;
  readonly nodes: number;
  readonly probes: number;
  readonly hits: number;
  readonly cutoffs: number;
}

/** The first guess of a split position, with the tree settings its context read back (readBack). */
export interface GuessTaskResult extends GuessResult {
  readonly context: TreeValues;
}

export interface PvResult extends EngineCount {
  readonly score: number;
  readonly pv: readonly number[];
  readonly nodes: number;
}

/**
 * What one search thread keeps between its tasks, owned by the thread's
 * entry (worker.ts, the page's worker) and handed to every task: its search
 * state (each task's search works in it in turn), its own table, its views
 * of split positions' shared tables and engine memories, the evaluator of
 * the last weights, and the engine of whole positions with its table.
 */
export class SearchThread {
  private readonly state = new SearchState();
  private own: Table | undefined;
  /** The WebAssembly engine of whole positions, with its table (the thread's own), for the weights it was made with. */
  private wasm: { search: WasmSearch; bits: number; layout: Layout; digest: string | null } | undefined;
  /** Views on shared tables: ids are fixed for the life of a pool (one run), so one view per id. */
  private readonly shared = new Map<number, Table>();
  /**
   * Engine instances over split positions' shared engine memories, by table
   * id (fixed for the life of a pool, as the memories are; each task brings
   * its own clone of the Memory object, so the id is the key).
   */
  private readonly sharedEngines = new Map<number, WasmSearch>();
  private evaluator: { digest: string | null; ev: Evaluator | null } = { digest: null, ev: null };
  /** df-pn's table (prover 'dfpn'), kept as the own table is. */
  private dfpn: DfpnTable | undefined;
  /** Tables made and not yet searched: empty, as a clear leaves them, so a first solve need not clear them (the search's table clears by moving its date floor, but df-pn's zeroes its gigabytes). */
  private readonly fresh = new WeakSet<Table>();

  /** Runs a task; throws SearchCancelled when its stop flag ended it. */
  run(t: Task): PositionResult | NwsResult | PvResult | GuessTaskResult | EstimateResult | HelpResult | { prepared: true } {
    if (t.kind === 'estimate') return this.estimate(t);
    if (t.kind === 'prepare') return this.prepare(t);
    if (t.kind === 'help') return this.help(t);
    let table: Table;
    let below: WasmSearch | null = null;
    const evaluator = this.evaluatorOf(t.weights);
    // A level's position beyond its exact range is estimated (levelTask); within it, solved as any other.
    const at = t.kind === 'solve' && t.level !== undefined ? levelSearch(t.level, popcount(~(t.ph | t.oh), ~(t.pl | t.ol))) : null;
    const byLevel = at !== null && !at.exact;
    // df-pn keeps its numbers in a table of the task's size; alpha-beta, deciding its leaves, needs only the smallest.
    const dfpn = t.kind === 'solve' && t.prover === 'dfpn' ? this.dfpnTable(t.hashBits) : undefined;
    if (t.kind === 'solve' && t.engine === 'wasm' && t.helped && !dfpn) {
      below = this.engineOn(t.helped.id, t.helped.share, 0);
      table = below.table;
    } else if (t.kind === 'solve' && t.engine === 'wasm') {
      below = this.wholeEngine(t, evaluator, dfpn ? MIN_BITS : t.hashBits);
      table = below.table;
    } else if (t.kind === 'solve') {
      table = this.ownTable(dfpn ? MIN_BITS : t.hashBits, t.tableLayout);
    } else if (t.engineShare) {
      below = this.sharedEngine(t, t.engineShare);
      table = below.table;
    } else table = this.sharedTable(t);
    const ctx = new SearchContext({
      ...runSettingsOf(t),
      // A selective end search runs the pre-searches up to the level's confidence.
      ...(byLevel ? { selectivity: endStages(at.selectivity) } : {}),
      table,
      evaluator,
      state: this.state,
      below,
      weightsDigest: t.weights?.digest ?? null,
      live: new Float64Array(t.live),
      liveAt: t.slot * LIVE_FIELDS,
      stop: new Int32Array(t.stop),
      stopAt: t.slot,
    });
    if (byLevel && t.kind === 'solve') return this.levelTask(t, ctx, below);
    const before = below?.searched ?? 0;
    const fresh = this.fresh.delete(table);
    const owner = t.kind === 'solve' && t.helped && below ? below : null;
    owner?.ownerSearch(true);
    let result: ReturnType<typeof runOn>;
    try {
      result = runOn(ctx, t, table, fresh, dfpn);
    } finally {
      owner?.ownerSearch(false);
    }
    // A task stopped by its flag ends with whatever its search had: no result.
    if (ctx.stopped()) throw new SearchCancelled(`task ${t.kind} of position ${t.index}`);
    if (t.kind === 'solve') return result;
    return { ...result, engineNodes: (below?.searched ?? 0) - before };
  }

  /**
   * A position a level estimates (search/levels.ts), on the thread's own
   * table and engine: the midgame search to the level's depth, or the
   * selective end search on `ctx` (made at the level's confidence), with its
   * depth reached shown live. A stop flag cancels it; its move time ends it
   * with the deepest depth finished.
   */
  private levelTask(t: SolveTask, ctx: SearchContext, below: WasmSearch | null): PositionResult {
    const evaluator = ctx.evaluator;
    if (evaluator === null) throw new Error('a level searches with weights');
    const position = { player: new U64(t.ph, t.pl), opponent: new U64(t.oh, t.ol), toMove: t.toMove };
    const live = ctx.live;
    const at = ctx.liveAt;
    const deadline = t.moveTime === undefined ? Number.POSITIVE_INFINITY : performance.now() + t.moveTime * 1000;
    const mid = below ? new WasmMidEngine(t.hashBits, t.tableLayout, evaluator, below) : new TsMidEngine(ctx.table, evaluator);
    const stopped = () => {
      live[at + LIVE_NODES] = mid.nodes[0] + ctx.state.nodes[0];
      return ctx.stopped() || performance.now() >= deadline;
    };
    const searches: LevelSearches = {
      mid: () => {
        mid.table.clear();
        return mid;
      },
      exact: () => {
        throw new RangeError("levelTask: a position within the level's exact range is solved by solveOne");
      },
      selective: (x) => {
        const g = selectiveEnd(ctx, x);
        return { ...g, pv: g.move >= 0 ? [g.move] : [] };
      },
    };
    const shown = (a: SearchAnswer) => {
      live[at + LIVE_LOWER] = a.score;
      live[at + LIVE_UPPER] = a.score;
      live[at + LIVE_MOVE] = a.move;
      live[at + LIVE_DEPTH] = a.depth;
    };
    let a: SearchAnswer;
    try {
      a = searchByLevel(position, { level: t.level!, depth: 0, confidence: 0, every: false, stopped, onDepth: shown }, searches);
    } finally {
      // Its entries are estimates (the midgame search's depths, the selective end's bounds): an exact search that keeps the table must not meet them.
      ctx.table.clear();
    }
    if (ctx.stopped()) throw new SearchCancelled(`the level search of position ${t.index}`);
    return levelResult(t, a, ctx.table, below !== null);
  }

  /** Takes moves of a whole position's split points on its memory until its search ends (or this task is stopped): its nodes. */
  private help(t: HelpTask): HelpResult {
    const engine = this.engineOn(t.id, t.share, t.slot + 1);
    // Its live slot (zeroed when dispatched) shows its nodes only: the position's bounds and move are its owner's.
    const ctx = new SearchContext({
      ...runSettingsOf(t),
      table: engine.table,
      evaluator: this.evaluatorOf(t.weights),
      weightsDigest: t.weights?.digest ?? null,
      state: this.state,
      below: engine,
      live: new Float64Array(t.live),
      liveAt: t.slot * LIVE_FIELDS,
      stop: new Int32Array(t.stop),
      stopAt: t.slot,
    });
    this.state.nodes[0] = 0;
    engine.help(ctx);
    return { nodes: this.state.nodes[0] };
  }

  /** The table (and engine) a whole position of the task's settings would make, made now. */
  private prepare(t: PrepareTask): { prepared: true } {
    const evaluator = this.evaluatorOf(t.weights);
    if (t.engine === 'wasm') this.wholeEngine(t, evaluator, t.hashBits);
    else this.ownTable(t.hashBits, t.tableLayout);
    return { prepared: true };
  }

  /** The thread's own table for whole positions on the TypeScript engine, made again when its size or layout changes. */
  private ownTable(bits: number, layout: Layout): Table {
    if (!this.own || this.own.bits !== bits || this.own.layout !== layout) {
      this.own = createTable(bits, layout);
      this.fresh.add(this.own);
    }
    return this.own;
  }

  /** df-pn's table of 2^bits entries, made again when the size changes. */
  private dfpnTable(bits: number): DfpnTable {
    if (this.dfpn?.bits !== bits) {
      this.dfpn = undefined; // its memory goes before the next is made
      this.dfpn = new DfpnTable(bits);
    }
    return this.dfpn;
  }

  /** A depth-limited search with the evaluator: no table, no proof (its nodes count). */
  private estimate(t: EstimateTask): EstimateResult {
    const evaluator = this.evaluatorOf(t.weights);
    if (!evaluator) throw new Error('an estimate needs weights');
    this.state.nodes[0] = 0;
    const v = midSearchFrom(this.state, evaluator, t.ph, t.pl, t.oh, t.ol, t.depth, -(1 << 30), 1 << 30);
    return { score: Math.round((v / 128) * 10) / 10, nodes: this.state.nodes[0] };
  }

  /** This thread's evaluator of the run's weights, built from their bytes once (the digest tells a new run's weights). */
  private evaluatorOf(w: WeightsBytes | null): Evaluator | null {
    const digest = w?.digest ?? null;
    if (this.evaluator.digest !== digest) this.evaluator = { digest, ev: searchEvaluator(w) };
    return this.evaluator.ev;
  }

  /** The engine of whole positions, made again when the table's size or layout or the weights change. */
  private wholeEngine(t: SolveTask | PrepareTask, evaluator: Evaluator | null, bits: number): WasmSearch {
    const digest = t.weights?.digest ?? null;
    if (this.wasm && this.wasm.bits === bits && this.wasm.layout === t.tableLayout && this.wasm.digest === digest) return this.wasm.search;
    this.wasm = undefined; // its memory goes before the next is made
    const search = WasmSearch.create(bits, t.tableLayout, evaluator);
    this.wasm = { search, bits, layout: t.tableLayout, digest };
    this.fresh.add(search.table);
    return search;
  }

  /**
   * The engine over a split task's shared memory, as the thread of its slot
   * (slot + 1: thread 0 made the memory): the tasks running at once have
   * distinct slots, hence scratch regions and stop flags of their own.
   */
  private sharedEngine(t: SharedTableTask, share: EngineShare): WasmSearch {
    const e = this.engineOn(t.tableId, share, t.slot + 1);
    e.table.date = t.date;
    return e;
  }

  /** This thread's instance over a shared engine memory (by the run's id of it), searching as `thread`. */
  private engineOn(id: number, share: EngineShare, thread: number): WasmSearch {
    let e = this.sharedEngines.get(id);
    if (!e) {
      e = new WasmSearch(share, thread);
      this.sharedEngines.set(id, e);
    } else e.useThread(thread);
    return e;
  }

  private sharedTable(t: SharedTableTask): Table {
    if (t.table === null) throw new Error('a split task without its table');
    let table = this.shared.get(t.tableId);
    if (!table || table.bits !== t.hashBits || table.layout !== t.tableLayout) {
      table = createTable(t.hashBits, t.tableLayout, t.table);
      this.shared.set(t.tableId, table);
    }
    table.date = t.date;
    return table;
  }
}

function runOn(
  ctx: SearchContext,
  t: Exclude<Task, EstimateTask | PrepareTask | HelpTask>,
  table: Table,
  fresh: boolean,
  dfpn: DfpnTable | undefined,
): PositionResult | NwsResult | PvResult | GuessTaskResult {
  const position = { player: new U64(t.ph, t.pl), opponent: new U64(t.oh, t.ol), toMove: 'X' as Color };
  if (t.kind === 'solve')
    return solveOne(ctx, { ...position, toMove: t.toMove }, t.answers, t.index, t.line, {
      keepTable: t.keepTable,
      fresh,
      root: t.root,
      wld: t.wld,
      dfpn,
    });
  // The guess runs the position's pre-searches: its context reads back the split position's settings (split.ts adds its own keepTable).
  if (t.kind === 'guess')
    return { ...guessScore(ctx, position, t.wld), context: readBack(ctx, { keepTable: false, root: t.root, wld: t.wld }) };
  if (t.kind === 'pv') {
    const r = solveExact(ctx, position, { known: t.score, sameSearch: true, wld: t.wld });
    return { score: r.score, pv: r.pv, nodes: r.nodes };
  }
  const s = table.stats;
  const probes = s[STAT_PROBES];
  const hits = s[STAT_HITS];
  const cutoffs = s[STAT_CUTOFFS];
  const parity = setupEmpties(ctx.state, t.ph, t.pl, t.oh, t.ol);
  ctx.state.nodes[0] = 0;
  const score = searchNull(ctx, t.ph, t.pl, t.oh, t.ol, t.alpha, t.empties, parity);
  return {
    score,
    nodes: ctx.state.nodes[0],
    probes: s[STAT_PROBES] - probes,
    hits: s[STAT_HITS] - hits,
    cutoffs: s[STAT_CUTOFFS] - cutoffs,
  };
}

/** A level's answer as a suite's result: an estimate (with its depth and confidence) unless the answer is exact; checked against the answers only when exact. */
function levelResult(t: SolveTask, a: SearchAnswer, table: Table, wasm: boolean): PositionResult {
  const gameOver = a.move === GAME_OVER;
  const move = gameOver ? NO_MOVE : a.move;
  const checked = check(t.answers, a.score, move, gameOver);
  return {
    index: t.index,
    line: t.line,
    empties: popcount(~(t.ph | t.oh), ~(t.pl | t.ol)),
    move,
    score: a.score,
    ...checked,
    ok: a.exact ? checked.ok : null,
    nodes: a.nodes,
    ms: a.ms,
    pv: a.pv,
    table: tableStats(table),
    engine: wasm ? 'wasm' : 'ts',
    engineNodes: wasm ? a.nodes : 0,
    ...(a.exact ? {} : { estimate: { depth: a.depth, confidence: a.confidence, stopped: a.stopped } }),
  };
}

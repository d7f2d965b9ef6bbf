/**
 * The WebAssembly engine as the search below the root (a LowerSearch): one
 * thread's instance, its table in the engine's memory (the TypeScript root
 * reads and writes the same words through a Table view), the evaluator's
 * tables copied in from the TypeScript evaluator, and the context's
 * ordering settings handed over once. Every searchNull of the context goes
 * here; the engine's node and table counters are taken after each call and
 * added to the context's, so that the results read as the TypeScript
 * engine's: the same tree, node for node.
 */

import { EMPTY_INDEX, N_WEIGHTS, SQ_FEATURE, SQ_POWER, SQ_START, UNPACKED_OFFSET } from '../eval/features.js';
import type { Evaluator } from '../eval/weights.js';
import type { Position } from '../position/position.js';
import { LIST } from '../search/constants.js';
import type { LowerSearch, SearchContext } from '../search/context.js';
import { LIVE_NODES } from '../search/context.js';
import { type MidEngine, marginAt } from '../search/deepening.js';
import { createTable, LAYOUTS, type Layout, type Table, tableBytes } from '../search/table.js';
import { type Engine, type EngineExports, engineMemory, loadEngine } from './engine.js';
import {
  COUNTERS,
  HELP_BUSY,
  HELP_BYTE,
  HELP_CLOSED,
  HELP_DONE,
  HELP_STATE,
  SET_EVAL_MIN,
  SET_OFF,
  SET_PER_MOBILITY_0,
  SET_PER_MOBILITY_1,
  SET_PER_MOBILITY_2,
  SET_PER_MOBILITY_3,
  SET_SORT_FROM_1,
  SET_SORT_FROM_2,
  SET_SORT_FROM_3,
  SET_W_EDGE,
  SET_W_MOBILITY,
  SET_W_PARITY,
  SET_W_POTENTIAL,
  SETTINGS_BYTE,
  SETTINGS_WORDS,
  SQ_FEATURE_WORDS,
  SQ_POWER_WORDS,
  SQ_START_WORDS,
  WEIGHTS_HEADER_WORDS,
} from './layout.js';

const PAGE = 65536;
const align = (n: number, to: number) => Math.ceil(n / to) * to;

/** Bytes of the evaluator's tables in the engine's memory (the layout assembly/eval.ts reads). */
function weightsBytes(tables: number): number {
  return 4 * WEIGHTS_HEADER_WORDS + 2 * 2 * tables * N_WEIGHTS;
}

/** Writes the evaluator's tables at `at` in the engine's memory (expanded straight there when the evaluator has not expanded them yet). */
function copyWeights(buffer: ArrayBufferLike, at: number, ev: Evaluator): { tables: number; band: number } {
  const tables = ev.tables;
  const i32 = new Int32Array(buffer, at, WEIGHTS_HEADER_WORDS);
  i32.set(SQ_START, 0);
  i32.set(SQ_FEATURE, SQ_START_WORDS);
  i32.set(SQ_POWER, SQ_START_WORDS + SQ_FEATURE_WORDS);
  i32.set(EMPTY_INDEX, SQ_START_WORDS + SQ_FEATURE_WORDS + SQ_POWER_WORDS);
  const from = at + 4 * WEIGHTS_HEADER_WORDS;
  ev.expandInto(
    new Int16Array(buffer, from, tables * N_WEIGHTS),
    new Int16Array(buffer, from + 2 * tables * N_WEIGHTS, tables * N_WEIGHTS),
  );
  return { tables, band: ev.band };
}

/** The first sorting depth's empties (64: never), from a context's sortDepth table. */
function sortFrom(sortDepth: Int32Array, plies: number): number {
  for (let n = 0; n <= 64; n++) if (sortDepth[n] >= plies) return n;
  return 64;
}

/**
 * A table and the evaluator's tables in one engine memory, for every thread
 * that searches on it: a whole position's worker alone, or the threads of a
 * split position together (then the memory is shared, and this travels
 * with each task: a WebAssembly.Memory and numbers clone cheaply).
 */
export interface EngineShare {
  readonly memory: WebAssembly.Memory;
  readonly bits: number;
  readonly layout: Layout;
  /** Byte address of the table. */
  readonly tableAt: number;
  /** Where the evaluator's tables are in the memory, or null: mobility ordering. */
  readonly placed: PlacedWeights | null;
}

/**
 * The weights as the engine reads them: their tables copied into its
 * memory at a byte address (not the setting `weights`, a file's path, nor
 * `WeightsBytes`, a file's bytes).
 */
export interface PlacedWeights {
  readonly at: number;
  readonly tables: number;
  readonly band: number;
}

/** A memory holding a table of 2^bits entries in `layout` and the evaluator's tables. */
export function createEngineShare(bits: number, layout: Layout, evaluator: Evaluator | null): EngineShare {
  const memory = engineMemory();
  const heapEnd = loadEngine(memory, 0).exports.heapEnd(); // the start code's tables end here, for every instance alike
  let at = align(heapEnd, 64);
  const weightsAt = at;
  if (evaluator) at = align(at + weightsBytes(evaluator.tables), 64);
  const tableAt = at;
  const pages = Math.ceil((tableAt + tableBytes(bits, layout)) / PAGE);
  const have = memory.buffer.byteLength / PAGE;
  if (pages > have) memory.grow(pages - have);
  const placed = evaluator ? { at: weightsAt, ...copyWeights(memory.buffer, weightsAt, evaluator) } : null;
  return { memory, bits, layout, tableAt, placed };
}

/**
 * Tells the helpers on a share that its owner's search has ended, from any
 * thread that holds the share (the owner's worker when its search returns;
 * the pool when the owner's task settles, in case its worker died).
 */
export function endHelp(share: EngineShare): void {
  helpState(share, HELP_DONE);
}

/** Before a search of a whole position starts on a share: helpers sent to it wait for its split points (none open yet). */
export function startHelp(share: EngineShare): void {
  helpState(share, HELP_CLOSED);
}

/**
 * The engine's settings block, word by word (src/wasm/layout.ts SET_*):
 * everything the WebAssembly engine reads of a search context, written in
 * this one place (assembly/ordering.ts readOrdering and assembly/nws.ts
 * setOff read it). A setting of the settings table that the engine reads
 * names its word here (settings.ts engineWord; test/settings.test.ts).
 */
export const ENGINE_BLOCK: ReadonlyArray<readonly [word: number, value: (ctx: SearchContext) => number]> = [
  [SET_EVAL_MIN, (c) => c.evalMin],
  [SET_PER_MOBILITY_0, (c) => c.evalPerMobility[0]],
  [SET_PER_MOBILITY_1, (c) => c.evalPerMobility[1]],
  [SET_PER_MOBILITY_2, (c) => c.evalPerMobility[2]],
  [SET_PER_MOBILITY_3, (c) => c.evalPerMobility[3]],
  [SET_SORT_FROM_1, (c) => sortFrom(c.sortDepth, 1)],
  [SET_SORT_FROM_2, (c) => sortFrom(c.sortDepth, 2)],
  [SET_SORT_FROM_3, (c) => sortFrom(c.sortDepth, 3)],
  [SET_W_MOBILITY, (c) => c.wMobility],
  [SET_W_POTENTIAL, (c) => c.wPotential],
  [SET_W_PARITY, (c) => c.wParity],
  [SET_W_EDGE, (c) => c.wEdge],
  [SET_OFF, (c) => c.off],
];

/** Writes a context's settings into an engine's block (SETTINGS_WORDS words). */
export function writeEngineBlock(block: Int32Array, ctx: SearchContext): void {
  for (const [word, value] of ENGINE_BLOCK) block[word] = value(ctx);
}

/**
 * Clears the claim of a helper thread whose worker died on the share's
 * split point, so that its owner closes the node (and searches the move
 * left unsearched itself). Only for a dead thread: a live one writes on.
 */
export function releaseHelper(share: EngineShare, thread: number): void {
  const words = new Int32Array(share.memory.buffer, HELP_BYTE, HELP_BUSY + 1);
  Atomics.and(words, HELP_BUSY, ~(1 << thread));
  Atomics.notify(words, HELP_BUSY);
}

function helpState(share: EngineShare, state: number): void {
  const words = new Int32Array(share.memory.buffer, HELP_BYTE, HELP_STATE + 1);
  Atomics.store(words, HELP_STATE, state);
  Atomics.notify(words, HELP_STATE);
}

export class WasmSearch implements LowerSearch {
  readonly engine = 'wasm';
  /** The table, in the engine's memory: the TypeScript root's view of it. */
  readonly table: Table;
  private readonly x: EngineExports;
  /** The thread's counters in its scratch region: nodes, probes, hits, cutoffs, stores, overwrites, dropped, region. */
  private counters!: Float64Array;
  /** The thread's stop flag in the engine's memory (a control word). */
  private stopWord!: Int32Array;
  /** The thread's settings block in its scratch region (configure). */
  private settings!: Int32Array;
  /** The thread's move lists in its scratch region: squares, the flips' high words, their low words (orderedMoves). */
  private lists!: Int32Array[];
  /** The context whose settings the engine holds. */
  private configuredFor: SearchContext | null = null;
  /** The context whose searchNull runs now (poll reads its stop flag and writes its progress). */
  private current: SearchContext | null = null;
  /** Nodes drained from the instance's own counters, in all (LowerSearch.searched). */
  searched = 0;

  /** The engine over `share` as thread `thread` (0 ‥ 31: its scratch region and stop flag, its own among the share's threads). */
  constructor(
    readonly share: EngineShare,
    thread = 0,
  ) {
    const e: Engine = loadEngine(share.memory, thread, (nodes) => this.poll(nodes));
    const x = e.exports;
    const w = share.placed;
    if (w) x.useWeights(w.at, w.tables, w.band, UNPACKED_OFFSET[12]);
    else x.noWeights();
    x.useTable(share.tableAt, share.bits, LAYOUTS[share.layout].ways, LAYOUTS[share.layout].entryBytes);
    const words = new Int32Array(share.memory.buffer, share.tableAt, tableBytes(share.bits, share.layout) / 4);
    this.table = createTable(share.bits, share.layout, words, () => x.zeroTable());
    this.x = x;
    this.useThread(thread);
  }

  /** An engine of its own: a table of 2^bits entries in `layout` and the evaluator's weights, in a memory of its own. */
  static create(bits: number, layout: Layout, evaluator: Evaluator | null): WasmSearch {
    return new WasmSearch(createEngineShare(bits, layout, evaluator), 0);
  }

  /** Searches as thread `thread` from now on (a split position's task takes the thread of its slot). */
  useThread(thread: number): void {
    const x = this.x;
    x.init(thread);
    const buffer = this.share.memory.buffer;
    this.counters = new Float64Array(buffer, x.scratchAt(), COUNTERS);
    this.counters.fill(0);
    this.stopWord = new Int32Array(buffer, x.stopFlagAt(), 1);
    this.settings = new Int32Array(buffer, x.scratchAt() + SETTINGS_BYTE, SETTINGS_WORDS);
    this.lists = [0, 1, 2].map((k) => new Int32Array(buffer, x.listAt(k), 64 * LIST));
    this.configuredFor = null; // another thread's region: configured again at the next search
  }

  /** Every 1024 nodes of the engine's table-backed search: the context's stop flag in, its progress out. */
  private poll(nodes: number): void {
    if (this.pvsStop?.()) Atomics.store(this.stopWord, 0, 1);
    const ctx = this.current;
    if (ctx === null) return;
    Atomics.store(this.stopWord, 0, ctx.stop[ctx.stopAt]);
    ctx.live[ctx.liveAt + LIVE_NODES] = ctx.state.nodes[0] + nodes;
  }

  /** Hands the engine a context's settings: the block (ENGINE_BLOCK), then the engine reads it. */
  configure(ctx: SearchContext): void {
    writeEngineBlock(this.settings, ctx);
    this.x.configure();
    this.configuredFor = ctx;
  }

  searchNull(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number): number {
    // The engine's settings are the last context's it was given: one comparison tells when another context calls.
    if (this.configuredFor !== ctx) this.configure(ctx);
    this.current = ctx;
    Atomics.store(this.stopWord, 0, ctx.stop[ctx.stopAt]);
    const score = this.x.searchNull(ph, pl, oh, ol, alpha, empties, ctx.level, ctx.pcMargin, ctx.table.date, ctx.table.floor);
    this.current = null;
    this.drain(ctx);
    return score;
  }

  /**
   * Helps the search of a whole position on this memory by its owner
   * (thread 0; this instance another thread): takes moves of the split
   * points it opens until its search ends or ctx's stop flag is set. The
   * helper's nodes go to ctx.
   */
  help(ctx: SearchContext): void {
    if (this.configuredFor !== ctx) this.configure(ctx);
    this.current = ctx;
    Atomics.store(this.stopWord, 0, ctx.stop[ctx.stopAt]);
    this.x.help();
    this.current = null;
    this.drain(ctx);
  }

  /** The owner's side of helping: its search of a whole position starts (no split point open) or has ended (the helpers leave). */
  ownerSearch(running: boolean): void {
    helpState(this.share, running ? HELP_CLOSED : HELP_DONE);
  }

  midValue(
    ctx: SearchContext,
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    empties: number,
    depth: number,
    alpha: number,
    beta: number,
  ): number {
    if (this.share.placed === null) throw new Error("midValue: the engine was made without the evaluator's weights");
    const value = this.x.midValue(ph, pl, oh, ol, empties, depth, alpha, beta);
    this.drain(ctx);
    return value;
  }

  orderedMoves(
    ctx: SearchContext,
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    empties: number,
    parity: number,
    hashMove: number,
    sq: Int32Array,
    fh: Int32Array,
    fl: Int32Array,
    at: number,
  ): number {
    if (this.configuredFor !== ctx) this.configure(ctx);
    const n = this.x.orderedMoves(ph, pl, oh, ol, empties, parity, hashMove);
    this.drain(ctx);
    const from = empties * LIST;
    for (let i = 0; i < n; i++) {
      sq[at + i] = this.lists[0][from + i];
      fh[at + i] = this.lists[1][from + i];
      fl[at + i] = this.lists[2][from + i];
    }
    return n;
  }

  /** Moves the engine's counters (nodes, table statistics) to the context's. */
  /** The midgame search's stop question while its pvs runs (poll asks it), else null. */
  private pvsStop: (() => boolean) | null = null;

  /**
   * The midgame PVS (src/search/pvs.ts's twin, assembly/pvs.ts) of a
   * position on this engine's table: its value in discs, its nodes and
   * table statistics added to `nodes` and the table's. `stop` is asked
   * every POLL_EVERY nodes; once it says yes the value is worthless.
   */
  midPvs(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    empties: number,
    depth: number,
    window: readonly [number, number],
    confidence: number,
    margin: number,
    nodes: Float64Array,
    stop: () => boolean,
  ): number {
    if (this.share.placed === null) throw new Error("midPvs: the engine was made without the evaluator's weights");
    this.pvsStop = stop;
    Atomics.store(this.stopWord, 0, 0);
    const t = this.table;
    const v = this.x.midPvs(ph, pl, oh, ol, empties, depth, window[0], window[1], confidence, margin, t.date, t.floor);
    this.pvsStop = null;
    const c = this.counters;
    nodes[0] += c[0];
    this.searched += c[0];
    for (let k = 1; k < COUNTERS; k++) t.stats[k - 1] += c[k];
    c.fill(0);
    return v;
  }

  private drain(ctx: SearchContext): void {
    const c = this.counters;
    const stats = ctx.table.stats;
    ctx.state.nodes[0] += c[0];
    this.searched += c[0];
    for (let k = 1; k < COUNTERS; k++) stats[k - 1] += c[k];
    c.fill(0);
  }
}

/** The WebAssembly engine of the midgame search: assembly/pvs.ts on a table of its own, in a memory of its own. */
export class WasmMidEngine implements MidEngine {
  readonly engine = 'wasm';
  readonly nodes = new Float64Array(1);
  private readonly search: WasmSearch;

  /** On an engine of its own (a table of 2^bits entries), or on `search`'s memory and table (a worker's engine of whole positions). */
  constructor(bits: number, layout: Layout, evaluator: Evaluator, search?: WasmSearch) {
    this.search = search ?? WasmSearch.create(bits, layout, evaluator);
  }

  get table(): Table {
    return this.search.table;
  }

  value(p: Position, empties: number, depth: number, alpha: number, beta: number, confidence: number, stop: () => boolean): number {
    const { player: P, opponent: O } = p;
    return this.search.midPvs(P.hi, P.lo, O.hi, O.lo, empties, depth, [alpha, beta], confidence, marginAt(confidence), this.nodes, stop);
  }
}

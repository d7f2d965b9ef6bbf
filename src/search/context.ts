/**
 * Everything a search is told, and the state it works in: the table, the
 * evaluator and the move-ordering settings, the selectivity of its
 * pre-searches, the channel through which another thread watches and stops
 * it, and its working state (state.ts: node count, empties list, move
 * lists, PV), as Edax's Search holds them. One object, handed to every
 * search function that needs it, so that two searches with different
 * settings can run in turn in one thread.
 */
import type { Evaluator } from '../eval/weights.js';
import type { RunSettingValues } from '../settings/index.js';
import { W_EDGE } from './constants.js';
import {
  DEFAULT_KEY_TUNING,
  type KeyTuning,
  OFF_EDGE,
  OFF_EVAL,
  OFF_MOBILITY,
  OFF_PARITY,
  OFF_POTENTIAL,
  OFF_SELECTIVE,
  OFF_SORTING,
  sortDepths,
  W_MOBILITY,
  W_PARITY,
  W_POTENTIAL,
} from './ordering.js';
import { levelOf, marginOf } from './selective.js';
import { SearchState } from './state.js';
import { OFF_KEEP_COSTLIER, OFF_SMALL_REGION } from './switches.js';
import type { Table } from './table.js';

/**
 * What a search shares with the thread that watches it (progress display,
 * split search): live[liveAt + LIVE_NODES‥LIVE_MOVE] its node count and,
 * at the root, the bounds and best move known so far; while the first
 * guess is made, its latest estimate (LIVE_GUESS, not proven), the move
 * behind it (LIVE_GUESS_MOVE: the square + 1) and how far it got
 * (LIVE_GUESS_STAGE: 1 the shallow search, 1 + k the k-th selective
 * pre-search); 0 in a field means "none yet", so that the fields of
 * several tasks of a position add up. stop[stopAt] set
 * non-zero asks it to unwind at once (its result is then meaningless, and
 * nothing more is stored in the table).
 */
export const LIVE_NODES = 0;
export const LIVE_LOWER = 1;
export const LIVE_UPPER = 2;
export const LIVE_MOVE = 3;
export const LIVE_GUESS = 4;
export const LIVE_GUESS_MOVE = 5;
export const LIVE_GUESS_STAGE = 6;
/** A level's search: the depth it last finished (0: none, or an exact solve). */
export const LIVE_DEPTH = 7;
export const LIVE_FIELDS = 8;

/**
 * What a context is made from: the run's values of the settings table, under
 * its keys (settings.ts; a task's, a Solver's: spread whole, so that a tree
 * setting added to the table reaches the search here with no one in between
 * naming it), and the objects the search works on.
 */
export interface ContextSettings extends Partial<RunSettingValues> {
  readonly table: Table;
  /** Weights that order moves (and make the first guess); null: mobility alone, no pre-searches. */
  readonly evaluator?: Evaluator | null;
  /** The ordering key's tuning (evalMin, evalPerMobility, sortFrom; default: DEFAULT_KEY_TUNING), not the `ordering` setting (mobility or eval: whether an evaluator is given). */
  readonly keyTuning?: Partial<KeyTuning>;
  /** The watch channel (default: one of this context's own, watched by nobody). */
  readonly live?: Float64Array<ArrayBufferLike>;
  readonly liveAt?: number;
  readonly stop?: Int32Array<ArrayBufferLike>;
  readonly stopAt?: number;
  /** The working state (default: a new one). A thread hands its own to each search it runs in turn. */
  readonly state?: SearchState;
  /** The search below the root done by the WebAssembly engine (default: none, this TypeScript search). */
  readonly below?: LowerSearch | null;
  /** The digest of the weights' bytes behind `evaluator` (null: none, or not known): what a result says it was searched with. */
  readonly weightsDigest?: string | null;
}

/**
 * The null-window search below the root done elsewhere, tree for tree the
 * same (the WebAssembly engine, src/wasm/lower.ts): searchNull hands it
 * every call, and its nodes and table statistics join the context's.
 */
export interface LowerSearch {
  /** The engine's name, for the results ('wasm'). */
  readonly engine: string;
  /** Nodes the engine counted in its own memory since it was made: what proves it searched (a label proves nothing). */
  readonly searched: number;
  /** Takes the context's resolved settings (ordering, switches): once, when the context is made. */
  configure(ctx: SearchContext): void;
  searchNull(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number): number;
  /** midSearchFrom (midgame.ts) of a position of `empties` empties: the same value, the same nodes counted. */
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
  ): number;
  /**
   * A node's moves ordered as buildList then selectMove order them (the
   * same keys, the same sorting searches, their nodes counted): squares and
   * flips into sq, fh, fl from `at`. Returns how many.
   */
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
  ): number;
}

export class SearchContext {
  readonly table: Table;
  readonly evaluator: Evaluator | null;
  /** The search's working state: node count, empties list, move lists, PV. */
  readonly state: SearchState;
  /** Empties from which the evaluation joins the ordering key (64: never). */
  readonly evalMin: number;
  /** Evaluation units (1/128 disc) per unit of the mobility key, by sorting depth 0‥3. */
  readonly evalPerMobility: Int32Array;
  /** Plies of the search that scores a child, by empties (0: its static evaluation). */
  readonly sortDepth: Int32Array;
  readonly stages: readonly number[];
  /** The settings table's values the context was made from (ContextSettings), as given: what the search reads of a setting it has no field for. */
  readonly run: Partial<RunSettingValues>;
  /** The selectivity as given (margins of the selective pre-searches; default none); stages: as searched, none with the selective technique off. */
  readonly selectivity: readonly number[];
  /** The digest of the weights behind the evaluator (ContextSettings.weightsDigest). */
  readonly weightsDigest: string | null;
  /** OFF_* bits of the techniques switched off (the ordering study, the table's rules; default none). */
  readonly off: number;
  /** Weights of the ordering key's terms: mobility, potential mobility, parity (0: switched off). */
  readonly wMobility: number;
  readonly wPotential: number;
  readonly wParity: number;
  readonly wEdge: number;
  /** Small nodes' entries kept to the table's first buckets (nodeHash's `region`); false: --off small-region. */
  readonly smallRegion: boolean;
  /**
   * The selectivity level of the search under way: 0 exact; k > 0 selective
   * (ProbCut at margin pcMargin), see selective.ts. Set by the root for its
   * pre-searches only.
   */
  level = 0;
  pcMargin = 0;
  /**
   * Empties from which the null-window search keeps its line of play in the
   * evaluator (load / play / pass), so that ProbCut and the ordering read
   * scores without recomputing patterns: every node in a selective search,
   * from evalMin in the exact one, never without an evaluator.
   */
  evalFrom = 65;
  readonly live: Float64Array<ArrayBufferLike>;
  readonly liveAt: number;
  readonly stop: Int32Array<ArrayBufferLike>;
  readonly stopAt: number;
  /** The search below the root elsewhere (the WebAssembly engine), or null. */
  readonly below: LowerSearch | null;

  constructor(s: ContextSettings) {
    const o = { ...DEFAULT_KEY_TUNING, ...s.keyTuning };
    this.run = s;
    const off = s.off ?? 0;
    this.off = off;
    this.table = s.table;
    this.evaluator = s.evaluator ?? null;
    this.state = s.state ?? new SearchState();
    this.evalMin = this.evaluator !== null && !(off & OFF_EVAL) ? o.evalMin : 64;
    this.evalPerMobility = Int32Array.from(o.evalPerMobility);
    this.sortDepth = sortDepths(off & OFF_SORTING ? [64, 64, 64] : o.sortFrom);
    this.selectivity = s.selectivity ?? [];
    this.stages = off & OFF_SELECTIVE ? [] : this.selectivity;
    this.weightsDigest = this.evaluator === null ? null : (s.weightsDigest ?? null);
    this.wMobility = off & OFF_MOBILITY ? 0 : W_MOBILITY;
    this.wPotential = off & OFF_POTENTIAL ? 0 : W_POTENTIAL;
    this.wParity = off & OFF_PARITY ? 0 : W_PARITY;
    this.wEdge = off & OFF_EDGE ? 0 : W_EDGE;
    this.smallRegion = (off & OFF_SMALL_REGION) === 0;
    // The table's rule is the table's to apply: a run's contexts on one table share their switches.
    this.table.keepCostlier = (off & OFF_KEEP_COSTLIER) === 0;

    this.live = s.live ?? new Float64Array(LIVE_FIELDS);
    this.liveAt = s.liveAt ?? 0;
    this.stop = s.stop ?? new Int32Array(1);
    this.stopAt = s.stopAt ?? 0;
    this.evalFrom = this.lineFrom();
    this.below = s.below ?? null;
    this.below?.configure(this);
  }

  /** The engine that searches below the root. */
  get engine(): string {
    return this.below?.engine ?? 'ts';
  }

  /** evalFrom at the current level. */
  private lineFrom(): number {
    return this.evaluator === null ? 65 : this.level !== 0 ? 0 : this.evalMin;
  }

  /** Whether the search was asked to stop. */
  stopped(): boolean {
    return this.stop[this.stopAt] !== 0;
  }

  /** Whether the search may use the bounds of the entry the table last found (else only its move). */
  trustsBounds(): boolean {
    return this.table.selectivity() <= this.level;
  }

  /**
   * Selective search at t sigmas from now on (t > 0), or exact (t = 0);
   * needs an evaluator. Returns whether it is on.
   */
  setSelective(t: number): boolean {
    this.level = t > 0 && this.evaluator !== null ? levelOf(t) : 0;
    this.pcMargin = this.level !== 0 ? marginOf(t) : 0;
    this.evalFrom = this.lineFrom();
    return this.level !== 0;
  }
}

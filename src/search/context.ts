/**
 * Everything a search is told rather than what it computes: the table, the
 * evaluator and the move-ordering settings, the selectivity of its
 * pre-searches, and the channel through which another thread watches and
 * stops it. One object, handed to every search function that needs it, so
 * that two searches with different settings can run in turn in one thread.
 * Scratch buffers (move lists, the empties list, the node counter) stay per
 * thread in their modules: a search uses them and leaves nothing in them.
 */
import type { Evaluator } from '../eval/weights.js';
import type { Table } from './table.js';

/**
 * What a search shares with the thread that watches it (progress display,
 * split search): live[liveAt + LIVE_NODES‥LIVE_MOVE] its node count and,
 * at the root, the bounds and best move known so far; stop[stopAt] set
 * non-zero asks it to unwind at once (its result is then meaningless, and
 * nothing more is stored in the table).
 */
export const LIVE_NODES = 0;
export const LIVE_LOWER = 1;
export const LIVE_UPPER = 2;
export const LIVE_MOVE = 3;
export const LIVE_FIELDS = 4;

/** Move ordering's settings (ordering.ts). */
export interface OrderingSettings {
  /** Empties from which the child's evaluation joins the key. */
  readonly evalMin: number;
  /**
   * Evaluation units (1/128 disc) per unit of the mobility key, by the
   * plies of the sorting search (0 = the static evaluation, 1, 2, 3): the
   * deeper the search, the more its score is trusted over mobility.
   */
  readonly evalPerMobility: readonly [number, number, number, number];
  /** Empties from which the sorting search is 1, 2, 3 plies deep. */
  readonly sortFrom: readonly [number, number, number];
}

/**
 * The ordering study: techniques of the exact search that a context can
 * switch off one by one (bits of SearchSettings.off), to measure what each
 * saves. All on is the normal search, at the same speed. They act in the
 * table-backed search (above SHALLOW_MAX empties): the shallow search and
 * the last-4 solvers keep their parity order and the shallow search its
 * stability cutoff, since a test of a switch there cost 8-13 % of the speed
 * with every switch on (two alternating series of 5 runs, fforum-20-39).
 */
export const OFF_HASH_MOVE = 1; // the table's move first
export const OFF_MOBILITY = 2; // fastest first: the opponent's replies
export const OFF_POTENTIAL = 4; // potential mobility in the key
export const OFF_PARITY = 8; // quadrant parity in the key
export const OFF_EVAL = 16; // the child's evaluation in the key
export const OFF_SORTING = 32; // sorting searches (the static evaluation instead)
export const OFF_ETC = 64; // enhanced transposition cutoffs
export const OFF_STABILITY = 128; // the stability cutoff
export const OFF_SELECTIVE = 256; // the selective pre-searches
/** The techniques by the names the command line uses, in the study's order. */
export const ORDERING_TECHNIQUES: ReadonlyArray<readonly [string, number]> = [
  ['hash-move', OFF_HASH_MOVE], ['mobility', OFF_MOBILITY], ['potential', OFF_POTENTIAL], ['parity', OFF_PARITY], ['eval', OFF_EVAL],
  ['sorting', OFF_SORTING], ['etc', OFF_ETC], ['stability', OFF_STABILITY], ['selective', OFF_SELECTIVE],
];

/** Weights of the ordering key's terms (ordering.ts): the opponent's replies (mobility), potential mobility, a move into an even quadrant (parity). */
export const W_MOBILITY = 4;
export const W_POTENTIAL = 1;
export const W_PARITY = 1;

/*
 * Measured with the shipped weights (-n 2 -h 21 --split never, nodes of
 * fforum-20-39 + FFO #40-#44 + FFO #47): evalMin 14 and 128 units at every
 * depth (a mobility step worth 8 discs) 297.9 M; 64 242.3 M; 32 234.5 M;
 * 16 258.9 M; 64/32/32/16 by sorting depth 231.5 M; from 12 empties 206.0 M
 * (13: 222.7 M; 11: 198.4 M but up to 1.3x the time of 12 on FFO #40-#44),
 * CPU 0.98x of evalMin 14 on fforum-20-39 (-n 1, 3 alternating runs).
 * Sorting from 17/20/23 203.4 M in the same time as 18/21/24; a window on
 * the sorting searches (alpha + 8 discs) or one ply less under a table
 * upper bound <= alpha, as Edax does, changed nothing (±1 %); nor did the
 * enhanced transposition cutoffs tried before the sorting searches instead
 * of after them (0.04 % fewer nodes).
 */
export const DEFAULT_ORDERING: OrderingSettings = { evalMin: 12, evalPerMobility: [64, 32, 32, 16], sortFrom: [18, 21, 24] };

/** Plies of the sorting search at each empties count 0‥64. */
export function sortDepths(from: readonly [number, number, number]): Int32Array {
  const d = new Int32Array(65);
  for (let n = 0; n <= 64; n++) d[n] = n >= from[2] ? 3 : n >= from[1] ? 2 : n >= from[0] ? 1 : 0;
  return d;
}

/** The standard deviation of a ProbCut search's error, in discs (selective.ts). */
export const PC_SIGMA = 7;

/**
 * The table's selectivity level of a search at t sigmas (1‥255). Levels
 * order results by trust (a wider margin is trusted more): a search uses
 * the table's bounds of its own level or below (0: exact).
 */
export function levelOf(t: number): number {
  return Math.max(1, Math.min(255, 1 + Math.round(2 * (4 - t))));
}

/** The margins (in sigmas) of the selective pre-searches by default: 1 σ, then 2 σ. */
export const DEFAULT_SELECTIVITY: readonly number[] = [1, 2];

export interface SearchSettings {
  readonly table: Table;
  /** Weights that order moves (and make the first guess); null: mobility alone, no pre-searches. */
  readonly evaluator?: Evaluator | null;
  readonly ordering?: Partial<OrderingSettings>;
  /** Margins of the selective pre-searches, one stage each; [] for none (default DEFAULT_SELECTIVITY). */
  readonly selectivity?: readonly number[];
  /** The watch channel (default: one of this context's own, watched by nobody). */
  readonly live?: Float64Array<ArrayBufferLike>;
  readonly liveAt?: number;
  readonly stop?: Int32Array<ArrayBufferLike>;
  readonly stopAt?: number;
  /** Ordering techniques switched off (OFF_* bits; default none): the ordering study. */
  readonly off?: number;
}

export class SearchContext {
  readonly table: Table;
  readonly evaluator: Evaluator | null;
  /** Empties from which the evaluation joins the ordering key (64: never). */
  readonly evalMin: number;
  /** Evaluation units (1/128 disc) per unit of the mobility key, by sorting depth 0‥3. */
  readonly evalPerMobility: Int32Array;
  /** Plies of the search that scores a child, by empties (0: its static evaluation). */
  readonly sortDepth: Int32Array;
  readonly stages: readonly number[];
  /** OFF_* bits of the techniques switched off. */
  readonly off: number;
  /** Weights of the ordering key's terms: mobility, potential mobility, parity (0: switched off). */
  readonly wMobility: number;
  readonly wPotential: number;
  readonly wParity: number;
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

  constructor(s: SearchSettings) {
    const o = { ...DEFAULT_ORDERING, ...s.ordering };
    const off = s.off ?? 0;
    this.off = off;
    this.table = s.table;
    this.evaluator = s.evaluator ?? null;
    this.evalMin = this.evaluator !== null && !(off & OFF_EVAL) ? o.evalMin : 64;
    this.evalPerMobility = Int32Array.from(o.evalPerMobility);
    this.sortDepth = sortDepths(off & OFF_SORTING ? [64, 64, 64] : o.sortFrom);
    this.stages = off & OFF_SELECTIVE ? [] : s.selectivity ?? DEFAULT_SELECTIVITY;
    this.wMobility = off & OFF_MOBILITY ? 0 : W_MOBILITY;
    this.wPotential = off & OFF_POTENTIAL ? 0 : W_POTENTIAL;
    this.wParity = off & OFF_PARITY ? 0 : W_PARITY;

    this.live = s.live ?? new Float64Array(LIVE_FIELDS);
    this.liveAt = s.liveAt ?? 0;
    this.stop = s.stop ?? new Int32Array(1);
    this.stopAt = s.stopAt ?? 0;
    this.evalFrom = this.lineFrom();
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
    this.pcMargin = this.level !== 0 ? Math.round(t * PC_SIGMA * 128) : 0;
    this.evalFrom = this.lineFrom();
    return this.level !== 0;
  }
}

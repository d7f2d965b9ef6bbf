/**
 * The settings a library user gives a solve, and what they resolve to: the
 * same choices as the command line's (table size and layout, weights,
 * ordering, selectivity), with the same defaults.
 */
import { readWeights } from '../eval/files.js';
import { DEFAULT_SELECTIVITY } from '../search/context.js';
import { DEFAULT_BITS, DEFAULT_LAYOUT, type Layout, MAX_BITS, MIN_BITS } from '../search/table.js';
import { SHIPPED_WEIGHTS } from '../install.js';

export interface SolveOptions {
  /** A transposition table of 2^hashBits entries (10‥30; default 21, as the command line's -h). */
  readonly hashBits?: number;
  /** The table's layout (default board2). */
  readonly tableLayout?: Layout;
  /** Weights file that orders moves (an Edax eval.dat or a compact file); default: the shipped weights; null: none. */
  readonly weights?: string | null;
  /** 'eval' (the weights' evaluation joins the mobility key; the default with weights) or 'mobility' (fastest first alone). */
  readonly ordering?: 'eval' | 'mobility';
  /** Margins (sigmas) of the selective pre-searches, in turn; [] for none (default [1, 2]; needs eval ordering). */
  readonly selectivity?: readonly number[];
  /** Keep the table from one position to the next (default: cleared, as Edax does). */
  readonly keepTable?: boolean;
}

export interface ResolvedOptions {
  readonly hashBits: number;
  readonly tableLayout: Layout;
  /** The weights file that orders moves, or null (mobility ordering). */
  readonly evalFile: string | null;
  readonly selectivity: readonly number[];
  readonly keepTable: boolean;
}

/** The options with their defaults filled in; a bad weights file throws its WeightsFileError here, a bad value a RangeError. */
export function resolveOptions(o: SolveOptions = {}): ResolvedOptions {
  const hashBits = o.hashBits ?? DEFAULT_BITS;
  if (!Number.isInteger(hashBits) || hashBits < MIN_BITS || hashBits > MAX_BITS) throw new RangeError(`hashBits must be an integer in ${MIN_BITS}‥${MAX_BITS}: ${hashBits}`);
  const weights = o.weights === undefined ? SHIPPED_WEIGHTS : o.weights;
  const ordering = o.ordering ?? (weights !== null ? 'eval' : 'mobility');
  if (ordering === 'eval' && weights === null) throw new RangeError("ordering 'eval' needs weights");
  const evalFile = ordering === 'eval' ? weights : null;
  if (evalFile !== null) readWeights(evalFile); // a bad file is reported before any search
  const selectivity = evalFile !== null ? (o.selectivity ?? DEFAULT_SELECTIVITY) : [];
  for (const t of selectivity) if (!(t > 0)) throw new RangeError(`selectivity margins are positive numbers of sigmas: ${t}`);
  return { hashBits, tableLayout: o.tableLayout ?? DEFAULT_LAYOUT, evalFile, selectivity, keepTable: !!o.keepTable };
}

/**
 * The settings a library user gives a solve, and what they resolve to: the
 * same choices as the command line's (table size and layout, weights,
 * ordering, selectivity), with the same defaults.
 */
import { type WeightsBytes, readWeightsBytes } from '../eval/files.js';
import { DEFAULT_SELECTIVITY } from '../search/selective.js';
import { DEFAULT_BITS, DEFAULT_LAYOUT, LAYOUTS, type Layout, MAX_BITS, MIN_BITS } from '../search/table.js';
import { OptionError } from '../errors.js';
import { chooseEngine } from '../wasm/choice.js';
import { ENGINES, type EngineName } from '../wasm/engine.js';
import { SHIPPED_WEIGHTS } from '../install.js';
import { type Prover, PROVERS } from '../search/wld.js';

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
  /** The engine below the root: 'wasm' (WebAssembly, the default) or 'ts' (TypeScript); the same tree either way. */
  readonly engine?: EngineName;
  /** Win/loss/draw only: each result's `wld` says who wins, its score is the proven bound (default false: exact scores). */
  readonly wld?: boolean;
  /** What proves a WLD result: 'ab' (alpha-beta's null-window probes, the default) or 'dfpn' (proof-number search: search/dfpn.ts; needs wld). */
  readonly prover?: Prover;
}

export { type Prover, PROVERS } from '../search/wld.js';

export interface ResolvedOptions {
  readonly hashBits: number;
  readonly tableLayout: Layout;
  /** The weights that order moves, read once (their file, bytes and digest), or null (mobility ordering). */
  readonly weights: WeightsBytes | null;
  readonly selectivity: readonly number[];
  readonly keepTable: boolean;
  /** The engine that runs (the one asked for, unless it cannot: then engineNote says why in one line). */
  readonly engine: EngineName;
  readonly engineNote: string | null;
  readonly wld: boolean;
  readonly prover: Prover;
}

/** The options with their defaults filled in; a bad weights file throws its WeightsFileError here, a bad value an OptionError naming the option. */
/** The keys of SolveOptions (a key not among them, or another function's, is a mistake said at once). */
export const SOLVE_OPTION_KEYS: readonly string[] = ['hashBits', 'tableLayout', 'weights', 'ordering', 'selectivity', 'keepTable', 'engine', 'wld', 'prover'];

/**
 * Refuses keys that are not options (a misspelling would otherwise run with
 * the default) and null for any option but those that take it.
 */
export function checkOptionKeys(o: object, keys: readonly string[], nullable: readonly string[] = []): void {
  for (const [k, v] of Object.entries(o)) {
    if (!keys.includes(k)) {
      const near = keys.find((x) => x.toLowerCase() === k.toLowerCase());
      throw new OptionError(k, `not an option${near ? ` (did you mean ${near}?)` : ''}; the options are ${keys.join(', ')}`);
    }
    if (v === null && !nullable.includes(k)) throw new OptionError(k, 'null: leave it out for its default');
  }
}

export function resolveOptions(o: SolveOptions = {}, keys: readonly string[] = SOLVE_OPTION_KEYS): ResolvedOptions {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new OptionError('options', `an object of options, not ${String(o)}`);
  checkOptionKeys(o, keys, ['weights']);
  const hashBits = o.hashBits ?? DEFAULT_BITS;
  if (!Number.isInteger(hashBits) || hashBits < MIN_BITS || hashBits > MAX_BITS) throw new OptionError('hashBits', `an integer in ${MIN_BITS}‥${MAX_BITS}, not ${String(hashBits)}`);
  const tableLayout = o.tableLayout ?? DEFAULT_LAYOUT;
  if (!Object.hasOwn(LAYOUTS, tableLayout)) throw new OptionError('tableLayout', `one of ${Object.keys(LAYOUTS).join(', ')}, not ${String(tableLayout)}`);
  if (o.weights !== undefined && o.weights !== null && (typeof o.weights !== 'string' || o.weights === '')) {
    throw new OptionError('weights', `a weights file's path, or null for none, not ${JSON.stringify(o.weights)}`);
  }
  const weights = o.weights === undefined ? SHIPPED_WEIGHTS : o.weights;
  if (o.ordering !== undefined && o.ordering !== 'eval' && o.ordering !== 'mobility') throw new OptionError('ordering', `'eval' or 'mobility', not ${String(o.ordering)}`);
  const ordering = o.ordering ?? (weights !== null ? 'eval' : 'mobility');
  if (ordering === 'eval' && weights === null) throw new OptionError('ordering', "'eval' needs weights");
  const evalFile = ordering === 'eval' ? weights : null;
  if (o.selectivity !== undefined && !Array.isArray(o.selectivity)) throw new OptionError('selectivity', `an array of margins in sigmas, not ${String(o.selectivity)}`);
  for (const t of o.selectivity ?? []) if (typeof t !== 'number' || !(t > 0) || t > 8) throw new OptionError('selectivity', `margins are numbers of sigmas in (0, 8], not ${String(t)}`);
  if (o.keepTable !== undefined && typeof o.keepTable !== 'boolean') throw new OptionError('keepTable', `true or false, not ${String(o.keepTable)}`);
  if (o.wld !== undefined && typeof o.wld !== 'boolean') throw new OptionError('wld', `true or false, not ${String(o.wld)}`);
  if (o.prover !== undefined && !PROVERS.includes(o.prover)) throw new OptionError('prover', `${PROVERS.map((p) => `'${p}'`).join(' or ')}, not ${String(o.prover)}`);
  if (o.prover === 'dfpn' && !o.wld) throw new OptionError('prover', "'dfpn' proves win/loss/draw: give wld: true with it");
  if (o.engine !== undefined && !ENGINES.includes(o.engine)) throw new OptionError('engine', `${ENGINES.map((e) => `'${e}'`).join(' or ')}, not ${String(o.engine)}`);
  const { engine, why: engineNote } = chooseEngine(o.engine ?? 'wasm', hashBits, tableLayout);
  if (evalFile === null && o.selectivity !== undefined && o.selectivity.length > 0) {
    throw new OptionError('selectivity', `the selective pre-searches start from the evaluation: they need eval ordering, not ${o.ordering === 'mobility' ? 'mobility ordering' : 'no weights'}`);
  }
  const selectivity = evalFile !== null ? (o.selectivity ?? DEFAULT_SELECTIVITY) : [];
  // Read once, here: a bad file is reported before any search.
  return { hashBits, tableLayout, weights: evalFile === null ? null : readWeightsBytes(evalFile), selectivity, keepTable: !!o.keepTable, engine, engineNote, wld: !!o.wld, prover: o.prover ?? 'ab' };
}

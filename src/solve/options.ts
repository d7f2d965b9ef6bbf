/**
 * The settings a library user gives a solve, and what they resolve to: the
 * same choices as the command line's (table size and layout, weights,
 * ordering, selectivity), with the same defaults.
 */
import { availableParallelism } from 'node:os';
import { OptionError } from '../errors.js';
import { readWeightsBytes, type WeightsBytes } from '../eval/files.js';
import { SHIPPED_WEIGHTS } from '../install.js';
import type { Layout } from '../search/table.js';
import type { Prover } from '../search/wld.js';
import {
  checkLibraryOptions,
  type Host,
  libraryName,
  type Namer,
  type OptionsAt,
  type Place,
  type PoolOnlyKey,
  resolveValues,
  type SettingKey,
  SettingProblem,
  type SettingValues,
} from '../settings/index.js';
import { chooseEngine } from '../wasm/choice.js';
import type { EngineName } from '../wasm/engine.js';

/**
 * The options of one search (Solver, solvePosition): every setting the
 * library takes but the pool's (workers, split, idle), each optional and
 * typed as the settings table checks it. What each means, its default and
 * what it takes: SETTINGS_DESCRIPTION, and README's options table.
 */
export type SolveOptions = Omit<OptionsAt<'library'>, PoolOnlyKey>;

export { PROVERS, type Prover } from '../search/wld.js';

/** A search's settings, resolved: every setting of the table (values), the weights read, the engine that runs. */
export interface ResolvedOptions extends Omit<SettingValues, 'weights' | 'engine'> {
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

/** The host of the library and the command line: this machine's cores, the shipped weights. */
export const NODE_HOST: Host = { cores: availableParallelism(), weights: SHIPPED_WEIGHTS };

/**
 * The options with their defaults filled in, through the settings table
 * (settings.ts): a key that is not an option, or a value an option does not
 * take, or a combination refused, is an OptionError naming the option; a bad
 * weights file is its WeightsFileError, here, before any search. `extra`:
 * the keys of the caller's own options (solveSuite's, analyzeGame's).
 */
export function resolveOptions(o: SolveOptions = {}, place: Place = 'library', extra: readonly string[] = []): ResolvedOptions {
  checkLibraryOptions(o, place, extra);
  return resolveSearch(o, libraryName);
}

/**
 * The search's settings of checked values (the library's options, or the
 * command line's, naming settings by `n`): the table's values, the weights
 * read, the engine chosen. The one path from options to a search.
 */
export function resolveSearch(given: { readonly [K in SettingKey]?: unknown }, n: Namer, queue = false): ResolvedOptions {
  let v: SettingValues;
  try {
    v = resolveValues(given, NODE_HOST, n, queue);
  } catch (e) {
    if (e instanceof SettingProblem) throw new OptionError(e.key, e.message);
    throw e;
  }
  const { engine, why: engineNote } = chooseEngine(v.engine, v.hashBits, v.tableLayout);
  // Read once, here: a bad file is reported before any search.
  const weights = v.weights === null ? null : readWeightsBytes(v.weights);
  return { ...v, weights, engine, engineNote };
}

/**
 * A search's settings in one word (the queue's name, the results file's
 * digest), and what each task of a run carries of them.
 */
import { type SettingKey, type SettingValues, setting, TREE_SETTINGS } from './table.js';

/**
 * The search's settings in one word (a queue's name, a results file's
 * lines): every tree setting's value as the table writes it, the weights by
 * the digest of their bytes. `s2-` marks this form: an older revsolve's
 * digest (12 hex digits) is known by its lack of it.
 */
export function treeCanonical(v: Omit<SettingValues, 'weights' | 'engine'>, weightsDigest: string | null): string {
  const parts: Record<string, string> = {};
  for (const k of TREE_SETTINGS) {
    if (k === 'weights') parts.weights = weightsDigest ?? 'none';
    else if (k === 'ordering')
      continue; // no weights is mobility ordering: the weights' digest says it
    else parts[k] = (setting(k).text as (x: unknown) => string)(v[k as Exclude<SettingKey, 'weights' | 'engine'>]);
  }
  // A level's run: its estimates are the level's (and the move time's); absent without a level, so the exact solver's digests stand.
  for (const k of LEVEL_KEYS) if (v[k] !== undefined) parts[k] = (setting(k).text as (x: unknown) => string)(v[k]);
  return JSON.stringify({ v: 2, ...parts });
}

/** Settings of a level's run (solve --level) that enter the digest when given, beside the tree settings. */
export const LEVEL_KEYS = ['level', 'moveTime'] as const;

export const DIGEST_PREFIX = 's2-';

/** Whether a digest is of an older revsolve's form (before the settings table). */
export const olderDigest = (d: string): boolean => !d.startsWith(DIGEST_PREFIX);

/**
 * The settings every task of a run carries to the thread that searches
 * (the scheduler's `common`), under the table's own keys: the table, the
 * engine and every tree setting a search context reads. The weights travel
 * beside them as the bytes read once; the ordering follows the weights, and
 * keepTable, workers, split and idle are the pool's.
 */
export const TASK_KEYS = ['hashBits', 'tableLayout', 'selectivity', 'off', 'root', 'wld', 'prover', 'engine', 'level', 'moveTime'] as const;

/** What each task of a run carries of its settings: made here for the pool, the queue's worker and the page. */
export type RunSettingValues = { readonly [K in (typeof TASK_KEYS)[number]]: SettingValues[K] };

/** The task's settings of the values (the weights travel beside them). */
export function runSettingsOf(v: Pick<SettingValues, (typeof TASK_KEYS)[number]>): RunSettingValues {
  return Object.fromEntries(TASK_KEYS.map((k) => [k, v[k]])) as unknown as RunSettingValues;
}

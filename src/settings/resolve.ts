/**
 * From what a caller gave to a search's values: the library's options
 * object checked key by key, each value checked by its entry, the
 * defaults filled in, the combinations checked.
 */
import { OptionError } from '../errors.js';
import { checkCombinations } from './combinations.js';
import { shown } from './kinds.js';
import type { Namer } from './names.js';
import { type Host, type Place, SettingProblem } from './setting.js';
import { defaultOf, POOL_ONLY, SETTING_KEYS, type SettingKey, type SettingValues, setting, settingsOf } from './table.js';

/** Letters to insert, delete or change to make one word the other (a misspelt option's nearest). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * Checks a library caller's options object for the keys of `place`: an
 * unknown key (a misspelling would run with the default), null where the
 * setting does not take it, a value it does not take: an OptionError naming
 * the option. `extra`: keys of the function's own (signal, callbacks, …).
 */
export function checkLibraryOptions(o: unknown, place: Place, extra: readonly string[] = []): void {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new OptionError('options', `an object of options, not ${shown(o)}`);
  const keys: string[] = [...settingsOf(place), ...extra];
  for (const [k, v] of Object.entries(o)) {
    if (place === 'solver' && (POOL_ONLY as readonly string[]).includes(k))
      throw new OptionError(k, `the Solver searches on the caller's thread alone: ${k} is an option of solveSuite, which runs workers`);
    if (!keys.includes(k)) {
      const near =
        keys.find((x) => x.toLowerCase() === k.toLowerCase()) ?? keys.find((x) => editDistance(x.toLowerCase(), k.toLowerCase()) <= 2);
      throw new OptionError(k, `not an option${near ? ` (did you mean ${near}?)` : ''}; the options are ${keys.join(', ')}`);
    }
    if (v === undefined || extra.includes(k)) continue;
    if (v === null && k !== 'weights') throw new OptionError(k, 'null: leave it out for its default');
    try {
      setting(k as SettingKey).check(v);
    } catch (e) {
      if (e instanceof SettingProblem) throw new OptionError(k, e.message);
      throw e;
    }
  }
}

/**
 * The values of a search from what was given (undefined: not given): each
 * checked by its entry, the defaults filled in (the ordering follows the
 * weights, the selectivity the ordering: none without eval ordering), then
 * the combinations checked. A problem is a SettingProblem; `n` names
 * settings in its text. `queue`: the run goes through the queue.
 */
export function resolveValues(given: { readonly [K in SettingKey]?: unknown }, host: Host, n: Namer, queue = false): SettingValues {
  const v = {} as Record<SettingKey, unknown>;
  const has = (k: SettingKey) => given[k] !== undefined;
  for (const k of SETTING_KEYS) v[k] = has(k) ? setting(k).check(given[k]) : defaultOf(k, host);
  v.ordering = has('ordering') ? v.ordering : v.weights !== null ? 'eval' : 'mobility';
  const evalOrdering = v.ordering === 'eval' && v.weights !== null;
  const values = v as SettingValues;
  checkCombinations(values, has, n, queue);
  if (!evalOrdering) {
    values.weights = null; // mobility ordering reads no weights
    values.selectivity = [];
  }
  return values;
}

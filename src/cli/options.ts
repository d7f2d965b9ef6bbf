/**
 * The commands' options of the settings table (settings.ts): each made from
 * its entry, and the one path from them to a search's settings. A bad value
 * is commander's InvalidArgumentError, which commander prints as one line.
 */

import { totalmem } from 'node:os';
import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  flagName,
  type Layout,
  OptionError,
  type Place,
  type ResolvedOptions,
  resolveSearch,
  type SettingKey,
  SettingProblem,
  setting,
  settingsOf,
  tableBytes,
} from '../internal.js';

/** A value of null (--eval none): commander would store null as '', so it holds this until givenSettings. */
const NONE = Symbol('none');

/** The attribute commander gives an option: its long flag in camelCase. */
function attributeOf(key: SettingKey): string {
  return flagName(key)
    .slice(2)
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * A setting's option for a command, made from the settings table: its
 * flags, help and default in words, its parse (a bad value is commander's
 * one line). No default value is given to commander: the table's is filled
 * in when the settings are resolved (a setting given is told from one left
 * out, for the combinations refused). `help` adds the command's own words.
 */
export function settingOption(key: SettingKey, help?: string): Option {
  const s = setting(key);
  const o = new Option(s.flags, `${help ?? s.help} (default: ${s.defaultText})`);
  if (s.flags.includes('<')) {
    o.argParser((text: string) => {
      try {
        return s.parse(text) ?? NONE;
      } catch (e) {
        if (e instanceof SettingProblem) throw new InvalidArgumentError(e.message);
        throw e;
      }
    });
  }
  return o;
}

/** Adds the options of the settings a command takes, in the table's order; `help` holds the command's own words for some. */
export function addSettingOptions(command: Command, place: Place, help: Partial<Record<SettingKey, string>> = {}): Command {
  for (const k of settingsOf(place)) command.addOption(settingOption(k, help[k]));
  return command;
}

/** The settings a command's options gave (undefined: left out). */
export function givenSettings(opts: object, place: Place): { [K in SettingKey]?: unknown } {
  const given: { [K in SettingKey]?: unknown } = {};
  for (const k of settingsOf(place)) {
    const v = (opts as Record<string, unknown>)[attributeOf(k)];
    given[k] = v === NONE ? null : v;
  }
  return given;
}

/** A command line that cannot run as given: one line, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * An option the command needs, checked in its action rather than by
 * commander's requiredOption: commander checks those before it looks for
 * unknown options, so a misspelt flag was reported as the missing one.
 */
export function needed<T>(value: T | undefined, flags: string): T {
  if (value === undefined) throw new UsageError(`the option ${flags} is needed`);
  return value;
}

/** Bytes in the unit that shows them: KiB below a MiB (h 10 is 32 KiB, not "0.0 MiB"), MiB, GiB. */
export function mib(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${(bytes / 2 ** 10).toFixed(bytes % 1024 === 0 ? 0 : 1)} KiB`;
}

/**
 * Refuses, before anything is allocated, a table larger than 3/4 of this
 * machine's memory: the rest is for Node, the OS and the other workers.
 */
export function checkTableFits(bits: number, layout: Layout, tables = 1): void {
  const need = tableBytes(bits, layout) * tables;
  const limit = totalmem() * 0.75;
  if (need > limit) {
    throw new UsageError(
      `a table of 2^${bits} entries needs ${mib(need)}${tables > 1 ? ` (${tables} tables)` : ''}, ` +
        `more than this machine can spare (${mib(limit)} of ${mib(totalmem())}); use a smaller -h`,
    );
  }
}

/**
 * The one path from a command's options to its search's settings, for
 * `solve` (local or coordinator), `worker` and `analyze` alike, through the
 * settings table (solve/options.ts, resolveSearch): the same options give
 * the same settings, hence the same queue. A bad value or combination is a
 * usage error naming its flag.
 */
export function searchSettings(opts: object, place: Place, queue = false): ResolvedOptions {
  try {
    return resolveSearch(givenSettings(opts, place), flagName, queue);
  } catch (e) {
    if (!(e instanceof OptionError)) throw e;
    // The table's problem, said after the flag, or as it is where it names the flag first.
    const problem = e.message.startsWith(`${e.option}: `) ? e.message.slice(e.option.length + 2) : e.message;
    throw new UsageError(problem.startsWith('--') ? problem : `${flagName(e.option as SettingKey)}: ${problem}`);
  }
}

/** A level searches with the evaluation; a move time is a level's. */
export function checkLevel(search: Pick<ResolvedOptions, 'level' | 'moveTime' | 'weights'>): void {
  if (search.moveTime !== undefined && search.level === undefined)
    throw new UsageError("--move-time times a level's search: give --level with it (an exact solve takes the time it takes)");
  if (search.level !== undefined && search.weights === null)
    throw new UsageError('--level searches with the evaluation: give weights (--eval), not mobility ordering');
}

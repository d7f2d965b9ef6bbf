/**
 * How messages and descriptions name settings: by the library's key or
 * the command line's flag; the tree settings' flags of a place; the
 * library's read-only description of its settings.
 */
import type { Place } from './setting.js';
import { type SettingKey, setting, settingsOf, TREE_SETTINGS } from './table.js';

/** How a message names a setting: the library by its key, the command line by its long flag. */
export type Namer = (key: SettingKey) => string;
export const libraryName: Namer = (key) => key;
export const flagName: Namer = (key) =>
  setting(key)
    .flags.split(/[ ,]+/)
    .find((f) => f.startsWith('--'))!;
/** The flag as a user writes it: the short one where there is one (-h, -n). */
export const shortFlag: Namer = (key) => setting(key).flags.split(/[ ,]+/)[0];

/** The flags of the tree settings a place takes, as a message lists them ("-h, --table, --eval, …"). */
export function treeFlags(place?: Place): string {
  return TREE_SETTINGS.filter((k) => place === undefined || setting(k).places.includes(place))
    .map(shortFlag)
    .join(', ');
}

/** What the library says of a setting: read-only, the same whatever the table's inner shape becomes. */
export interface SettingDescription {
  /** The option's name in the library's options objects. */
  readonly key: SettingKey;
  /** Its command line flag, with its value ("--hash-bits <h>"). */
  readonly flag: string;
  /** Its default, as the library takes it. */
  readonly default: unknown;
  /** What it takes (its range or values) and what it does. */
  readonly takes: string;
  /** Whether another value searches another tree (and so another results file, another queue). */
  readonly changesTree: boolean;
}

/** The library's settings, described (the settings table's own entries are internal: revsolve/internal). */
export const SETTINGS_DESCRIPTION: readonly SettingDescription[] = Object.freeze(
  settingsOf('library').map((k) =>
    Object.freeze({
      key: k,
      flag: setting(k).flags.split(', ').at(-1) ?? setting(k).flags,
      default: setting(k).fallback,
      takes: setting(k).help,
      changesTree: setting(k).tree,
    }),
  ),
);

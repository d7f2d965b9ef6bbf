/**
 * The kinds of value a setting takes, each once: whole numbers in a range,
 * one of some words, a flag, seconds, margins, the --off switches, a name
 * filter. The table (table.ts) builds its entries of them.
 */
import { ORDERING_TECHNIQUES, TABLE_RULES } from '../search/ordering.js';
import { type Place, type Setting, SettingProblem } from './setting.js';

export const problem = (key: string, what: string) => new SettingProblem(key, what);
export const shown = (v: unknown): string =>
  typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(shown).join(', ')}]` : String(v);

export function wholeIn(key: string, lo: number, hi: number, unit: string): Pick<Setting<number>, 'check' | 'parse' | 'range'> {
  const takes = `a whole number ${unit}from ${lo} to ${hi}`;
  return {
    range: [lo, hi],
    check: (v) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw problem(key, `${takes}, not ${shown(v)}`);
      return v;
    },
    parse: (t) => {
      if (!/^\d+$/.test(t) || Number(t) < lo || Number(t) > hi) throw problem(key, `${takes}, not ${shown(t)}`);
      return Number(t);
    },
  };
}

export function oneOf<T extends string>(key: string, values: readonly T[]): Pick<Setting<T>, 'check' | 'parse'> {
  const takes = values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;
  const check = (v: unknown): T => {
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw problem(key, `${takes}, not ${shown(v)}`);
    return v as T;
  };
  return { check, parse: check };
}

export function oneOfNumbers(key: string, values: readonly number[]): Pick<Setting<number>, 'check' | 'parse'> {
  const takes = `one of ${values.join(', ')}`;
  const check = (v: unknown): number => {
    if (typeof v !== 'number' || !values.includes(v)) throw problem(key, `${takes}, not ${shown(v)}`);
    return v;
  };
  return { check, parse: (t) => check(/^\d+$/.test(t) ? Number(t) : t) };
}

export function flag(key: string): Pick<Setting<boolean>, 'check' | 'parse'> {
  return {
    check: (v) => {
      if (typeof v !== 'boolean') throw problem(key, `true or false, not ${shown(v)}`);
      return v;
    },
    parse: () => true,
  };
}

export function seconds(key: string, what: string): Pick<Setting<number>, 'check' | 'parse'> {
  // A day at most: a longer wait is a mistyped number, not a plan.
  const takes = `a positive number of seconds up to 86400 (a day)${what}`;
  return {
    check: (v) => {
      if (typeof v !== 'number' || !(v > 0) || !(v <= 86_400)) throw problem(key, `${takes}, not ${shown(v)}`);
      return v;
    },
    parse: (t) => {
      if (!/^\d+(\.\d+)?$/.test(t) || !(Number(t) > 0) || !(Number(t) <= 86_400)) throw problem(key, `${takes}, not ${shown(t)}`);
      return Number(t);
    },
  };
}

/** A queue worker's period in milliseconds (100 ms to an hour). */
export function workerMs(key: string, flags: string, help: string, fallback: number): Setting<number> {
  return {
    key,
    flags,
    help,
    fallback,
    defaultText: String(fallback),
    ...wholeIn(key, 100, 3_600_000, 'of milliseconds '),
    tree: false,
    places: ['worker'],
  };
}

export const MARGINS = 'none, or margins in sigmas, each in (0, 8], as 1,2';

export function margins(v: unknown, key = 'selectivity'): readonly number[] {
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'number' || !(t > 0) || t > 8))
    throw problem(key, `an array of margins in sigmas, each in (0, 8], not ${shown(v)}`);
  return v as number[];
}

export const SWITCHES = [...ORDERING_TECHNIQUES, ...TABLE_RULES];
export const TECHNIQUES = SWITCHES.map(([n]) => n);

export function offBits(names: readonly string[]): number {
  let bits = 0;
  for (const name of names) {
    if (name === 'all') for (const [, b] of ORDERING_TECHNIQUES) bits |= b;
    else {
      const t = SWITCHES.find(([n]) => n === name);
      if (!t) throw problem('off', `techniques are ${TECHNIQUES.join(', ')}, or all (the ordering's), not ${shown(name)}`);
      bits |= t[1];
    }
  }
  return bits;
}

export const ALL_OFF = offBits(['all', ...TABLE_RULES.map(([n]) => n)]);

/** The names of the techniques switched off. */
export const offNames = (bits: number): string[] => SWITCHES.filter(([, b]) => bits & b).map(([n]) => n);

/** The places of the settings every solve takes (literal: OptionsAt reads them as types). */
export const SOLVING = ['library', 'solve', 'worker', 'analyze-library'] as const satisfies readonly Place[];

/** A database filter by name (a player, a tournament): part of the name, any case; revsolve games and analyze's choice of games. */
export function nameFilter(key: 'player' | 'tournament', help: string, defaultText: string) {
  return {
    key,
    flags: `--${key} <name>`,
    help,
    fallback: undefined,
    defaultText,
    check: (v: unknown): string => {
      if (typeof v !== 'string' || v.trim() === '') throw problem(key, `a name or part of one, not ${shown(v)}`);
      return v;
    },
    parse: (t: string): string => {
      if (t.trim() === '') throw problem(key, 'a name or part of one, not an empty text');
      return t.trim();
    },
    tree: false,
    places: ['analyze', 'games'],
  } as const satisfies Setting<string>;
}

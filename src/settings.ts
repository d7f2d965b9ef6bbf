/**
 * The settings table: every setting of a search or of a run of searches,
 * once. For each: its library name, its command-line flag and help, what
 * it takes (the library's check and the command line's parse), its
 * default, the commands and hosts that take it, whether it changes the
 * searched tree (then it names the queue and --resume checks it: digest()),
 * and, where the WebAssembly engine reads it, its word in the engine's
 * settings block. The combinations refused are below the table, each once.
 *
 * Everything else is made from this: the command line's options
 * (cli/options.ts), the library's checks (solve/options.ts, pool/suite.ts,
 * game/analyze.ts), the pool's, the queue's and the page's run settings
 * (runSettings), the digest. No Node module: the page imports it.
 * Build-time constants of the search stay in search/constants.ts.
 */
import { OptionError } from './errors.js';
import { type Position, PositionError, parsePosition, positionArgument } from './position/position.js';
import { LEAF_EMPTIES } from './search/constants.js';
import { ORDERING_TECHNIQUES, TABLE_RULES } from './search/ordering.js';
import { ROOT_STRATEGIES, type RootStrategy, SELECTIVE_MIN } from './search/root.js';
import { LAYOUTS, type Layout, MAX_BITS, MIN_BITS, maxBitsOf } from './search/table.js';
import { PROVERS, type Prover } from './search/wld.js';
import { ENGINES, type EngineName, wasmMaxBits } from './wasm/engine.js';
import { SET_OFF } from './wasm/layout.js';

/** A value a setting does not take: what it takes, in words (the command line puts the flag before it, the library the name). */
export class SettingProblem extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(problem);
    this.name = 'SettingProblem';
  }
}

/** Who takes a setting: the library's solving functions, the commands, the page. */
export type Place = 'library' | 'solver' | 'analyze-library' | 'solve' | 'worker' | 'analyze' | 'games' | 'queue' | 'train' | 'page';

/** What a host knows that a default may depend on. */
export interface Host {
  /** Threads this machine runs at once (Node's availableParallelism, the browser's hardwareConcurrency). */
  readonly cores: number;
  /** The shipped weights where this host finds them (Node: install.ts's SHIPPED_WEIGHTS). */
  readonly weights: string;
}

/** A host for tests and pure uses: one core, the weights by their package path. */
export const PLAIN_HOST: Host = { cores: 1, weights: 'weights/revsolve.rsev' };

export interface Setting<T = unknown> {
  /** The library's option name (SolveOptions, SuiteOptions, AnalyzeOptions). */
  readonly key: string;
  /** The command line's flags, as commander takes them ('-h, --hash-bits <h>'). */
  readonly flags: string;
  readonly help: string;
  /** The default, or a function of the host; undefined: none (the option is absent, or follows from others: resolveOptions). */
  readonly fallback: T | ((host: Host) => T) | undefined;
  /** The default in words, for --help. */
  readonly defaultText: string;
  /** Checks a library value, or throws SettingProblem. */
  check(value: unknown): T;
  /** Parses the command line's text, or throws SettingProblem. */
  parse(text: string): T;
  /** The lowest and highest values of a whole-number setting (a form's min and max). */
  readonly range?: readonly [number, number];
  /** Changes the searched tree: names the queue and the results file's search (digest), so --resume and workers check it. */
  readonly tree: boolean;
  /** The word of the engine's settings block (src/wasm/layout.ts SET_*) that carries it, where the engine reads it. */
  readonly engineWord?: number;
  /** The commands and hosts that take it. */
  readonly places: readonly Place[];
  /** The value's text in the digest (tree settings). */
  text?(value: T): string;
}

const problem = (key: string, what: string) => new SettingProblem(key, what);
const shown = (v: unknown): string =>
  typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(shown).join(', ')}]` : String(v);

function wholeIn(key: string, lo: number, hi: number, unit: string): Pick<Setting<number>, 'check' | 'parse' | 'range'> {
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

function oneOf<T extends string>(key: string, values: readonly T[]): Pick<Setting<T>, 'check' | 'parse'> {
  const takes = values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;
  const check = (v: unknown): T => {
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw problem(key, `${takes}, not ${shown(v)}`);
    return v as T;
  };
  return { check, parse: check };
}

function flag(key: string): Pick<Setting<boolean>, 'check' | 'parse'> {
  return {
    check: (v) => {
      if (typeof v !== 'boolean') throw problem(key, `true or false, not ${shown(v)}`);
      return v;
    },
    parse: () => true,
  };
}

function seconds(key: string, what: string): Pick<Setting<number>, 'check' | 'parse'> {
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
function workerMs(key: string, flags: string, help: string, fallback: number): Setting<number> {
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

const MARGINS = 'none, or margins in sigmas, each in (0, 8], as 1,2';

function margins(v: unknown, key = 'selectivity'): readonly number[] {
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'number' || !(t > 0) || t > 8))
    throw problem(key, `an array of margins in sigmas, each in (0, 8], not ${shown(v)}`);
  return v as number[];
}

const SWITCHES = [...ORDERING_TECHNIQUES, ...TABLE_RULES];
const TECHNIQUES = SWITCHES.map(([n]) => n);

function offBits(names: readonly string[]): number {
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

const ALL_OFF = offBits(['all', ...TABLE_RULES.map(([n]) => n)]);

/** The names of the techniques switched off. */
export const offNames = (bits: number): string[] => SWITCHES.filter(([, b]) => bits & b).map(([n]) => n);

/** The places of the settings every solve takes (literal: OptionsAt reads them as types). */
const SOLVING = ['library', 'solve', 'worker', 'analyze-library'] as const satisfies readonly Place[];

/** A database filter by name (a player, a tournament): part of the name, any case; revsolve games and analyze's choice of games. */
function nameFilter(key: 'player' | 'tournament', help: string, defaultText: string) {
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

/** The table. Its order is --help's. */
export const SETTINGS = {
  hashBits: {
    key: 'hashBits',
    flags: '-h, --hash-bits <h>',
    help: `the transposition table: 2^h entries (${MIN_BITS}..${MAX_BITS}; -h as in Edax; --help is help)`,
    fallback: 21,
    defaultText: '21',
    ...wholeIn('hashBits', MIN_BITS, MAX_BITS, ''),
    tree: true,
    places: [...SOLVING, 'analyze', 'train', 'page'],
    text: String,
  } satisfies Setting<number>,
  tableLayout: {
    key: 'tableLayout',
    flags: '--table <layout>',
    help: "the table's layout: board2 (2 x 32-byte entries a cache line), board1, board4, key4 (4 x 16-byte keyed entries)",
    fallback: 'board2' as Layout,
    defaultText: 'board2',
    ...oneOf<Layout>('tableLayout', Object.keys(LAYOUTS) as Layout[]),
    tree: true,
    places: [...SOLVING],
    text: String,
  } satisfies Setting<Layout>,
  weights: {
    key: 'weights',
    flags: '--eval <file>',
    help: 'evaluation weights (an Edax eval.dat or a compact file, gzipped or not) that order moves from 12 empties; none: no evaluation',
    fallback: (host: Host) => host.weights,
    defaultText: 'the shipped weights',
    check: (v: unknown): string | null => {
      if (v !== null && (typeof v !== 'string' || v === ''))
        throw problem('weights', `a weights file's path, or null for none, not ${shown(v)}`);
      return v;
    },
    parse: (t: string): string | null => {
      if (t === '') throw problem('weights', 'a weights file, or none for no evaluation');
      return t === 'none' ? null : t;
    },
    // The digest names the weights by their bytes (solve/options.ts reads them): see digest().
    tree: true,
    places: [...SOLVING],
  } satisfies Setting<string | null>,
  ordering: {
    key: 'ordering',
    flags: '--ordering <how>',
    help: "move ordering: mobility (fastest first), or eval (the weights' evaluation joins the key)",
    fallback: undefined,
    defaultText: 'eval with weights, else mobility',
    ...oneOf<'eval' | 'mobility'>('ordering', ['eval', 'mobility']),
    tree: true,
    places: [...SOLVING],
    text: String,
  } satisfies Setting<'eval' | 'mobility'>,
  selectivity: {
    key: 'selectivity',
    flags: '--selectivity <margins>',
    help: `with eval ordering, from ${SELECTIVE_MIN} empties: selective (ProbCut) pre-searches that find the first guess, at these margins in sigmas, in turn; none: a shallow search's guess`,
    fallback: [1, 2] as readonly number[],
    defaultText: '1,2 (none without eval ordering)',
    check: (v: unknown) => margins(v),
    parse: (t: string): readonly number[] => {
      if (t === 'none') return [];
      const m = t.split(',').map((x) => (/^\d+(\.\d+)?$/.test(x.trim()) ? Number(x) : NaN));
      if (m.some((x) => !(x > 0) || x > 8)) throw problem('selectivity', `${MARGINS}, not ${shown(t)}`);
      return m;
    },
    tree: true,
    places: [...SOLVING],
    text: (m: readonly number[]) => (m.length ? m.join(',') : 'none'),
  } satisfies Setting<readonly number[]>,
  keepTable: {
    key: 'keepTable',
    flags: '--keep-table',
    help: 'keep the table from one position to the next (by default it is cleared, as Edax does)',
    fallback: false,
    defaultText: 'cleared',
    ...flag('keepTable'),
    tree: true,
    places: ['library', 'solve'],
    text: String,
  } satisfies Setting<boolean>,
  wld: {
    key: 'wld',
    flags: '--wld',
    help: 'win/loss/draw only: who wins and a move that keeps it (the score is the proven bound); answers are checked by sign',
    fallback: false,
    defaultText: 'exact scores',
    ...flag('wld'),
    tree: true,
    places: ['library', 'solve', 'worker'],
    text: String,
  } satisfies Setting<boolean>,
  prover: {
    key: 'prover',
    flags: '--prover <prover>',
    help: "with --wld: ab (alpha-beta's null-window probes) or dfpn (proof-number search on a table of 2^h entries; positions not split)",
    fallback: 'ab' as Prover,
    defaultText: 'ab',
    ...oneOf<Prover>('prover', PROVERS),
    tree: true,
    places: ['library', 'solve'],
    text: String,
  } satisfies Setting<Prover>,
  off: {
    key: 'off',
    flags: '--off <techniques>',
    help: `the ordering study and the table study: switch these techniques of the exact search off (${ORDERING_TECHNIQUES.map(([n]) => n).join(', ')}, or all of them; and the table's rules Edax's lacks: ${TABLE_RULES.map(([n]) => n).join(', ')})`,
    fallback: 0,
    defaultText: 'none',
    check: (v: unknown): number => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || (v & ~ALL_OFF) !== 0)
        throw problem('off', `OFF_* bits of ordering techniques, not ${shown(v)}`);
      return v;
    },
    parse: (t: string) => offBits(t.split(',').map((s) => s.trim())),
    tree: true,
    engineWord: SET_OFF,
    places: ['solve'],
    text: (bits: number) => offNames(bits).join(',') || 'none',
  } satisfies Setting<number>,
  /**
   * Probes pay one proof per score they step through, and each proof of a
   * bound is searched again for the next: when the first guess is off by a
   * step or two, one PVS in a window around it (aspiration), whose first
   * move gets its exact value in one search, costs less. Since the table
   * keeps its costly entries (KEEP_COSTLIER), nodes at h 10: FFO #40-#49
   * -6.9 %, fforum-20-39 -1.2 % (h 21 -0.3 %); random positions of 20-24
   * empties at h 21, seeds 1-3: -1.7 %, -4.2 %, -3.9 % (bench/README, "The
   * root's strategy"). A split position's root probes (pool/split.ts).
   */
  root: {
    key: 'root',
    flags: '--root <strategy>',
    help: `how the root finds the exact score after the first guess: ${ROOT_STRATEGIES.join(', ')} (positions not split)`,
    fallback: 'aspiration' as RootStrategy,
    defaultText: 'aspiration',
    ...oneOf<RootStrategy>('root', ROOT_STRATEGIES),
    tree: true,
    places: ['solve'],
    text: String,
  } satisfies Setting<RootStrategy>,
  engine: {
    key: 'engine',
    flags: '--engine <engine>',
    help: 'the search below the root: wasm (WebAssembly) or ts (TypeScript, the reference); the same tree either way',
    fallback: 'wasm' as EngineName,
    defaultText: 'wasm',
    ...oneOf<EngineName>('engine', ENGINES),
    tree: false,
    places: [...SOLVING, 'analyze', 'page'],
  } satisfies Setting<EngineName>,
  workers: {
    key: 'workers',
    flags: '-n, --workers <n>',
    help: 'threads: positions solved at once, each on its own table, or one position split across them',
    fallback: (host: Host) => host.cores,
    defaultText: 'one per core',
    ...wholeIn('workers', 1, 256, ''),
    tree: false,
    places: ['library', 'solve', 'worker', 'analyze-library', 'analyze', 'train', 'page'],
  } satisfies Setting<number>,
  split: {
    key: 'split',
    flags: '--split <when>',
    help: `split a position of more than ${LEAF_EMPTIES} empties across the workers on one shared table: auto (once fewer positions are left to start than workers, and no idle worker helps), always, never`,
    fallback: 'auto' as 'auto' | 'always' | 'never',
    defaultText: 'auto',
    ...oneOf<'auto' | 'always' | 'never'>('split', ['auto', 'always', 'never']),
    tree: false,
    places: ['library', 'solve', 'analyze-library'],
  } satisfies Setting<'auto' | 'always' | 'never'>,
  idle: {
    key: 'idle',
    flags: '--idle <what>',
    help: 'what a worker with no position left to start does: help (take moves of a whole position still running, on its table; the WebAssembly engine) or wait',
    fallback: 'help' as 'help' | 'wait',
    defaultText: 'help',
    ...oneOf<'help' | 'wait'>('idle', ['help', 'wait']),
    tree: false,
    places: ['library', 'solve', 'analyze-library'],
  } satisfies Setting<'help' | 'wait'>,
  from: {
    key: 'from',
    flags: '--from <empties>',
    help: 'analyse the positions of this many empties or fewer',
    fallback: 22,
    defaultText: '22',
    ...wholeIn('from', 1, 60, 'of empties '),
    tree: false,
    places: ['analyze-library', 'analyze', 'page'],
  } satisfies Setting<number>,
  games: {
    key: 'games',
    flags: '--game <n|a-b>',
    help: 'the games of a file to take: one (7) or a range (10-20), numbered from 1 in each file',
    fallback: undefined,
    defaultText: 'every game',
    check: (v: unknown): readonly [number, number] => {
      if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n) && n >= 1) || v[0] > v[1])
        throw problem('games', `[first, last] game numbers from 1, not ${shown(v)}`);
      return v as unknown as readonly [number, number];
    },
    parse: (t: string): readonly [number, number] => {
      const m = /^(\d+)(?:-(\d+))?$/.exec(t);
      const a = m ? Number(m[1]) : 0;
      const b = m ? Number(m[2] ?? m[1]) : 0;
      if (!m || a < 1 || b < a) throw problem('games', `a game number from 1, or a range as 10-20, not ${shown(t)}`);
      return [a, b];
    },
    tree: false,
    places: ['analyze'],
  } satisfies Setting<readonly [number, number]>,
  player: nameFilter(
    'player',
    "the games a player played, black or white (part of the name, any case: 'tastet' finds Tastet Marc)",
    'every player',
  ),
  // The database filters (revsolve games, and analyze's choice of games): searchGames's query.
  tournament: nameFilter('tournament', "the games of a tournament (part of its name, any case: WTHOR.TRN, GGF's PC)", 'every tournament'),
  year: {
    key: 'year',
    flags: '--year <year>',
    help: 'the games of a year (2019) or a range of years (1990-1999)',
    fallback: undefined,
    defaultText: 'every year',
    check: (v: unknown): readonly [number, number] => {
      if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n) && n >= 0) || v[0] > v[1])
        throw problem('year', `[first, last] years, not ${shown(v)}`);
      return v as unknown as readonly [number, number];
    },
    parse: (t: string): readonly [number, number] => {
      const m = /^(\d{4})(?:-(\d{4}))?$/.exec(t.trim());
      if (!m || (m[2] !== undefined && Number(m[2]) < Number(m[1])))
        throw problem('year', `a year (2019) or a range of years (1990-1999), not ${shown(t)}`);
      return [Number(m[1]), Number(m[2] ?? m[1])];
    },
    tree: false,
    places: ['analyze', 'games'],
  } satisfies Setting<readonly [number, number]>,
  position: {
    key: 'position',
    flags: '--position <text>',
    help: 'the games that reached this position ("<64 squares> <X|O>"), in any of the 8 symmetries, the same side to move',
    fallback: undefined,
    defaultText: 'any position',
    check: (v: unknown): Position => {
      try {
        return positionArgument(v, 'position');
      } catch (e) {
        if (e instanceof PositionError) throw problem('position', e.message);
        throw e;
      }
    },
    parse: (t: string): Position => {
      try {
        return parsePosition(t);
      } catch (e) {
        if (e instanceof PositionError) throw problem('position', e.message);
        throw e;
      }
    },
    tree: false,
    places: ['analyze', 'games'],
  } satisfies Setting<Position>,
  result: {
    key: 'result',
    flags: '--result <who>',
    help: 'the games won by black, by white, or drawn',
    fallback: undefined,
    defaultText: 'every result',
    ...oneOf<'black' | 'white' | 'draw'>('result', ['black', 'white', 'draw']),
    tree: false,
    places: ['games'],
  } satisfies Setting<'black' | 'white' | 'draw'>,
  queueLeaf: {
    key: 'queueLeaf',
    flags: '--queue-leaf <empties>',
    help: "with --queue: a split position's subtrees of this many empties or fewer are one task each",
    fallback: 22,
    defaultText: '22',
    ...wholeIn('queueLeaf', 12, 40, 'of empties '),
    tree: false,
    places: ['solve'],
  } satisfies Setting<number>,
  raceAfter: {
    key: 'raceAfter',
    flags: '--race-after <ms>',
    help: 'with --queue: a split task that runs alone this long gets a copy on an idle worker thread, the first answer wins (never: no copies)',
    fallback: 250,
    defaultText: '250',
    check: (v: unknown): number => {
      if (v !== Infinity && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 600_000))
        throw problem('raceAfter', `never or a whole number of milliseconds up to 600000, not ${shown(v)}`);
      return v;
    },
    parse: (t: string): number => {
      if (t === 'never') return Infinity;
      if (!/^\d+$/.test(t) || Number(t) > 600_000)
        throw problem('raceAfter', `never or a whole number of milliseconds up to 600000, not ${shown(t)}`);
      return Number(t);
    },
    tree: false,
    places: ['solve'],
  } satisfies Setting<number>,
  progressEvery: {
    key: 'progressEvery',
    flags: '--progress-every <seconds>',
    help: 'off a terminal, a status line this often',
    fallback: 10,
    defaultText: '10',
    ...seconds('progressEvery', ''),
    tree: false,
    places: ['solve', 'analyze'],
  } satisfies Setting<number>,
  redisTimeout: {
    key: 'redisTimeout',
    flags: '--redis-timeout <seconds>',
    help: 'with --queue: give up when Redis is unreachable this long, at the start or mid-run',
    fallback: 30,
    defaultText: '30',
    ...seconds('redisTimeout', ''),
    tree: false,
    places: ['solve', 'worker'],
  } satisfies Setting<number>,
  lookupTimeout: {
    key: 'lookupTimeout',
    flags: '--redis-timeout <seconds>',
    help: 'give up when Redis is unreachable this long',
    fallback: 3,
    defaultText: '3',
    ...seconds('lookupTimeout', ''),
    tree: false,
    places: ['queue'],
  } satisfies Setting<number>,
  lockMs: workerMs(
    'lockMs',
    '--lock-ms <ms>',
    'the lock of a running job, renewed at half of it: a worker that dies loses its jobs after this',
    30_000,
  ),
  stallMs: workerMs('stallMs', '--stall-ms <ms>', 'how often to look for jobs whose worker died', 30_000),
  progressMs: workerMs(
    'progressMs',
    '--progress-ms <ms>',
    "how often a running job reports its live node count to the coordinator's display",
    1000,
  ),
  maxStalled: {
    key: 'maxStalled',
    flags: '--max-stalled <n>',
    help: 'a job whose worker died this many times fails',
    fallback: 2,
    defaultText: '2',
    ...wholeIn('maxStalled', 1, 100, ''),
    tree: false,
    places: ['worker'],
  } satisfies Setting<number>,
} as const;

export type SettingKey = keyof typeof SETTINGS;
/** Each setting's value type. */
export type SettingValues = { -readonly [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]['check']> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** The settings that change the searched tree (TREE_SETTINGS), as a type. */
export type TreeKey = { [K in SettingKey]: (typeof SETTINGS)[K]['tree'] extends true ? K : never }[SettingKey];
/** A search's tree settings as its context holds them (the weights named by their bytes' digest, the switches by name): what a result says it searched with. */
export type TreeValues = {
  readonly [K in TreeKey]: K extends 'weights' ? string | null : K extends 'off' ? readonly string[] : SettingValues[K];
};

/** A setting's entry, seen through its common type. */
export function setting(key: SettingKey): Setting {
  return SETTINGS[key] as unknown as Setting;
}

/** A setting's default on a host (undefined where it has none, or follows from others). */
export function defaultOf<K extends SettingKey>(key: K, host: Host = PLAIN_HOST): SettingValues[K] {
  const f = setting(key).fallback;
  return (typeof f === 'function' ? (f as (h: Host) => unknown)(host) : f) as SettingValues[K];
}

/** The settings a place takes, in the table's order. */
export function settingsOf(place: Place): SettingKey[] {
  if (place === 'solver') return settingsOf('library').filter((k) => !(POOL_ONLY as readonly SettingKey[]).includes(k));
  return SETTING_KEYS.filter((k) => setting(k).places.includes(place));
}

/** The library's settings of the pool (solveSuite's): the Solver, one search on the caller's thread, takes none of them. */
const POOL_ONLY = ['workers', 'split', 'idle'] as const satisfies readonly SettingKey[];
export type PoolOnlyKey = (typeof POOL_ONLY)[number];

/** The places that take a setting, as the table's types say (its `places`, literal). */
type PlacesOf<K extends SettingKey> = (typeof SETTINGS)[K]['places'][number];
/** The settings a place takes, as a type: the keys whose `places` name it. */
export type KeysAt<P extends Place> = { [K in SettingKey]: P extends PlacesOf<K> ? K : never }[SettingKey];
/**
 * A place's library options: each setting the place takes, optional, of
 * the type its check returns. The option types are the table's, never
 * restated (SolveOptions, SuiteOptions, AnalyzeOptions).
 */
export type OptionsAt<P extends Place> = { readonly [K in KeysAt<P>]?: SettingValues[K] };

/** The settings that change the searched tree. */
export const TREE_SETTINGS: readonly SettingKey[] = SETTING_KEYS.filter((k) => setting(k).tree);

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

/**
 * The combinations refused, each once: given the values (defaults filled in)
 * and which settings were given, the first problem, naming the setting to
 * change, or null. `queue`: the run goes through the queue.
 */
export interface Combination {
  readonly key: SettingKey;
  problem(v: SettingValues, given: (k: SettingKey) => boolean, n: Namer, queue: boolean): string | null;
}

export const COMBINATIONS: readonly Combination[] = [
  {
    key: 'ordering',
    problem: (v, _g, n) =>
      v.ordering === 'eval' && v.weights === null
        ? `${n('ordering')} eval needs weights: give ${n('weights')} a weights file, or mobility ordering`
        : null,
  },
  {
    key: 'selectivity',
    problem: (v, g) =>
      g('selectivity') && v.selectivity.length > 0 && (v.ordering === 'mobility' || v.weights === null)
        ? `the selective pre-searches start from the evaluation: they need eval ordering, not ${v.weights === null ? 'no weights' : 'mobility ordering'}`
        : null,
  },
  {
    key: 'prover',
    problem: (v, g, n) => (g('prover') && !v.wld ? `${n('prover')} ${v.prover} proves win/loss/draw: give ${n('wld')} with it` : null),
  },
  {
    key: 'prover',
    problem: (v, _g, n, queue) => (v.prover === 'dfpn' && queue ? `${n('prover')} dfpn runs on this machine, not through --queue` : null),
  },
  {
    key: 'split',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('split') && v.split !== 'never'
        ? `${n('split')} ${v.split} with ${n('prover')} dfpn: df-pn's positions are never split`
        : null,
  },
  {
    key: 'idle',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('idle')
        ? `${n('idle')} ${v.idle} with ${n('prover')} dfpn: df-pn's positions run alone, with no helpers`
        : null,
  },
  {
    key: 'idle',
    problem: (v, g, n) =>
      v.engine === 'ts' && g('idle') && v.idle === 'help'
        ? `${n('idle')} help with ${n('engine')} ts: idle workers help on the WebAssembly engine's shared memory only (give ${n('engine')} wasm, or ${n('idle')} wait)`
        : null,
  },
  {
    key: 'idle',
    problem: (_v, g, n, queue) =>
      queue && g('idle') ? `${n('idle')} is for this machine's workers: through the queue, idle worker threads take split tasks` : null,
  },
  ...(['queueLeaf', 'raceAfter', 'redisTimeout'] as const).map((key) => ({
    key,
    problem: (_v: SettingValues, g: (k: SettingKey) => boolean, n: Namer, queue?: boolean) =>
      !queue && g(key) ? `${n(key)} is for runs through the queue: give --queue with it` : null,
  })),
  {
    key: 'selectivity',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('selectivity') ? `${n('selectivity')} with ${n('prover')} dfpn: df-pn runs no pre-searches` : null,
  },
  {
    key: 'hashBits',
    problem: (v, _g, n) =>
      v.hashBits > maxBitsOf(v.tableLayout)
        ? `${n('hashBits')} ${v.hashBits}: a ${v.tableLayout} table holds 2^${maxBitsOf(v.tableLayout)} entries at most (one array of 2^32 words)${v.tableLayout === 'key4' ? '' : '; key4 takes 2^30'}`
        : null,
  },
  {
    key: 'hashBits',
    problem: (v, _g, n) =>
      v.engine === 'wasm' && v.hashBits <= maxBitsOf(v.tableLayout) && v.hashBits > wasmMaxBits(v.tableLayout)
        ? `${n('hashBits')} ${v.hashBits}: the WebAssembly engine's 4 GiB memory holds a ${v.tableLayout} table of 2^${wasmMaxBits(v.tableLayout)} entries at most; ${n('engine')} ts takes 2^${maxBitsOf(v.tableLayout)}`
        : null,
  },
  {
    key: 'root',
    problem: (v, g, n) => (v.wld && g('root') ? `${n('root')} ${v.root} is for exact solves: ${n('wld')} probes the score's sign` : null),
  },
  {
    key: 'off',
    problem: (v, g, n, queue) =>
      queue && (v.off !== 0 || g('root') || v.keepTable)
        ? `${n('off')}, ${n('root')} and ${n('keepTable')} are for local runs, not the queue`
        : null,
  },
];

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

/** The first combination refused, as a SettingProblem naming its setting; `given` says which settings were given. */
export function checkCombinations(v: SettingValues, given: (k: SettingKey) => boolean, n: Namer, queue = false): void {
  for (const c of COMBINATIONS) {
    const p = c.problem(v, given, n, queue);
    if (p !== null) throw new SettingProblem(c.key, p);
  }
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
  return JSON.stringify({ v: 2, ...parts });
}

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
export const TASK_KEYS = ['hashBits', 'tableLayout', 'selectivity', 'off', 'root', 'wld', 'prover', 'engine'] as const;

/** What each task of a run carries of its settings: made here for the pool, the queue's worker and the page. */
export type RunSettingValues = { readonly [K in (typeof TASK_KEYS)[number]]: SettingValues[K] };

/** The task's settings of the values (the weights travel beside them). */
export function runSettingsOf(v: Pick<SettingValues, (typeof TASK_KEYS)[number]>): RunSettingValues {
  return Object.fromEntries(TASK_KEYS.map((k) => [k, v[k]])) as unknown as RunSettingValues;
}

/** Every setting at its default on a host: the page's and the worker's starting point. */
export function defaults(host: Host = PLAIN_HOST): SettingValues {
  const v = {} as Record<string, unknown>;
  for (const k of SETTING_KEYS) v[k] = defaultOf(k, host);
  return v as SettingValues;
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

// The defaults the library has always exported by name, read from the table.
export const DEFAULT_BITS: number = defaultOf('hashBits');
export const DEFAULT_LAYOUT: Layout = defaultOf('tableLayout');
export const DEFAULT_SELECTIVITY: readonly number[] = defaultOf('selectivity');
export const DEFAULT_ROOT: RootStrategy = defaultOf('root');

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

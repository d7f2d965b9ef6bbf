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

import { type Position, PositionError, parsePosition, positionArgument } from '../position/position.js';
import { LEAF_EMPTIES, SELECTIVE_MIN } from '../search/constants.js';
import { CONFIDENCES, DEFAULT_LEVEL, MAX_LEVEL } from '../search/levels.js';
import { ORDERING_TECHNIQUES, TABLE_RULES } from '../search/ordering.js';
import { ROOT_STRATEGIES, type RootStrategy } from '../search/root-strategies.js';
import { LAYOUTS, type Layout, MAX_BITS, MIN_BITS } from '../search/table.js';
import { PROVERS, type Prover } from '../search/wld.js';
import { ENGINES, type EngineName } from '../wasm/engine.js';
import { SET_OFF } from '../wasm/layout.js';
import {
  ALL_OFF,
  flag,
  MARGINS,
  margins,
  nameFilter,
  offBits,
  offNames,
  oneOf,
  oneOfNumbers,
  problem,
  SOLVING,
  seconds,
  shown,
  wholeIn,
  workerMs,
} from './kinds.js';
import { type Host, PLAIN_HOST, type Place, type Setting } from './setting.js';

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
    places: [...SOLVING, 'midgame-library', 'analyze', 'train', 'page', 'nboard'],
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
    places: [...SOLVING, 'midgame-library'],
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
    places: [...SOLVING, 'midgame-library', 'nboard'],
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
  /**
   * The midgame search's (searchPosition's) level, as Edax's: how deep and
   * at what confidence each count of empties is searched (search/levels.ts).
   */
  level: {
    key: 'level',
    flags: '--level <L>',
    help: "a level as Edax's (0-60): each count of empties searched to the level's depth and confidence; exact within the level's end range; 60 solves everything",
    fallback: undefined,
    defaultText: `none: solve exactly (searchPosition: ${DEFAULT_LEVEL})`,
    ...wholeIn('level', 0, MAX_LEVEL, ''),
    // Not a tree setting of the exact search (TREE_SETTINGS: what its contexts read back), but in the digest all the same
    // (digest.ts, LEVEL_KEYS): results at one level are not another's.
    tree: false,
    places: ['midgame-library', 'library', 'solve', 'analyze-library', 'analyze'],
    text: (v: number | undefined) => (v === undefined ? 'none' : String(v)),
  } satisfies Setting<number | undefined>,
  depth: {
    key: 'depth',
    flags: '--search-depth <plies>',
    help: 'the midgame search to this many plies (a pass is none), in place of a level',
    fallback: undefined,
    defaultText: 'none (the level decides)',
    ...wholeIn('depth', 1, 60, 'of plies '),
    tree: false,
    places: ['midgame-library'],
  } satisfies Setting<number | undefined>,
  /** ProbCut's confidence that a cut is right, Edax's selectivity_table in percent: not --selectivity (the exact search's margins in sigmas) nor Edax's 0-5 index. */
  confidence: {
    key: 'confidence',
    flags: '--confidence <percent>',
    help: `with --search-depth: the confidence of ProbCut's cuts, in percent (${CONFIDENCES.join(', ')}; 100: none)`,
    fallback: 100,
    defaultText: '100',
    ...oneOfNumbers('confidence', CONFIDENCES),
    tree: false,
    places: ['midgame-library'],
  } satisfies Setting<number>,
  moveTime: {
    key: 'moveTime',
    flags: '--move-time <seconds>',
    help: "with a level: the midgame search's time per position; the deepest depth finished by then is the answer (marked stopped)",
    fallback: undefined,
    defaultText: 'none',
    ...seconds('moveTime', ''),
    // In the digest beside the level (digest.ts, LEVEL_KEYS): its answers depend on the machine's speed.
    tree: false,
    places: ['midgame-library', 'library', 'solve', 'analyze-library', 'analyze', 'nboard'],
    text: (v: number | undefined) => (v === undefined ? 'none' : String(v)),
  } satisfies Setting<number | undefined>,
  every: {
    key: 'every',
    flags: '--every',
    help: 'the midgame search scores every legal move (for hints), not only the best',
    fallback: false,
    defaultText: 'off',
    ...flag('every'),
    tree: false,
    places: ['midgame-library'],
  } satisfies Setting<boolean>,
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
    places: [...SOLVING, 'midgame-library', 'analyze', 'page', 'nboard'],
  } satisfies Setting<EngineName>,
  workers: {
    key: 'workers',
    flags: '-n, --workers <n>',
    help: 'threads: positions solved at once, each on its own table, or one position split across them',
    fallback: (host: Host) => host.cores,
    defaultText: 'one per core',
    ...wholeIn('workers', 1, 256, ''),
    tree: false,
    places: ['library', 'solve', 'worker', 'analyze-library', 'analyze', 'train', 'page', 'nboard'],
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
    flags: '--lookup-timeout <seconds>',
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
export const POOL_ONLY = ['workers', 'split', 'idle'] as const satisfies readonly SettingKey[];
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

/** Every setting at its default on a host: the page's and the worker's starting point. */
export function defaults(host: Host = PLAIN_HOST): SettingValues {
  const v = {} as Record<string, unknown>;
  for (const k of SETTING_KEYS) v[k] = defaultOf(k, host);
  return v as SettingValues;
}

// The defaults the library has always exported by name, read from the table.
export const DEFAULT_BITS: number = defaultOf('hashBits');
export const DEFAULT_LAYOUT: Layout = defaultOf('tableLayout');
export const DEFAULT_SELECTIVITY: readonly number[] = defaultOf('selectivity');
export const DEFAULT_ROOT: RootStrategy = defaultOf('root');

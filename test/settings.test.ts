/**
 * The settings table (src/settings.ts) walked setting by setting: every
 * setting that changes the tree reaches the queue's digest (hence the
 * results file's --resume check), the command line, and where the engine
 * reads it both engines; no default or range check of a setting is written
 * outside the table; the library and the command line resolve alike.
 */

import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addAnalyzeCommand } from '../src/cli/analyze.js';
import { searchSettings } from '../src/cli/options.js';
import { addQueueCommands } from '../src/cli/queue.js';
import type { StopSignals } from '../src/cli/signals.js';
import { addSolveCommand } from '../src/cli/solve.js';
import { syntheticWeights } from '../src/eval/compress.js';
import { loadEvaluator, writeCompact } from '../src/eval/files.js';
import { SHIPPED_WEIGHTS } from '../src/install.js';
import { poolSettingsOf } from '../src/pool/parallel.js';
import { ResultsFile, readResults } from '../src/pool/results.js';
import { parseObfLine } from '../src/position/obf.js';
import { queueOf } from '../src/queue/jobs.js';
import { SearchContext } from '../src/search/context.js';
import { createTable } from '../src/search/table.js';
import {
  COMBINATIONS,
  defaultOf,
  flagName,
  LEVEL_KEYS,
  runSettingsOf,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  setting,
  settingsOf,
  TASK_KEYS,
  TREE_SETTINGS,
} from '../src/settings/index.js';
import { type ResolvedOptions, resolveOptions } from '../src/solve/options.js';
import { solveOne } from '../src/solve/solve.js';
import { chooseEngine } from '../src/wasm/choice.js';
import { ENGINE_BLOCK, WasmSearch } from '../src/wasm/lower.js';
import { tempDir } from './tmp.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = tempDir('settings');
const copy = join(dir, 'copy.rsev');
copyFileSync(SHIPPED_WEIGHTS, copy);
const other = join(dir, 'other.rsev');
writeCompact(other, syntheticWeights(3), 16);

/**
 * A value other than the default for each setting that changes the tree,
 * as the command line writes it and as the library takes it. A tree
 * setting added to the table without one here fails the walk below.
 */
const SAMPLES: Partial<Record<SettingKey, { readonly cli: string[]; readonly value: unknown }>> = {
  hashBits: { cli: ['-h', '17'], value: 17 },
  tableLayout: { cli: ['--table', 'board4'], value: 'board4' },
  weights: { cli: ['--eval', other], value: other },
  ordering: { cli: ['--ordering', 'mobility'], value: 'mobility' },
  selectivity: { cli: ['--selectivity', '1'], value: [1] },
  keepTable: { cli: ['--keep-table'], value: true },
  wld: { cli: ['--wld'], value: true },
  prover: { cli: ['--wld', '--prover', 'dfpn'], value: 'dfpn' },
  off: { cli: ['--off', 'parity'], value: 8 },
  root: { cli: ['--root', 'pvs'], value: 'pvs' },
};

/**
 * Tree settings the WebAssembly engine does not read (the host sets them up
 * around its searches: the table it is given, the root's searches, the
 * weights' copy in its memory). A tree setting that is not named here must
 * have its word in the engine's settings block.
 */
const HOST_ONLY: readonly SettingKey[] = [
  'hashBits',
  'tableLayout',
  'weights',
  'ordering',
  'selectivity',
  'keepTable',
  'wld',
  'prover',
  'root',
];

/** Resolved settings as compared here: the weights by their file and digest (their megabytes compare slowly). */
const comparable = (r: ResolvedOptions) => ({ ...r, weights: r.weights && { file: r.weights.file, digest: r.weights.digest } });

const noStop = { signal: new AbortController().signal, received: undefined, exitCode: 0 } as unknown as StopSignals;

/** The `solve` command as the program builds it, its options parsed from argv (the action not run). */
function solveOptions(argv: string[]): object {
  const program = new Command('revsolve').exitOverride();
  addSolveCommand(program, noStop);
  const solve = program.commands.find((c) => c.name() === 'solve')!;
  solve.action(() => undefined);
  program.parse(['node', 'revsolve', 'solve', 'x.obf', ...argv]);
  return solve.opts();
}

const commandNamed = (name: string, add: (p: Command) => void): Command => {
  const program = new Command('revsolve');
  add(program);
  return program.commands.find((c) => c.name() === name)!;
};

describe('the settings table', () => {
  it('every setting has its flag on each command that takes it, with its default in words', () => {
    const commands: Record<string, Command> = {
      solve: commandNamed('solve', (p) => addSolveCommand(p, noStop)),
      worker: commandNamed('worker', (p) =>
        addQueueCommands(
          p,
          () => undefined,
          () => undefined,
          noStop,
        ),
      ),
      analyze: commandNamed('analyze', (p) => addAnalyzeCommand(p, noStop)),
    };
    for (const [place, command] of Object.entries(commands)) {
      for (const k of settingsOf(place as 'solve')) {
        const o = command.options.find((x) => x.long === flagName(k));
        expect(o, `${place} ${flagName(k)}`).toBeDefined();
        expect(o!.description, `${place} ${flagName(k)}`).toContain(`(default: ${setting(k).defaultText})`);
        // One default in words: commander adds none of its own.
        expect(o!.defaultValue, `${place} ${flagName(k)}`).toBeUndefined();
      }
    }
  });

  it("every setting that changes the tree reaches the command line, the digest and --resume's check", () => {
    const missing = TREE_SETTINGS.filter((k) => SAMPLES[k] === undefined);
    expect(missing, 'tree settings without a sample in this test').toEqual([]);
    const base = resolveOptions({ hashBits: 16 });
    const baseDigest = queueOf(base).digest;
    const digests = new Set([baseDigest]);
    for (const k of TREE_SETTINGS) {
      const { cli, value } = SAMPLES[k]!;
      // The command line: the flag parses to the library's value, and resolves as the library does.
      expect(setting(k).places, k).toContain('solve');
      const viaCli = searchSettings(solveOptions(['-h', '16', ...cli]), 'solve');
      const given: Record<string, unknown> = { hashBits: 16, [k]: value };
      if (k === 'prover') given.wld = true;
      // (off and root are the command line's: the library takes them as its callers' own keys here.)
      expect(comparable(viaCli), k).toEqual(comparable(resolveOptions(given, 'library', ['off', 'root'])));
      if (k === 'weights') expect(viaCli.weights?.file).toBe(other);
      else expect((viaCli as unknown as Record<string, unknown>)[k], k).toEqual(value);
      // The digest: another value, another queue and another results file's search.
      const d = queueOf(viaCli).digest;
      expect(d, k).not.toBe(baseDigest);
      digests.add(d);
      // --resume: a results line made with the default settings is refused under these, and read under the default.
      const file = join(dir, `resume-${k}.jsonl`);
      const entry = { line: 1, ...parseObfLine('--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X') };
      const saved = new ResultsFile(file, baseDigest);
      saved.start(false);
      saved.append(
        {
          index: 1,
          line: 1,
          empties: 14,
          move: 62,
          score: 18,
          ok: true,
          nodes: 1,
          ms: 1,
          pv: [62],
          table: { probes: 0, hits: 0, cutoffs: 0, stores: 0, overwrites: 0, dropped: 0, region: 0 },
          engine: 'ts',
          engineNodes: 0,
        },
        entry,
      );
      saved.close();
      const wld = viaCli.wld;
      expect(readResults(file, [entry], d, wld).foreign.length, k).toBe(1);
      if (!wld) expect(readResults(file, [entry], baseDigest, false).foreign, k).toEqual([]);
    }
    // Every sample is a search of its own.
    expect(digests.size).toBe(TREE_SETTINGS.length + 1);
  });

  it("a setting the engine reads has its word in the engine's block, and both engines search one tree with it", () => {
    const unclassified = TREE_SETTINGS.filter((k) => setting(k).engineWord === undefined && !HOST_ONLY.includes(k));
    expect(unclassified, "tree settings neither the host's alone nor the engine's").toEqual([]);
    const readByEngine = TREE_SETTINGS.filter((k) => setting(k).engineWord !== undefined);
    expect(readByEngine).toEqual(['off']);
    // The word is one the host writes into the engine's block (ENGINE_BLOCK), from the context's field of the setting's name.
    for (const k of readByEngine) {
      const entry = ENGINE_BLOCK.find(([w]) => w === setting(k).engineWord);
      expect(entry, k).toBeDefined();
      const ctx = new SearchContext({ table: createTable(10, 'board2'), evaluator: null, selectivity: [], [k]: SAMPLES[k]!.value });
      expect(entry![1](ctx), k).toBe(SAMPLES[k]!.value);
    }
    expect(chooseEngine('wasm', 16, 'board2').engine).toBe('wasm');
    const evaluator = loadEvaluator(SHIPPED_WEIGHTS);
    const { position, answers } = parseObfLine('--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18');
    for (const k of readByEngine) {
      const nodes = (value: unknown, engine: 'ts' | 'wasm'): number => {
        const below = engine === 'wasm' ? WasmSearch.create(16, 'board2', evaluator) : null;
        const ctx = new SearchContext({
          table: below ? below.table : createTable(16, 'board2'),
          evaluator,
          selectivity: defaultOf('selectivity'),
          below,
          [k]: value,
        });
        const r = solveOne(ctx, position, answers, 1, 1, { keepTable: false, root: defaultOf('root'), wld: false });
        expect(r.ok, `${k} ${engine}`).toBe(true);
        return r.nodes;
      };
      const sample = SAMPLES[k]!.value;
      const ts = nodes(sample, 'ts');
      expect(nodes(sample, 'wasm'), k).toBe(ts);
      expect(nodes(defaultOf(k), 'ts'), k).not.toBe(ts);
    }
  });

  it('each combination refused names its setting, on the command line and in the library', () => {
    const cases: [string[], Record<string, unknown>, RegExp][] = [
      [['--prover', 'ab'], { prover: 'ab' }, /prover.*ab proves win\/loss\/draw: give (--wld|wld) with it/],
      [['--prover', 'dfpn'], { prover: 'dfpn' }, /dfpn proves win\/loss\/draw/],
      [['--wld', '--prover', 'dfpn', '--split', 'always'], { wld: true, prover: 'dfpn', split: 'always' }, /split.*never split/],
      [['--wld', '--prover', 'dfpn', '--idle', 'wait'], { wld: true, prover: 'dfpn', idle: 'wait' }, /idle.*no helpers/],
      [
        ['--wld', '--prover', 'dfpn', '--selectivity', 'none'],
        { wld: true, prover: 'dfpn', selectivity: [] },
        /selectivity.*no pre-searches/,
      ],
      [['--eval', 'none', '--ordering', 'eval'], { weights: null, ordering: 'eval' }, /ordering.*eval needs weights/],
      [['--ordering', 'mobility', '--selectivity', '1'], { ordering: 'mobility', selectivity: [1] }, /selectivity.*need eval ordering/],
      [['-h', '30'], { hashBits: 30 }, /hash-?[bB]its 30: a board2 table holds 2\^29 entries at most/],
    ];
    for (const [cli, lib, message] of cases) {
      expect(() => searchSettings(solveOptions(cli), 'solve'), cli.join(' ')).toThrow(message);
      expect(() => searchSettings(solveOptions(cli), 'solve'), cli.join(' ')).toThrow(/^--/);
      expect(() => resolveOptions(lib), cli.join(' ')).toThrow(message);
    }
    expect(() => searchSettings(solveOptions(['--wld', '--root', 'pvs']), 'solve')).toThrow(
      /^--root pvs is for exact solves: --wld probes/,
    );
    expect(() => searchSettings(solveOptions(['--off', 'parity']), 'solve', true)).toThrow(
      /--off, --root and --keep-table are for local runs/,
    );
    // Every rule of the table is among these.
    expect(new Set(COMBINATIONS.map((c) => c.key))).toEqual(
      new Set([
        'ordering',
        'selectivity',
        'prover',
        'split',
        'idle',
        'root',
        'off',
        'hashBits',
        'queueLeaf',
        'raceAfter',
        'redisTimeout',
        'depth',
        'confidence',
        'level',
      ]),
    );
    // A level: not with win/loss/draw, not through the queue (the library and the command line alike).
    expect(() => resolveOptions({ level: 10, wld: true })).toThrow(/level 10 with wld/);
    expect(() => searchSettings(solveOptions(['--level', '10', '--wld']), 'solve')).toThrow(/^--level 10 with --wld/);
    expect(() => searchSettings(solveOptions(['--level', '10']), 'solve', true)).toThrow(/^--level and --move-time run on this machine/);
    // A level's settings enter the digest when given, and only then.
    const digest = (argv: string[]) => queueOf(searchSettings(solveOptions(['-h', '16', ...argv]), 'solve')).digest;
    expect(
      new Set([digest([]), digest(['--level', '10']), digest(['--level', '12']), digest(['--level', '12', '--move-time', '5'])]).size,
    ).toBe(4);
  });

  it('the same options give the same queue, whatever else a command takes; the weights by their bytes', () => {
    const queue = (argv: string[]) => queueOf(searchSettings(solveOptions(['-h', '16', ...argv]), 'solve')).name;
    expect(queue([])).toBe(queue(['-n', '7', '--json', '--quiet', '--split', 'never', '--idle', 'wait', '--engine', 'ts']));
    expect(queue(['--eval', copy])).toBe(queue([]));
    expect(queue(['--eval', SHIPPED_WEIGHTS, '--ordering', 'eval'])).toBe(queue([]));
    expect(queue(['--eval', 'none'])).toBe(queue(['--ordering', 'mobility']));
    expect(queue([])).toMatch(/^revsolve-s2-[0-9a-f]{12}$/);
  });

  it("every tree setting reaches the pool and each task under the table's own key, no field renamed", () => {
    // What a task does not carry, and why: the weights travel as bytes read once, the ordering follows them, keepTable is the pool's.
    const notTasks: readonly SettingKey[] = ['weights', 'ordering', 'keepTable'];
    // A level's settings travel with every task too, without being tree settings of the exact search (digest.ts, LEVEL_KEYS).
    expect(TREE_SETTINGS.filter((k) => !notTasks.includes(k)).sort()).toEqual(
      TASK_KEYS.filter((k) => k !== 'engine' && !(LEVEL_KEYS as readonly string[]).includes(k)).sort(),
    );
    for (const key of TREE_SETTINGS) {
      const sample = SAMPLES[key];
      expect(sample, key).toBeDefined();
      const o = Object.fromEntries(
        key === 'prover'
          ? [
              ['wld', true],
              [key, sample!.value],
            ]
          : [[key, sample!.value]],
      );
      const pool = poolSettingsOf(resolveOptions(o, 'solve'));
      // Every field of the pool's settings is a setting's key: nothing renamed (bits, layout, help) between the table and the tasks.
      expect(
        Object.keys(pool).filter((k) => !(SETTING_KEYS as readonly string[]).includes(k)),
        key,
      ).toEqual([]);
      const task = runSettingsOf(pool);
      if (key === 'weights') expect(pool.weights?.digest, key).toBe(resolveOptions({ weights: other }).weights?.digest);
      else if (key === 'keepTable') expect(pool.keepTable).toBe(true);
      else if (key === 'ordering')
        expect(pool.weights, key).toBeNull(); // mobility ordering: no weights travel
      else expect((task as Record<string, unknown>)[key], key).toEqual(sample!.value);
    }
  });

  it('the library resolves as the command line does', () => {
    expect(comparable(resolveOptions({ hashBits: 16 }))).toEqual(comparable(searchSettings(solveOptions(['-h', '16']), 'solve')));
    expect(comparable(resolveOptions({ hashBits: 16, weights: null }))).toEqual(
      comparable(searchSettings(solveOptions(['-h', '16', '--eval', 'none']), 'solve')),
    );
  });
});

/** The sources a setting's default or check could hide in: src/ and web/, less the table itself. */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|cts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts'))
        out.push({ file: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'web'));
  return out.filter((f) => !f.file.startsWith(join('src', 'settings', '')));
}

/** What a default or a check of a setting written outside the table looks like. */
function outsideTheTable(files: { file: string; text: string }[]): string[] {
  const flags = SETTING_KEYS.map((k) => flagName(k).slice(2)).join('|');
  const values = [
    ...new Set(
      SETTING_KEYS.flatMap((k) => {
        const d = defaultOf(k);
        return typeof d === 'string' ? [d] : [];
      }),
    ),
  ].join('|');
  const patterns: [RegExp, string][] = [
    [/\?\?\s*DEFAULT_[A-Z_]+/, 'a default by ?? DEFAULT_…'],
    [new RegExp(`\\?\\?\\s*'(${values})'`), 'a string default of a setting'],
    [/\?\?\s*availableParallelism\(\)|,\s*availableParallelism\(\)\)/, "the workers' default"],
    [new RegExp(`\\.option\\('(-\\w, )?--(${flags})\\b`), "a setting's option declared by hand"],
    [
      /function parse(HashBits|Workers|Layout|Ordering|Selectivity|Split|Idle|Engine|Prover|Off|Root|Leaf|RaceAfter|Seconds|From|Ms|Count)\b/,
      "a setting's parser",
    ],
    [
      /(bits|hashBits)\s*[<>]=?\s*(MIN_BITS|MAX_BITS|\d+)\b|(MIN_BITS|MAX_BITS)\s*[<>]=?\s*(bits|hashBits)\b/,
      'a range check of the table size',
    ],
    [/workers\s*<\s*1\b|workers\s*>\s*256/, 'a range check of the workers'],
    [/(from|empties)\s*[<>]\s*1\b.*>\s*60/, 'a range check of --from'],
  ];
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, i) => {
      for (const [re, what] of patterns) if (re.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 100)}`);
    });
  }
  return found;
}

describe('no setting outside the table', () => {
  it('no default or range check of a setting is written elsewhere in src/ or web/', () => {
    // The table's own structural guard stays: createTable refuses a size it cannot lay out, whoever asks.
    // The lab's old --table and --eval (now --lab-table and --leaf-eval, issue 84) stay hidden for one release.
    // Its table's size is --table-bits, not -h.
    const allowed = [
      // searchPosition's level when given neither a level nor a depth: the table's level has no default, since solve without one solves exactly.
      /^src\/solve\/midgame\.ts:\d+: a default by \?\? DEFAULT_…: level: v\.depth === undefined \? \(v\.level \?\? DEFAULT_LEVEL\) : null,/,
      /^src\/search\/table\.ts:\d+: a range check of the table size: if \(!Number\.isInteger\(bits\) \|\| bits < MIN_BITS \|\| bits > MAX_BITS\)/,
      /^src\/cli\/lab\.ts:\d+: a setting's option declared by hand: \.addOption\(new Option\('(--table'|--eval <what>')\)\.hideHelp\(\)\)/,
      // solve's and the lab's --position is the one position to solve or search, not the database filter of games and analyze.
      /^src\/cli\/(solve|lab)\.ts:\d+: a setting's option declared by hand: \.option\('--position <text>', '(solve|search) one position/,
    ];
    expect(outsideTheTable(sources()).filter((f) => !allowed.some((a) => a.test(f)))).toEqual([]);
  });

  it('the scan finds what it looks for (each pattern on a line written as the code before the table had it)', () => {
    const old = [
      "    const common = { engine: s.engine ?? 'ts', root: s.root ?? DEFAULT_ROOT };",
      "    .option('-h, --hash-bits <h>', 'table', parseHashBits, DEFAULT_BITS)",
      'export function parseWorkers(value: string): number {',
      '  if (!Number.isInteger(hashBits) || hashBits < MIN_BITS || hashBits > MAX_BITS) throw new Error();',
      '    workers: options.workers ?? availableParallelism(),',
      '  if (o.workers !== undefined && (o.workers < 1 || o.workers > 256)) throw new Error();',
    ];
    const found = outsideTheTable([{ file: 'old.ts', text: old.join('\n') }]);
    for (let line = 1; line <= old.length; line++)
      expect(
        found.some((f) => f.startsWith(`old.ts:${line}:`)),
        old[line - 1],
      ).toBe(true);
  });

  it('the settings table names each setting once, by key, flag and attribute', () => {
    for (const [name, s] of Object.entries(SETTINGS)) expect(s.key).toBe(name);
    const flagsByPlace = new Map<string, string[]>();
    for (const k of SETTING_KEYS) for (const p of setting(k).places) flagsByPlace.set(p, [...(flagsByPlace.get(p) ?? []), flagName(k)]);
    for (const [place, flags] of flagsByPlace) expect(new Set(flags).size, place).toBe(flags.length);
    writeFileSync(join(dir, 'keys.txt'), SETTING_KEYS.join('\n'));
  });
});

describe('the settings module by concern, and names that mean one thing (issue 84)', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));

  /** Every module a module reaches through its imports, type imports included (relative paths from the root). */
  function reached(from: string[]): Set<string> {
    const seen = new Set<string>();
    const todo = [...from];
    while (todo.length > 0) {
      const file = todo.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'|\bimport\('(\.[^']+)'\)/g)) {
        const target = relative(ROOT, join(ROOT, file, '..', m[1] ?? m[2])).replace(/\.js$/, '.ts');
        if (target.startsWith('src/')) todo.push(target);
      }
    }
    return seen;
  }

  it('no import, type imports included, leads from the settings modules to src/search/root.ts', () => {
    const settings = readdirSync(join(ROOT, 'src/settings')).map((f) => `src/settings/${f}`);
    expect(settings.length).toBeGreaterThan(3);
    const all = reached(settings);
    expect(all.has('src/settings/table.ts')).toBe(true);
    expect(all.has('src/search/constants.ts')).toBe(true); // the walk follows imports into search/
    expect(all.has('src/search/root.ts')).toBe(false);
    // The walk does see root.ts where it is imported: from the solver.
    expect(reached(['src/solve/solve.ts']).has('src/search/root.ts')).toBe(true);
  });

  it('no two settings share a flag, long or short', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const key of SETTING_KEYS)
      for (const f of setting(key)
        .flags.split(/[ ,]+/)
        .filter((x) => x.startsWith('-'))) {
        if (owner.has(f)) shared.push(`${f}: ${owner.get(f)} and ${key}`);
        owner.set(f, key);
      }
    expect(shared).toEqual([]);
  });

  it('no file outside src/search/ is named search.ts', () => {
    const found: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(join(ROOT, d), { withFileTypes: true })) {
        const p = `${d}/${e.name}`;
        if (e.isDirectory()) walk(p);
        else if (e.name === 'search.ts' && !p.startsWith('src/search/')) found.push(p);
      }
    };
    for (const d of ['src', 'web', 'assembly']) walk(d);
    expect(found).toEqual([]);
  });
});

/**
 * The package as a user gets it: `npm pack` (scripts off, so that packing
 * does not rebuild dist/ under the other tests), installed from the tarball
 * into a fresh project outside the repository with the public registry for
 * the third-party dependencies; then the command line, a script on the
 * library, and the README's TypeScript example compiled with tsc and run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The modules the core entry (`import 'revsolve'`) loads: positions, OBF, the
 * settings, the search and its engine, the pool, a game's analysis. No
 * queue, no command line, no lab or training: those are subpath entries.
 */
const CORE_MODULES = [
  'dist/arguments.js',
  'dist/errors.js',
  'dist/eval/features.js',
  'dist/eval/files.js',
  'dist/eval/format.js',
  'dist/eval/sizes.js',
  'dist/eval/weights.js',
  'dist/game/analysis.js',
  'dist/game/analyze.js',
  'dist/game/files.js',
  'dist/game/game-file.js',
  'dist/game/ggf.js',
  'dist/game/record.js',
  'dist/game/scores.js',
  'dist/game/wthor.js',
  'dist/index.js',
  'dist/install.js',
  'dist/io.js',
  'dist/pool/order.js',
  'dist/pool/parallel.js',
  'dist/pool/policy.js',
  'dist/pool/schedule.js',
  'dist/pool/slots.js',
  'dist/pool/split.js',
  'dist/pool/suite.js',
  'dist/position/obf-file.js',
  'dist/position/obf.js',
  'dist/position/perft.js',
  'dist/position/position.js',
  'dist/position/random.js',
  'dist/search/by-level.js',
  'dist/search/constants.js',
  'dist/search/context.js',
  'dist/search/deepening.js',
  'dist/search/dfpn.js',
  'dist/search/leaves.js',
  'dist/search/levels.js',
  'dist/search/midgame.js',
  'dist/search/nws.js',
  'dist/search/ordering.js',
  'dist/search/pvs.js',
  'dist/search/root-strategies.js',
  'dist/search/root.js',
  'dist/search/selective.js',
  'dist/search/squares.js',
  'dist/search/stability.js',
  'dist/search/state.js',
  'dist/search/switches.js',
  'dist/search/table.js',
  'dist/search/wld.js',
  'dist/settings/combinations.js',
  'dist/settings/digest.js',
  'dist/settings/index.js',
  'dist/settings/kinds.js',
  'dist/settings/names.js',
  'dist/settings/resolve.js',
  'dist/settings/setting.js',
  'dist/settings/table.js',
  'dist/solve/midgame.js',
  'dist/solve/options.js',
  'dist/solve/solve.js',
  'dist/solve/solver.js',
  'dist/wasm/choice.js',
  'dist/wasm/engine-file.js',
  'dist/wasm/engine.js',
  'dist/wasm/layout.js',
  'dist/wasm/lower.js',
];

/** A user's environment: no NODE_PATH, none of the variables the running npm sets for its scripts. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_') && k !== 'NODE_PATH' && k !== 'INIT_CWD') env[k] = v;
  return env;
}

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, env: userEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
}

interface PackFile {
  path: string;
}

describe('the npm package', () => {
  it('packs what a user needs and nothing else', () => {
    const [pack] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as [
      { files: PackFile[]; bundled: string[] },
    ];
    const files = pack.files.map((f) => f.path).sort();
    for (const f of [
      'LICENSE',
      'README.md',
      'package.json',
      'weights/revsolve.rsev',
      'dist/revsolve.wasm',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/pool/worker.js',
      'dist/pool/worker-entry.cjs',
      'dist/train/gen-worker-entry.cjs',
      'dist/web/main.js',
      'dist/web/worker.js',
    ]) {
      expect(files).toContain(f);
    }
    expect(pack.bundled).toEqual(['native-free-bitboard']);
    const unwanted = files.filter(
      (f) => /\.map$|\.tsbuildinfo$|^(src|test|bench|obf|data|native-free-bitboard|\.ci)\//.test(f) || /^dist\/.*\.test\./.test(f),
    );
    expect(unwanted).toEqual([]);
    // Only the compiled code (the bundled board package's too, and the WebAssembly engine), the page (dist/web: its
    // bundles, files, and its own copies of the engine and the weights), the shipped weights and the packages' documents.
    const code = /^(node_modules\/native-free-bitboard\/)?dist\/.*\.(c?js|d\.ts)$/;
    expect(files.filter((f) => !code.test(f))).toEqual([
      'LICENSE',
      'README.md',
      'dist/commit.json',
      'dist/revsolve.wasm',
      'dist/web/favicon.svg',
      'dist/web/index.html',
      'dist/web/revsolve.rsev',
      'dist/web/revsolve.wasm',
      'dist/web/style.css',
      'node_modules/native-free-bitboard/LICENSE',
      'node_modules/native-free-bitboard/package.json',
      'package.json',
      'weights/revsolve.rsev',
      'weights/wthor-full.rsev.gz',
    ]);
    expect(files).toContain('node_modules/native-free-bitboard/dist/index.d.ts');
  });

  describe('installed from its tarball into an empty project', () => {
    let dir: string;
    let project: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'revsolve-pack-'));
      const out = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
      const [{ filename }] = JSON.parse(out) as [{ filename: string }];
      project = join(dir, 'project');
      run('mkdir', ['-p', project], dir);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }),
      );
      run('npm', ['install', '--no-audit', '--no-fund', join(dir, filename)], project);
      copyFileSync(join(OBF, 'fforum-1-19.obf'), join(project, 'ffo.obf'));
    }, 240_000);
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('brings its own board package, weights and WebAssembly engine', () => {
      const installed = join(project, 'node_modules', 'revsolve');
      expect(readFileSync(join(installed, 'dist', 'revsolve.wasm')).equals(readFileSync(join(ROOT, 'dist', 'revsolve.wasm')))).toBe(true);
      expect(readFileSync(join(installed, 'node_modules', 'native-free-bitboard', 'package.json'), 'utf8')).toContain(
        '"native-free-bitboard"',
      );
      expect(readFileSync(join(installed, 'weights', 'revsolve.rsev')).equals(readFileSync(join(ROOT, 'weights', 'revsolve.rsev')))).toBe(
        true,
      );
    });

    it('runs the command line with npx, on the shipped weights', () => {
      expect(run('npx', ['revsolve', '--version'], project).trim()).toBe(VERSION);
      const text = run(
        'npx',
        [
          'revsolve',
          'solve',
          '--position',
          '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;',
          '-n',
          '1',
          '-h',
          '16',
          '--quiet',
        ],
        project,
      );
      expect(text).toContain('ordering: eval (shipped weights)');
      expect(text).toMatch(/\|\s+14 \|\s+\+18 \|/);
      expect(text).toContain('0 mismatches');
    }, 60_000);

    it('runs an experiment from the installed package, writing only into its --out folder', () => {
      writeFileSync(
        join(project, 'three.obf'),
        `${readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n').slice(0, 3).join('\n')}\n`,
      );
      const before = readdirSync(project).sort();
      const text = run('npx', ['revsolve', 'experiment', 'table', 'three.obf', '--sizes', '10,12', '--rounds', '1', '--out', 'd'], project);
      expect(text).toMatch(/h12 board2/);
      expect(readdirSync(join(project, 'd')).sort()).toEqual(['plot.svg', 'positions.csv', 'runs.jsonl', 'summary.csv']);
      expect(readdirSync(project).sort()).toEqual([...before, 'd'].sort());
      // The installed copy has no git checkout: its commit is the one its build wrote into the package.
      const provenance = JSON.parse(readFileSync(join(project, 'd', 'runs.jsonl'), 'utf8').split('\n')[0]);
      expect(provenance.commit).toMatch(/^[0-9a-f]{12}(-dirty)?$/);
      expect(provenance.commit).toBe(JSON.parse(readFileSync(join(ROOT, 'dist', 'commit.json'), 'utf8')).commit);
      // Each run's nodes are a plain solve's of the three positions (FFO #1-#3) at its table size.
      const runs = readFileSync(join(project, 'd', 'runs.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      expect(runs.map((r) => r.config)).toEqual(['h10 board2', 'h12 board2']);
      for (const [r, h] of [
        [runs[0], '10'],
        [runs[1], '12'],
      ] as const) {
        const plain = run('npx', ['revsolve', 'solve', 'three.obf', '-h', h, '-n', '1', '--json', '--quiet'], project).trim().split('\n');
        expect(r.nodes).toBe(JSON.parse(plain[plain.length - 1]).nodes);
      }
    }, 120_000);

    it('serves the page from the installed package: npx revsolve web, with the isolation headers', async () => {
      // Its own process group: npx and the server it starts end together (killing npx alone left the server running).
      const web = spawn('npx', ['revsolve', 'web', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const exited = new Promise<void>((resolve) => web.once('exit', () => resolve()));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          const timer = setTimeout(() => reject(new Error(`no address within 30 s: ${out}`)), 30_000);
          web.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            const m = /serving the page at (\S+)/.exec(out);
            if (m) {
              clearTimeout(timer);
              resolve(m[1]);
            }
          });
          web.once('exit', (code) => reject(new Error(`revsolve web exited ${code}: ${out}`)));
        });
        for (const [path, type] of [
          ['', 'text/html'],
          ['main.js', 'text/javascript'],
          ['worker.js', 'text/javascript'],
          ['revsolve.wasm', 'application/wasm'],
          ['favicon.svg', 'image/svg+xml'],
        ]) {
          const r = await fetch(new URL(path, url));
          expect(r.status, path).toBe(200);
          expect(r.headers.get('content-type')).toContain(type);
          expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
          expect(r.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
        }
        expect((await fetch(new URL('../package.json', url))).status).not.toBe(200);
      } finally {
        process.kill(-web.pid!, 'SIGINT');
        const t = setTimeout(() => process.kill(-web.pid!, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
        // No process of the group is left (signal 0 tests for one).
        await expect
          .poll(
            () => {
              try {
                process.kill(-web.pid!, 0);
                return 'alive';
              } catch {
                return 'gone';
              }
            },
            { timeout: 10_000 },
          )
          .toBe('gone');
      }
    }, 60_000);

    it('serves the library: a script solves a suite on the pool and one position in its thread', () => {
      writeFileSync(
        join(project, 'script.mjs'),
        `
import { Solver, SHIPPED_WEIGHTS, readObf, solveSuite } from 'revsolve';
const suite = readObf('ffo.obf');
const entries = suite.entries.slice(0, 6);
const rows = [];
for await (const r of solveSuite(entries, { workers: 2, hashBits: 16 })) rows.push([r.index, r.score, r.ok]);
const solver = new Solver({ hashBits: 16 });
const one = solver.solve(entries[0].position, entries[0].answers);
console.log(JSON.stringify({ rows, one: [one.score, one.ok, one.pv.length > 0], weights: solver.options.weights?.file, shipped: SHIPPED_WEIGHTS }));
`,
      );
      const out = JSON.parse(run('node', ['script.mjs'], project)) as {
        rows: [number, number, boolean][];
        one: [number, boolean, boolean];
        weights: string;
        shipped: string;
      };
      // FFO #1-#6, exact scores from the suite's own answers.
      expect(out.rows).toEqual([
        [1, 18, true],
        [2, 10, true],
        [3, 2, true],
        [4, 0, true],
        [5, 32, true],
        [6, 14, true],
      ]);
      expect(out.one).toEqual([18, true, true]);
      expect(out.weights).toBe(join(project, 'node_modules', 'revsolve', 'weights', 'revsolve.rsev'));
      expect(out.shipped).toBe(out.weights);
    }, 60_000);

    it('imports the core entry and each subpath entry; the core loads only the modules on its list, and runs nothing', () => {
      // A loader hook writes down every module the import loads (Node's module.register: the hooks run on their own thread).
      writeFileSync(
        join(project, 'hooks.mjs'),
        `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}
`,
      );
      writeFileSync(join(project, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
      writeFileSync(
        join(project, 'core.mjs'),
        `
const before = new Set(Object.getOwnPropertyNames(globalThis));
const core = await import('revsolve');
const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k));
const resources = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && r !== 'PipeWrap'); // stdout and stderr
console.log(JSON.stringify({ names: Object.keys(core).length, added, resources }));
`,
      );
      const log = join(project, 'loaded.log');
      writeFileSync(log, '');
      const out = JSON.parse(
        execFileSync('node', ['--import', './register.mjs', 'core.mjs'], {
          cwd: project,
          env: { ...userEnv(), LOADED_LOG: log },
          encoding: 'utf8',
        }),
      ) as {
        names: number;
        added: string[];
        resources: string[];
      };
      expect(out.names).toBeGreaterThan(40);
      // No side effect: nothing added to the global object, no timer, worker or handle left by the import.
      expect(out.added).toEqual([]);
      expect(out.resources).toEqual([]);
      const installed = `${pathToFileURL(join(project, 'node_modules', 'revsolve')).href}/`;
      const loaded = readFileSync(log, 'utf8')
        .split('\n')
        .filter((u) => u.startsWith(installed))
        .map((u) => u.slice(installed.length))
        .sort();
      // The core entry's modules, written here: a module added to the core's graph (the queue's, say) must be added on purpose.
      expect(loaded.filter((m) => !m.startsWith('node_modules/'))).toEqual(CORE_MODULES);
      expect(
        loaded
          .filter((m) => m.startsWith('node_modules/'))
          .map((m) => m.split('/')[1])
          .filter((v, i, a) => a.indexOf(v) === i),
      ).toEqual(['native-free-bitboard']);
      const third = readFileSync(log, 'utf8')
        .split('\n')
        .filter((u) => u.includes('/node_modules/') && !u.startsWith(installed));
      expect(third.filter((u) => /\/(bullmq|ioredis|commander|cli-progress|serve-static)\//.test(u))).toEqual([]);
      // Each subpath entry loads and gives its names.
      writeFileSync(
        join(project, 'subpaths.mjs'),
        `
const names = {};
for (const p of ['board', 'eval', 'games', 'lab', 'train', 'queue']) names[p] = Object.keys(await import('revsolve/' + p)).length;
console.log(JSON.stringify(names));
`,
      );
      expect(JSON.parse(run('node', ['subpaths.mjs'], project))).toEqual({ board: 2, eval: 29, games: 14, lab: 8, train: 2, queue: 11 });
    }, 60_000);

    it("compiles and runs the README's TypeScript example as written", () => {
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      const section = readme.slice(readme.indexOf('## Use it from TypeScript'));
      const code = /```ts\n([\s\S]*?)```/.exec(section)![1];
      writeFileSync(join(project, 'example.ts'), code);
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            outDir: 'out',
            typeRoots: [join(ROOT, 'node_modules', '@types')],
            types: ['node'],
          },
          files: ['example.ts'],
        }),
      );
      run('node', [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
      const out = run('node', [join('out', 'example.js')], project);
      expect(out).toMatch(/^FFO #1: 18 by g8, \d+ nodes, \d+ table hits$/m);
      expect(out).toMatch(/^PV g8 h7 a8 /m);
      expect(out).toMatch(/^#2: 10 by a4 right/m);
      expect(out).toMatch(/^#3: 2 by d1 right/m);
      expect(out).toMatch(/^#4: 0 by (h8|a5) right/m);
      expect(out).toContain('perft 6: 8200');
    }, 60_000);
  });
});

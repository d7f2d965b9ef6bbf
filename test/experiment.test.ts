/**
 * `revsolve experiment` (issue 70): a sweep in fresh processes, in rounds,
 * written to a new folder and nowhere else. Its node counts are checked
 * against plain `solve` runs of the same configurations, its ratios against
 * those counts; a configuration that would switch engines, an --out that
 * holds files, an empty suite: one line, exit 2.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const dir = tempDir('experiment');
const SUITE = join(OBF, 'fforum-1-19.obf');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 300_000 });
const nodesOf = (...flags: string[]) => {
  const r = run('solve', SUITE, '-n', '1', '--json', '--quiet', ...flags);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}').nodes as number;
};

describe('revsolve experiment table', () => {
  it("sweeps sizes and switch sets in rounds; the nodes are solve's, the ratios theirs; three files in a new folder", () => {
    const out = join(dir, 'sweep');
    const r = run('experiment', 'table', SUITE, '--sizes', '10,12', '--switches', 'none;keep-costlier', '--rounds', '2', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['plot.svg', 'positions.csv', 'runs.jsonl', 'summary.csv']);
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(5);
    const rows = csv.slice(1).map((l) => l.split(','));
    const expected = [
      ['h10 board2', nodesOf('-h', '10')],
      ['h12 board2', nodesOf('-h', '12')],
      ['h10 board2 off:keep-costlier', nodesOf('-h', '10', '--off', 'keep-costlier')],
      ['h12 board2 off:keep-costlier', nodesOf('-h', '12', '--off', 'keep-costlier')],
    ] as const;
    expect(rows.map((x) => [JSON.parse(x[0]), Number(x[6])])).toEqual(expected);
    // nodes × against the first configuration, to 3 decimals.
    for (const [i, x] of rows.entries()) expect(Number(x[7])).toBeCloseTo(expected[i][1] / expected[0][1], 3);
    // runs.jsonl: the provenance, then a run a configuration a round, each with the child's own CPU time.
    const lines = readFileSync(join(out, 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ experiment: 'table', positions: 19, rounds: 2, baseline: 'h10 board2' });
    // Provenance a reader can rerun: the command line, the folder, the commit, the weights by their values.
    expect(lines[0].command).toEqual([
      'experiment',
      'table',
      SUITE,
      '--sizes',
      '10,12',
      '--switches',
      'none;keep-costlier',
      '--rounds',
      '2',
      '--out',
      out,
    ]);
    expect(lines[0].cwd).toBe(dir);
    expect(lines[0].commit).toMatch(/^[0-9a-f]{12}(-dirty)?$/);
    expect(lines[0].weights).toEqual([
      { file: expect.stringMatching(/revsolve\.rsev$/), valuesSha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(lines.slice(1)).toHaveLength(8);
    for (const x of lines.slice(1)) {
      // A row a position: its nodes add up to the run's, its search time to the run's search CPU.
      expect(x.program).toBe('revsolve');
      expect(x.positions.map((p: { index: number }) => p.index)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
      expect(x.positions.reduce((a: number, p: { nodes: number }) => a + p.nodes, 0)).toBe(x.nodes);
      expect(x.positions.every((p: { ok: boolean }) => p.ok === true)).toBe(true);
      expect(x.searchMs).toBeLessThan(x.cpuMs);
      expect(x.cpuMs).toBe(x.userMs + x.systemMs);
      expect(x.cpuMs).toBeGreaterThan(0);
      expect(x.engine).toBe('wasm');
      expect(x.mismatches).toBe(0);
      expect(x.weightsSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(x.settingsDigest).toMatch(/^s2-/);
    }
    expect(readFileSync(join(out, 'plot.svg'), 'utf8')).toMatch(/^<svg[\s\S]*polyline[\s\S]*<\/svg>\n$/);
    // positions.csv: a row a position of each run, the same nodes as runs.jsonl's.
    const perPosition = readFileSync(join(out, 'positions.csv'), 'utf8').trim().split('\n');
    expect(perPosition[0]).toBe('config,program,round,index,empties,nodes,search_ms,score,ok');
    expect(perPosition).toHaveLength(1 + 8 * 19);
    // The per-position geometric mean of nodes × and its interval, across positions (the baseline: 1, no spread).
    const header = csv[0].split(',');
    const col = (x: string[], name: string) => Number(x[header.indexOf(name)]);
    expect(col(rows[0], 'nodes_x_geomean')).toBe(1);
    for (const x of rows.slice(1)) {
      expect(col(x, 'nodes_x_low95')).toBeLessThanOrEqual(col(x, 'nodes_x_geomean'));
      expect(col(x, 'nodes_x_high95')).toBeGreaterThanOrEqual(col(x, 'nodes_x_geomean'));
    }
    // experiment report: the same runs against another baseline, into a new folder; the sweep's own files untouched.
    const again = join(dir, 'again');
    const before = readFileSync(join(out, 'summary.csv'), 'utf8');
    const rep = run('experiment', 'report', out, '--baseline', 'h12 board2', '--out', again);
    expect(rep.status, rep.stderr).toBe(0);
    expect(readdirSync(again).sort()).toEqual(['plot.svg', 'positions.csv', 'summary.csv']);
    const byH12 = readFileSync(join(again, 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(byH12.map((x) => Number(x[6]))).toEqual(expected.map((e) => e[1]));
    for (const [i, x] of byH12.entries()) expect(Number(x[7])).toBeCloseTo(expected[i][1] / expected[1][1], 3);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe(before);
    const refused = run('experiment', 'report', dir, '--out', join(dir, 'none'));
    expect([refused.status, refused.stderr.trim()]).toEqual([2, `revsolve: ${dir}: no runs.jsonl in it (the folder an experiment wrote)`]);
  });

  it('refuses, in one line, what it cannot run as asked', () => {
    const one = (args: string[], re: RegExp) => {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(re)]);
    };
    one(
      ['experiment', 'table', SUITE, '--sizes', '28', '--layouts', 'key4'],
      /^revsolve: h 28 key4: the WebAssembly engine holds a key4 table of 2\^27 entries at most/,
    );
    one(
      ['experiment', 'table', SUITE, '--sizes', '27'],
      /^revsolve: h 27 board2: the WebAssembly engine holds a board2 table of 2\^26 entries at most/,
    );
    one(['experiment', 'table', SUITE, '--sizes', '9'], /^revsolve: --sizes 9: out of 10\.\.30$/);
    one(['experiment', 'table', SUITE, '--layouts', 'board3'], /^revsolve: --layouts board3: not a layout/);
    const full = join(dir, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'kept.txt'), 'x');
    one(['experiment', 'table', SUITE, '--out', full], /exists and is not empty/);
    expect(readdirSync(full)).toEqual(['kept.txt']);
    one(['experiment', 'table', SUITE, '--out', SUITE], /^revsolve: --out .*fforum-1-19\.obf: is a file, not a folder: give a new folder$/);
    const empty = join(dir, 'empty.obf');
    writeFileSync(empty, '% nothing\n');
    one(['experiment', 'table', empty], /empty\.obf: no position in the file/);
    one(['experiment', 'eval', SUITE], /--weights-files A,B,… names the weights files/);
  });
});

describe('revsolve experiment --edax', () => {
  // Two positions written by hand (FFO #1 and #2, whose scores are +18 and +10).
  const two = join(dir, 'two.obf');
  writeFileSync(
    two,
    '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10;\n',
  );
  /** A stand-in for Edax: a shell script printing Edax's -solve output, nodes 1,000 × h and 100 × h, scores `s1` and `s2`. */
  const standIn = (name: string, body: string) => {
    const f = join(dir, name);
    writeFileSync(f, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return f;
  };
  const ARGS = 'h=0; f=; while [ $# -gt 0 ]; do case "$1" in -h) h=$2; shift;; -solve) f=$2; shift;; esac; shift; done';
  const rows = (s1: string, s2: string) =>
    [
      ARGS,
      'echo " # | depth|score|       time   |  nodes (N)  |   N/s    | principal variation"',
      `echo "  1|   14   ${s1}        0:00.001         $((h*1000))   54605000 g8 H7"`,
      `echo "  2|   14   ${s2}        0:00.001         $((h*100))   35939000 a4 B7"`,
    ].join('\n');
  const total = 'echo "$f: $((h*1100)) nodes in  0:00.004 (cpu =  0:00.005) (51910500 nodes/s)."';

  it("runs Edax's configurations beside revsolve's, in the same rounds: its node total as it prints it, its scores checked", () => {
    const edax = standIn('edax-ok', `${rows('+18', '+10')}\n${total}`);
    const out = join(dir, 'with-edax');
    const r = run('experiment', 'table', two, '--sizes', '10,12', '--rounds', '2', '--edax', edax, '--out', out);
    expect(r.status, r.stderr).toBe(0);
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(csv.map((x) => [JSON.parse(x[0]), x[5], Number(x[6])])).toEqual([
      ['h10 board2', 'wasm', nodesOfTwo('-h', '10')],
      ['h12 board2', 'wasm', nodesOfTwo('-h', '12')],
      ['edax h10', 'edax', 11000],
      ['edax h12', 'edax', 13200],
    ]);
    const runs = readFileSync(join(out, 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    expect(runs).toHaveLength(8);
    for (const x of runs.filter((y) => y.engine === 'edax')) {
      expect(x).toMatchObject({ mismatches: 0, minorFaults: null, peakKiB: null });
      expect(x.cpuMs).toBe(x.userMs + x.systemMs);
    }
    expect(r.stdout).toMatch(/\| edax h12 \| edax \| 13,200 \|/);
  });

  it('compares weights files: a bar a file, program and size, against the first weights in the same program at the same size', () => {
    const edax = standIn('edax-ok2', `${rows('+18', '+10')}\n${total}`);
    const shipped = join(OBF, '..', 'weights', 'revsolve.rsev');
    const other = join(OBF, '..', 'bench', 'results', 'wthor-weights-r1', 'avg-sg4.rsev');
    const out = join(dir, 'weights-bars');
    const r = run(
      'experiment',
      'eval',
      two,
      '--weights-files',
      `${shipped},${other}`,
      '--sizes',
      '10',
      '--rounds',
      '1',
      '--edax',
      edax,
      '--out',
      out,
    );
    expect(r.status, r.stderr).toBe(0);
    const svg = readFileSync(join(out, 'plot.svg'), 'utf8');
    // Group labels (the files' names), the legend (program and size), a value over each bar.
    expect([...svg.matchAll(/text-anchor="middle">([a-z0-9-]+)<\/text>/g)].map((m) => m[1])).toEqual(['revsolve', 'avg-sg4']);
    expect([...svg.matchAll(/<text x="[\d.]+" y="[\d.]+">([^<]+)<\/text>/g)].map((m) => m[1])).toEqual(['revsolve h10', 'edax h10']);
    const values = [...svg.matchAll(/font-size="9">([\d.]+)<\/text>/g)].map((m) => m[1]);
    // revsolve's bars (each file), then the stand-in's, whose nodes do not depend on the weights.
    const ratio = nodesOfTwo('-h', '10', '--eval', other) / nodesOfTwo('-h', '10', '--eval', shipped);
    expect(values).toEqual(['1.00', ratio.toFixed(2), '1.00', '1.00']);
  });

  it('per-position rows for both programs, Edax named by its binary (SHA-256, version line, flags), and nothing left in $TMPDIR, run or refused', () => {
    const edax = standIn('edax-versioned', `echo "Edax version 4.6 Dec  7 2026 for Linux"\n${rows('+18', '+10')}\n${total}`);
    const tmp = join(dir, 'own-tmp');
    mkdirSync(tmp);
    const env = { ...process.env, TMPDIR: tmp };
    const inTmp = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, env, timeout: 300_000 });
    const out = join(dir, 'per-position');
    const r = inTmp('experiment', 'table', two, '--sizes', '10,12', '--rounds', '2', '--edax', edax, '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
    const [provenance, ...runs] = readFileSync(join(out, 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(provenance.edax).toEqual({
      path: edax,
      sha256: createHash('sha256').update(readFileSync(edax)).digest('hex'),
      version: 'Edax version 4.6 Dec  7 2026 for Linux',
      flags: ['-n', '1', '-l', '60', '-h', '<h>', '-eval-file', '<weights as eval.dat>', '-solve', '<positions>'],
    });
    expect(runs).toHaveLength(8);
    for (const x of runs) {
      expect(x.program).toBe(x.engine === 'edax' ? 'edax' : 'revsolve');
      expect(x.positions.map((p: { index: number; score: number; ok: boolean }) => [p.index, p.score, p.ok])).toEqual([
        [1, 18, true],
        [2, 10, true],
      ]);
    }
    // Edax's rows are the stand-in's: 1,000 x h and 100 x h nodes.
    const edaxH12 = runs.find((x) => x.config === 'edax h12');
    expect(edaxH12.positions.map((p: { nodes: number }) => p.nodes)).toEqual([12000, 1200]);
    // Each program against its own baseline: Edax's h12 against Edax's h10 (1.2x), per position and in total.
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    const header = csv[0].split(',');
    const row = csv.find((l) => l.startsWith('"edax h12"'))!.split(',');
    expect(JSON.parse(row[header.indexOf('baseline')])).toBe('edax h10');
    expect(Number(row[header.indexOf('nodes_x')])).toBeCloseTo(1.2, 3);
    expect(Number(row[header.indexOf('nodes_x_geomean')])).toBeCloseTo(1.2, 3);
    const csvRows = readFileSync(join(out, 'positions.csv'), 'utf8').trim().split('\n');
    expect(csvRows.filter((l) => l.startsWith('"edax h12",edax,'))).toEqual([
      '"edax h12",edax,1,1,14,12000,1,18,true',
      '"edax h12",edax,1,2,14,1200,1,10,true',
      '"edax h12",edax,2,1,14,12000,1,18,true',
      '"edax h12",edax,2,2,14,1200,1,10,true',
    ]);
    // A refused --out (a folder with a file in it): one line, and $TMPDIR still empty.
    const refused = inTmp('experiment', 'table', two, '--sizes', '10', '--rounds', '1', '--edax', edax, '--out', out);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a score off the answers counts as a mismatch (exit 1); a binary that does not run, fails or prints no total: one line, exit 2, nothing run or written', () => {
    const wrong = run(
      'experiment',
      'table',
      two,
      '--sizes',
      '10',
      '--rounds',
      '1',
      '--edax',
      standIn('edax-wrong', `${rows('+18', '+12')}\n${total}`),
      '--out',
      join(dir, 'wrong'),
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/edax h10: 11000 nodes, .* engine edax, 1 MISMATCHES/);
    const one = (edax: string, re: RegExp) => {
      const out = join(dir, `refused-${edax.split('/').at(-1)}`);
      const r = run('experiment', 'table', two, '--sizes', '10', '--rounds', '1', '--edax', edax, '--out', out);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(re)]);
      expect(existsSync(out), 'refused before --out is made').toBe(false);
    };
    one(join(dir, 'no-such-edax'), /^revsolve: --edax .*no-such-edax: does not run/);
    one(
      standIn('edax-fails', 'echo "cannot open eval.dat" >&2; exit 1'),
      /^revsolve: --edax .*edax-fails: exited 1: cannot open eval\.dat$/,
    );
    one(standIn('edax-silent', rows('+18', '+10')), /^revsolve: --edax .*edax-silent: printed no node total/);
  });
});

/** revsolve's nodes on the two positions. */
function nodesOfTwo(...flags: string[]): number {
  const r = run('solve', join(dir, 'two.obf'), '-n', '1', '--json', '--quiet', ...flags);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}').nodes as number;
}

describe('experiment writes (issue 83): one run a folder, checks before it, whole files or none', () => {
  const SMALL = join(dir, 'small.obf');
  writeFileSync(SMALL, `${readFileSync(SUITE, 'utf8').split('\n').slice(0, 2).join('\n')}\n`);
  const sweep = ['experiment', 'table', SMALL, '--sizes', '10,12', '--rounds', '1'];
  /** The command line in its own mount namespace, `script` run after it there (a tmpfs at /mnt exists only inside). */
  const inNamespace = (mount: string, args: string[], after: string) =>
    spawnSync('unshare', ['-rm', 'sh', '-c', `${mount} && "$@"; echo "exit $?"; ${after}`, 'sh', process.execPath, CLI, ...args], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 300_000,
    });
  const namespaces = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], { encoding: 'utf8' }).status === 0;

  it("two started together on one new --out: exactly one succeeds, the other is one line; the file holds the winner's runs", async () => {
    for (let trial = 0; trial < 3; trial++) {
      const out = join(dir, `race-${trial}`);
      const start = () =>
        new Promise<{ code: number | null; err: string }>((resolve) => {
          const p = spawn(process.execPath, [CLI, ...sweep, '--out', out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          p.stderr.on('data', (d: Buffer) => (err += d.toString()));
          p.once('exit', (code) => resolve({ code, err }));
        });
      const results = await Promise.all([start(), start()]);
      expect(results.map((r) => r.code).sort()).toEqual([0, 2]);
      const loser = results.find((r) => r.code === 2);
      expect(loser?.err.trim().split('\n')).toEqual([
        expect.stringMatching(/^revsolve: --out .*race-\d: (exists and is not empty|another run took this folder)/),
      ]);
      const runs = readFileSync(join(out, 'runs.jsonl'), 'utf8').trim().split('\n');
      expect(runs).toHaveLength(3); // the provenance, then h10's and h12's run
    }
  }, 300_000);

  it('--switches "none;bogus": exit 2 before any run, no folder made', () => {
    const out = join(dir, 'bogus');
    const r = run(...sweep, '--switches', 'none;bogus', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^revsolve: --switches bogus: techniques are .* not "bogus"$/)]);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it.runIf(namespaces)('a full disk: one line naming the file, exit 2, and every file left whole (no empty or temporary file)', () => {
    // 8 KiB hold runs.jsonl and summary.csv, not plot.svg as well (each written whole through a temporary name).
    const r = inNamespace(
      'mount -t tmpfs -o size=8k tmpfs /mnt',
      [...sweep, '--out', '/mnt/X'],
      'for f in /mnt/X/*; do echo "== $f $(wc -c < "$f")"; done; cat /mnt/X/runs.jsonl',
    );
    expect(r.stdout).toMatch(/^exit 2$/m);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^revsolve: \/mnt\/X\/\S+: no space left on the device$/)]);
    const files = [...r.stdout.matchAll(/^== (\S+) (\d+)$/gm)].map((m) => [m[1], Number(m[2])] as const);
    expect(files.map(([f]) => f)).toContain('/mnt/X/runs.jsonl');
    for (const [f, bytes] of files) {
      expect(f).not.toMatch(/\.tmp$/);
      expect(bytes, f).toBeGreaterThan(0);
    }
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('{'));
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
  });

  it.runIf(namespaces)('a read-only place: the real reason, not "no such file"', () => {
    const r = inNamespace('mount -t tmpfs -o ro tmpfs /mnt', [...sweep, '--out', '/mnt/a/X'], 'true');
    expect(r.stdout).toMatch(/^exit 2$/m);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^revsolve: --out \/mnt\/a: cannot make the folder: read-only file system$/),
    ]);
  });
});

describe('experiment part two (issue 87): resume, report, rerun, one digest for one set of weights', () => {
  const SMALL = join(dir, 'six.obf');
  writeFileSync(SMALL, `${readFileSync(SUITE, 'utf8').split('\n').slice(0, 6).join('\n')}\n`);
  const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');

  /** Starts a sweep, waits until runs.jsonl holds its first run, sends `signal`, and returns the exit code. */
  async function stopAfterFirstRun(out: string, signal: 'SIGINT' | 'SIGTERM'): Promise<number | null> {
    const args = ['experiment', 'table', SMALL, '--sizes', '10,11,12', '--rounds', '2', '--out', out];
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    // The condition: a run's line after the provenance's.
    while (!(existsSync(join(out, 'runs.jsonl')) && lines(join(out, 'runs.jsonl')).length >= 2)) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('no run finished within 120 s');
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill(signal);
    return exited;
  }

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    it(`${signal} after the first finished run, then --resume: the finished runs kept byte for byte, the rest run`, async () => {
      const out = join(dir, `resume-${signal}`);
      expect(await stopAfterFirstRun(out, signal)).toBe(code);
      const kept = lines(join(out, 'runs.jsonl'));
      expect(kept.length).toBeGreaterThanOrEqual(2);
      expect(kept.length).toBeLessThan(7);
      const resumed = run('experiment', 'table', SMALL, '--sizes', '10,11,12', '--rounds', '2', '--out', out, '--resume');
      expect(resumed.status, resumed.stderr).toBe(0);
      const all = lines(join(out, 'runs.jsonl'));
      expect(all).toHaveLength(7);
      expect(all.slice(0, kept.length)).toEqual(kept);
      const runs = all.slice(1).map((l) => JSON.parse(l));
      expect(new Set(runs.map((x) => `${x.config} ${x.round}`)).size).toBe(6);
      // Another command on that folder is refused: its settings are not these.
      const other = run('experiment', 'table', SMALL, '--sizes', '10,12', '--rounds', '2', '--out', out, '--resume');
      expect(other.status).toBe(2);
      expect(other.stderr).toMatch(/--resume: .* is another experiment's \(its configurations differ/);
    }, 300_000);

  it('report refuses rounds whose nodes differ, naming the configuration; rerun repeats the node counts', () => {
    const out = join(dir, 'to-edit');
    expect(run('experiment', 'table', SMALL, '--sizes', '10,12', '--rounds', '2', '--out', out).status).toBe(0);
    const file = join(out, 'runs.jsonl');
    const [head, ...runs] = lines(file);
    const again = join(dir, 'rerun');
    const rerun = run('experiment', 'rerun', out, '--out', again);
    expect(rerun.status, rerun.stderr).toBe(0);
    const nodes = (l: string[]) => l.map((x) => JSON.parse(x)).map((x) => [x.config, x.round, x.nodes]);
    expect(nodes(lines(join(again, 'runs.jsonl')).slice(1))).toEqual(nodes(runs));
    // compare: the rerun against the first, configuration by configuration: the same trees, 1x in nodes, per position too.
    const cmp = run('experiment', 'compare', out, again, '--out', join(dir, 'compared'));
    expect(cmp.status, cmp.stderr).toBe(0);
    const rows = lines(join(dir, 'compared', 'compare.csv'));
    expect(rows[0]).toBe(
      'config,nodes_a,nodes_b,nodes_x,nodes_x_geomean,nodes_x_low95,nodes_x_high95,search_cpu_s_a,search_cpu_s_b,cpu_x,cpu_x_low95,cpu_x_high95',
    );
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual(
      ['h10 board2', 'h12 board2'].map((c, i) => [
        JSON.stringify(c),
        String(JSON.parse(runs[i]).nodes),
        String(JSON.parse(runs[i]).nodes),
        '1.000',
        '1.000',
      ]),
    );
    // One round's count edited: report exits 2 and names the configuration.
    const edited = runs.map((l, i) => (i === 0 ? l.replace(/"nodes":(\d+)/, (_, n) => `"nodes":${Number(n) + 1}`) : l));
    const copy = join(dir, 'edited');
    mkdirSync(copy);
    writeFileSync(join(copy, 'runs.jsonl'), `${[head, ...edited].join('\n')}\n`);
    const r = run('experiment', 'report', copy, '--out', join(dir, 'edited-report'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${JSON.parse(runs[0]).config}: its rounds searched`));
  });

  it('one set of weights, one digest: the .rsev, gzipped, and exported to an eval.dat', async () => {
    const { weightsValuesSha256 } = await import('../dist/internal.js');
    const shipped = join(OBF, '..', 'weights', 'revsolve.rsev');
    const gz = join(dir, 'shipped.rsev.gz');
    writeFileSync(gz, gzipSync(readFileSync(shipped)));
    const dat = join(dir, 'shipped.dat');
    expect(run('eval', 'export', shipped, dat).status).toBe(0);
    const digest = weightsValuesSha256(shipped);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(weightsValuesSha256(gz)).toBe(digest);
    expect(weightsValuesSha256(dat)).toBe(digest);
    // Other weights, another digest (bench/results/wthor-weights-r1/avg-sg4.rsev is the shipped file itself).
    expect(weightsValuesSha256(join(OBF, '..', 'bench', 'results', 'selfplay-r7.rsev'))).not.toBe(digest);
  });
});

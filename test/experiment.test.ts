/**
 * `revsolve experiment` (issue 70): a sweep in fresh processes, in rounds,
 * written to a new folder and nowhere else. Its node counts are checked
 * against plain `solve` runs of the same configurations, its ratios against
 * those counts; a configuration that would switch engines, an --out that
 * holds files, an empty suite: one line, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    expect(readdirSync(out).sort()).toEqual(['plot.svg', 'runs.jsonl', 'summary.csv']);
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
    expect(lines.slice(1)).toHaveLength(8);
    for (const x of lines.slice(1)) {
      expect(x.cpuMs).toBe(x.userMs + x.systemMs);
      expect(x.cpuMs).toBeGreaterThan(0);
      expect(x.engine).toBe('wasm');
      expect(x.mismatches).toBe(0);
    }
    expect(readFileSync(join(out, 'plot.svg'), 'utf8')).toMatch(/^<svg[\s\S]*polyline[\s\S]*<\/svg>\n$/);
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
    const empty = join(dir, 'empty.obf');
    writeFileSync(empty, '% nothing\n');
    one(['experiment', 'table', empty], /empty\.obf: no position in the file/);
    one(['experiment', 'eval', SUITE], /--weights-files A,B,… names the weights files/);
  });
});

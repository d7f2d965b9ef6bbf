/**
 * `revsolve eval …` and solving with weights, through the built CLI.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvaluator, readWeights } from '../src/eval/files.js';
import { Evaluator, nibbleOf } from '../src/eval/weights.js';
import { samplePositions } from '../src/position/random.js';
import { OBF } from './helpers.js';
import { tempDir } from './tmp.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dir = tempDir('cli-eval');
const full = join(dir, 'synthetic.dat');
const P1 = 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O';

/** The variants of the quantisation experiment, made from synthetic weights. */
const VARIANTS: [string, string[]][] = [
  ['pow2', ['--pow2']],
  ['pow2-zero', ['--pow2', '--zero-below', '32']],
  ['pow2-zero-band4', ['--pow2', '--zero-below', '32', '--band', '4']],
  ['4bit', ['--pow2', '--zero-below', '32', '--band', '4', '--bits', '4']],
  ['codebook', ['--band', '4', '--codebook']],
];

describe('revsolve eval', () => {
  it('synth writes an Edax-sized eval.dat; compress makes each variant; info describes them', () => {
    expect(run('eval', 'synth', full).code).toBe(0);
    expect(statSync(full).size).toBe(28 + 61 * 114_364 * 2);
    for (const [name, flags] of VARIANTS) {
      const r = run('eval', 'compress', full, join(dir, `${name}.rsev`), ...flags);
      expect(r.code, r.err).toBe(0);
    }
    expect(statSync(join(dir, '4bit.rsev')).size).toBe(16 + 16 * 57_182 + 4);
    const info = run('eval', 'info', join(dir, '4bit.rsev'), '--reference', full, '--sample', '2000');
    expect(info.code).toBe(0);
    expect(info.out).toMatch(/914,932 bytes; compact file, 4-bit weights \(codes 0, ±32 … ±2048\), 16 tables, each for 4 empties counts/);
    expect(info.out).toMatch(/\d+ distinct values; [\d.]+% zero/);
    expect(info.out).toMatch(/mean \|difference\| of evaluations [\d.]+ discs on 2,000 positions/);
    expect(run('eval', 'info', full).out).toMatch(/Edax eval\.dat file, 16-bit weights, one table per empties count/);
    // The codebook's 16 values per table and group come before the codes.
    expect(statSync(join(dir, 'codebook.rsev')).size).toBe(16 + 16 * 13 * 16 * 2 + 16 * 57_182 + 4);
    const book = run('eval', 'info', join(dir, 'codebook.rsev'), '--reference', full, '--sample', '2000');
    expect(book.out).toMatch(/921,588 bytes; compact file, 4-bit weights \(codes into 16 values per table and pattern group\), 16 tables/);
    // Closer to the full weights than the powers of two.
    const diff = (s: string) => Number(/mean \|difference\| of evaluations ([\d.]+) discs/.exec(s)![1]);
    expect(diff(book.out)).toBeLessThan(diff(info.out));
    // The mean of a file and itself is that file's weights.
    expect(run('eval', 'average', join(dir, 'mean.rsev'), full, full).code).toBe(0);
    const same = run('eval', 'info', join(dir, 'mean.rsev'), '--reference', full, '--sample', '500');
    expect(same.out).toMatch(/mean \|difference\| of evaluations 0\.000 discs/);
  });

  it('refuses what cannot be done, naming the file', () => {
    const bad = join(dir, 'bad.dat');
    writeFileSync(bad, 'not weights');
    let r = run('eval', 'info', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.dat: not an Edax eval\.dat/);
    r = run('solve', '--position', P1, '--eval', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.dat/);
    // 4-bit banded weights for Edax: their values, each band's table at each of its plies.
    r = run('eval', 'compress', full, join(dir, 'x.dat'), '--bits', '4', '--band', '4', '--format', 'edax');
    expect(r.code, r.err).toBe(0);
    const x = readWeights(join(dir, 'x.dat'));
    expect([x.format, x.weights.band]).toEqual(['edax', 1]);
    expect(x.weights.packed.every((v) => nibbleOf(v) >= 0)).toBe(true);
    r = run('eval', 'export', full, join(dir, 'missing', 'x.dat'));
    expect([r.code, r.err.trim()]).toEqual([2, `revsolve: ${join(dir, 'missing', 'x.dat')}: no such file or directory`]);
    r = run('eval', 'average', join(dir, 'x.rsev'), full, join(dir, '4bit.rsev'));
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/bands of 4 and 1 empties cannot be averaged/)]);
    r = run('eval', 'compress', full, join(dir, 'x.rsev'), '--codebook', '--pow2');
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/--codebook chooses its own 16 values/)]);
    r = run('eval', 'compress', full, join(dir, 'x.rsev'), '--usage', bad);
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/--usage weighs the values --codebook fits/)]);
    // A step that changes nothing is named; --band works on banded weights (4 → 8).
    r = run('eval', 'compress', join(dir, '4bit.rsev'), join(dir, 'b8.rsev'), '--band', '4', '--band', '8', '--pow2');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^warning: --band 4 changes nothing in .*4bit\.rsev \(compact file, 4-bit weights/);
    expect(readWeights(join(dir, 'b8.rsev')).weights.band).toBe(8);
    // A step that changes nothing after others says so: rounding twice to powers of two rounds once.
    r = run('eval', 'compress', full, join(dir, 'p2.rsev'), '--pow2', '--pow2');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^warning: --pow2 changes nothing after --pow2 on .*: the weights are already what it makes\n$/);
    r = run('eval', 'compress', full, join(dir, 'x.rsev'), '--codebook', '--usage', bad);
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/bad\.dat/)]);
    expect(run('solve', '--position', P1, '--eval', 'none', '--ordering', 'eval').err).toMatch(/--ordering eval needs weights/);
  });

  it('solves with the shipped weights by default; --eval none orders by mobility', () => {
    const summary = (...a: string[]) =>
      JSON.parse(
        run('solve', '--position', P1, '--json', ...a)
          .out.trim()
          .split('\n')
          .pop()!,
      );
    expect(summary()).toMatchObject({ ordering: 'eval', eval: expect.stringMatching(/weights[\\/]revsolve\.rsev$/) });
    expect(summary('--eval', 'none')).toMatchObject({ ordering: 'mobility', eval: null });
    const info = run('eval', 'info', fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url)));
    expect(info.out).toMatch(/921,588 bytes; compact file, 4-bit weights \(codes into 16 values per table and pattern group\), 16 tables/);
  });
});

describe('revsolve eval export', () => {
  it('writes the shipped (banded, 4-bit codebook) weights as a full Edax eval.dat that evaluates exactly as they do', () => {
    const shipped = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
    const dat = join(dir, 'exported.dat');
    const r = run('eval', 'export', shipped, dat);
    expect(r.code, r.err).toBe(0);
    expect(statSync(dat).size).toBe(28 + 61 * 114_364 * 2);
    const back = readWeights(dat);
    expect([back.format, back.weights.band, back.bits]).toEqual(['edax', 1, 16]);
    const a = loadEvaluator(shipped)!;
    const b = new Evaluator(back.weights);
    for (const p of samplePositions(5000, 21)) expect(b.evaluate(p[0], p[1], p[2], p[3])).toBe(a.evaluate(p[0], p[1], p[2], p[3]));
    // compress --format edax writes the same for banded weights.
    const viaCompress = join(dir, 'via-compress.dat');
    expect(run('eval', 'compress', shipped, viaCompress, '--format', 'edax').code).toBe(0);
    expect(readFileSync(viaCompress).equals(readFileSync(dat))).toBe(true);
  });
});

describe('solving with weights', () => {
  it("fforum-1-19: every variant orders the search and finds the file's scores", () => {
    if (!statSync(full, { throwIfNoEntry: false })) run('eval', 'synth', full);
    for (const file of [full, ...VARIANTS.map(([n]) => join(dir, `${n}.rsev`))]) {
      const r = run('solve', `${OBF}fforum-1-19.obf`, '--json', '-h', '16', '--eval', file, '--quiet');
      expect(r.code, `${file}: ${r.err}`).toBe(0);
      const summary = JSON.parse(r.out.trim().split('\n').pop()!);
      expect(summary).toMatchObject({ positions: 19, mismatches: 0, ordering: 'eval', eval: file });
    }
  }, 300_000);
});

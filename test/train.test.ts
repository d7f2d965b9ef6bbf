/**
 * Training: self-play data (labels, determinism, resume) and the fit.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { popcount32, U64 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { compress, syntheticWeights } from '../src/eval/compress.js';
import { Evaluator, nibbleOf, type Weights } from '../src/eval/weights.js';
import { samplePositions } from '../src/position/random.js';
import { SearchContext } from '../src/search/context.js';
import { solveExact } from '../src/search/root.js';
import { createTable } from '../src/search/table.js';
import { guideId, readDataset } from '../src/train/dataset.js';
import { fitWeights, heldOutByEmpties, heldOutError, pooledError } from '../src/train/fit.js';
import { playGame } from '../src/train/selfplay.js';
import { tempDir } from './tmp.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const dir = tempDir('train');
const empties = (r: Int32Array, i: number) => 64 - popcount32(r[i] | r[i + 2]) - popcount32(r[i + 1] | r[i + 3]);

describe('train gen', () => {
  const gen = (file: string, ...more: string[]) =>
    run('train', 'gen', file, '--games', '12', '--batch', '4', '--solve-at', '12', '--seed', '9', '--quiet', ...more);

  it('is the same file on 1 and 2 workers, and a cut-short file resumes to it', () => {
    const a = join(dir, 'a.bin');
    const b = join(dir, 'b.bin');
    expect(gen(a, '-n', '2').status).toBe(0);
    expect(gen(b, '-n', '1').status).toBe(0);
    const bytes = readFileSync(a);
    expect(readFileSync(b).equals(bytes)).toBe(true);
    const d = readDataset(a);
    expect(d.batches).toBe(3);
    expect(d.problem).toBeUndefined();
    // Cut in the middle of the last chunk, as a kill would: resume finishes it.
    truncateSync(b, bytes.length - 30);
    expect(readDataset(b).problem).toMatch(/batch 2 cut short/);
    const r = gen(b, '-n', '2', '--resume');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(b).equals(bytes)).toBe(true);
    // A damaged chunk is found by its checksum; other settings are refused.
    const c = Buffer.from(bytes);
    c[100] ^= 0xff;
    writeFileSync(b, c);
    expect(readDataset(b).problem).toMatch(/batch 0 damaged/);
    expect(gen(a, '--resume', '--seed', '10').stderr).toMatch(/other settings/);
    expect(gen(a).stderr).toMatch(/exists: use --resume/);
  }, 120_000);

  it('names its guide so that another compact weights file cannot resume it', () => {
    const [wa, wb] = ['ga.rsev', 'gb.rsev'].map((f) => join(dir, f));
    expect(run('eval', 'synth', wa, '--seed', '1', '--format', 'compact').status).toBe(0);
    expect(run('eval', 'synth', wb, '--seed', '2', '--format', 'compact').status).toBe(0);
    const file = join(dir, 'guided.bin');
    const g = (w: string, ...more: string[]) =>
      run(
        'train',
        'gen',
        file,
        '--games',
        '4',
        '--batch',
        '2',
        '--solve-at',
        '10',
        '--guide',
        w,
        '--depth',
        '1',
        '--quiet',
        '-n',
        '1',
        ...more,
      );
    expect(g(wa, '--games', '2').status).toBe(0);
    const id = readDataset(file).header.guideHash;
    expect(id).toBe(guideId(readFileSync(wa)));
    expect(id).not.toBe(guideId(readFileSync(wb)));
    const r = g(wb, '--resume');
    expect([r.status, r.stderr]).toEqual([2, expect.stringMatching(/other settings/)]);
    expect(g(wa, '--resume').status).toBe(0);
    expect(readDataset(file).batches).toBe(2);
  }, 60_000);

  it('select copies the exact-labelled positions (or a range of empties), batch by batch, with the same header', () => {
    const a = join(dir, 'a.bin');
    if (readDataset(a).batches !== 3) throw new Error('needs the file of the test above');
    const d = readDataset(a);
    const pick = (keep: (i: number) => boolean) => {
      const out: number[] = [];
      for (let i = 0; i < d.records.length; i += 5) if (keep(i)) out.push(...d.records.subarray(i, i + 5));
      return out;
    };
    const x = join(dir, 'exact.bin');
    let r = run('train', 'select', a, x, '--exact');
    expect(r.status, r.stderr).toBe(0);
    const s = readDataset(x);
    const want = pick((i) => (d.records[i + 4] & 1) === 1);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(d.records.length);
    expect(Array.from(s.records)).toEqual(want);
    expect([s.header, s.batches, s.problem]).toEqual([d.header, 3, undefined]);
    expect(r.stdout).toMatch(
      new RegExp(`${(want.length / 5).toLocaleString('en-US')} of ${(d.records.length / 5).toLocaleString('en-US')} positions, 3 batches`),
    );
    const y = join(dir, 'range.bin');
    expect(run('train', 'select', a, y, '--empties', '13-20').status).toBe(0);
    expect(Array.from(readDataset(y).records)).toEqual(pick((i) => empties(d.records, i) >= 13 && empties(d.records, i) <= 20));
    r = run('train', 'select', a, join(dir, 'none.bin'));
    expect([r.status, r.stderr]).toEqual([2, expect.stringMatching(/nothing to select by/)]);
  });

  it("labels: exact records carry the exact score; the others their game's outcome", () => {
    const out: number[] = [];
    const table = createTable(14, 'board2');
    const ctx = new SearchContext({ selectivity: [1, 2], table });
    for (let g = 0; g < 6; g++) playGame(g, { seed: 4, solveAt: 12, noise: 0.1 }, ctx, out);
    const rec = Int32Array.from(out);
    let exact = 0;
    for (let i = 0; i < rec.length; i += 5) {
      const e = empties(rec, i);
      if (rec[i + 4] & 1) {
        exact++;
        expect(e).toBeLessThanOrEqual(12);
        const pos = { player: new U64(rec[i], rec[i + 1]), opponent: new U64(rec[i + 2], rec[i + 3]), toMove: 'X' as const };
        expect(solveExact(ctx, pos, { root: 'aspiration' }).score).toBe(rec[i + 4] >> 8);
      } else expect(e).toBeGreaterThan(12);
    }
    expect(exact).toBeGreaterThan(20);
  });
});

/** Records of `count` sample positions labelled with synthetic weights' scores (in discs, clamped to ±64). */
function labelledBy(weightsSeed: number, count: number, seed: number): { ps: Int32Array[]; rec: Int32Array } {
  const ev = new Evaluator(syntheticWeights(weightsSeed));
  const ps = samplePositions(count, seed);
  const rec = new Int32Array(ps.length * 5);
  ps.forEach((p, i) => {
    rec.set(p, i * 5);
    rec[i * 5 + 4] = Math.max(-64, Math.min(64, Math.round(ev.evaluate(p[0], p[1], p[2], p[3]) / 128))) << 8;
  });
  return { ps, rec };
}

describe('train fit', () => {
  it("fits labels made by known weights: under a disc on the training positions, well under the labels' spread held out", () => {
    // Labels are a known evaluator's scores (in discs); the fit must find weights that reproduce them.
    const { ps, rec } = labelledBy(3, 60_000, 21);
    let spread = 0;
    for (let i = 4; i < rec.length; i += 5) spread += Math.abs(rec[i] >> 8);
    spread /= ps.length;
    let trainMae = Infinity;
    const r = fitWeights([rec], { band: 4, epochs: 6, l2: 0, rate: 0.5, holdout: 0.1, seed: 1 }, (_, t) => (trainMae = t));
    expect(r.heldCount).toBeGreaterThan(3000);
    expect(trainMae).toBeLessThan(1);
    // Held out, unseen pattern configurations have no weight yet: the error
    // is that of 54,000 positions for 1.8 M weights, still far below guessing 0.
    const held = r.heldByBand.filter((b) => b.n > 0);
    const mae = held.reduce((s, b) => s + b.mae * b.n, 0) / held.reduce((s, b) => s + b.n, 0);
    expect(mae).toBeLessThan(spread / 2);
    expect(r.weights.tables).toBe(16);
    // `train test` measures the same split: the fitted weights score the same there.
    const fitted = new Evaluator(r.weights);
    const again = heldOutError([rec], (a, b, c, d) => fitted.evaluate(a, b, c, d), 0.1, 1);
    again.forEach((b, k) => {
      expect(b.n).toBe(r.heldByBand[k].n);
      expect(b.mae).toBeCloseTo(r.heldByBand[k].mae, 9);
    });
  }, 120_000);

  it('with --huber, follows most labels of a position where least squares follows their mean', () => {
    // One position, labelled 0 four times out of five and +40 once (a noisy outcome label).
    const [p] = samplePositions(1, 5);
    const rec = new Int32Array(5 * 2000);
    for (let i = 0; i < 2000; i++) {
      rec.set(p, i * 5);
      rec[i * 5 + 4] = (i % 5 === 4 ? 40 : 0) << 8;
    }
    const value = (huber?: number) => {
      const r = fitWeights([rec], { band: 61, epochs: 4, l2: 0, rate: 0.05, holdout: 0, seed: 1, huber });
      return new Evaluator(r.weights).evaluate(p[0], p[1], p[2], p[3]) / 128;
    };
    expect(Math.abs(value() - 8)).toBeLessThan(1.5); // the mean
    expect(Math.abs(value(1))).toBeLessThan(1.5); // near the median (0.25 minimises this loss)
    // `train test --holdout 1` (a test set no fit has seen) measures every position.
    const all = heldOutError([rec], () => 0, 1, 1);
    expect(all.reduce((s, b) => s + b.n, 0)).toBe(2000);
    expect(all.reduce((s, b) => s + b.n * b.mae, 0)).toBe(400 * 40);
  });

  it('train test --empties: the error per empties count, how many labels are exact, and over the range; the bands agree', () => {
    const { ps, rec } = labelledBy(5, 3000, 31);
    for (let i = 0; i < ps.length; i += 3) rec[i * 5 + 4] |= 1; // every third label "exact"
    // Against a constant 0 the error is the mean |label|, counted here independently.
    const want = Array.from({ length: 61 }, () => ({ n: 0, exact: 0, s: 0 }));
    for (let i = 0; i < rec.length; i += 5) {
      const w = want[empties(rec, i)];
      w.n++;
      w.exact += rec[i + 4] & 1;
      w.s += Math.abs(rec[i + 4] >> 8);
    }
    const counts = heldOutByEmpties([rec], () => 0, 1, 1);
    counts.forEach((c, e) => {
      expect(c.n).toBe(want[e].n);
      expect(c.exact).toBe(want[e].exact);
      expect(c.mae * c.n).toBeCloseTo(want[e].s, 6);
    });
    const range = pooledError(counts, 20, 30);
    const inRange = want.slice(20, 31);
    expect(range.n).toBe(inRange.reduce((a, w) => a + w.n, 0));
    expect(range.n).toBeGreaterThan(100);
    expect(range.mae * range.n).toBeCloseTo(
      inRange.reduce((a, w) => a + w.s, 0),
      6,
    );
    heldOutError([rec], () => 0, 1, 1).forEach((b, k) => {
      const band = want.slice(4 * k, 4 * k + 4);
      expect(b.n).toBe(band.reduce((a, w) => a + w.n, 0));
      expect(b.mae * b.n).toBeCloseTo(
        band.reduce((a, w) => a + w.s, 0),
        6,
      );
    });
    const bad = run('train', 'test', 'w.rsev', 'd.bin', '--empties', '30-20');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--empties: must be two empties counts from-to.*not "30-20"/);
  });

  it('--init starts from given weights, and --quantize fits weights that all have a 4-bit code, nearer the labels than rounding afterwards', () => {
    const { ps, rec } = labelledBy(4, 20_000, 8);
    const base = { band: 4, l2: 0, holdout: 0, seed: 1 };
    const plain = fitWeights([rec], { ...base, epochs: 4, rate: 0.5 }).weights;
    // A zero rate keeps the initial weights as they are.
    expect(fitWeights([rec], { ...base, epochs: 1, rate: 0, init: plain }).weights.packed).toEqual(plain.packed);
    // Quantised: every weight is 0 or ±32‥±2048, a power of two.
    const quant = fitWeights([rec], { ...base, epochs: 2, rate: 0.02, init: plain, quantize: true }).weights;
    expect(quant.packed.every((w) => nibbleOf(w) >= 0)).toBe(true);
    const rounded = compress(plain, { pow2: true, zeroBelow: 32, bits: 4 });
    const mae = (w: Weights) => {
      const e = new Evaluator(w);
      let s = 0;
      for (let i = 0; i < rec.length; i += 5)
        s += Math.abs(e.evaluate(rec[i], rec[i + 1], rec[i + 2], rec[i + 3]) / 128 - (rec[i + 4] >> 8));
      return s / ps.length;
    };
    expect(mae(quant)).toBeLessThan(mae(rounded) * 0.9);
  }, 60_000);
});

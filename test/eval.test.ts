/**
 * The evaluator: pattern indices against a slow reference, symmetry, the
 * weight files, compression arithmetic and the 4-bit form.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { transformSquare } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import {
  averageBands,
  averageWeights,
  codebookWeights,
  compress,
  compressSteps,
  fitLevels,
  roundPow2,
  stepName,
  syntheticWeights,
  usageCounts,
} from '../src/eval/compress.js';
import {
  featureIndices,
  GROUP_PACKED,
  GROUP_SIZE,
  N_GROUPS,
  N_PACKED,
  N_PATTERNS,
  N_WEIGHTS,
  PACKED_OFFSET,
  PATTERN_GROUP,
  PATTERN_SQUARES,
  UNPACKED_OFFSET,
} from '../src/eval/features.js';
import {
  compactBytes,
  EDAX_BYTES,
  readWeights,
  readWeightsBytes,
  searchEvaluator,
  sharedWeights,
  WeightsFileError,
  writeCompact,
  writeEdax,
} from '../src/eval/files.js';
import { Evaluator, NibbleEvaluator, toNibbles, Weights } from '../src/eval/weights.js';
import { rng, samplePositions } from '../src/position/random.js';
import { tempDir } from './tmp.js';

/** Bit-identical typed arrays (vitest's deep equality is slow on millions of elements). */
const same = (a: Int16Array, b: Int16Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const dir = tempDir('eval');
const has = (w: number, x: number) => (x < 32 ? (w >>> 0) & (1 << x) : 0);
const bit = (p: Int32Array, side: 0 | 2, x: number) => (x < 32 ? (p[side + 1] >>> x) & 1 : (p[side] >>> (x - 32)) & 1);

function randomWeights(seed: number, band = 1): Weights {
  const r = rng(seed);
  const tables = Math.ceil(61 / band);
  return new Weights(
    band,
    Int16Array.from({ length: tables * N_PACKED }, () => Math.round((r() - 0.5) * 4000)),
  );
}

function transform(p: Int32Array, k: number): Int32Array {
  const out = new Int32Array(4);
  for (let x = 0; x < 64; x++) {
    const y = transformSquare(x, k);
    for (const side of [0, 2] as const) {
      if (bit(p, side, x)) {
        if (y < 32) out[side + 1] |= 1 << y;
        else out[side] |= 1 << (y - 32);
      }
    }
  }
  return out;
}

describe('features', () => {
  it("are Edax's: 46 patterns in 12 groups, 226,315 weights, 114,364 packed", () => {
    expect(PATTERN_SQUARES.length).toBe(N_PATTERNS);
    expect(Array.from(GROUP_SIZE)).toEqual([19683, 59049, 59049, 59049, 6561, 6561, 6561, 6561, 2187, 729, 243, 81, 1]);
    expect(Array.from(GROUP_PACKED)).toEqual([10206, 29889, 29646, 29646, 3321, 3321, 3321, 3321, 1134, 378, 135, 45, 1]);
    expect(UNPACKED_OFFSET[13]).toBe(N_WEIGHTS);
    // every square but the centre is in a pattern of every line group it lies on
    const count = new Array(64).fill(0);
    for (const sq of PATTERN_SQUARES) for (const x of sq) count[x]++;
    expect(count[0]).toBe(7); // a1
    expect(count[27]).toBe(4); // d4
  });

  it('indices agree with a slow reading of the squares on random positions', () => {
    const out = new Int32Array(N_PATTERNS);
    for (const p of samplePositions(3000, 11)) {
      featureIndices(p[0], p[1], p[2], p[3], out);
      for (let f = 0; f < N_PATTERNS; f++) {
        let idx = 0;
        for (const x of PATTERN_SQUARES[f]) idx = idx * 3 + (bit(p, 0, x) ? 0 : bit(p, 2, x) ? 1 : 2);
        expect(out[f] - UNPACKED_OFFSET[PATTERN_GROUP[f]]).toBe(idx);
      }
    }
    expect(has(1, 0)).toBe(1);
  });

  it('the 8 symmetries of a position evaluate the same (any weights)', () => {
    const ev = new Evaluator(randomWeights(3));
    for (const p of samplePositions(500, 12)) {
      const v = ev.evaluate(p[0], p[1], p[2], p[3]);
      for (let k = 1; k < 8; k++) {
        const q = transform(p, k);
        expect(ev.evaluate(q[0], q[1], q[2], q[3])).toBe(v);
      }
    }
  });
});

describe('weight files', () => {
  it('a gzipped weights file reads as the file it holds; a broken one is named; the full weights ship so', () => {
    const w = randomWeights(6, 4);
    const plain = join(dir, 'plain.rsev');
    writeCompact(plain, w, 16);
    const zipped = join(dir, 'plain.rsev.gz');
    writeFileSync(zipped, gzipSync(readFileSync(plain)));
    const back = readWeights(zipped);
    expect(back.bits).toBe(16);
    expect(same(back.weights.packed, w.packed)).toBe(true);
    // The digest (a result's context) is the weights', not the wrapping's.
    expect(readWeightsBytes(zipped).digest).toBe(readWeightsBytes(plain).digest);
    const broken = join(dir, 'broken.rsev.gz');
    writeFileSync(broken, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not deflate')]));
    expect(() => readWeights(broken)).toThrow(WeightsFileError);
    expect(() => readWeights(broken)).toThrow(/broken\.rsev\.gz.*gzip/);
    // The shipped full weights: 61 tables of 16-bit weights (the compact header, read by hand).
    const full = gunzipSync(readFileSync(fileURLToPath(new URL('../weights/wthor-full.rsev.gz', import.meta.url))));
    expect(full.toString('latin1', 0, 4)).toBe('RSEV');
    expect([full[6], full[7], full.readUInt16LE(8)]).toEqual([1, 16, 61]);
    expect(readWeights(fileURLToPath(new URL('../weights/wthor-full.rsev.gz', import.meta.url))).weights.band).toBe(1);
  });

  it('an Edax eval.dat written here reads back bit-identical, and its bytes round-trip', () => {
    const w = randomWeights(5);
    const file = join(dir, 'eval.dat');
    writeEdax(file, w, { version: 4, release: 4, build: 7, date: 1.5 });
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(EDAX_BYTES);
    const back = readWeights(file);
    expect(back.format).toBe('edax');
    expect(back.header).toEqual({ version: 4, release: 4, build: 7, date: 1.5 });
    expect(same(back.weights.packed, w.packed)).toBe(true);
    writeEdax(join(dir, 'again.dat'), back.weights, back.header);
    expect(readFileSync(join(dir, 'again.dat')).equals(bytes)).toBe(true);
    // ply p of the file serves 60 - p empties
    expect(bytes.readInt16LE(28)).toBe(w.packed[60 * N_PACKED]);
  });

  it("a pool's threads read the weights their starting thread expanded, in shared memory, and evaluate alike", () => {
    const file = join(dir, 'shared.rsev');
    writeCompact(file, randomWeights(8, 4), 16);
    const bytes = readWeightsBytes(file);
    const { weights, evaluator } = sharedWeights(bytes);
    const { w, ws } = weights.expanded!;
    expect(w.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(ws.buffer).toBeInstanceOf(SharedArrayBuffer);
    // A worker's evaluator of these bytes (as a message brings them) reads the shared memory itself, no copy: a write here shows there …
    const worker = searchEvaluator(structuredClone(weights))!;
    const seen = worker.expanded;
    expect(seen.w.buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const [a, b] of [
      [w, seen.w],
      [ws, seen.ws],
    ]) {
      a[7] ^= 1;
      expect(b[7]).toBe(a[7]);
      a[7] ^= 1;
    }
    // … and scores as the evaluator decoded from the bytes does.
    const decoded = searchEvaluator(bytes)!;
    for (const p of samplePositions(2000, 21)) {
      const e = decoded.evaluate(p[0], p[1], p[2], p[3]);
      expect(worker.evaluate(p[0], p[1], p[2], p[3])).toBe(e);
      expect(evaluator.evaluate(p[0], p[1], p[2], p[3])).toBe(e);
    }
    expect(() => new Evaluator({ w: w.subarray(1), ws, band: 4 })).toThrow(RangeError);
  });

  it("an evaluator writes the same tables into an engine's memory before it has expanded them itself and after, and still scores alike", () => {
    const weights = randomWeights(9, 4);
    const n = weights.tables * 226_315;
    const before = { w: new Int16Array(n), ws: new Int16Array(n) };
    const lazy = new Evaluator(weights);
    lazy.expandInto(before.w, before.ws); // gathered from the packed weights
    const eager = new Evaluator(weights);
    const { w, ws } = eager.expanded;
    const after = { w: new Int16Array(n), ws: new Int16Array(n) };
    eager.expandInto(after.w, after.ws); // copied from its own expansion
    expect(same(before.w, w) && same(before.ws, ws) && same(after.w, w) && same(after.ws, ws)).toBe(true);
    // ws is w seen from the other side: not the same table.
    expect(same(w, ws)).toBe(false);
    // The memory written is the engine's: the evaluator does not read it.
    before.w.fill(0);
    before.ws.fill(0);
    for (const p of samplePositions(500, 22)) expect(lazy.evaluate(p[0], p[1], p[2], p[3])).toBe(eager.evaluate(p[0], p[1], p[2], p[3]));
  });

  it('refuses a truncated, foreign, wrong-endian or damaged file with the file and the problem', () => {
    const w = randomWeights(6);
    const good = join(dir, 'good.dat');
    writeEdax(good, w);
    const bytes = readFileSync(good);
    const bad = join(dir, 'bad.dat');
    const expectError = (b: Buffer, re: RegExp) => {
      writeFileSync(bad, b);
      expect(() => readWeights(bad)).toThrow(WeightsFileError);
      expect(() => readWeights(bad)).toThrow(re);
    };
    expectError(bytes.subarray(0, bytes.length - 10), /bad\.dat: truncated: .* bytes/);
    expectError(Buffer.from('hello, this is not weights at all'), /not an Edax eval\.dat/);
    const swapped = Buffer.from(bytes);
    for (const o of [0, 4]) swapped.writeUInt32BE(bytes.readUInt32LE(o), o);
    expectError(swapped, /big-endian/);
    const c = compactBytes(w, 16);
    c[100] ^= 1;
    expectError(c, /checksum mismatch/);
    expectError(compactBytes(w, 16).subarray(0, 5000), /truncated/);
    expect(() => readWeights(join(dir, 'absent.dat'))).toThrow(/absent\.dat: cannot read the file: no such file or directory/);
  });

  it('compact files round-trip in 16 and 4 bits', () => {
    const w = compress(randomWeights(7), { band: 4, pow2: true, zeroBelow: 32, bits: 4 });
    for (const bits of [16, 4] as const) {
      const file = join(dir, `w${bits}.rsev`);
      const size = writeCompact(file, w, bits);
      const back = readWeights(file);
      expect(back.bytes).toBe(size);
      expect([back.format, back.bits, back.weights.band]).toEqual(['compact', bits, 4]);
      expect(same(back.weights.packed, w.packed)).toBe(true);
    }
    expect(readFileSync(join(dir, 'w4.rsev')).length).toBe(16 + 16 * (N_PACKED / 2) + 4);
  });

  it('codebook files (version 2) round-trip, and refuse damage', () => {
    const { weights, codebook } = codebookWeights(averageBands(randomWeights(8), 4));
    const file = join(dir, 'cb.rsev');
    const size = writeCompact(file, weights, 4, codebook);
    expect(size).toBe(16 + 16 * N_GROUPS * 16 * 2 + 16 * (N_PACKED / 2) + 4);
    const back = readWeights(file);
    expect([back.bits, back.weights.band, back.bytes]).toEqual([4, 4, size]);
    expect(same(back.weights.packed, weights.packed)).toBe(true);
    expect(same(back.codebook!, codebook)).toBe(true);
    const bytes = readFileSync(file);
    const bad = join(dir, 'cb-bad.rsev');
    writeFileSync(bad, bytes.subarray(0, bytes.length - 100));
    expect(() => readWeights(bad)).toThrow(/cb-bad\.rsev: truncated/);
    const flipped = Buffer.from(bytes);
    flipped[40] ^= 1; // inside the codebook
    writeFileSync(bad, flipped);
    expect(() => readWeights(bad)).toThrow(/checksum mismatch/);
    // A weight that is not among its group's 16 values has no code.
    const off = new Int16Array(weights.packed);
    off[PACKED_OFFSET[1]] = 12345;
    expect(() => compactBytes(new Weights(4, off), 4, codebook)).toThrow(/not in its codebook/);
  });
});

describe('compression', () => {
  it('rounds to the nearest power of two, sign kept', () => {
    expect([0, 1, 2, 3, 5, 6, 7, 12, 47, 48, 100, -100, -3, 3000].map(roundPow2)).toEqual([
      0, 1, 2, 4, 4, 8, 8, 16, 32, 64, 128, -128, -4, 2048,
    ]);
  });

  it('zeroes small weights, averages bands, clamps for 4 bits', () => {
    const packed = new Int16Array(61 * N_PACKED);
    for (let e = 0; e < 61; e++) packed[e * N_PACKED] = e * 10 - 100; // weight 0 of each table
    packed[5] = 20;
    packed[6] = -31;
    packed[7] = 5000;
    const w = new Weights(1, packed);
    const b = averageBands(w, 4);
    expect(b.tables).toBe(16);
    expect(b.packed[0]).toBe(-85); // mean of -100, -90, -80, -70
    expect(b.packed[15 * N_PACKED]).toBe(500); // the last band holds only empties 60
    const z = compress(w, { zeroBelow: 32 });
    expect([z.packed[5], z.packed[6], z.packed[7]]).toEqual([0, 0, 5000]);
    // powers of two first: -31 becomes -32 and stays
    const q = compress(w, { pow2: true, zeroBelow: 32, bits: 4 });
    expect([q.packed[5], q.packed[6], q.packed[7], q.packed[0]]).toEqual([0, -32, 2048, -128]);
    expect(() => toNibbles(w)).toThrow(/has no 4-bit code/);
  });

  it('steps apply in the order given, a band works on any layout, and a step that changes nothing is named', () => {
    const packed = new Int16Array(61 * N_PACKED);
    for (let e = 0; e < 61; e++) packed[e * N_PACKED + 1] = e % 2 === 0 ? 40 : 24; // weight 1 of each table
    const w = new Weights(1, packed);
    // zero below 32, then bands of 2: (40 + 0) / 2 = 20; bands of 2, then zero below 32: (40 + 24) / 2 = 32 stays.
    const zb = compressSteps(w, [
      { step: 'zero-below', n: 32 },
      { step: 'band', k: 2 },
    ]).weights;
    const bz = compressSteps(w, [
      { step: 'band', k: 2 },
      { step: 'zero-below', n: 32 },
    ]).weights;
    expect([zb.packed[1], bz.packed[1]]).toEqual([20, 32]);
    // Bands of 4 made into bands of 8: each band of 8 is the mean of its 8 counts (written out by hand: 4 × 32 + 4 × 32).
    const b4 = averageBands(w, 4);
    expect(b4.packed[1]).toBe(32);
    const b8 = compressSteps(b4, [{ step: 'band', k: 8 }]).weights;
    expect([b8.band, b8.tables, b8.packed[1]]).toEqual([8, 8, 32]);
    // The last band of 8 holds the counts 56-60: the band-4 tables 56-59 (32) and 60 (its own: 40), (4 × 32 + 40) / 5 = 33.6.
    expect(b8.packed[7 * N_PACKED + 1]).toBe(34);
    // Back to one table per count: each count takes its band's weight.
    const b1 = averageBands(b8, 1);
    expect([b1.band, b1.packed[9 * N_PACKED + 1]]).toEqual([1, 32]);
    // No-op steps are named: bands of 4 asked of bands of 4; powers of two after powers of two.
    const r = compressSteps(b4, [{ step: 'band', k: 4 }, { step: 'pow2' }, { step: 'pow2' }, { step: 'bits', bits: 4 }]);
    expect(r.unchanged.map(stepName)).toEqual(['--band 4', '--pow2', '--bits 4']);
    expect(() => compressSteps(w, [{ step: 'bits', bits: 4 }, { step: 'pow2' }])).toThrow(/give it after --pow2, last/);
  });

  it('a codebook keeps at most 16 values per table and group, and rounds closer than powers of two', () => {
    expect(Array.from(fitLevels(Int16Array.of(5, -3, 5, 9)))).toEqual([-3, 5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    const w = averageBands(syntheticWeights(3), 4);
    const { weights, codebook } = codebookWeights(w);
    const pow2 = compress(w, { pow2: true, zeroBelow: 32, bits: 4 });
    let errCodebook = 0;
    let errPow2 = 0;
    let outside = 0;
    for (let t = 0; t < w.tables; t++) {
      for (let g = 0; g < N_GROUPS; g++) {
        const book = new Set(codebook.subarray((t * N_GROUPS + g) * 16, (t * N_GROUPS + g + 1) * 16));
        for (let i = t * N_PACKED + PACKED_OFFSET[g]; i < t * N_PACKED + PACKED_OFFSET[g + 1]; i++) {
          if (!book.has(weights.packed[i])) outside++;
          errCodebook += (weights.packed[i] - w.packed[i]) ** 2;
          errPow2 += (pow2.packed[i] - w.packed[i]) ** 2;
        }
      }
    }
    expect(outside).toBe(0);
    expect(errCodebook).toBeLessThan(errPow2 / 4);
    // Counting each weight by its use moves the values towards the weights positions read.
    const positions = new Int32Array(samplePositions(3000, 5).flatMap((p) => [...p]));
    const usage = usageCounts(4, [positions], 4);
    expect(usage.reduce((a, b) => a + b, 0)).toBe(3000 * (N_PATTERNS + 1));
    const used = codebookWeights(w, usage).weights;
    const readError = (q: Weights) => {
      let s = 0;
      for (let i = 0; i < usage.length; i++) s += usage[i] * (q.packed[i] - w.packed[i]) ** 2;
      return s;
    };
    expect(readError(used)).toBeLessThan(readError(weights));
  });

  it('averages weight sets weight by weight, one band layout only', () => {
    const a = new Weights(
      4,
      Int16Array.from({ length: 16 * N_PACKED }, (_, i) => (i % 7) - 3),
    );
    const b = new Weights(
      4,
      Int16Array.from({ length: 16 * N_PACKED }, (_, i) => (i % 5) * 10),
    );
    const m = averageWeights([a, b]);
    let wrong = 0;
    for (let i = 0; i < m.packed.length; i++) if (m.packed[i] !== Math.round((a.packed[i] + b.packed[i]) / 2)) wrong++;
    expect(wrong).toBe(0);
    expect(m.packed[3]).toBe(15); // (0 + 30) / 2
    expect(() => averageWeights([a, randomWeights(1)])).toThrow(/bands of 1 and 4/);
  });

  it('the 4-bit evaluator with a codebook gives exactly the scores of its unpacked twin', () => {
    const { weights, codebook } = codebookWeights(averageBands(syntheticWeights(2), 4));
    const twin = new Evaluator(weights);
    const nib = new NibbleEvaluator(4, toNibbles(weights, codebook), codebook);
    for (const p of samplePositions(5000, 14)) expect(nib.evaluate(p[0], p[1], p[2], p[3])).toBe(twin.evaluate(p[0], p[1], p[2], p[3]));
  });

  it('the 4-bit evaluator gives exactly the scores of its unpacked twin', () => {
    const q = compress(syntheticWeights(2), { band: 4, pow2: true, zeroBelow: 32, bits: 4 });
    const twin = new Evaluator(q);
    const nib = new NibbleEvaluator(4, toNibbles(q));
    for (const p of samplePositions(5000, 13)) expect(nib.evaluate(p[0], p[1], p[2], p[3])).toBe(twin.evaluate(p[0], p[1], p[2], p[3]));
  });
});

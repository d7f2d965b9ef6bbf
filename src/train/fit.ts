/**
 * Fitting the evaluator's weights to labelled positions: least squares on
 * the score in discs (or Huber loss: errors beyond a few discs, mostly
 * those of noisy game-outcome labels, count linearly), by stochastic
 * gradient descent with AdaGrad steps (each weight's step shrinks with the
 * gradients it has seen, so rare patterns still move) and an L2 penalty.
 * One table per band of empties (a position may also train its
 * neighbours' tables: --spread); a pattern and its mirror image share a
 * weight, as do the occurrences of a group. Blocks of consecutive
 * positions (mostly whole games) are held out to measure the error.
 */

import { type CompressOptions, compressWeight } from '../eval/compress.js';
import { featureIndices, N_PACKED, N_PATTERNS, PACK, UNPACKED_OFFSET } from '../eval/features.js';
import { Evaluator, tablesFor, Weights } from '../eval/weights.js';
import { rng } from '../position/random.js';
import { RECORD_WORDS, recordEmpties, recordExact, recordScore } from './dataset.js';

export interface FitOptions {
  readonly band: number;
  readonly epochs: number;
  readonly l2: number;
  readonly rate: number;
  readonly holdout: number;
  readonly seed: number;
  /** A position also trains the tables of up to this many empties more and fewer (smooth per-ply tables). */
  readonly spread?: number;
  /** Errors beyond this many discs count linearly (Huber loss: outliers, mostly noisy labels, pull less); default: least squares. */
  readonly huber?: number;
  /** Start from these weights (same band) instead of zeros. */
  readonly init?: Weights;
  /**
   * Fit the 4-bit form: every prediction uses the weights rounded as
   * `eval compress --pow2 --zero-below 32 --bits 4` rounds them, while the
   * steps move the unrounded ones (a straight-through estimate), so that
   * the rounding errors of a position's weights partly cancel. The result
   * is the rounded weights.
   */
  readonly quantize?: boolean;
}

export interface BandError {
  readonly from: number;
  readonly to: number;
  readonly n: number;
  readonly mae: number;
}

export interface FitResult {
  readonly weights: Weights;
  readonly trainCount: number;
  readonly heldCount: number;
  /** Held-out mean absolute error in discs, by bands of 4 empties. */
  readonly heldByBand: BandError[];
}

const K = N_PATTERNS + 1; // active weights per position: the patterns and the constant
const BLOCK = 512;

/** Each position of the records as its K packed weight numbers (no table offset), its label and its empties. */
function indexRecords(data: readonly Int32Array[]): { n: number; idx: Int32Array; label: Float64Array; empties: Uint8Array } {
  const n = data.reduce((s, d) => s + d.length / RECORD_WORDS, 0);
  const idx = new Int32Array(n * K);
  const label = new Float64Array(n);
  const empties = new Uint8Array(n);
  const F = new Int32Array(N_PATTERNS);
  let i = 0;
  for (const d of data) {
    for (let r = 0; r < d.length; r += RECORD_WORDS, i++) {
      featureIndices(d[r], d[r + 1], d[r + 2], d[r + 3], F);
      for (let f = 0; f < N_PATTERNS; f++) idx[i * K + f] = PACK[F[f]];
      idx[i * K + N_PATTERNS] = PACK[UNPACKED_OFFSET[12]];
      label[i] = recordScore(d, r);
      empties[i] = recordEmpties(d, r);
    }
  }
  return { n, idx, label, empties };
}

export function fitWeights(
  data: readonly Int32Array[],
  o: FitOptions,
  onEpoch?: (epoch: number, trainMae: number, heldMae: number) => void,
): FitResult {
  const { n, idx, label, empties } = indexRecords(data);
  const r = rng(o.seed);
  const held = heldOutMask(n, o.holdout, r);
  const train: number[] = [];
  for (let j = 0; j < n; j++) if (!held[j]) train.push(j);
  const order = Int32Array.from(train);

  const tables = tablesFor(o.band);
  const w = new Float64Array(tables * N_PACKED);
  if (o.init) {
    if (o.init.band !== o.band) throw new RangeError(`the initial weights have bands of ${o.init.band}, the fit ${o.band}`);
    for (let x = 0; x < w.length; x++) w[x] = o.init.packed[x] / 128;
  }
  // The weights the predictions use: w itself, or its 4-bit rounding.
  const wq = o.quantize ? w.map(quantize4) : w;
  const g2 = new Float64Array(tables * N_PACKED).fill(1e-8);
  const spread = o.spread ?? 0;
  const huber = o.huber ?? Infinity;
  const tableOf = (e: number) => Math.floor(Math.max(0, Math.min(60, e)) / o.band) * N_PACKED;
  const predict = (j: number, base: number) => {
    let s = 0;
    for (let k = j * K, end = k + K; k < end; k++) s += wq[base + idx[k]];
    return s;
  };
  const heldMae = () => {
    let s = 0;
    let c = 0;
    for (let j = 0; j < n; j++)
      if (held[j]) {
        s += Math.abs(clamp(predict(j, tableOf(empties[j]))) - label[j]);
        c++;
      }
    return c ? s / c : 0;
  };
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    // Shuffle (Fisher-Yates), then one step per position.
    for (let a = order.length - 1; a > 0; a--) {
      const b = Math.floor(r() * (a + 1));
      const t = order[a];
      order[a] = order[b];
      order[b] = t;
    }
    let abs = 0;
    for (let q = 0; q < order.length; q++) {
      const j = order[q];
      const e = empties[j];
      for (let d = -spread; d <= spread; d++) {
        if (e + d < 0 || e + d > 60 || (d !== 0 && tableOf(e + d) === tableOf(e + d - Math.sign(d)))) continue; // each table once
        const base = tableOf(e + d);
        const err = predict(j, base) - label[j];
        if (d === 0) abs += Math.abs(err);
        const slope = Math.max(-huber, Math.min(huber, err));
        for (let k = j * K, end = k + K; k < end; k++) {
          const x = base + idx[k];
          const g = slope + o.l2 * w[x];
          g2[x] += g * g;
          w[x] -= (o.rate * g) / Math.sqrt(g2[x]);
          if (o.quantize) wq[x] = quantize4(w[x]);
        }
      }
    }
    onEpoch?.(epoch, order.length ? abs / order.length : 0, heldMae());
  }

  const packed = new Int16Array(tables * N_PACKED);
  for (let x = 0; x < packed.length; x++) packed[x] = Math.max(-32768, Math.min(32767, Math.round(wq[x] * 128)));
  const weights = new Weights(o.band, packed);
  // The error of the int16 weights as they will be used, on the same split.
  const ev = new Evaluator(weights);
  return {
    weights,
    trainCount: order.length,
    heldCount: n - order.length,
    heldByBand: heldOutError(data, (a, b, c, d) => ev.evaluate(a, b, c, d), o.holdout, o.seed),
  };
}

/** Which positions are held out: blocks of BLOCK consecutive ones (mostly whole games), drawn from r. */
function heldOutMask(n: number, holdout: number, r: () => number): Uint8Array {
  const held = new Uint8Array(n);
  for (let b = 0; b < n; b += BLOCK) if (r() < holdout) held.fill(1, b, Math.min(n, b + BLOCK));
  return held;
}

export interface CountError {
  readonly empties: number;
  readonly n: number;
  /** How many of them carry an exact score (the rest: game outcomes above the solve point). */
  readonly exact: number;
  readonly mae: number;
}

/** Held-out mean absolute error (discs) of any weights, per empties count (0–60), on the split `fitWeights` makes with the same seed. */
export function heldOutByEmpties(
  data: readonly Int32Array[],
  evaluate: (ph: number, pl: number, oh: number, ol: number) => number,
  holdout: number,
  seed: number,
): CountError[] {
  const n = data.reduce((s, d) => s + d.length / RECORD_WORDS, 0);
  const held = heldOutMask(n, holdout, rng(seed));
  const counts = Array.from({ length: 61 }, () => ({ n: 0, exact: 0, s: 0 }));
  let i = 0;
  for (const d of data) {
    for (let r = 0; r < d.length; r += RECORD_WORDS, i++) {
      if (!held[i]) continue;
      const c = counts[Math.min(60, recordEmpties(d, r))];
      c.n++;
      c.exact += recordExact(d, r) ? 1 : 0;
      c.s += Math.abs(clamp(evaluate(d[r], d[r + 1], d[r + 2], d[r + 3]) / 128) - recordScore(d, r));
    }
  }
  return counts.map((c, e) => ({ empties: e, n: c.n, exact: c.exact, mae: c.n ? c.s / c.n : 0 }));
}

/** The error over the counts from..to together (each position counts once). */
export function pooledError(counts: readonly CountError[], from: number, to: number): { n: number; exact: number; mae: number } {
  let n = 0,
    exact = 0,
    s = 0;
  for (const c of counts)
    if (c.empties >= from && c.empties <= to) {
      n += c.n;
      exact += c.exact;
      s += c.mae * c.n;
    }
  return { n, exact, mae: n ? s / n : 0 };
}

/** Held-out mean absolute error (discs) of any weights, by bands of 4 empties, on the split `fitWeights` makes with the same seed. */
export function heldOutError(
  data: readonly Int32Array[],
  evaluate: (ph: number, pl: number, oh: number, ol: number) => number,
  holdout: number,
  seed: number,
): BandError[] {
  const counts = heldOutByEmpties(data, evaluate, holdout, seed);
  return Array.from({ length: 16 }, (_, k) => {
    const { n, mae } = pooledError(counts, 4 * k, 4 * k + 3);
    return { from: 4 * k, to: 4 * k + 3, n, mae };
  });
}

const FOUR_BIT: CompressOptions = { pow2: true, zeroBelow: 32, bits: 4 };

/** A weight in discs as `eval compress --pow2 --zero-below 32 --bits 4` stores it, in discs. */
function quantize4(w: number): number {
  return compressWeight(Math.round(w * 128), FOUR_BIT) / 128;
}

function clamp(x: number): number {
  return Math.max(-64, Math.min(64, x));
}

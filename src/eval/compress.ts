/**
 * Shrinking weights, the steps of the quantisation experiment: average over
 * bands of empties counts, round to powers of two, zero the small ones
 * (`compressSteps`: in any order, each step saying whether it changed
 * anything). Then the 4-bit form stores what is left (0, ±32 …
 * ±2048) two weights to a byte. The other 4-bit form, a codebook, keeps 16
 * values per table and pattern group chosen to fit that group's weights
 * (k-means), so that a code costs less precision than a power of two.
 * Also: synthetic weights for tests and experiments.
 */
import { popcount32 } from 'native-free-bitboard';
import { arrayArgument, objectArgument } from '../arguments.js';
import { rng } from '../position/random.js';
import {
  featureIndices,
  N_GROUPS,
  N_PACKED,
  N_PATTERNS,
  N_PLIES,
  PACK,
  PACKED_OFFSET,
  PATTERN_GROUP,
  PATTERN_SQUARES,
  UNPACKED_OFFSET,
} from './features.js';
import { CODES, expandBands, tablesFor, Weights, weightsArgument } from './weights.js';

export interface CompressOptions {
  /** Average the tables of K consecutive empties counts (the input must have one per count). */
  readonly band?: number;
  readonly pow2?: boolean;
  readonly zeroBelow?: number;
  /** 4: also clamp to ±2048, so that every weight has a 4-bit code. */
  readonly bits?: 16 | 4;
}

/** The nearest power of two, sign kept (0 stays 0; halfway goes up). */
export function roundPow2(w: number): number {
  if (w === 0) return 0;
  const a = Math.abs(w);
  const lo = 2 ** Math.floor(Math.log2(a));
  const r = a - lo >= lo / 2 ? lo * 2 : lo;
  return Math.sign(w) * Math.min(r, 16384);
}

export function compress(w: Weights, o: CompressOptions): Weights {
  objectArgument(o, 'options', 'compression options ({ bits, band, … })');
  weightsArgument(w);
  let out = w;
  if (o.band !== undefined && o.band !== out.band) out = averageBands(out, o.band);
  return new Weights(
    out.band,
    out.packed.map((v) => compressWeight(v, o)),
  );
}

/** One weight (1/128 disc) through compress's rounding steps (all but the band averaging). */
export function compressWeight(v: number, o: CompressOptions): number {
  if (o.pow2) v = roundPow2(v);
  if (o.zeroBelow !== undefined && Math.abs(v) < o.zeroBelow) v = 0;
  if (o.bits === 4) {
    if (v !== 0 && !o.pow2) v = roundPow2(v);
    if (Math.abs(v) < 32) v = v === 0 ? 0 : Math.sign(v) * 32;
    if (Math.abs(v) > 2048) v = Math.sign(v) * 2048;
  }
  return v;
}

/** A step of `compressSteps`. */
export type CompressStep =
  | { readonly step: 'band'; readonly k: number }
  | { readonly step: 'pow2' }
  | { readonly step: 'zero-below'; readonly n: number }
  | { readonly step: 'bits'; readonly bits: 4 };

/** A step as the command line writes it: "--band 4", "--pow2", "--zero-below 32", "--bits 4". */
export function stepName(s: CompressStep): string {
  objectArgument(s, 'step', 'a compression step ({ kind, … })');
  return s.step === 'band' ? `--band ${s.k}` : s.step === 'pow2' ? '--pow2' : s.step === 'zero-below' ? `--zero-below ${s.n}` : '--bits 4';
}

/**
 * The steps applied in the order given (the band averaging of rounded
 * weights is not the rounding of averaged ones), with the steps that
 * changed no weight: a researcher's chain that silently does nothing is a
 * wrong experiment. `--bits 4` rounds to the 4-bit values (what the 4-bit
 * form stores); it must be the last step, as nothing after it would stay
 * storable.
 */
export function compressSteps(w: Weights, steps: readonly CompressStep[]): { weights: Weights; unchanged: CompressStep[] } {
  weightsArgument(w);
  const at = steps.findIndex((s) => s.step === 'bits');
  if (at >= 0 && at !== steps.length - 1)
    throw new RangeError(`--bits 4 rounds to what the 4-bit form stores: give it after ${stepName(steps[steps.length - 1])}, last`);
  let out = w;
  const unchanged: CompressStep[] = [];
  for (const s of steps) {
    const next =
      s.step === 'band'
        ? s.k === out.band
          ? out
          : averageBands(out, s.k)
        : new Weights(
            out.band,
            out.packed.map((v) =>
              compressWeight(v, s.step === 'pow2' ? { pow2: true } : s.step === 'zero-below' ? { zeroBelow: s.n } : { bits: 4 }),
            ),
          );
    if (sameWeights(out, next)) unchanged.push(s);
    out = next;
  }
  return { weights: out, unchanged };
}

function sameWeights(a: Weights, b: Weights): boolean {
  if (a.band !== b.band || a.packed.length !== b.packed.length) return false;
  for (let i = 0; i < a.packed.length; i++) if (a.packed[i] !== b.packed[i]) return false;
  return true;
}

/**
 * Tables of K consecutive empties counts averaged into one (rounded to the
 * nearest integer), from weights of any band layout: each empties count
 * takes its own table's weights (a band of 4 gives its table to each of its
 * 4 counts), so bands of 4 become bands of 8, or of 1 again.
 */
export function averageBands(w: Weights, band: number): Weights {
  weightsArgument(w);
  if (!Number.isInteger(band) || band < 1 || band > N_PLIES) throw new RangeError(`a band is 1 to ${N_PLIES} empties counts, not ${band}`);
  w = expandBands(w);
  const tables = tablesFor(band);
  const out = new Int16Array(tables * N_PACKED);
  for (let t = 0; t < tables; t++) {
    const first = t * band;
    const last = Math.min(N_PLIES - 1, first + band - 1);
    const n = last - first + 1;
    for (let i = 0; i < N_PACKED; i++) {
      let s = 0;
      for (let e = first; e <= last; e++) s += w.packed[e * N_PACKED + i];
      out[t * N_PACKED + i] = Math.round(s / n);
    }
  }
  return new Weights(band, out);
}

/**
 * The weights rounded to a codebook: for each table and pattern group, the
 * 16 values that minimise the squared rounding error of its weights (1-D
 * k-means, Lloyd's steps from the quantiles), each weight counted by its
 * `usage` (how often positions read it; default: all alike). Returns the
 * rounded weights and the codebook (tables × N_GROUPS × 16, sorted; a
 * group of fewer distinct values keeps them and repeats its last).
 */
export function codebookWeights(w: Weights, usage?: Float64Array): { weights: Weights; codebook: Int16Array } {
  weightsArgument(w);
  if (usage && usage.length !== w.packed.length) throw new RangeError(`usage counts for ${usage.length} weights, not ${w.packed.length}`);
  const codebook = new Int16Array(w.tables * N_GROUPS * CODES);
  const out = new Int16Array(w.packed.length);
  for (let t = 0; t < w.tables; t++) {
    for (let g = 0; g < N_GROUPS; g++) {
      const a = t * N_PACKED + PACKED_OFFSET[g];
      const b = t * N_PACKED + PACKED_OFFSET[g + 1];
      const levels = fitLevels(w.packed.subarray(a, b), usage?.subarray(a, b));
      codebook.set(levels, (t * N_GROUPS + g) * CODES);
      for (let i = a; i < b; i++) out[i] = levels[nearest(levels, w.packed[i])];
    }
  }
  return { weights: new Weights(w.band, out), codebook };
}

/** 16 sorted values for some weights: their distinct values if few, else weighted k-means. */
export function fitLevels(values: Int16Array, usage?: Float64Array): Int16Array {
  const distinct = [...new Set(values)].sort((x, y) => x - y);
  if (distinct.length <= CODES) {
    return Int16Array.from({ length: CODES }, (_, k) => distinct[Math.min(k, distinct.length - 1)] ?? 0);
  }
  // Sorted values with their weights (an unused weight still counts a little, so that it is not ignored outright).
  // By value, then index (a group has fewer than 65,536 packed weights: 59,049 at most).
  const keys = Float64Array.from(values, (x, i) => (x + 32768) * 65536 + i).sort();
  const order = Int32Array.from(keys, (k) => k % 65536);
  const v = Float64Array.from(order, (i) => values[i]);
  const m = Float64Array.from(order, (i) => (usage ? usage[i] + 0.01 : 1));
  let total = 0;
  for (const x of m) total += x;
  const c = new Float64Array(CODES);
  for (let i = 0, k = 0, acc = 0; i < v.length && k < CODES; i++) {
    acc += m[i];
    while (k < CODES && acc >= ((k + 0.5) * total) / CODES) c[k++] = v[i];
  }
  const sum = new Float64Array(CODES);
  const mass = new Float64Array(CODES);
  for (let step = 0; step < 50; step++) {
    sum.fill(0);
    mass.fill(0);
    // Values and centres are sorted, so each value's nearest centre only moves up.
    for (let i = 0, k = 0; i < v.length; i++) {
      while (k + 1 < CODES && Math.abs(c[k + 1] - v[i]) <= Math.abs(c[k] - v[i])) k++;
      sum[k] += v[i] * m[i];
      mass[k] += m[i];
    }
    for (let k = 0; k < CODES; k++) if (mass[k] > 0) c[k] = sum[k] / mass[k];
    c.sort();
  }
  return Int16Array.from(c, (x) => Math.round(x));
}

/** The index of the value of `levels` (sorted) nearest to x; ties to the lower. */
function nearest(levels: Int16Array, x: number): number {
  let best = 0;
  for (let k = 1; k < levels.length; k++) if (Math.abs(levels[k] - x) < Math.abs(levels[best] - x)) best = k;
  return best;
}

/**
 * How often each weight of a band layout is read by some sets of positions
 * (`stride` int32 per position, the first four the board: player hi, lo,
 * opponent hi, lo), for `codebookWeights`.
 */
export function usageCounts(band: number, sets: readonly Int32Array[], stride: number): Float64Array {
  arrayArgument(sets, 'sets', 'an array of Int32Arrays of feature indices');
  const usage = new Float64Array(tablesFor(band) * N_PACKED);
  const F = new Int32Array(N_PATTERNS);
  for (const positions of sets)
    for (let r = 0; r + 3 < positions.length; r += stride) {
      const ph = positions[r],
        pl = positions[r + 1],
        oh = positions[r + 2],
        ol = positions[r + 3];
      const e = 64 - popcount32(ph | oh) - popcount32(pl | ol);
      const base = Math.floor(e / band) * N_PACKED;
      featureIndices(ph, pl, oh, ol, F);
      for (let f = 0; f < N_PATTERNS; f++) usage[base + PACK[F[f]]]++;
      usage[base + PACK[UNPACKED_OFFSET[12]]]++;
    }
  return usage;
}

/** The mean of several weight sets of one band layout, weight by weight (rounded): bagging fits made on different data or seeds. */
export function averageWeights(sets: readonly Weights[]): Weights {
  arrayArgument(sets, 'sets', 'an array of weights');
  for (const [i, w] of sets.entries()) weightsArgument(w, `sets[${i}]`);
  if (sets.length === 0) throw new RangeError('no weights to average');
  const band = sets[0].band;
  for (const w of sets) if (w.band !== band) throw new RangeError(`weights of bands of ${w.band} and ${band} empties cannot be averaged`);
  const out = new Int16Array(sets[0].packed.length);
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    for (const w of sets) s += w.packed[i];
    out[i] = Math.round(s / sets.length);
  }
  return new Weights(band, out);
}

/** Counts of each value among the weights, most frequent first. */
export function histogram(w: Weights): [number, number][] {
  weightsArgument(w);
  const m = new Map<number, number>();
  for (const v of w.packed) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/**
 * Synthetic weights (for tests and experiments, not for play): each
 * pattern's weight is a square-value table read through it (corners good,
 * X and C squares bad), shared among the patterns that hold a square, times
 * a factor that grows as the game goes on, plus a little seeded noise. Symmetric
 * like real weights, so the 8 symmetries of a position evaluate the same.
 */
export function syntheticWeights(seed = 1): Weights {
  const VALUE = [
    [160, -40, 20, 10],
    [-40, -80, -4, -2],
    [20, -4, 6, 2],
    [10, -2, 2, 1],
  ];
  const value = (x: number) => {
    const f = x & 7;
    const r = x >> 3;
    return VALUE[Math.min(r, 7 - r)][Math.min(f, 7 - f)];
  };
  const holders = new Int32Array(64);
  for (const sq of PATTERN_SQUARES) for (const x of sq) holders[x]++;
  const r = rng(seed);
  const packed = new Int16Array(N_PLIES * N_PACKED);
  const done = new Uint8Array(N_PACKED);
  const noise = new Int16Array(N_PACKED);
  for (let i = 0; i < N_PACKED; i++) noise[i] = Math.round((r() - 0.5) * 16);
  for (let e = 0; e < N_PLIES; e++) {
    const scale = 1 + (60 - e) / 30; // 1 at the start, 3 at the end
    done.fill(0);
    for (let f = 0; f < N_PATTERNS; f++) {
      const g = PATTERN_GROUP[f];
      if (f > 0 && PATTERN_GROUP[f - 1] === g) continue; // one occurrence per group defines its weights
      const sq = PATTERN_SQUARES[f];
      const size = 3 ** sq.length;
      for (let idx = 0; idx < size; idx++) {
        const p = PACK[UNPACKED_OFFSET[g] + idx];
        if (done[p]) continue;
        done[p] = 1;
        let s = 0;
        let rest = idx;
        for (let i = sq.length - 1; i >= 0; i--) {
          const d = rest % 3;
          rest = (rest - d) / 3;
          if (d < 2) s += ((d === 0 ? 1 : -1) * value(sq[i]) * 4) / holders[sq[i]];
        }
        packed[e * N_PACKED + p] = Math.round(s * scale) + noise[p];
      }
    }
    packed[e * N_PACKED + PACK[UNPACKED_OFFSET[12]]] = 0;
  }
  return new Weights(1, packed);
}

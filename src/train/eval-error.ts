/**
 * How far weights miss exact scores: each position's evaluation (static, or
 * a d-ply midgame search on it, as the exact search's ordering and the
 * page's estimates use it) against the score known for it (an OBF answer,
 * a WTHOR game's theoretical score at its depth), in discs, for the side to
 * move. Mean absolute and RMS error per empties count and overall; for two
 * weights on the same positions, the paired difference of their absolute
 * errors with a 95 % interval.
 */
import { popcount32 } from 'native-free-bitboard';
import { arrayArgument, hasMethods, numbersArgument } from '../arguments.js';
import type { Evaluator } from '../eval/weights.js';
import type { Position } from '../position/position.js';
import { midSearchFrom } from '../search/midgame.js';
import { SearchState } from '../search/state.js';

/** A position and its exact score for the side to move (discs). */
export interface Truth {
  readonly position: Position;
  readonly exact: number;
}

/** Error statistics of a group of positions, in discs. */
export interface ErrorStats {
  readonly n: number;
  /** Mean absolute error. */
  readonly mae: number;
  readonly rms: number;
  /** Mean signed error (evaluation − exact): above 0, the weights think the side to move better off than it is. */
  readonly bias: number;
}

/** Each position's error (evaluation − exact, discs): static at depth 0, else the value of a `depth`-ply midgame search. */
export function evalErrors(ev: Evaluator, truths: readonly Truth[], depth = 0): Float64Array {
  hasMethods(ev, 'evaluator', 'an evaluator (Evaluator, or loadEvaluator of a file)', ['evaluate', 'load']);
  arrayArgument(truths, 'truths', 'an array of { position, exact }');
  const state = new SearchState();
  const out = new Float64Array(truths.length);
  for (const [i, t] of truths.entries()) {
    const { player: p, opponent: o } = t.position;
    const value =
      depth === 0 ? ev.evaluate(p.hi, p.lo, o.hi, o.lo) : midSearchFrom(state, ev, p.hi, p.lo, o.hi, o.lo, depth, -(1 << 30), 1 << 30);
    out[i] = value / 128 - t.exact;
  }
  return out;
}

/** The statistics of errors (discs). */
export function errorStats(errors: ArrayLike<number>): ErrorStats {
  numbersArgument(errors, 'errors');
  let abs = 0;
  let sq = 0;
  let sum = 0;
  for (let i = 0; i < errors.length; i++) {
    abs += Math.abs(errors[i]);
    sq += errors[i] * errors[i];
    sum += errors[i];
  }
  const n = errors.length;
  return n === 0 ? { n, mae: 0, rms: 0, bias: 0 } : { n, mae: abs / n, rms: Math.sqrt(sq / n), bias: sum / n };
}

/** The errors grouped by the positions' empties counts, each count's statistics, in increasing order. */
export function errorsByEmpties(truths: readonly Truth[], errors: ArrayLike<number>): { empties: number; stats: ErrorStats }[] {
  arrayArgument(truths, 'truths', 'an array of { position, exact }');
  numbersArgument(errors, 'errors');
  const groups = new Map<number, number[]>();
  for (const [i, t] of truths.entries()) {
    const { player: p, opponent: o } = t.position;
    const e = 64 - popcount32(p.hi | o.hi) - popcount32(p.lo | o.lo);
    const g = groups.get(e) ?? [];
    g.push(errors[i]);
    groups.set(e, g);
  }
  return [...groups.keys()].sort((a, b) => a - b).map((empties) => ({ empties, stats: errorStats(groups.get(empties) ?? []) }));
}

/**
 * The paired difference of two weights' absolute errors on the same
 * positions (|a| − |b|, discs): its mean and 95 % t-interval. Below 0: the
 * first misses by less.
 */
export function pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>): { n: number; mean: number; low: number; high: number } {
  numbersArgument(a, 'a');
  numbersArgument(b, 'b');
  if (a.length !== b.length) throw new RangeError(`paired errors of ${a.length} and ${b.length} positions`);
  const n = a.length;
  const d = Array.from({ length: n }, (_, i) => Math.abs(a[i]) - Math.abs(b[i]));
  const mean = d.reduce((s, x) => s + x, 0) / Math.max(1, n);
  if (n < 2) return { n, mean, low: Number.NaN, high: Number.NaN };
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const half = tQuantile975(n - 1) * (sd / Math.sqrt(n));
  return { n, mean, low: mean - half, high: mean + half };
}

/**
 * Student's t quantile at 0.975 for `df` degrees of freedom: exact for 1
 * and 2, else the Cornish-Fisher expansion around the normal's 1.959964
 * (within 0.1 % from 3 on).
 */
export function tQuantile975(df: number): number {
  if (df === 1) return 12.706204736;
  if (df === 2) return 4.30265273;
  const z = 1.959963985;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3);
}

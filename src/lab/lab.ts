/**
 * The search lab: fixed-depth midgame searches whose algorithm and move
 * ordering are chosen piece by piece, to compare them by node counts, as
 * the studies of search in reversi and shogi do (see the README, "The
 * search lab"). Not the exact solver: no ProbCut, no stability, no leaf
 * solvers; every variant returns the same value, the negamax value of the
 * position searched `depth` plies deep.
 *
 * - A pass is a move and costs a ply (as in perft). A node at depth 0, or
 *   where neither side can move, is a leaf (the evaluation is called);
 *   every other node is interior (its moves are generated).
 * - Scores are whole discs for the side to move: the disc difference (no
 *   empties bonus) or the weights' evaluation rounded to discs; at the end
 *   of the game the exact final score.
 * - The table keeps, per position, the bounds found at one remaining depth
 *   and the best move. Its bounds cut only at exactly that depth (a deeper
 *   result would change the value); at any other depth it orders moves.
 * - Killers: per ply, the last K moves that cut, tried after the table's
 *   move. History: per square, depth² added at each cut; higher first.
 *   Without either, moves go in square order (a1, b1 … h8).
 *
 * Per node nothing is allocated: moves, keys, killers, history and the
 * table live in typed arrays; the weights' evaluation follows the line of
 * play in the evaluator (a move updates its patterns, a leaf sums them).
 */
import { flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { finalScore, placedHi, placedLo } from '../position/position.js';
import { hashPosition } from '../search/table.js';

export type LabAlgorithm = 'alphabeta' | 'negascout' | 'mtdf';
export const LAB_ALGORITHMS: readonly LabAlgorithm[] = ['alphabeta', 'negascout', 'mtdf'];

export interface LabSettings {
  readonly algorithm: LabAlgorithm;
  /** Iterative deepening: 0 none, 1 by one ply, 2 by two plies (ending at the depth asked). */
  readonly deepen: 0 | 1 | 2;
  /** Root window of ±aspiration discs around the previous score (or the guess), widened on failure; 0 off. Not with mtdf. */
  readonly aspiration: number;
  /** Killer moves kept per ply (0 off). */
  readonly killers: number;
  readonly history: boolean;
  /** A table of 2^tableBits entries; 0: none (mtdf needs one). */
  readonly tableBits: number;
  /** First guess of mtdf and of the first aspiration window, in discs. */
  readonly guess: number;
  /** null: the disc difference. */
  readonly evaluator: Evaluator | null;
}

export interface LabResult {
  readonly depth: number;
  readonly score: number;
  /** Best move at the root (-1: a pass; -2: no move, the game is over). */
  readonly move: number;
  readonly leaves: number;
  readonly interior: number;
  readonly ms: number;
}

export const MAX_LAB_DEPTH = 40;
export const MAX_KILLERS = 4;
const INF = 10_000;
/** What boundCut returns when the table decides nothing: no score is this low. */
const NO_CUT = -(1 << 30);
const LIST = 34; // moves of a node, at most 33
const PLIES = MAX_LAB_DEPTH + 1;
/** History credit that still orders (keys stay int32, below the killers' and the table move's). */
const HISTORY_CAP = 1 << 22;

/** Check the settings: one line for each thing wrong. */
export function checkLabSettings(s: LabSettings): void {
  if (!LAB_ALGORITHMS.includes(s.algorithm)) throw new RangeError(`algorithm must be one of ${LAB_ALGORITHMS.join(', ')}: ${s.algorithm}`);
  if (s.deepen !== 0 && s.deepen !== 1 && s.deepen !== 2) throw new RangeError(`deepening is 0, 1 or 2 plies: ${s.deepen}`);
  if (!Number.isInteger(s.killers) || s.killers < 0 || s.killers > MAX_KILLERS)
    throw new RangeError(`killers per ply: 0‥${MAX_KILLERS}: ${s.killers}`);
  if (!Number.isInteger(s.aspiration) || s.aspiration < 0)
    throw new RangeError(`the aspiration window is a whole number of discs ≥ 0: ${s.aspiration}`);
  if (s.algorithm === 'mtdf' && s.aspiration > 0) throw new RangeError('mtdf searches null windows only: no aspiration window');
  if (s.algorithm === 'mtdf' && s.tableBits === 0) throw new RangeError('mtdf needs the table');
  if (s.tableBits !== 0 && (!Number.isInteger(s.tableBits) || s.tableBits < 4 || s.tableBits > 28))
    throw new RangeError(`table bits: 4‥28: ${s.tableBits}`);
  if (!Number.isInteger(s.guess)) throw new RangeError(`the guess is a whole number of discs: ${s.guess}`);
}

/** The depths the iterations search, ending at `depth`. */
export function iterationDepths(depth: number, deepen: 0 | 1 | 2): number[] {
  if (deepen === 0) return [depth];
  const out: number[] = [];
  for (let d = deepen === 1 ? 1 : 2 - (depth & 1); d <= depth; d += deepen) out.push(d);
  return out;
}

export class LabSearch {
  readonly settings: LabSettings;
  leaves = 0;
  interior = 0;
  private rootMove = -2;
  private readonly sq = new Int32Array(PLIES * LIST);
  private readonly fh = new Int32Array(PLIES * LIST);
  private readonly fl = new Int32Array(PLIES * LIST);
  private readonly key = new Int32Array(PLIES * LIST);
  private readonly killer = new Int32Array(PLIES * MAX_KILLERS);
  private readonly historyScore = new Int32Array(64);
  /** Entries of 8 words: ph, pl, oh, ol, depth + 1 (0: empty), lower, upper, move; buckets of 2. */
  private readonly table: Int32Array;
  private readonly mask: number;
  private readonly m = new Int32Array(2);
  private readonly f = new Int32Array(2);

  constructor(settings: LabSettings) {
    checkLabSettings(settings);
    this.settings = settings;
    this.table = new Int32Array(settings.tableBits > 0 ? 8 << settings.tableBits : 0);
    this.mask = settings.tableBits > 0 ? (1 << (settings.tableBits - 1)) - 1 : 0;
  }

  /** Searches a position `depth` plies deep with fresh killers, history and table (each position starts alike). */
  search(ph: number, pl: number, oh: number, ol: number, depth: number): LabResult {
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_LAB_DEPTH) throw new RangeError(`depth: 1‥${MAX_LAB_DEPTH}: ${depth}`);
    const s = this.settings;
    this.leaves = 0;
    this.interior = 0;
    this.killer.fill(-1);
    this.historyScore.fill(0);
    this.table.fill(0);
    const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
    this.settings.evaluator?.load(empties, ph, pl, oh, ol);
    const t0 = performance.now();
    let score = s.guess;
    for (const d of iterationDepths(depth, s.deepen)) {
      this.rootMove = -2;
      if (s.algorithm === 'mtdf') score = this.mtdf(ph, pl, oh, ol, empties, d, score);
      else if (s.aspiration > 0) score = this.aspirated(ph, pl, oh, ol, empties, d, score);
      else score = this.node(ph, pl, oh, ol, empties, d, -INF, INF, 0);
    }
    return { depth, score, move: this.rootMove, leaves: this.leaves, interior: this.interior, ms: performance.now() - t0 };
  }

  private mtdf(ph: number, pl: number, oh: number, ol: number, empties: number, depth: number, guess: number): number {
    let g = guess;
    let lower = -INF;
    let upper = INF;
    while (lower < upper) {
      const beta = g === lower ? g + 1 : g;
      g = this.node(ph, pl, oh, ol, empties, depth, beta - 1, beta, 0);
      if (g < beta) upper = g;
      else lower = g;
    }
    return g;
  }

  private aspirated(ph: number, pl: number, oh: number, ol: number, empties: number, depth: number, around: number): number {
    const w = this.settings.aspiration;
    let alpha = around - w;
    let beta = around + w;
    for (;;) {
      const v = this.node(ph, pl, oh, ol, empties, depth, alpha, beta, 0);
      if (v <= alpha && alpha > -INF)
        alpha = -INF; // failed low: open the window below
      else if (v >= beta && beta < INF)
        beta = INF; // failed high: above
      else return v;
    }
  }

  /** The leaf's score: the disc difference, or the weights' score of the evaluator's slot (the line of play is kept there). */
  private evaluate(ph: number, pl: number, oh: number, ol: number, empties: number): number {
    const ev = this.settings.evaluator;
    if (ev === null) return popcount32(ph) + popcount32(pl) - popcount32(oh) - popcount32(ol);
    return Math.round(ev.scoreAt(empties) / 128);
  }

  /**
   * The moves of a node into its list at `base`, each with its flips and its
   * key (lower first): the table's move, then the killers (of the list at
   * `kb`), then by history, then in square order. Returns how many.
   */
  private listMoves(
    mh: number,
    ml: number,
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    base: number,
    kb: number,
    hashMove: number,
  ): number {
    const s = this.settings;
    const f = this.f;
    let n = 0;
    while ((mh | ml) !== 0) {
      const x = lowestSquare(mh, ml);
      if (x < 32) ml &= (ml - 1) | 0;
      else mh &= (mh - 1) | 0;
      flips(x, ph, pl, oh, ol, f, 0);
      const i = base + n++;
      this.sq[i] = x;
      this.fh[i] = f[0];
      this.fl[i] = f[1];
      let k = x;
      if (s.history) k -= Math.min(this.historyScore[x], HISTORY_CAP) * 64;
      for (let j = 0; j < s.killers; j++) if (this.killer[kb + j] === x) k = -(1 << 29) + j;
      if (x === hashMove) k = -(1 << 30);
      this.key[i] = k;
    }
    return n;
  }

  /** Fail-soft negamax of the position within (alpha, beta), `depth` plies; ply 0 records the root's best move. */
  private node(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    empties: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    if (depth === 0) {
      this.leaves++;
      return this.evaluate(ph, pl, oh, ol, empties);
    }
    const m = this.m;
    moves(ph, pl, oh, ol, m, 0);
    const mh = m[0];
    const ml = m[1];
    if ((mh | ml) === 0) {
      moves(oh, ol, ph, pl, m, 0);
      if ((m[0] | m[1]) === 0) {
        this.leaves++;
        return finalScore(ph, pl, oh, ol);
      }
      this.interior++;
      if (ply === 0) this.rootMove = -1;
      const ev = this.settings.evaluator;
      ev?.pass(empties);
      const v = (0 - this.node(oh, ol, ph, pl, empties, depth - 1, (0 - beta) | 0, (0 - alpha) | 0, ply + 1)) | 0;
      ev?.pass(empties);
      return v;
    }
    this.interior++;

    const s = this.settings;
    const table = this.table;
    const bucket = table.length > 0 ? (hashPosition(ph, pl, oh, ol) & this.mask) << 4 : 0;
    const entry = table.length > 0 ? this.find(bucket, ph, pl, oh, ol) : -1;
    const hashMove = entry >= 0 ? table[entry + 7] : -1;
    if (entry >= 0) {
      const cut = this.boundCut(entry, hashMove, depth, alpha, beta, ply);
      if (cut !== NO_CUT) return cut;
    }

    const base = ply * LIST;
    const kb = ply * MAX_KILLERS;
    const n = this.listMoves(mh, ml, ph, pl, oh, ol, base, kb, hashMove);

    const alpha0 = alpha;
    const ev = s.evaluator;
    let best = -INF;
    let bestMove = -1;
    const end = base + n;
    for (let i = base; i < end; i++) {
      this.pick(i, end);
      const x = this.sq[i];
      const fh = this.fh[i];
      const fl = this.fl[i];
      const cph = oh ^ fh;
      const cpl = ol ^ fl;
      const coh = placedHi(ph, fh, x);
      const col = placedLo(pl, fl, x);
      if (ev !== null) ev.play(empties, x, fh, fl);
      let v: number;
      if (s.algorithm === 'negascout' && i > base) {
        v = (0 - this.node(cph, cpl, coh, col, empties - 1, depth - 1, (0 - alpha - 1) | 0, (0 - alpha) | 0, ply + 1)) | 0;
        if (v > alpha && v < beta)
          v = (0 - this.node(cph, cpl, coh, col, empties - 1, depth - 1, (0 - beta) | 0, (0 - v) | 0, ply + 1)) | 0;
      } else {
        v = (0 - this.node(cph, cpl, coh, col, empties - 1, depth - 1, (0 - beta) | 0, (0 - alpha) | 0, ply + 1)) | 0;
      }
      if (v > best) {
        best = v;
        bestMove = x;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) {
            this.cut(x, kb, depth);
            break;
          }
        }
      }
    }
    // The root's move: one that proved its score (a search that failed low proves none).
    if (ply === 0 && (best > alpha0 || this.rootMove === -2)) this.rootMove = bestMove;
    if (table.length > 0) this.record(bucket, entry, ph, pl, oh, ol, depth, alpha0, beta, best, bestMove);
    return best;
  }

  /**
   * The word of the node's table entry: a bound stored at exactly this
   * depth that decides the node (its move, the root's when at ply 0), else
   * NO_CUT.
   */
  private boundCut(entry: number, hashMove: number, depth: number, alpha: number, beta: number, ply: number): number {
    const table = this.table;
    if (table[entry + 4] !== depth + 1) return NO_CUT;
    const lower = table[entry + 5];
    const upper = table[entry + 6];
    if (lower >= beta || lower === upper) {
      if (ply === 0) this.rootMove = hashMove;
      return lower;
    }
    if (upper <= alpha) {
      if (ply === 0 && this.rootMove === -2) this.rootMove = hashMove;
      return upper;
    }
    return NO_CUT;
  }

  /** A cut by move x at this ply: a killer first in its ply's list, history credit. */
  private cut(x: number, kb: number, depth: number): void {
    const k = this.settings.killers;
    if (k > 0 && this.killer[kb] !== x) {
      let j = k - 1;
      for (let t = 0; t < k - 1; t++) if (this.killer[kb + t] === x) j = t; // already a killer: move it up
      for (; j > 0; j--) this.killer[kb + j] = this.killer[kb + j - 1];
      this.killer[kb] = x;
    }
    if (this.settings.history) this.historyScore[x] += depth * depth;
  }

  /** Moves the lowest-keyed move of slots i‥end-1 to slot i. */
  private pick(i: number, end: number): void {
    let b = i;
    for (let j = i + 1; j < end; j++) if (this.key[j] < this.key[b]) b = j;
    if (b === i) return;
    let t = this.sq[i];
    this.sq[i] = this.sq[b];
    this.sq[b] = t;
    t = this.fh[i];
    this.fh[i] = this.fh[b];
    this.fh[b] = t;
    t = this.fl[i];
    this.fl[i] = this.fl[b];
    this.fl[b] = t;
    t = this.key[i];
    this.key[i] = this.key[b];
    this.key[b] = t;
  }

  /** The position's entry in its bucket (word offset b), or -1. */
  private find(b: number, ph: number, pl: number, oh: number, ol: number): number {
    const t = this.table;
    for (let e = b; e < b + 16; e += 8) {
      if (t[e + 4] !== 0 && t[e] === ph && t[e + 1] === pl && t[e + 2] === oh && t[e + 3] === ol) return e;
    }
    return -1;
  }

  /**
   * The result of a search at `depth` within (alpha, beta): the position's
   * entry if it has one (same depth: the bounds tighten; other depth: they
   * are replaced), else the bucket's emptier or shallower slot.
   */
  private record(
    b: number,
    e: number,
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    depth: number,
    alpha: number,
    beta: number,
    score: number,
    move: number,
  ): void {
    const t = this.table;
    const lower = score > alpha ? score : -INF;
    const upper = score < beta ? score : INF;
    if (e >= 0 && t[e + 4] === depth + 1) {
      if (lower > t[e + 5]) t[e + 5] = lower;
      if (upper < t[e + 6]) t[e + 6] = upper;
      if (score > alpha) t[e + 7] = move; // a failed-low search's best move proves nothing
      return;
    }
    if (e < 0) e = t[b + 4] <= t[b + 12] ? b : b + 8;
    t[e] = ph;
    t[e + 1] = pl;
    t[e + 2] = oh;
    t[e + 3] = ol;
    t[e + 4] = depth + 1;
    t[e + 5] = lower;
    t[e + 6] = upper;
    t[e + 7] = move;
  }
}

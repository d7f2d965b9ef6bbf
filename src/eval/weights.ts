/**
 * Evaluation weights and the evaluator. Weights are held packed (one per
 * mirror pair, N_PACKED per table) in one or more tables: one per empties
 * count (61, as Edax's 61 plies: ply = 60 - empties), or one per band of K
 * consecutive empties counts (table = floor(empties / K)).
 *
 * Two evaluators read them: `Evaluator` expands every table once into the
 * unpacked layout (an index lookup per feature), `NibbleEvaluator` reads a
 * 4-bit table directly (packed index, then a nibble and a decode table).
 * Scores are in Edax's units: 1/128 of a disc, for the side to move.
 *
 * Twin: assembly/eval.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { popcount32 } from 'native-free-bitboard';
import { describe, OptionError } from '../errors.js';
import {
  featureIndices,
  GROUP_SIZE,
  N_GROUPS,
  N_PACKED,
  N_PATTERNS,
  N_PLIES,
  N_WEIGHTS,
  PACK,
  PACKED_OFFSET,
  SQ_FEATURE,
  SQ_POWER,
  SQ_START,
  SWAP,
  UNPACKED_OFFSET,
} from './features.js';

export class Weights {
  /** Empties counts per table (1: one table per empties count). */
  readonly band: number;
  /** tables × N_PACKED weights. */
  readonly packed: Int16Array;

  constructor(band: number, packed: Int16Array) {
    if (!Number.isInteger(band) || band < 1 || band > N_PLIES) throw new RangeError(`band width must be 1‥${N_PLIES}: ${band}`);
    if (packed.length !== tablesFor(band) * N_PACKED)
      throw new RangeError(`${packed.length} weights for ${tablesFor(band)} tables of ${N_PACKED}`);
    this.band = band;
    this.packed = packed;
  }

  get tables(): number {
    return tablesFor(this.band);
  }

  /** The table that serves positions with this many empties. */
  tableOf(empties: number): number {
    return Math.floor(empties / this.band);
  }

  table(t: number): Int16Array {
    return this.packed.subarray(t * N_PACKED, (t + 1) * N_PACKED);
  }
}

/** Tables of a band width: 61 empties counts (0‥60) in bands of K. */
export function tablesFor(band: number): number {
  return Math.ceil(N_PLIES / band);
}

const F = new Int32Array(N_PATTERNS);
const NONE = new Int16Array(0);

/** to[at + i] = from[index[i]] for every i of index. */
function gather(from: Int16Array, index: Int32Array, to: Int16Array, at: number): void {
  for (let i = 0; i < index.length; i++) to[at + i] = from[index[i]];
}

let PACK_SWAPPED: Int32Array | null = null;

/** Unpacked index → the packed index of the same pattern seen from the other side (PACK after SWAP), made once per thread. */
function packSwapped(): Int32Array {
  if (PACK_SWAPPED !== null) return PACK_SWAPPED;
  const out = new Int32Array(N_WEIGHTS);
  for (let g = 0; g < N_GROUPS; g++) {
    const size = GROUP_SIZE[g];
    const pad = 59049 - size; // leading 2s up to 10 digits, which SWAP keeps
    const off = UNPACKED_OFFSET[g];
    for (let i = 0; i < size; i++) out[off + i] = PACK[off + (size === 1 ? i : SWAP[i + pad] - pad)];
  }
  PACK_SWAPPED = out;
  return out;
}

/** Weights expanded for the evaluator (Evaluator.expanded): tables × N_WEIGHTS each of w and ws, the tables' band width. */
export interface ExpandedWeights {
  readonly w: Int16Array;
  readonly ws: Int16Array;
  readonly band: number;
}

/** Expands the weights once, when first read (unpacked, 226,315 per table): one lookup per feature. */
export class Evaluator {
  /** Empty until expanded (expand): a thread whose engine holds its own copy never needs them here. */
  private w: Int16Array = NONE;
  /** The same weights seen from the other side: ws[i] = w[i with its digits 0 and 1 swapped]. */
  private ws: Int16Array = NONE;
  /** Empties counts per table. */
  readonly band: number;
  /** The packed weights while not expanded here. */
  private source: Weights | null = null;
  /** Expand into shared memory (the run's other threads read them there). */
  private readonly shared: boolean = false;

  /**
   * Takes packed weights, expanded when first read (in shared memory when
   * `shared`, for other threads to build their evaluators on: new
   * Evaluator(this.expanded)), or weights another evaluator expanded,
   * without a copy.
   */
  constructor(weights: Weights | ExpandedWeights, shared = false) {
    if (
      !(weights instanceof Weights) &&
      !(weights !== null && typeof weights === 'object' && (weights as ExpandedWeights).w instanceof Int16Array)
    )
      throw new OptionError('weights', `weights (a Weights, or an evaluator's expanded ones), not ${describe(weights)}`);
    this.band = weights.band;
    if (!(weights instanceof Weights)) {
      if (weights.w.length !== weights.ws.length || weights.w.length !== tablesFor(weights.band) * N_WEIGHTS) {
        throw new RangeError(
          `expanded weights of ${weights.w.length} and ${weights.ws.length} for ${tablesFor(weights.band)} tables of ${N_WEIGHTS}`,
        );
      }
      this.w = weights.w;
      this.ws = weights.ws;
      return;
    }
    this.source = weights;
    this.shared = shared;
  }

  /** Tables of the expanded weights (one per band of empties counts). */
  get tables(): number {
    return tablesFor(this.band);
  }

  /**
   * Writes the expanded weights into w and ws (tables × N_WEIGHTS each, the
   * WebAssembly engine's memory): gathered from the packed weights when
   * this evaluator has not expanded them, copied when it has. It does not
   * read them from there: that memory is the engine's.
   */
  expandInto(w: Int16Array, ws: Int16Array): void {
    const source = this.source;
    if (source === null) {
      w.set(this.w);
      ws.set(this.ws);
      return;
    }
    const swapped = packSwapped();
    for (let t = 0; t < source.tables; t++) {
      gather(source.table(t), PACK, w, t * N_WEIGHTS);
      gather(source.table(t), swapped, ws, t * N_WEIGHTS);
    }
  }

  /** Expands the weights if not yet: every reader of w and ws comes through here first (load, evaluate). */
  private expand(): void {
    if (this.source === null) return;
    const n = this.source.tables * N_WEIGHTS;
    const w = this.shared ? new Int16Array(new SharedArrayBuffer(2 * n)) : new Int16Array(n);
    const ws = this.shared ? new Int16Array(new SharedArrayBuffer(2 * n)) : new Int16Array(n);
    this.expandInto(w, ws);
    this.w = w;
    this.ws = ws;
    this.source = null;
  }

  /** The expanded weights as the line of play reads them (w, and ws seen from the other side): another thread's evaluator. */
  get expanded(): ExpandedWeights {
    this.expand();
    return { w: this.w, ws: this.ws, band: this.band };
  }

  /** Score of the position for P (to move), in 1/128 disc. */
  evaluate(ph: number, pl: number, oh: number, ol: number): number {
    this.expand();
    const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
    const base = Math.floor(empties / this.band) * N_WEIGHTS;
    featureIndices(ph, pl, oh, ol, F);
    const w = this.w;
    let s = w[base + UNPACKED_OFFSET[12]];
    for (let f = 0; f < N_PATTERNS; f++) s += w[base + F[f]];
    return s;
  }

  /*
   * The exact search's line of play, one position per empties count, kept
   * as Edax keeps it: pattern indices (group offsets included) with fixed
   * colours, A = digit 0 and B = 1 (2 empty), and which of them moves. A
   * move changes only the patterns through its square and the flipped
   * discs; a pass changes only the side; the score reads w when A moves,
   * ws when B does. Slot 65 is scratch (childScoreAt).
   */
  private readonly line = new Int32Array(66 * N_PATTERNS);
  private readonly turn = new Uint8Array(66);

  /** Puts a position (P to move, as colour A) in the line's slot for its empties count, from the bitboards. */
  load(empties: number, ph: number, pl: number, oh: number, ol: number): void {
    this.expand();
    featureIndices(ph, pl, oh, ol, F);
    const at = empties * N_PATTERNS;
    for (let f = 0; f < N_PATTERNS; f++) this.line[at + f] = F[f];
    this.turn[empties] = 0;
  }

  /** The child of slot `empties`'s position after move x flipping (fh, fl), into slot empties - 1. */
  play(empties: number, x: number, fh: number, fl: number): void {
    this.playTo(empties, (empties - 1) * N_PATTERNS, x, fh, fl);
    this.turn[empties - 1] = this.turn[empties] ^ 1;
  }

  /** The side to move passes in slot `empties` (again to undo). */
  pass(empties: number): void {
    this.turn[empties] ^= 1;
  }

  /** Score of slot `empties`'s position for its side to move, in 1/128 disc. */
  scoreAt(empties: number): number {
    return this.sum(empties * N_PATTERNS, Math.floor(empties / this.band) * N_WEIGHTS, this.turn[empties]);
  }

  /** Score, for the side then to move, of the child of slot `empties`'s position after move x flipping (fh, fl). */
  childScoreAt(empties: number, x: number, fh: number, fl: number): number {
    const at = 65 * N_PATTERNS;
    this.playTo(empties, at, x, fh, fl);
    return this.sum(at, Math.floor((empties - 1) / this.band) * N_WEIGHTS, this.turn[empties] ^ 1);
  }

  private playTo(empties: number, to: number, x: number, fh: number, fl: number): void {
    const line = this.line;
    const from = empties * N_PATTERNS;
    for (let f = 0; f < N_PATTERNS; f++) line[to + f] = line[from + f];
    // The mover's digit: A plays 2 → 0 and flips 1 → 0; B plays 2 → 1 and flips 0 → 1.
    const a = this.turn[empties] === 0;
    const dx = a ? 2 : 1;
    const df = a ? -1 : 1;
    for (let k = SQ_START[x], end = SQ_START[x + 1]; k < end; k++) line[to + SQ_FEATURE[k]] -= dx * SQ_POWER[k];
    this.turnDiscs(fl, 0, to, df);
    this.turnDiscs(fh, 32, to, df);
  }

  /** Adds delta × 3^k to the digit of every square of `bits` (a word whose bit 0 is square `base`) in the slot at `to`. */
  private turnDiscs(bits: number, base: number, to: number, delta: number): void {
    const line = this.line;
    while (bits !== 0) {
      const s = base + 31 - Math.clz32(bits & ((0 - bits) | 0));
      bits &= (bits - 1) | 0;
      for (let k = SQ_START[s], end = SQ_START[s + 1]; k < end; k++) line[to + SQ_FEATURE[k]] += delta * SQ_POWER[k];
    }
  }

  private sum(at: number, base: number, side: number): number {
    const w = side === 0 ? this.w : this.ws;
    const line = this.line;
    let s = w[base + UNPACKED_OFFSET[12]];
    for (let f = 0; f < N_PATTERNS; f++) s += w[base + line[at + f]];
    return s;
  }
}

/** Values a 4-bit code can take. */
export const CODES = 16;

/** The 15 values of a 4-bit weight: code 0 = 0, 1‥7 = +32‥+2048, 9‥15 = -32‥-2048 (8 unused, read as 0). */
export const NIBBLE_VALUES = Int16Array.from({ length: CODES }, (_, c) =>
  c === 0 || c === 8 ? 0 : c < 8 ? 32 << (c - 1) : -(32 << (c - 9)),
);

/** The 4-bit code of a weight that is 0 or ±2^k with 32 ≤ 2^k ≤ 2048; -1 otherwise. */
export function nibbleOf(w: number): number {
  if (w === 0) return 0;
  const a = Math.abs(w);
  const k = Math.log2(a / 32);
  if (!Number.isInteger(k) || k < 0 || k > 6) return -1;
  return w > 0 ? k + 1 : k + 9;
}

/** The group (0‥12) of each packed index of a table. */
const GROUP_OF = new Uint8Array(N_PACKED);
for (let g = 0; g < N_GROUPS; g++) GROUP_OF.fill(g, PACKED_OFFSET[g], PACKED_OFFSET[g + 1]);

/** The fixed codes as a codebook: NIBBLE_VALUES for every table and group. */
function powersOfTwo(band: number): Int16Array {
  const book = new Int16Array(tablesFor(band) * N_GROUPS * CODES);
  for (let k = 0; k < book.length; k += CODES) book.set(NIBBLE_VALUES, k);
  return book;
}

/** The value of the code of packed weight i (table × N_PACKED + index) in a codebook. */
function decode(book: Int16Array, bytes: Uint8Array, i: number): number {
  return book[(Math.floor(i / N_PACKED) * N_GROUPS + GROUP_OF[i % N_PACKED]) * CODES + codeOf(bytes, i)];
}

/** The 4-bit code of packed weight i: two to a byte, low nibble first. */
function codeOf(bytes: Uint8Array, i: number): number {
  return (bytes[i >> 1] >> ((i & 1) << 2)) & 15;
}

/** out[i] = the value of packed weight i's code in the book's 16 values from `k`, for i in [from, to). */
function decodeRun(book: Int16Array, k: number, bytes: Uint8Array, out: Int16Array, from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = book[k + codeOf(bytes, i)];
}

/**
 * Reads 4-bit packed weights directly: two per byte, low nibble first, each
 * code decoded by its table and group's 16 values (a codebook file's), or
 * by the fixed powers of two.
 */
export class NibbleEvaluator {
  private readonly bytes: Uint8Array;
  private readonly band: number;
  private readonly book: Int16Array;

  constructor(band: number, bytes: Uint8Array, codebook?: Int16Array) {
    if (!(bytes instanceof Uint8Array)) throw new OptionError('bytes', `the 4-bit weights' bytes (a Uint8Array), not ${describe(bytes)}`);
    if (bytes.length !== tablesFor(band) * (N_PACKED >> 1))
      throw new RangeError(`${bytes.length} bytes for ${tablesFor(band)} 4-bit tables`);
    if (codebook && codebook.length !== tablesFor(band) * N_GROUPS * CODES)
      throw new RangeError(`a codebook of ${codebook.length} values for ${tablesFor(band)} tables`);
    this.band = band;
    this.bytes = bytes;
    this.book = codebook ?? powersOfTwo(band);
  }

  evaluate(ph: number, pl: number, oh: number, ol: number): number {
    const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
    const base = Math.floor(empties / this.band) * N_PACKED;
    featureIndices(ph, pl, oh, ol, F);
    let s = decode(this.book, this.bytes, base + PACK[UNPACKED_OFFSET[12]]);
    for (let f = 0; f < N_PATTERNS; f++) s += decode(this.book, this.bytes, base + PACK[F[f]]);
    return s;
  }
}

/**
 * Packs weights two to a byte: each 0 or ±2^k (32‥2048), or with a codebook
 * each one of its table and group's values; throws on any other value.
 */
export function toNibbles(w: Weights, codebook?: Int16Array): Uint8Array {
  const out = new Uint8Array(w.packed.length >> 1);
  for (let i = 0; i < w.packed.length; i++) {
    const t = Math.floor(i / N_PACKED);
    const k = (t * N_GROUPS + GROUP_OF[i % N_PACKED]) * CODES;
    const c = codebook ? codebook.subarray(k, k + CODES).indexOf(w.packed[i]) : nibbleOf(w.packed[i]);
    if (c < 0) {
      throw new RangeError(
        `weight ${w.packed[i]} (table ${t}, #${i % N_PACKED}) has no 4-bit code: ${codebook ? 'it is not in its codebook' : 'round it first (--pow2 --zero-below 32)'}`,
      );
    }
    out[i >> 1] |= c << ((i & 1) << 2);
  }
  return out;
}

export function fromNibbles(band: number, bytes: Uint8Array, codebook?: Int16Array): Weights {
  const book = codebook ?? powersOfTwo(band);
  const packed = new Int16Array(bytes.length * 2);
  // Group by group: each run of weights reads one 16-value slice of the book.
  for (let t = 0; t * N_PACKED < packed.length; t++) {
    for (let g = 0; g < N_GROUPS; g++)
      decodeRun(book, (t * N_GROUPS + g) * CODES, bytes, packed, t * N_PACKED + PACKED_OFFSET[g], t * N_PACKED + PACKED_OFFSET[g + 1]);
  }
  return new Weights(band, packed);
}

/** One table per empties count from bands (each count gets its band's table): what an Edax eval.dat holds. */
export function expandBands(w: Weights): Weights {
  weightsArgument(w);
  if (w.band === 1) return w;
  const out = new Int16Array(N_PLIES * N_PACKED);
  for (let e = 0; e < N_PLIES; e++) out.set(w.table(w.tableOf(e)), e * N_PACKED);
  return new Weights(1, out);
}

/** Weights handed to the library, checked: a Weights (as readWeights gives them), else an OptionError naming the argument. */
export function weightsArgument(w: unknown, name = 'weights'): Weights {
  if (!(w instanceof Weights)) throw new OptionError(name, `a Weights (as readWeights gives them), not ${describe(w)}`);
  return w;
}

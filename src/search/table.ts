/**
 * The transposition table: 2^h entries allocated once in one Int32Array.
 *
 * Layout: buckets of 2 entries × 32 bytes = one 64-byte cache line, so a
 * probe touches one line. An entry is 8 int32 words:
 *   0‥3  the position itself (player hi, lo, opponent hi, lo): a hit is a
 *        verified hit, two positions never share an entry;
 *   4    lower + 64 | (upper + 64) << 8 | depth << 16 | date << 24;
 *   5    best move | second move << 8 | selectivity << 16 (NO_MOVE = 255);
 *   6‥7  unused, they pad the entry to 32 bytes (and the bucket to a line).
 * Replacement keeps what is deep and current: a store goes to the entry of
 * the same position, else to the bucket's entry from an older search
 * (date), else to the shallower one. A new search bumps the date instead of
 * clearing; an empty entry has date 0.
 */

export const NO_MOVE = 255;
export const MIN_BITS = 10;
export const MAX_BITS = 30;
export const DEFAULT_BITS = 21;
export const ENTRY_BYTES = 32;

const WORDS = 8; // int32 words per entry
const BUCKET_WORDS = 16; // two entries

/** Statistic slots (TranspositionTable.stats). */
export const STAT_PROBES = 0;
export const STAT_HITS = 1;
export const STAT_CUTOFFS = 2; // counted by the search when a bound ends a node
export const STAT_STORES = 3;
export const STAT_OVERWRITES = 4; // a store that evicts another position

/** Bytes the table of 2^bits entries allocates. */
export function tableBytes(bits: number): number {
  return ENTRY_BYTES * 2 ** bits;
}

/** A 32-bit hash of a position, from the four int32 words. */
export function hashPosition(ph: number, pl: number, oh: number, ol: number): number {
  let h = Math.imul(pl ^ Math.imul(oh, 0x2545f491), 0x9e3779b1) ^ Math.imul(ph ^ Math.imul(ol, 0x68e31da5), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

export class TranspositionTable {
  readonly bits: number;
  readonly data: Int32Array;
  readonly stats = new Float64Array(5);
  private readonly bucketMask: number;
  private date = 1;

  constructor(bits: number) {
    if (!Number.isInteger(bits) || bits < MIN_BITS || bits > MAX_BITS) {
      throw new RangeError(`hash bits must be an integer in ${MIN_BITS}‥${MAX_BITS}: ${bits}`);
    }
    this.bits = bits;
    this.data = new Int32Array(WORDS << bits);
    this.bucketMask = (1 << (bits - 1)) - 1;
  }

  get bytes(): number {
    return this.data.byteLength;
  }

  /** Empties every entry and the statistics. */
  clear(): void {
    this.data.fill(0);
    this.stats.fill(0);
    this.date = 1;
  }

  /** Starts a new search: older entries become the first to be replaced. */
  newSearch(): void {
    this.date = this.date >= 255 ? 1 : this.date + 1;
    if (this.date === 1) this.data.fill(0); // dates wrapped: old entries would look new
  }

  /** Word offset of the position's entry, or -1. */
  probe(ph: number, pl: number, oh: number, ol: number, hash: number): number {
    const d = this.data;
    const b = (hash & this.bucketMask) * BUCKET_WORDS;
    this.stats[STAT_PROBES]++;
    if (d[b] === ph && d[b + 1] === pl && d[b + 2] === oh && d[b + 3] === ol) {
      this.stats[STAT_HITS]++;
      return b;
    }
    const e = b + WORDS;
    if (d[e] === ph && d[e + 1] === pl && d[e + 2] === oh && d[e + 3] === ol) {
      this.stats[STAT_HITS]++;
      return e;
    }
    return -1;
  }

  lower(e: number): number {
    return (this.data[e + 4] & 255) - 64;
  }
  upper(e: number): number {
    return ((this.data[e + 4] >> 8) & 255) - 64;
  }
  depth(e: number): number {
    return (this.data[e + 4] >> 16) & 255;
  }
  move(e: number): number {
    return this.data[e + 5] & 255;
  }
  move2(e: number): number {
    return (this.data[e + 5] >> 8) & 255;
  }
  selectivity(e: number): number {
    return (this.data[e + 5] >> 16) & 255;
  }

  /**
   * Records the result `score` of a search of the position to `depth` with
   * window (alpha, beta) and its best move (NO_MOVE if none).
   */
  store(
    ph: number, pl: number, oh: number, ol: number, hash: number,
    depth: number, selectivity: number, alpha: number, beta: number, score: number, move: number,
  ): void {
    const d = this.data;
    const b = (hash & this.bucketMask) * BUCKET_WORDS;
    const date = this.date;
    this.stats[STAT_STORES]++;
    let e = -1;
    if (d[b] === ph && d[b + 1] === pl && d[b + 2] === oh && d[b + 3] === ol) e = b;
    else if (d[b + WORDS] === ph && d[b + WORDS + 1] === pl && d[b + WORDS + 2] === oh && d[b + WORDS + 3] === ol) e = b + WORDS;

    let lower = -64;
    let upper = 64;
    let m1 = NO_MOVE;
    let m2 = NO_MOVE;
    if (e >= 0) {
      const w = d[e + 4];
      const m = d[e + 5];
      if (((w >> 16) & 255) === depth && ((m >> 16) & 255) === selectivity) {
        lower = (w & 255) - 64; // same search depth: the bounds combine
        upper = ((w >> 8) & 255) - 64;
      }
      m1 = m & 255;
      m2 = (m >> 8) & 255;
    } else {
      // Victim: an entry of an older search first, then the shallower one.
      const w0 = d[b + 4];
      const w1 = d[b + WORDS + 4];
      const k0 = ((w0 >>> 24) === date ? 256 : 0) + ((w0 >> 16) & 255);
      const k1 = ((w1 >>> 24) === date ? 256 : 0) + ((w1 >> 16) & 255);
      e = k1 < k0 ? b + WORDS : b;
      if (d[e + 4] >>> 24 !== 0) this.stats[STAT_OVERWRITES]++;
      d[e] = ph;
      d[e + 1] = pl;
      d[e + 2] = oh;
      d[e + 3] = ol;
    }
    if (score > alpha && score > lower) lower = score;
    if (score < beta && score < upper) upper = score;
    if (move !== NO_MOVE && move !== m1) {
      m2 = m1;
      m1 = move;
    }
    d[e + 4] = (lower + 64) | ((upper + 64) << 8) | (depth << 16) | (date << 24);
    d[e + 5] = m1 | (m2 << 8) | (selectivity << 16);
  }
}

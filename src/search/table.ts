/**
 * The transposition table: 2^h entries allocated once in one Int32Array,
 * in one of several layouts (the table-size and cache experiments compare
 * them; `board2` is the default):
 *
 *   board2  buckets of 2 entries × 32 bytes = one 64-byte cache line
 *   board1  1 entry × 32 bytes per bucket (direct-mapped)
 *   board4  4 entries × 32 bytes per bucket (two cache lines)
 *   key4    4 entries × 16 bytes per bucket (one line), a 64-bit key instead
 *           of the position
 *
 * Every entry starts with two data words:
 *   0    lower + 64 | (upper + 64) << 8 | depth << 16 | date << 24;
 *   1    best move | second move << 8 | selectivity << 16 | cost << 24
 *        (NO_MOVE = 255; cost: bits of the node count of the search).
 * A 32-byte "board" entry (8 int32 words) follows them with the position
 * itself in words 2‥5 (player hi, lo, opponent hi, lo): a hit is a verified
 * hit, two positions never share an entry; words 6‥7 pad it to 32 bytes.
 * A 16-byte "key" entry follows them with a 64-bit key (a second 32-bit
 * hash, then the first): half the memory, but a hit is only as sure as the
 * key (a false hit about once in 2^(64-h) probes of a full table).
 *
 * Several threads may share one table (SharedArrayBuffer, split search)
 * without locks: the position or key words are stored XORed with a mix of
 * the two data words, so that an entry torn by two writers, or read while
 * written, fails the comparison and reads as a miss. A probe copies the data
 * words it verified; the accessors read that copy.
 *
 * Replacement keeps what is costly and current: a store goes to the entry
 * of the same position, else to the bucket's entry from an older search
 * (date), else to the one whose search took the fewest nodes (cost), then
 * the shallowest, unless that one is of this search and much costlier
 * (KEEP_COSTLIER): then the new result is not kept. A new search bumps the
 * date instead of clearing; an empty entry has date 0. A clear does not
 * zero the words either: it moves the floor, the first date still in use,
 * past the last date, and an entry dated before the floor is empty (found
 * by no probe, replaced first, no overwrite): the same searches, node for
 * node, as on a zeroed table, without writing 64 MiB per position. The
 * words are zeroed only when the dates run out.
 *
 * Twin: assembly/table.ts, the same code in AssemblyScript for the WebAssembly engine, all four layouts (test/wasm.test.ts holds the two alike).
 */

import {
  KEEP_COSTLIER,
  NO_MOVE,
  SMALL_BUCKETS,
  SMALL_MAX,
  STAT_DROPPED,
  STAT_HITS,
  STAT_OVERWRITES,
  STAT_PROBES,
  STAT_REGION,
  STAT_STORES,
} from './constants.js';

export { NO_MOVE } from './constants.js';
export const MIN_BITS = 10;
export const MAX_BITS = 30;

export type Layout = 'board2' | 'board1' | 'board4' | 'key4';
export const LAYOUTS: Readonly<Record<Layout, { entryBytes: number; ways: number }>> = {
  board2: { entryBytes: 32, ways: 2 },
  board1: { entryBytes: 32, ways: 1 },
  board4: { entryBytes: 32, ways: 4 },
  key4: { entryBytes: 16, ways: 4 },
};

// Statistic slots (Table.stats), one home for both engines (the engine's counters follow them).
export { STAT_CUTOFFS, STAT_DROPPED, STAT_HITS, STAT_OVERWRITES, STAT_PROBES, STAT_REGION, STAT_STORES } from './constants.js';

/**
 * The largest table of a layout, 2^h entries: one Int32Array holds at most
 * 2^32 words (V8's limit), so 2^29 entries of 32 bytes, 2^30 of 16 (key4).
 */
export function maxBitsOf(layout: Layout): number {
  return Math.min(MAX_BITS, 32 - Math.log2(LAYOUTS[layout].entryBytes / 4));
}

/** Bytes a table of 2^bits entries allocates. */
export function tableBytes(bits: number, layout: Layout): number {
  return LAYOUTS[layout].entryBytes * 2 ** bits;
}

/** A 32-bit hash of a position, from the four int32 words. */
export function hashPosition(ph: number, pl: number, oh: number, ol: number): number {
  let h = Math.imul(pl ^ Math.imul(oh, 0x2545f491), 0x9e3779b1) ^ Math.imul(ph ^ Math.imul(ol, 0x68e31da5), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/**
 * The hash of a node's entry: its position's, kept to the first
 * SMALL_BUCKETS buckets at SMALL_MAX empties or fewer (constants.ts) unless
 * the small-node region is off (`region` false: --off small-region); a
 * hash kept there is counted in `stats` (STAT_REGION) when given.
 */
export function nodeHash(ph: number, pl: number, oh: number, ol: number, empties: number, region = true, stats?: Float64Array): number {
  const h = hashPosition(ph, pl, oh, ol);
  if (!region || empties > SMALL_MAX) return h;
  if (stats) stats[STAT_REGION]++;
  return h & (SMALL_BUCKETS - 1);
}

/**
 * A second 32-bit hash, independent of the first (the key of `key4` entries).
 * Each word is mixed in through a rotation and a multiply, so that every
 * input bit reaches every output bit. A product of XORed words (as
 * hashPosition is) only carries a difference upwards: two positions that
 * differ in the top bits of two words then share both hashes far more often
 * than 2^-64, and a keyed table takes one for the other (a wrong exact score
 * from key4 came from that).
 */
export function hashPosition2(ph: number, pl: number, oh: number, ol: number): number {
  let h = 0x6a09e667;
  h = mixWord(h, ph);
  h = mixWord(h, pl);
  h = mixWord(h, oh);
  h = mixWord(h, ol);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** One word into a running hash (a Murmur3-style round). */
function mixWord(h: number, w: number): number {
  let k = Math.imul(w, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** What the search needs of a table. Entries are word offsets into the table's data. */
export interface Table {
  readonly bits: number;
  readonly layout: Layout;
  readonly bytes: number;
  readonly stats: Float64Array;
  clear(): void;
  newSearch(): void;
  /** Word offset of the position's entry, or -1. */
  probe(ph: number, pl: number, oh: number, ol: number, hash: number): number;
  /** Of the entry found by the last successful probe. */
  lower(): number;
  upper(): number;
  depth(): number;
  move(): number;
  move2(): number;
  selectivity(): number;
  /** The date of the current search (shared tables: set the workers' to the owner's; one below the floor sets the floor back to 1). */
  date: number;
  /** The first date in use: entries dated before it are empty (clear moves it). */
  readonly floor: number;
  /** Whether a store may be dropped for a costlier victim of this search (KEEP_COSTLIER); false: every store is stored. */
  keepCostlier: boolean;
  /**
   * Records the result `score` of a search of the position to `depth` with
   * window (alpha, beta) and its best move (NO_MOVE if none).
   */
  record(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    hash: number,
    depth: number,
    selectivity: number,
    alpha: number,
    beta: number,
    score: number,
    move: number,
    cost?: number,
  ): void;
}

/** The cost of a search of n nodes, as a table keeps it: the bit length of n (0‥32). */
export function costOf(n: number): number {
  return n >= 2147483648 ? 32 : 32 - Math.clz32(n | 0);
}

function checkBits(bits: number): void {
  if (!Number.isInteger(bits) || bits < MIN_BITS || bits > MAX_BITS) {
    throw new RangeError(`hash bits must be an integer in ${MIN_BITS}‥${MAX_BITS}: ${bits}`);
  }
}

/** The mix of an entry's data words XORed into its position or key words. */
function mix(w0: number, w1: number): number {
  return w0 ^ Math.imul(w1, 0x9e3779b1);
}

/** Packs bounds, depth and date into word 0 of an entry. */
function packBounds(lower: number, upper: number, depth: number, date: number): number {
  return (lower + 64) | ((upper + 64) << 8) | (depth << 16) | (date << 24);
}

/**
 * The shared part: the two data words at the start of an entry, the date,
 * clearing and the merge of a new result into old bounds.
 */
abstract class TableBase {
  readonly bits: number;
  readonly data: Int32Array;
  readonly stats = new Float64Array(7);
  /** The current search's date and the floor (Table.date, Table.floor). */
  private now = 1;
  floor = 1;
  /** The data words of the entry the last successful probe found. */
  protected w0 = 0;
  protected w1 = 0;

  /** Zeroes every word (zeroWords: the owner's faster way, if it has one). */
  private readonly zero: () => void;

  /**
   * A table in its own memory, or a view on `shared` (a buffer made with
   * `sharedTableBuffer`, or words of a WebAssembly engine's memory, whose
   * memory.fill zeroes them: `zeroWords`).
   */
  constructor(bits: number, words: number, shared?: SharedArrayBuffer | Int32Array, zeroWords?: () => void) {
    checkBits(bits);
    this.bits = bits;
    // Products, not shifts: from 2^28 entries the words pass 2^31, where a shift turns negative.
    this.data = shared instanceof Int32Array ? shared : shared ? new Int32Array(shared) : new Int32Array(words * 2 ** bits);
    if (this.data.length !== words * 2 ** bits)
      throw new RangeError(`a shared table of ${this.data.byteLength} bytes is not 2^${bits} entries`);
    this.zero = zeroWords ?? (() => this.data.fill(0));
  }

  get bytes(): number {
    return this.data.byteLength;
  }

  get date(): number {
    return this.now;
  }

  /** A date from elsewhere (a split's owner, a queue's job): below the floor, every entry becomes visible again (true bounds still, of their positions). */
  set date(d: number) {
    this.now = d;
    if (d < this.floor) this.floor = 1;
  }

  /** Empties every entry (the floor moves past the date, or the words are zeroed when the dates run out) and the statistics. */
  clear(): void {
    this.stats.fill(0);
    if (this.now >= 254) this.restart();
    else this.floor = ++this.now;
  }

  /** Starts a new search: older entries become the first to be replaced. */
  newSearch(): void {
    if (this.now >= 255)
      this.restart(); // dates wrapped: old entries would look new
    else this.now++;
  }

  /** Zeroes the words: date 1, floor 1. */
  private restart(): void {
    this.zero();
    this.now = 1;
    this.floor = 1;
  }

  lower(): number {
    return (this.w0 & 255) - 64;
  }
  upper(): number {
    return ((this.w0 >> 8) & 255) - 64;
  }
  depth(): number {
    return (this.w0 >> 16) & 255;
  }
  move(): number {
    return this.w1 & 255;
  }
  move2(): number {
    return (this.w1 >> 8) & 255;
  }
  selectivity(): number {
    return (this.w1 >> 16) & 255;
  }

  /**
   * The entry of bucket [b, end) (entries `stride` words apart) to replace:
   * one of an older search (or empty) first, then the cheapest to search
   * again (cost, then depth): a small table keeps the entries that save
   * the most work (bench/README, "The table's replacement rule").
   */
  protected victim(b: number, end: number, stride: number): number {
    const d = this.data;
    let victim = b;
    let k = 1 << 30;
    const date = this.now;
    const floor = this.floor;
    for (let e = b; e < end; e += stride) {
      const w = d[e];
      const t = w >>> 24;
      const r = t < floor ? 0 : (t === date ? 1 << 16 : 0) + ((d[e + 1] >>> 24) << 8) + ((w >> 16) & 255);
      if (r < k) {
        k = r;
        victim = e;
      }
    }
    return victim;
  }

  /** Whether a store may be dropped for a costlier victim (KEEP_COSTLIER); false: every store is stored, as Edax's table does (--off keep-costlier; the search context sets it). */
  keepCostlier = true;

  /** Whether entry e, the bucket's victim, is of this search and costlier by more than KEEP_COSTLIER bits than a new result of this cost: the result is then not stored (counted: STAT_DROPPED). */
  protected keeps(e: number, cost: number): boolean {
    const d = this.data;
    const kept = this.keepCostlier && d[e] >>> 24 === this.now && d[e + 1] >>> 24 > cost + KEEP_COSTLIER;
    if (kept) this.stats[STAT_DROPPED]++;
    return kept;
  }

  /**
   * Writes a result into entry a's data words and returns their mix (to XOR
   * into the position words); `same` when a holds the position (found by the
   * last probe: its bounds of the same depth then combine with the new one).
   */
  protected write(
    a: number,
    same: boolean,
    depth: number,
    selectivity: number,
    alpha: number,
    beta: number,
    score: number,
    move: number,
    cost: number,
  ): number {
    const d = this.data;
    let lower = -64;
    let upper = 64;
    let m1 = NO_MOVE;
    let m2 = NO_MOVE;
    if (same) {
      const w = this.w0;
      const m = this.w1;
      if (((w >> 16) & 255) === depth && ((m >> 16) & 255) === selectivity) {
        lower = (w & 255) - 64;
        upper = ((w >> 8) & 255) - 64;
      }
      m1 = m & 255;
      m2 = (m >> 8) & 255;
    } else if (d[a] >>> 24 >= this.floor) {
      this.stats[STAT_OVERWRITES]++;
    }
    if (score > alpha && score > lower) lower = score;
    if (score < beta && score < upper) upper = score;
    if (move !== NO_MOVE && move !== m1) {
      m2 = m1;
      m1 = move;
    }
    const w0 = packBounds(lower, upper, depth, this.now);
    const w1 = m1 | (m2 << 8) | (selectivity << 16) | (cost << 24);
    d[a] = w0;
    d[a + 1] = w1;
    return mix(w0, w1);
  }
}

/** Entries that hold the whole position (layouts board1, board2, board4). */
export class TranspositionTable extends TableBase implements Table {
  readonly layout: Layout;
  private readonly bucketMask: number;
  private readonly bucketWords: number;

  constructor(
    bits: number,
    layout: 'board1' | 'board2' | 'board4' = 'board2',
    shared?: SharedArrayBuffer | Int32Array,
    zeroWords?: () => void,
  ) {
    super(bits, 8, shared, zeroWords);
    const ways = LAYOUTS[layout].ways;
    this.layout = layout;
    this.bucketWords = 8 * ways;
    this.bucketMask = 2 ** bits / ways - 1;
  }

  /** Offset of the position's entry in its bucket (its data words copied), or -1; counts nothing. */
  private find(ph: number, pl: number, oh: number, ol: number, b: number): number {
    const d = this.data;
    for (let e = b; e < b + this.bucketWords; e += 8) {
      const w0 = d[e];
      const w1 = d[e + 1];
      const k = mix(w0, w1);
      if ((d[e + 2] ^ k) === ph && (d[e + 3] ^ k) === pl && (d[e + 4] ^ k) === oh && (d[e + 5] ^ k) === ol && w0 >>> 24 >= this.floor) {
        this.w0 = w0;
        this.w1 = w1;
        return e;
      }
    }
    return -1;
  }

  probe(ph: number, pl: number, oh: number, ol: number, hash: number): number {
    this.stats[STAT_PROBES]++;
    const e = this.find(ph, pl, oh, ol, (hash & this.bucketMask) * this.bucketWords);
    if (e >= 0) this.stats[STAT_HITS]++;
    return e;
  }

  record(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    hash: number,
    depth: number,
    selectivity: number,
    alpha: number,
    beta: number,
    score: number,
    move: number,
    cost = 0,
  ): void {
    const b = (hash & this.bucketMask) * this.bucketWords;
    this.stats[STAT_STORES]++;
    let e = this.find(ph, pl, oh, ol, b);
    const same = e >= 0;
    if (!same) {
      e = this.victim(b, b + this.bucketWords, 8);
      if (this.keeps(e, cost)) return;
    }
    const k = this.write(e, same, depth, selectivity, alpha, beta, score, move, cost);
    const d = this.data;
    d[e + 2] = ph ^ k;
    d[e + 3] = pl ^ k;
    d[e + 4] = oh ^ k;
    d[e + 5] = ol ^ k;
  }
}

/** 16-byte entries under a 64-bit key, 4 to a cache line (layout key4). */
export class KeyedTable extends TableBase implements Table {
  readonly layout: Layout = 'key4';
  private readonly bucketMask: number;

  constructor(bits: number, shared?: SharedArrayBuffer | Int32Array, zeroWords?: () => void) {
    super(bits, 4, shared, zeroWords);
    this.bucketMask = 2 ** bits / 4 - 1;
  }

  /** Offset of the entry with this key in bucket b (its data words copied), or -1; counts nothing. */
  private find(key: number, hash: number, b: number): number {
    const d = this.data;
    for (let e = b; e < b + 16; e += 4) {
      const w0 = d[e];
      const w1 = d[e + 1];
      const k = mix(w0, w1);
      if ((d[e + 2] ^ k) === key && (d[e + 3] ^ k) === hash && w0 >>> 24 >= this.floor) {
        this.w0 = w0;
        this.w1 = w1;
        return e;
      }
    }
    return -1;
  }

  probe(ph: number, pl: number, oh: number, ol: number, hash: number): number {
    this.stats[STAT_PROBES]++;
    const e = this.find(hashPosition2(ph, pl, oh, ol), hash, (hash & this.bucketMask) * 16);
    if (e >= 0) this.stats[STAT_HITS]++;
    return e;
  }

  record(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    hash: number,
    depth: number,
    selectivity: number,
    alpha: number,
    beta: number,
    score: number,
    move: number,
    cost = 0,
  ): void {
    const key = hashPosition2(ph, pl, oh, ol);
    const b = (hash & this.bucketMask) * 16;
    this.stats[STAT_STORES]++;
    let e = this.find(key, hash, b);
    const same = e >= 0;
    if (!same) {
      e = this.victim(b, b + 16, 4);
      if (this.keeps(e, cost)) return;
    }
    const k = this.write(e, same, depth, selectivity, alpha, beta, score, move, cost);
    this.data[e + 2] = key ^ k;
    this.data[e + 3] = hash ^ k;
  }
}

/** A table of 2^bits entries in the given layout; on `shared` memory when given (see sharedTableBuffer). */
export function createTable(bits: number, layout: Layout, shared?: SharedArrayBuffer | Int32Array, zeroWords?: () => void): Table {
  return layout === 'key4' ? new KeyedTable(bits, shared, zeroWords) : new TranspositionTable(bits, layout, shared, zeroWords);
}

/** Memory for a table that several threads share. */
export function sharedTableBuffer(bits: number, layout: Layout): SharedArrayBuffer {
  checkBits(bits);
  return new SharedArrayBuffer(tableBytes(bits, layout));
}

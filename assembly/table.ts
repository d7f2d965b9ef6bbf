/*
 * The transposition table, the twin of src/search/table.ts for its four
 * layouts (board1, board2, board4: 32-byte entries holding the whole
 * position, 1, 2 or 4 to a bucket; key4: 16-byte entries under a 64-bit
 * key, 4 to a bucket), in the memory the host placed it in: the same
 * words, so that the TypeScript search and this one read and write one
 * table (the root's probes in TypeScript, the tree below here, a split
 * position's threads together). Statistics count in this thread's scratch
 * (state.ts).
 */
import { countStat } from './state';

// The no-move mark and the statistic slots: src/search/constants.ts, one home for both engines.
import {
  KEEP_COSTLIER, NO_MOVE, SMALL_BUCKETS, SMALL_MAX, STAT_CUTOFFS, STAT_DROPPED, STAT_HITS, STAT_OVERWRITES, STAT_PROBES, STAT_REGION, STAT_STORES,
} from '../src/search/constants';
import { OFF_KEEP_COSTLIER, OFF_SMALL_REGION } from '../src/search/switches';
export { NO_MOVE } from '../src/search/constants';
export { STAT_CUTOFFS };

let base: usize = 0;
let bucketMask: i32 = 0;
let bucketBytes: i32 = 64;
/** 16-byte entries under a key (key4) rather than 32-byte entries holding the position. */
let keyed: bool = false;
/** The date of the current search and the floor, the first date in use (set by the host for each search: Table.date, Table.floor); entries dated before the floor are empty. */
export let date: i32 = 1;
export let floor: i32 = 1;
/** The table's rules (src/search/switches.ts): the small-node region, and dropping a store for a costlier victim (KEEP_COSTLIER). */
let smallRegion: bool = true;
let keepCostlier: bool = true;
/** The data words of the entry the last successful probe found. */
let w0: i32 = 0;
let w1: i32 = 0;

/** The table's rules from the search's switches (--off small-region, keep-costlier), as the TypeScript search context sets them. */
export function setTableRules(off: i32): void {
  smallRegion = (off & OFF_SMALL_REGION) == 0;
  keepCostlier = (off & OFF_KEEP_COSTLIER) == 0;
}

/** Where the table is: 2^bits entries of `entryBytes` (32, or 16: keyed) at `at`, `ways` to a bucket. */
export function useTable(at: usize, bits: i32, ways: i32, entryBytes: i32): void {
  base = at;
  keyed = entryBytes == 16;
  bucketMask = (1 << bits) / ways - 1;
  bucketBytes = entryBytes * ways;
}

/** Zeroes every entry of the table (memory.fill: on a shared memory, several times faster than the host's typed-array fill). */
export function zeroTable(): void {
  memory.fill(base, 0, <usize>(bucketMask + 1) * <usize>bucketBytes);
}

export function setDate(d: i32, f: i32): void {
  date = d;
  floor = f;
}

/** A 32-bit hash of a position, from the four int32 words. */
// @ts-ignore: decorator
@inline export function hashPosition(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  let h = ((pl ^ (oh * <i32>0x2545f491)) * <i32>0x9e3779b1) ^ ((ph ^ (ol * <i32>0x68e31da5)) * <i32>0x85ebca6b);
  h ^= <i32>(<u32>h >> 15);
  h *= <i32>0x2c1b3c6d;
  return h ^ <i32>(<u32>h >> 13);
}

/** The hash of a node's entry: its position's, kept to the first SMALL_BUCKETS buckets at SMALL_MAX empties or fewer (src/search/constants.ts), and counted there (STAT_REGION). */
// @ts-ignore: decorator
@inline export function nodeHash(ph: i32, pl: i32, oh: i32, ol: i32, empties: i32): i32 {
  const h = hashPosition(ph, pl, oh, ol);
  if (!smallRegion || empties > SMALL_MAX) return h;
  countStat(STAT_REGION);
  return h & (SMALL_BUCKETS - 1);
}

/** A second 32-bit hash, independent of the first: the key of key4 entries (src/search/table.ts says why each word is rotated and multiplied in). */
export function hashPosition2(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  let h: i32 = <i32>0x6a09e667;
  h = mixWord(h, ph);
  h = mixWord(h, pl);
  h = mixWord(h, oh);
  h = mixWord(h, ol);
  h ^= <i32>(<u32>h >> 16);
  h *= <i32>0x85ebca6b;
  h ^= <i32>(<u32>h >> 13);
  h *= <i32>0xc2b2ae35;
  return h ^ <i32>(<u32>h >> 16);
}

/** One word into a running hash (a Murmur3-style round). */
// @ts-ignore: decorator
@inline function mixWord(h: i32, w: i32): i32 {
  h ^= rotl<i32>(w * <i32>0xcc9e2d51, 15) * <i32>0x1b873593;
  return rotl<i32>(h, 13) * 5 + <i32>0xe6546b64;
}

/** The mix of an entry's data words XORed into its position words. */
// @ts-ignore: decorator
@inline function mix(a: i32, b: i32): i32 {
  return a ^ (b * <i32>0x9e3779b1);
}

/** The cost of a search of n nodes, as the table keeps it: the bit length of n (0‥32). */
// @ts-ignore: decorator
@inline export function costOf(n: f64): i32 {
  return n >= 2147483648.0 ? 32 : 32 - clz<i32>(<i32>n);
}

/** Address of the position's entry in bucket b (its data words copied), or 0; counts nothing. */
function find(ph: i32, pl: i32, oh: i32, ol: i32, b: usize): usize {
  for (let e = b; e < b + <usize>bucketBytes; e += 32) {
    const a = load<i32>(e);
    const c = load<i32>(e, 4);
    const k = mix(a, c);
    if ((load<i32>(e, 8) ^ k) == ph && (load<i32>(e, 12) ^ k) == pl && (load<i32>(e, 16) ^ k) == oh && (load<i32>(e, 20) ^ k) == ol && <i32>(<u32>a >> 24) >= floor) {
      w0 = a;
      w1 = c;
      return e;
    }
  }
  return 0;
}

/** Address of the entry with this key (and hash) in bucket b of a keyed table (its data words copied), or 0; counts nothing. */
function findKeyed(key: i32, hash: i32, b: usize): usize {
  for (let e = b; e < b + 64; e += 16) {
    const a = load<i32>(e);
    const c = load<i32>(e, 4);
    const k = mix(a, c);
    if ((load<i32>(e, 8) ^ k) == key && (load<i32>(e, 12) ^ k) == hash && <i32>(<u32>a >> 24) >= floor) {
      w0 = a;
      w1 = c;
      return e;
    }
  }
  return 0;
}

// @ts-ignore: decorator
@inline function bucketOf(hash: i32): usize {
  return base + <usize>(hash & bucketMask) * <usize>bucketBytes;
}

/** Whether the position has an entry (its data words then read by lower, upper, move, selectivity). */
export function probe(ph: i32, pl: i32, oh: i32, ol: i32, hash: i32): bool {
  countStat(STAT_PROBES);
  const e = keyed ? findKeyed(hashPosition2(ph, pl, oh, ol), hash, bucketOf(hash)) : find(ph, pl, oh, ol, bucketOf(hash));
  if (e != 0) countStat(STAT_HITS);
  return e != 0;
}

// @ts-ignore: decorator
@inline export function lower(): i32 {
  return (w0 & 255) - 64;
}
// @ts-ignore: decorator
@inline export function upper(): i32 {
  return ((w0 >> 8) & 255) - 64;
}
// @ts-ignore: decorator
@inline export function depth(): i32 {
  return (w0 >> 16) & 255;
}
// @ts-ignore: decorator
@inline export function move(): i32 {
  return w1 & 255;
}
// @ts-ignore: decorator
@inline export function selectivity(): i32 {
  return (w1 >> 16) & 255;
}

/** The bucket's entry to replace (entries `stride` bytes apart): an empty one (or dated before the floor) or one of an older search first, then the cheapest to search again (cost, then depth); record may keep it (KEEP_COSTLIER). */
// @ts-ignore: decorator
@inline function victim(b: usize, stride: usize): usize {
  let v = b;
  let k = 1 << 30;
  for (let e = b; e < b + <usize>bucketBytes; e += stride) {
    const w = load<i32>(e);
    const t = <i32>(<u32>w >> 24);
    const r = t < floor ? 0 : (t == date ? 1 << 16 : 0) + (<i32>(<u32>load<i32>(e, 4) >> 24) << 8) + ((w >> 16) & 255);
    if (r < k) {
      k = r;
      v = e;
    }
  }
  return v;
}

/** Records the result `score` of a search of the position to `depth` with window (alpha, beta) and its best move (NO_MOVE if none). */
export function record(
  ph: i32, pl: i32, oh: i32, ol: i32, hash: i32, depth: i32, sel: i32, alpha: i32, beta: i32, score: i32, mv: i32, cost: i32,
): void {
  const b = bucketOf(hash);
  countStat(STAT_STORES);
  const key = keyed ? hashPosition2(ph, pl, oh, ol) : 0;
  let e = keyed ? findKeyed(key, hash, b) : find(ph, pl, oh, ol, b);
  const same = e != 0;
  if (!same) {
    e = keyed ? victim(b, 16) : victim(b, 32);
    // The victim of this search and much costlier than the result: the result is not kept (KEEP_COSTLIER).
    if (keepCostlier && <i32>(<u32>load<i32>(e) >> 24) == date && <i32>(<u32>load<i32>(e, 4) >> 24) > cost + KEEP_COSTLIER) {
      countStat(STAT_DROPPED);
      return;
    }
  }
  let lo = -64;
  let up = 64;
  let m1 = NO_MOVE;
  let m2 = NO_MOVE;
  if (same) {
    if (((w0 >> 16) & 255) == depth && ((w1 >> 16) & 255) == sel) {
      lo = (w0 & 255) - 64;
      up = ((w0 >> 8) & 255) - 64;
    }
    m1 = w1 & 255;
    m2 = (w1 >> 8) & 255;
  } else if (<i32>(<u32>load<i32>(e) >> 24) >= floor) {
    countStat(STAT_OVERWRITES);
  }
  if (score > alpha && score > lo) lo = score;
  if (score < beta && score < up) up = score;
  if (mv != NO_MOVE && mv != m1) {
    m2 = m1;
    m1 = mv;
  }
  const a = (lo + 64) | ((up + 64) << 8) | (depth << 16) | (date << 24);
  const c = m1 | (m2 << 8) | (sel << 16) | (cost << 24);
  store<i32>(e, a);
  store<i32>(e, c, 4);
  const k = mix(a, c);
  if (keyed) {
    store<i32>(e, key ^ k, 8);
    store<i32>(e, hash ^ k, 12);
  } else {
    store<i32>(e, ph ^ k, 8);
    store<i32>(e, pl ^ k, 12);
    store<i32>(e, oh ^ k, 16);
    store<i32>(e, ol ^ k, 20);
  }
}

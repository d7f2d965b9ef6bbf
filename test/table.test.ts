import { describe, expect, it } from 'vitest';
import { KEEP_COSTLIER } from '../src/search/constants.js';
import {
  costOf,
  createTable,
  hashPosition,
  LAYOUTS,
  type Layout,
  NO_MOVE,
  STAT_HITS,
  STAT_OVERWRITES,
  STAT_PROBES,
  sharedTableBuffer,
  TranspositionTable,
  tableBytes,
} from '../src/search/table.js';
import { rng } from './helpers.js';

/** Positions whose hashes all fall in bucket 0 of a 2^10 table, whatever its bucket width (found by search). */
function sameBucket(count: number): number[][] {
  const out: number[][] = [];
  const r = rng(7);
  while (out.length < count) {
    const p = [r() | 0, r() | 0, r() | 0, r() | 0];
    if ((hashPosition(p[0], p[1], p[2], p[3]) & 1023) === 0) out.push(p);
  }
  return out;
}

describe('transposition table', () => {
  it('has 2^h entries of 32 bytes and refuses h outside 10..30', () => {
    const t = new TranspositionTable(10);
    expect(t.bytes).toBe(32 * 1024);
    expect(tableBytes(21, 'board2')).toBe(64 * 2 ** 20);
    expect(() => new TranspositionTable(9)).toThrow(RangeError);
    expect(() => new TranspositionTable(31)).toThrow(RangeError);
  });

  it('misses, then hits with the stored bounds and move', () => {
    const t = new TranspositionTable(10);
    const [a] = sameBucket(1);
    const h = hashPosition(a[0], a[1], a[2], a[3]);
    expect(t.probe(a[0], a[1], a[2], a[3], h)).toBe(-1);
    t.record(a[0], a[1], a[2], a[3], h, 20, 0, 3, 4, 10, 37); // fail high: lower bound 10
    const e = t.probe(a[0], a[1], a[2], a[3], h);
    expect(e).toBeGreaterThanOrEqual(0);
    expect([t.lower(), t.upper(), t.depth(), t.move()]).toEqual([10, 64, 20, 37]);
    t.record(a[0], a[1], a[2], a[3], h, 20, 0, 20, 21, 16, 12); // fail low: upper bound 16
    expect(t.probe(a[0], a[1], a[2], a[3], h)).toBe(e);
    expect([t.lower(), t.upper(), t.move(), t.move2()]).toEqual([10, 16, 12, 37]);
    expect(t.stats[STAT_PROBES]).toBe(3);
    expect(t.stats[STAT_HITS]).toBe(2);
  });

  it('keeps exact scores and combines bounds of the same depth', () => {
    const t = new TranspositionTable(10);
    const [a] = sameBucket(1);
    const h = hashPosition(a[0], a[1], a[2], a[3]);
    t.record(a[0], a[1], a[2], a[3], h, 12, 0, -64, 64, -6, NO_MOVE);
    const e = t.probe(a[0], a[1], a[2], a[3], h);
    expect([t.lower(), t.upper(), t.move()]).toEqual([-6, -6, NO_MOVE]);
    t.record(a[0], a[1], a[2], a[3], h, 14, 0, 0, 1, 4, 5); // a deeper search replaces the bounds
    expect(t.probe(a[0], a[1], a[2], a[3], h)).toBe(e);
    expect([t.lower(), t.upper(), t.depth()]).toEqual([4, 64, 14]);
  });

  it('replaces the older, then the shallower entry of a full bucket', () => {
    const t = new TranspositionTable(10);
    const [a, b, c, d] = sameBucket(4);
    const put = (p: number[], depth: number) =>
      t.record(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]), depth, 0, 0, 1, 2, 0);
    const has = (p: number[]) => t.probe(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3])) >= 0;
    put(a, 20);
    put(b, 10);
    put(c, 15); // evicts b, the shallower
    expect([has(a), has(b), has(c)]).toEqual([true, false, true]);
    expect(t.stats[STAT_OVERWRITES]).toBe(1);
    t.newSearch();
    put(d, 5); // both are old now: the shallower old one (c) goes
    expect([has(a), has(c), has(d)]).toEqual([true, false, true]);
    put(b, 1); // now a is the only old entry: it goes, though deeper
    expect([has(a), has(d), has(b)]).toEqual([false, true, true]);
    t.clear();
    expect(has(b)).toBe(false);
  });

  it('a clear hides every entry without zeroing the words; a date set from elsewhere below the floor shows them again, and what it records', () => {
    const t = new TranspositionTable(10);
    const [a, b] = sameBucket(2);
    const put = (p: number[]) => t.record(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]), 20, 0, 0, 1, 2, 0);
    const has = (p: number[]) => t.probe(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3])) >= 0;
    t.newSearch();
    put(a);
    const words = Array.from(t.data);
    t.clear();
    expect(Array.from(t.data)).toEqual(words);
    expect(has(a)).toBe(false);
    put(b);
    put(a);
    expect([has(a), has(b), t.stats[STAT_OVERWRITES]]).toEqual([true, true, 0]); // hidden entries are empty ones
    t.clear();
    t.date = 1; // a split's owner or a queue's job dated before this table's floor
    expect(t.floor).toBe(1);
    expect([has(a), has(b)]).toEqual([true, true]);
  });

  it('replaces the cheaper entry (nodes its search took) before the shallower', () => {
    const t = new TranspositionTable(10);
    const [a, b, c] = sameBucket(3);
    const put = (p: number[], depth: number, nodes: number) =>
      t.record(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]), depth, 0, 0, 1, 2, 0, costOf(nodes));
    const has = (p: number[]) => t.probe(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3])) >= 0;
    put(a, 20, 40); // deep but cut at once
    put(b, 12, 1e6);
    put(c, 14, 100); // evicts a: the fewest nodes
    expect([has(a), has(b), has(c)]).toEqual([false, true, true]);
    expect([costOf(0), costOf(1), costOf(40), costOf(2 ** 31 - 1), costOf(5e9)]).toEqual([0, 1, 6, 31, 32]);
  });

  it('does not trade an entry of this search for a result much cheaper than it (KEEP_COSTLIER)', () => {
    for (const layout of ['board2', 'key4'] as Layout[]) {
      const t = createTable(10, layout);
      const ways = LAYOUTS[layout].ways;
      const ps = sameBucket(ways + 2);
      const put = (p: number[], cost: number) =>
        t.record(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]), 20, 0, 0, 1, 2, 0, cost);
      const has = (p: number[]) => t.probe(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3])) >= 0;
      const full = ps.slice(0, ways);
      for (const [i, p] of full.entries()) put(p, 20 + i); // the cheapest costs 2^20 nodes
      const [cheap, near] = ps.slice(ways);
      put(cheap, 20 - KEEP_COSTLIER - 1); // not kept: every entry costs more than 2^KEEP_COSTLIER times as much
      expect([...full.map(has), has(cheap)], layout).toEqual([...full.map(() => true), false]);
      expect(t.stats[STAT_OVERWRITES]).toBe(0);
      put(near, 20 - KEEP_COSTLIER); // kept, in place of the cheapest
      expect([has(full[0]), has(near)], layout).toEqual([false, true]);
      t.newSearch();
      put(cheap, 0); // an entry of an older search always gives way
      expect(has(cheap), layout).toBe(true);
    }
  });

  it('reads an entry torn by two writers (shared memory) as a miss', () => {
    for (const layout of ['board2', 'key4'] as Layout[]) {
      const t = createTable(10, layout, sharedTableBuffer(10, layout));
      const [a] = sameBucket(1);
      const h = hashPosition(a[0], a[1], a[2], a[3]);
      t.record(a[0], a[1], a[2], a[3], h, 20, 0, 3, 4, 10, 37);
      const e = t.probe(a[0], a[1], a[2], a[3], h);
      expect(e).toBeGreaterThanOrEqual(0);
      const data = (t as unknown as { data: Int32Array }).data;
      const w0 = data[e];
      data[e] = w0 ^ (1 << 8); // another writer's bounds word, not yet its position words
      expect(t.probe(a[0], a[1], a[2], a[3], h)).toBe(-1);
      data[e] = w0;
      expect(t.probe(a[0], a[1], a[2], a[3], h)).toBe(e);
      expect([t.lower(), t.upper(), t.move()]).toEqual([10, 64, 37]);
    }
  });

  it('never confuses two positions (many random positions in a small table)', () => {
    const t = new TranspositionTable(10);
    const r = rng(99);
    const live = new Map<string, number>();
    for (let i = 0; i < 200_000; i++) {
      // Many boards share words, so that only a full comparison tells them apart.
      const p = [r() & 0xff, r() & 0xff, r() & 3, r() & 3];
      const h = hashPosition(p[0], p[1], p[2], p[3]);
      const e = t.probe(p[0], p[1], p[2], p[3], h);
      const key = p.join(',');
      if (e >= 0) {
        expect(t.move()).toBe(live.get(key));
      }
      const move = i & 63;
      t.record(p[0], p[1], p[2], p[3], h, 20, 0, 0, 1, 2, move);
      live.set(key, move);
    }
  });
});

describe('table layouts', () => {
  const layouts: Layout[] = ['board1', 'board2', 'board4', 'key4'];
  for (const layout of layouts) {
    it(`${layout}: 2^h entries of ${LAYOUTS[layout].entryBytes} bytes, ${LAYOUTS[layout].ways} per bucket, as many kept`, () => {
      const t = createTable(10, layout);
      expect(t.bytes).toBe(tableBytes(10, layout));
      expect(t.layout).toBe(layout);
      const ways = LAYOUTS[layout].ways;
      const ps = sameBucket(ways + 1);
      const put = (p: number[], depth: number) =>
        t.record(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]), depth, 0, -64, 64, depth - 30, depth);
      const get = (p: number[]) => t.probe(p[0], p[1], p[2], p[3], hashPosition(p[0], p[1], p[2], p[3]));
      for (const [i, p] of ps.slice(0, ways).entries()) put(p, 20 + i);
      for (const [i, p] of ps.slice(0, ways).entries()) {
        const e = get(p);
        expect(e).toBeGreaterThanOrEqual(0);
        expect([t.lower(), t.upper(), t.depth(), t.move()]).toEqual([i - 10, i - 10, 20 + i, 20 + i]);
      }
      put(ps[ways], 30); // one more: the shallowest (the first) goes
      expect(get(ps[0])).toBe(-1);
      expect(get(ps[ways])).toBeGreaterThanOrEqual(0);
      expect(t.stats[STAT_OVERWRITES]).toBe(1);
    });
  }

  it('key4 finds what it stored among many positions', () => {
    const t = createTable(12, 'key4');
    const r = rng(5);
    const kept: number[][] = [];
    for (let i = 0; i < 50_000; i++) {
      const p = [r() | 0, r() | 0, r() | 0, r() | 0];
      const h = hashPosition(p[0], p[1], p[2], p[3]);
      if (t.probe(p[0], p[1], p[2], p[3], h) >= 0) throw new Error('a fresh random position hit: false match');
      t.record(p[0], p[1], p[2], p[3], h, 20, 0, 0, 1, 2, i & 63);
      if (i % 997 === 0) kept.push([...p, i & 63]);
      const q = kept[kept.length - 1];
      const e = t.probe(q[0], q[1], q[2], q[3], hashPosition(q[0], q[1], q[2], q[3]));
      if (e >= 0) expect(t.move()).toBe(q[4]);
    }
  });
});

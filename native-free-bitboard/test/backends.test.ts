import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bigintBackend as B,
  inverseSymmetry,
  lastFlipCount,
  mobility,
  pairBackend as P,
  parseSquare,
  perft,
  popcount,
  START,
  squareName,
  transformSquare,
  U64,
} from '../src/index.js';

/** Two disjoint 64-bit boards as BigInts: an arbitrary position. */
const arbPosition = fc
  .tuple(
    fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
  )
  .map(([a, b, occ]) => {
    // Occupy the squares of occ; a decides which side owns each. b thins out
    // the board so that positions of every density appear.
    const occupied = occ & b;
    return { p: occupied & a, o: occupied & ~a & ((1n << 64n) - 1n) };
  });

/** Positions of real games: random playouts from the start. */
function playout(seed: number, plies: number): { p: bigint; o: bigint } {
  let s = seed >>> 0 || 1;
  const rand = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 8;
  };
  let p = new U64(START.ph, START.pl).toBigInt();
  let o = new U64(START.oh, START.ol).toBigInt();
  for (let i = 0; i < plies; i++) {
    let m = B.moves(p, o);
    if (m === 0n) {
      [p, o] = [o, p];
      m = B.moves(p, o);
      if (m === 0n) break;
    }
    const list = B.squares(m);
    const x = list[rand() % list.length];
    const f = B.flips(x, p, o);
    [p, o] = [o ^ f, p | f | (1n << BigInt(x))];
  }
  return { p, o };
}

function agree(p: bigint, o: bigint): void {
  const pp = U64.fromBigInt(p);
  const po = U64.fromBigInt(o);
  expect(P.moves(pp, po).toBigInt()).toBe(B.moves(p, o));
  expect(P.moves(po, pp).toBigInt()).toBe(B.moves(o, p));
  expect(P.count(pp)).toBe(B.count(p));
  expect(mobility(pp.hi, pp.lo, po.hi, po.lo)).toBe(B.count(B.moves(p, o)));
  const empties = B.squares(~(p | o) & ((1n << 64n) - 1n));
  for (const x of empties) {
    expect(P.flips(x, pp, po).toBigInt()).toBe(B.flips(x, p, o));
  }
}

describe('uint32 pairs agree with BigInt', () => {
  it('on arbitrary positions (moves, flips on every empty square, counts)', () => {
    fc.assert(
      fc.property(arbPosition, ({ p, o }) => agree(p, o)),
      { numRuns: 3000 },
    );
  });

  it('on positions from random games', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { p, o } = playout(seed, 4 + (seed % 57));
      agree(p, o);
    }
  });

  it('on the last flip count of a full board but one square', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.integer({ min: 0, max: 63 }), (p, x) => {
        const bit = 1n << BigInt(x);
        const pl = p & ~bit;
        const ol = ~pl & ~bit & ((1n << 64n) - 1n);
        const u = U64.fromBigInt(pl);
        expect(lastFlipCount(x, u.hi, u.lo)).toBe(B.count(B.flips(x, pl, ol)));
      }),
      { numRuns: 5000 },
    );
  });

  it('on symmetries, hex and square lists', () => {
    fc.assert(
      fc.property(arbPosition, fc.integer({ min: 0, max: 7 }), ({ p }, k) => {
        const u = U64.fromBigInt(p);
        expect(P.transform(u, k).toBigInt()).toBe(B.transform(p, k));
        expect(B.transform(B.transform(p, k), inverseSymmetry(k))).toBe(p);
        expect(P.toHex(u)).toBe(B.toHex(p));
        expect(P.fromHex(P.toHex(u)).toBigInt()).toBe(p);
        expect(P.squares(u)).toEqual(B.squares(p));
        expect(popcount(u.hi, u.lo)).toBe(B.squares(p).length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('symmetries', () => {
  it('are 8 distinct permutations of the squares that keep the board geometry', () => {
    const images = new Set<string>();
    for (let k = 0; k < 8; k++) {
      const map = Array.from({ length: 64 }, (_, s) => transformSquare(s, k));
      expect(new Set(map).size).toBe(64);
      images.add(map.join(','));
      // Neighbours stay neighbours.
      for (let s = 0; s < 64; s++) {
        if ((s & 7) < 7) {
          const a = map[s];
          const b = map[s + 1];
          expect(Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 3) - (b >> 3)))).toBe(1);
        }
      }
    }
    expect(images.size).toBe(8);
  });

  it('map legal moves to legal moves', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { p, o } = playout(seed, 20);
      for (let k = 0; k < 8; k++) {
        expect(B.moves(B.transform(p, k), B.transform(o, k))).toBe(B.transform(B.moves(p, o), k));
      }
    }
  });
});

describe('squares', () => {
  it('name and parse every square', () => {
    expect(squareName(0)).toBe('a1');
    expect(squareName(63)).toBe('h8');
    expect(squareName(12)).toBe('e2');
    for (let s = 0; s < 64; s++) expect(parseSquare(squareName(s))).toBe(s);
    expect(parseSquare('H8')).toBe(63);
    expect(parseSquare('i1')).toBe(-1);
    expect(parseSquare('a9')).toBe(-1);
    expect(() => squareName(64)).toThrow(RangeError);
  });
});

describe('perft from the start position (a pass counts as a move)', () => {
  const expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
  for (let d = 1; d <= expected.length; d++) {
    it(`depth ${d} = ${expected[d - 1]}`, () => {
      expect(perft(START.ph, START.pl, START.oh, START.ol, d)).toBe(expected[d - 1]);
    });
  }
  it('the start position is black d5 e4, white d4 e5', () => {
    expect(P.squares(new U64(START.ph, START.pl)).map(squareName)).toEqual(['e4', 'd5']);
    expect(P.squares(new U64(START.oh, START.ol)).map(squareName)).toEqual(['d4', 'e5']);
  });
});

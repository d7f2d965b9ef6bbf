import { bigintBackend as B, U64 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { emptyCount } from '../src/position/position.js';
import { edgeStableCount, stabilityBound, stableDiscs } from '../src/search/stability.js';
import { randomPosition, rng } from './helpers.js';

const OUT = new Int32Array(2);
function stable(p: bigint, o: bigint): bigint {
  const P = U64.fromBigInt(p);
  const O = U64.fromBigInt(o);
  stableDiscs(P.hi, P.lo, O.hi, O.lo, OUT, 0);
  return new U64(OUT[0], OUT[1]).toBigInt();
}

/** Every position reachable from (p, o), p to move: calls visit(black, white) with fixed colours. */
function everyContinuation(p: bigint, o: bigint, pIsBlack: boolean, visit: (black: bigint, white: bigint) => void, passed = false): void {
  visit(pIsBlack ? p : o, pIsBlack ? o : p);
  const m = B.moves(p, o);
  if (m === 0n) {
    if (!passed) everyContinuation(o, p, !pIsBlack, visit, true);
    return;
  }
  for (const x of B.squares(m)) {
    const f = B.flips(x, p, o);
    everyContinuation(o ^ f, p | f | (1n << BigInt(x)), !pIsBlack, visit);
  }
}

describe('stable discs', () => {
  it('are never flipped, in any continuation (random positions, 6-7 empties, exhaustively)', () => {
    let found = 0;
    let positions = 0;
    for (let seed = 1; positions < 40; seed++) {
      const empties = 6 + (seed % 2);
      const pos = randomPosition(seed * 7919, 60 - empties);
      if (emptyCount(pos) !== empties) continue;
      positions++;
      const p = pos.player.toBigInt();
      const o = pos.opponent.toBigInt();
      const sp = stable(p, o);
      const so = stable(o, p);
      expect(sp & ~p).toBe(0n);
      expect(so & ~o).toBe(0n);
      found += B.count(sp) + B.count(so);
      everyContinuation(p, o, true, (black, white) => {
        expect(sp & ~black, `seed ${seed}`).toBe(0n);
        expect(so & ~white, `seed ${seed}`).toBe(0n);
      });
    }
    expect(found).toBeGreaterThan(40 * 12); // late positions have many stable discs
  });

  it('are never flipped in random playouts from midgame positions (20-30 empties)', () => {
    const rand = rng(5);
    let found = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const pos = randomPosition(seed * 104729, 34 + (seed % 11));
      const p = pos.player.toBigInt();
      const o = pos.opponent.toBigInt();
      const sp = stable(p, o);
      const so = stable(o, p);
      found += B.count(sp) + B.count(so);
      for (let game = 0; game < 20; game++) {
        let a = p;
        let b = o;
        let aIsP = true;
        for (let passes = 0; passes < 2; ) {
          const m = B.moves(a, b);
          if (m === 0n) {
            passes++;
          } else {
            passes = 0;
            const list = B.squares(m);
            const x = list[rand() % list.length];
            const f = B.flips(x, a, b);
            [a, b] = [a | f | (1n << BigInt(x)), b ^ f];
          }
          [a, b] = [b, a];
          aIsP = !aIsP;
          const mine = aIsP ? a : b;
          const theirs = aIsP ? b : a;
          expect(sp & ~mine, `seed ${seed}`).toBe(0n);
          expect(so & ~theirs, `seed ${seed}`).toBe(0n);
        }
      }
    }
    expect(found).toBeGreaterThan(400);
  });

  it('counts a full board whole, and corners, edges and lines as expected', () => {
    const all = (1n << 64n) - 1n;
    const p = 0x00000000ffffffffn;
    expect(stable(p, all ^ p)).toBe(p);
    expect(stable(all ^ p, p)).toBe(all ^ p);
    // The bound for the side to move: 64 - 2 × the opponent's stable discs.
    expect(stabilityBound(0, 0x000000ff, 0, 0x0000ff00)).toBe(64);
    expect(stabilityBound(0, 0x0000ff00, 0, 0x000000ff)).toBe(64 - 16);
    // A lone corner is stable; its neighbours on the edge with it too, a disc beyond an empty is not.
    expect(stable(0b111n, 1n << 20n)).toBe(0b111n);
    expect(stable(0b1011n, 1n << 20n)).toBe(0b11n);
    // Nothing is stable at the start.
    expect(stable(0x0000000810000000n, 0x0000001008000000n)).toBe(0n);
  });

  it('the ordering key counts the edge discs that nothing can flip: a corner and the discs behind it, not a disc alone on an edge', () => {
    const count = (p: bigint, o: bigint) => {
      const P = U64.fromBigInt(p);
      const O = U64.fromBigInt(o);
      return edgeStableCount(P.hi, P.lo, O.hi, O.lo);
    };
    // A1 B1 C1 ours, D1 theirs: the corner holds B1 and C1 (A1 counted once, though it is on two edges).
    expect(count(0b0111n, 0b1000n)).toBe(3);
    // D1 alone: the next move on rank 1 can flip it.
    expect(count(0b1000n, 0b10000n)).toBe(0);
    // A full first rank, four of it ours anywhere: all four stay.
    expect(count(0b10100101n, 0b01011010n)).toBe(4);
    // The same as the full stable set's edge part (random positions).
    const r = rng(5);
    for (let i = 0; i < 200; i++) {
      const { player, opponent } = randomPosition(Math.floor(r() * 1e6), 20 + (i % 30));
      const p = player.toBigInt();
      const o = opponent.toBigInt();
      const edges = 0xff818181818181ffn;
      let n = 0;
      for (let b = stable(p, o) & edges; b; b &= b - 1n) n++;
      expect(count(p, o)).toBe(n);
    }
  });
});

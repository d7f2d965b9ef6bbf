import type { Backend } from './backend.js';
import { flips, hasSquare, moves, popcount } from './pair.js';
import { transformSquare } from './symmetry.js';

/** An immutable 64-bit board on two int32 words, for code off the hot path. */
export class U64 {
  constructor(
    readonly hi: number,
    readonly lo: number,
  ) {
    this.hi = hi | 0;
    this.lo = lo | 0;
  }
  static readonly ZERO = new U64(0, 0);
  static fromBigInt(b: bigint): U64 {
    return new U64(Number(BigInt.asIntN(32, b >> 32n)), Number(BigInt.asIntN(32, b)));
  }
  toBigInt(): bigint {
    return (BigInt(this.hi >>> 0) << 32n) | BigInt(this.lo >>> 0);
  }
}

const T = new Int32Array(2);

function squaresOf(w: U64): number[] {
  const out: number[] = [];
  for (let x = w.lo; x !== 0; x &= x - 1) out.push(31 - Math.clz32(x & -x));
  for (let x = w.hi; x !== 0; x &= x - 1) out.push(63 - Math.clz32(x & -x));
  return out;
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

export const pairBackend: Backend<U64> = {
  name: 'uint32 pairs',
  empty: U64.ZERO,
  fromSquares(squares) {
    let hi = 0;
    let lo = 0;
    for (const s of squares) {
      if (!Number.isInteger(s) || s < 0 || s > 63) throw new RangeError(`square out of range: ${s}`);
      if (s < 32) lo |= 1 << s;
      else hi |= 1 << (s - 32);
    }
    return new U64(hi, lo);
  },
  squares: squaresOf,
  has: (w, s) => hasSquare(w.hi, w.lo, s) === 1,
  count: (w) => popcount(w.hi, w.lo),
  or: (a, b) => new U64(a.hi | b.hi, a.lo | b.lo),
  and: (a, b) => new U64(a.hi & b.hi, a.lo & b.lo),
  xor: (a, b) => new U64(a.hi ^ b.hi, a.lo ^ b.lo),
  not: (a) => new U64(~a.hi, ~a.lo),
  equals: (a, b) => a.hi === b.hi && a.lo === b.lo,
  moves(p, o) {
    moves(p.hi, p.lo, o.hi, o.lo, T, 0);
    return new U64(T[0], T[1]);
  },
  flips(x, p, o) {
    flips(x, p.hi, p.lo, o.hi, o.lo, T, 0);
    return new U64(T[0], T[1]);
  },
  transform(w, k) {
    return pairBackend.fromSquares(squaresOf(w).map((s) => transformSquare(s, k)));
  },
  toHex: (w) => hex32(w.hi) + hex32(w.lo),
  fromHex(hex) {
    if (!/^[0-9a-fA-F]{16}$/.test(hex)) throw new Error(`not 16 hex digits: ${hex}`);
    return new U64(parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8), 16));
  },
};

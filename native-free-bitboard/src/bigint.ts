import type { Backend } from './backend.js';
import { transformSquare } from './symmetry.js';

/**
 * The reference backend: a board is one unsigned 64-bit BigInt. Written for
 * clarity (one direction at a time, square by square), never for speed; it
 * checks and benchmarks the paired-uint32 backend.
 */
const MASK = (1n << 64n) - 1n;
const NOT_A = 0xfefefefefefefefen;
const NOT_H = 0x7f7f7f7f7f7f7f7fn;

/** The 8 directions as (shift, mask applied after shifting). */
const DIRECTIONS: ReadonlyArray<readonly [number, bigint]> = [
  [1, NOT_A],
  [-1, NOT_H],
  [8, MASK],
  [-8, MASK],
  [9, NOT_A],
  [-9, NOT_H],
  [7, NOT_H],
  [-7, NOT_A],
];

function shift(b: bigint, d: number, mask: bigint): bigint {
  return (d > 0 ? (b << BigInt(d)) & MASK : b >> BigInt(-d)) & mask;
}

function popcount(b: bigint): number {
  let n = 0;
  for (let x = b; x !== 0n; x &= x - 1n) n++;
  return n;
}

export const bigintBackend: Backend<bigint> = {
  name: 'BigInt',
  empty: 0n,
  fromSquares(squares) {
    let b = 0n;
    for (const s of squares) {
      if (!Number.isInteger(s) || s < 0 || s > 63) throw new RangeError(`square out of range: ${s}`);
      b |= 1n << BigInt(s);
    }
    return b;
  },
  squares(w) {
    const out: number[] = [];
    for (let s = 0; s < 64; s++) if ((w >> BigInt(s)) & 1n) out.push(s);
    return out;
  },
  has: (w, s) => ((w >> BigInt(s)) & 1n) === 1n,
  count: popcount,
  or: (a, b) => a | b,
  and: (a, b) => a & b,
  xor: (a, b) => a ^ b,
  not: (a) => ~a & MASK,
  equals: (a, b) => a === b,
  moves(p, o) {
    const empty = ~(p | o) & MASK;
    let m = 0n;
    for (const [d, mask] of DIRECTIONS) {
      let run = shift(p, d, mask) & o;
      while (run !== 0n) {
        const next = shift(run, d, mask);
        m |= next & empty;
        run = next & o;
      }
    }
    return m;
  },
  flips(x, p, o) {
    const bit = 1n << BigInt(x);
    if ((p | o) & bit) return 0n;
    let all = 0n;
    for (const [d, mask] of DIRECTIONS) {
      let line = 0n;
      let s = shift(bit, d, mask);
      while (s & o) {
        line |= s;
        s = shift(s, d, mask);
      }
      if (s & p) all |= line;
    }
    return all;
  },
  transform(w, k) {
    let b = 0n;
    for (let s = 0; s < 64; s++) if ((w >> BigInt(s)) & 1n) b |= 1n << BigInt(transformSquare(s, k));
    return b;
  },
  toHex: (w) => w.toString(16).padStart(16, '0'),
  fromHex(hex) {
    if (!/^[0-9a-fA-F]{16}$/.test(hex)) throw new Error(`not 16 hex digits: ${hex}`);
    return BigInt(`0x${hex}`);
  },
};

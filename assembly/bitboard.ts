/*
 * 64-bit bitboard primitives, the twin of native-free-bitboard/src/pair.ts
 * on u64: square s (0 = A1 … 63 = H8) is bit s, and the TypeScript (hi, lo)
 * int32 pair is bits 32‥63 and 0‥31 of the same u64. The results are the
 * same bits; the ways differ where u64 is faster: flips by a bit scan along
 * line masks, moves by Kogge-Stone fills, the last-flip count by the
 * kindergarten tables pair.ts uses. Tables are built by the start code
 * at their fixed addresses (memory.ts: every instance writes the same bytes).
 */
import { ANTI_AT as ANTI, DIAG_AT as DIAG, LAST_COUNT_AT as LAST_COUNT, LINE_AT as LINE, NEIGHBOUR_AT as NEIGHBOUR } from './memory';

/*
 * The tables (addresses in memory.ts):
 * NEIGHBOUR[x]: the 8 neighbours of square x.
 * LINE[x * 8 + d]: the squares from x (excluded) to the edge in direction d;
 *   d 0‥3 go up in bit order (+1, +7, +8, +9), d 4‥7 down (-1, -7, -8, -9).
 * LAST_COUNT[pos << 8 | line]: discs a move at pos flips on a full line holding P's discs `line`.
 * DIAG[x], ANTI[x]: x's diagonal (a1-h8 direction) and anti-diagonal.
 */
const DF: StaticArray<i32> = [1, -1, 0, 1, -1, 1, 0, -1];
const DR: StaticArray<i32> = [0, 1, 1, 1, 0, -1, -1, -1];

// @ts-ignore: decorator
@inline export function bit(x: i32): u64 {
  return (<u64>1) << (<u64>x);
}

/** The 8 neighbours of square x. */
// @ts-ignore: decorator
@inline export function neighbour(x: i32): u64 {
  return load<u64>(NEIGHBOUR + (<usize>x << 3));
}

function build(): void {
  for (let x = 0; x < 64; x++) {
    const f = x & 7;
    const r = x >> 3;
    let n: u64 = 0;
    for (let df = -1; df <= 1; df++) {
      for (let dr = -1; dr <= 1; dr++) {
        if ((df != 0 || dr != 0) && f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) n |= bit(x + df + 8 * dr);
      }
    }
    store<u64>(NEIGHBOUR + (<usize>x << 3), n);
    for (let d = 0; d < 8; d++) {
      let m: u64 = 0;
      let ff = f + unchecked(DF[d]);
      let rr = r + unchecked(DR[d]);
      while (ff >= 0 && ff < 8 && rr >= 0 && rr < 8) {
        m |= bit(rr * 8 + ff);
        ff += unchecked(DF[d]);
        rr += unchecked(DR[d]);
      }
      store<u64>(LINE + (<usize>(x * 8 + d) << 3), m);
    }
    let dg: u64 = 0;
    let an: u64 = 0;
    for (let t = 0; t < 64; t++) {
      if ((t & 7) - (t >> 3) == f - r) dg |= bit(t);
      if ((t & 7) + (t >> 3) == f + r) an |= bit(t);
    }
    store<u64>(DIAG + (<usize>x << 3), dg);
    store<u64>(ANTI + (<usize>x << 3), an);
  }
  for (let pos = 0; pos < 8; pos++) {
    for (let p = 0; p < 256; p++) {
      let n = 0;
      for (let y = pos + 1; y < 8; y++) if ((p >> y) & 1) { n += y - pos - 1; break; }
      for (let y = pos - 1; y >= 0; y--) if ((p >> y) & 1) { n += pos - y - 1; break; }
      store<u8>(LAST_COUNT + <usize>((pos << 8) | p), <u8>(((p >> pos) & 1) != 0 ? 0 : n));
    }
  }
}
build();

/** Run of O from x downward along m, closed by P: the first non-O square of the line is the highest bit of m & ~O (none: the shift gives 0). */
// @ts-ignore: decorator
@inline function flipsDown(m: u64, P: u64, O: u64): u64 {
  const e = m & ~O;
  const h = ((<u64>0x8000000000000000) >> clz<u64>(e)) & P;
  return (0 - (h << 1)) & m;
}

/**
 * The runs of O from x upward along two lines at once, one in each 64-bit
 * lane, closed by P: the first non-O square of a line is the lowest bit of
 * m & ~O. The four upward lines in two i64x2 steps; the downward ones stay
 * scalar (they need a count of leading zeros, which i64x2 lacks). Same
 * bits (wasm.test), the leaves about 5 % faster (bench/README).
 */
// @ts-ignore: decorator
@inline function flipsUp2(m: v128, P: v128, O: v128): v128 {
  const e = v128.andnot(m, O);
  const l = v128.and(e, i64x2.neg(e));
  const r = v128.and(i64x2.sub(l, i64x2.splat(1)), m);
  return v128.and(r, i64x2.ne(v128.and(l, P), i64x2.splat(0)));
}

/** Discs P flips by playing on the empty square x (0 if none). */
// @ts-ignore: decorator
@inline export function flips(x: i32, P: u64, O: u64): u64 {
  const b = LINE + (<usize>x << 6);
  const Pv = i64x2.splat(P);
  const Ov = i64x2.splat(O);
  const up = v128.or(flipsUp2(v128.load(b), Pv, Ov), flipsUp2(v128.load(b, 16), Pv, Ov));
  return i64x2.extract_lane(up, 0) | i64x2.extract_lane(up, 1)
    | flipsDown(load<u64>(b, 32), P, O) | flipsDown(load<u64>(b, 40), P, O)
    | flipsDown(load<u64>(b, 48), P, O) | flipsDown(load<u64>(b, 56), P, O);
}

// @ts-ignore: decorator
@inline function fillUp(P: u64, M: u64, s: u64): u64 {
  let f = M & (P << s);
  f |= M & (f << s);
  const q = M & (M << s);
  f |= q & (f << (s + s));
  f |= q & (f << (s + s));
  return f << s;
}

// @ts-ignore: decorator
@inline function fillDown(P: u64, M: u64, s: u64): u64 {
  let f = M & (P >> s);
  f |= M & (f >> s);
  const q = M & (M >> s);
  f |= q & (f >> (s + s));
  f |= q & (f >> (s + s));
  return f >> s;
}

/** Legal moves of P against O (Kogge-Stone fills in the 8 directions). */
export function moves(P: u64, O: u64): u64 {
  return movesInline(P, O);
}

/** moves(), inlined where it is hot (the ordering's mobility of every child). */
// @ts-ignore: decorator
@inline export function movesInline(P: u64, O: u64): u64 {
  const I = O & 0x7e7e7e7e7e7e7e7e;
  const m = fillUp(P, I, 1) | fillDown(P, I, 1)
    | fillUp(P, O, 8) | fillDown(P, O, 8)
    | fillUp(P, I, 9) | fillDown(P, I, 9)
    | fillUp(P, I, 7) | fillDown(P, I, 7);
  return m & ~(P | O);
}

/** File f as a rank-indexed byte. */
// @ts-ignore: decorator
@inline function fileByte(B: u64, f: i32): i32 {
  return <i32>((((B >> (<u64>f)) & 0x0101010101010101) * 0x0102040810204080) >> 56);
}

/** The squares of B inside m (one per file) as a file-indexed byte. */
// @ts-ignore: decorator
@inline function diagByte(B: u64, m: u64): i32 {
  return <i32>(((B & m) * 0x0101010101010101) >> 56);
}

/** Discs P flips by playing x when every other square is O's: the last move's count, from P's discs alone. */
// @ts-ignore: decorator
@inline export function lastFlipCount(x: i32, P: u64): i32 {
  const f = x & 7;
  const r = x >> 3;
  const row = <i32>(P >> (<u64>(r << 3))) & 255;
  return <i32>load<u8>(LAST_COUNT + <usize>((f << 8) | row))
    + <i32>load<u8>(LAST_COUNT + <usize>((r << 8) | fileByte(P, f)))
    + <i32>load<u8>(LAST_COUNT + <usize>((f << 8) | diagByte(P, load<u64>(DIAG + (<usize>x << 3)))))
    + <i32>load<u8>(LAST_COUNT + <usize>((f << 8) | diagByte(P, load<u64>(ANTI + (<usize>x << 3)))));
}

/*
 * Stable discs and the stability cutoff, the twin of src/search/stability.ts
 * on u64: the exact edge table, full lines, inward growth. Tables are built
 * by the start code (memory.ts).
 */

/** EDGE[p << 8 | o]: P's discs on an 8-square line that no continuation on that line flips. */
const EDGE = new StaticArray<u8>(1 << 16);
const EDGE_DONE = new StaticArray<u8>(1 << 16);
/** UNCOL[c]: bit k of c moved to bit 8k (a rank-indexed byte spread onto file A). */
const UNCOL = new StaticArray<u64>(256);
/** Diagonals of 3 squares or more: step 9 (A1-H8 direction), step 7 (A8-H1). */
const D9 = new StaticArray<u64>(11);
const D7 = new StaticArray<u64>(11);

/** P plays x on a line; returns (p | o << 8) after the move. */
function playLine(p: i32, o: i32, x: i32): i32 {
  let flipped = 0;
  for (let k = 0; k < 2; k++) {
    const d = k == 0 ? 1 : -1;
    let run = 0;
    let y = x + d;
    while (y >= 0 && y < 8 && ((o >> y) & 1)) {
      run |= 1 << y;
      y += d;
    }
    if (y >= 0 && y < 8 && ((p >> y) & 1)) flipped |= run;
  }
  return (p | flipped | (1 << x)) | ((o & ~flipped) << 8);
}

function edgeStable(p: i32, o: i32): i32 {
  const i = (p << 8) | o;
  if (unchecked(EDGE_DONE[i])) return unchecked(EDGE[i]);
  let stable = p;
  for (let x = 0; x < 8 && stable != 0; x++) {
    if (((p | o) >> x) & 1) continue;
    let r = playLine(p, o, x); // P plays x
    stable &= edgeStable(r & 255, r >> 8);
    r = playLine(o, p, x); // O plays x: returns (o2 | p2 << 8)
    stable &= edgeStable(r >> 8, r & 255);
  }
  unchecked((EDGE_DONE[i] = 1));
  unchecked((EDGE[i] = <u8>(stable & p)));
  return stable & p;
}

function build(): void {
  for (let p = 0; p < 256; p++) for (let o = 0; o < 256; o++) if ((p & o) == 0) edgeStable(p, o);
  for (let c = 0; c < 256; c++) {
    let w: u64 = 0;
    for (let k = 0; k < 8; k++) if ((c >> k) & 1) w |= (<u64>1) << (<u64>(8 * k));
    unchecked((UNCOL[c] = w));
  }
  let i = 0;
  for (let k = -5; k <= 5; k++) {
    let a: u64 = 0;
    let b: u64 = 0;
    for (let r = 0; r < 8; r++) {
      const c9 = r + k;
      if (c9 >= 0 && c9 < 8) a |= (<u64>1) << (<u64>(r * 8 + c9));
      const c7 = 7 - r + k;
      if (c7 >= 0 && c7 < 8) b |= (<u64>1) << (<u64>(r * 8 + c7));
    }
    unchecked((D9[i] = a));
    unchecked((D7[i] = b));
    i++;
  }
}

build();

const NOT_A: u64 = 0xfefefefefefefefe;
const NOT_H: u64 = 0x7f7f7f7f7f7f7f7f;
const INNER: u64 = 0x007e7e7e7e7e7e00;

/** File `bit` of the board as a rank-indexed byte (bit k = rank k + 1). */
// @ts-ignore: decorator
@inline function column(B: u64, bit: u64): i32 {
  return <i32>((((B >> bit) & 0x0101010101010101) * 0x0102040810204080) >> 56);
}

/** Stable discs of P. */
export function stableDiscs(P: u64, O: u64): u64 {
  const filled = P | O;
  // Edges: rank 1, rank 8, file A, file H.
  let s: u64 = <u64>unchecked(EDGE[(<i32>(P & 255) << 8) | <i32>(O & 255)]);
  s |= (<u64>unchecked(EDGE[(<i32>(P >> 56) << 8) | <i32>(O >> 56)])) << 56;
  const a = unchecked(EDGE[(column(P, 0) << 8) | column(O, 0)]);
  const h = unchecked(EDGE[(column(P, 7) << 8) | column(O, 7)]);
  s |= unchecked(UNCOL[a]) | (unchecked(UNCOL[h]) << 7);

  // Full lines.
  let t = filled & (filled >> 1);
  t &= t >> 2;
  t &= t >> 4;
  const row = (t & 0x0101010101010101) * 255;
  let c = filled & (filled >> 32);
  c &= c >> 16;
  c &= c >> 8;
  const cols = (c & 255) * 0x0101010101010101;
  let d9: u64 = 0;
  let d7: u64 = 0;
  for (let i = 0; i < 11; i++) {
    const m9 = unchecked(D9[i]);
    const m7 = unchecked(D7[i]);
    if ((filled & m9) == m9) d9 |= m9;
    if ((filled & m7) == m7) d7 |= m7;
  }
  // Diagonals of 1 or 2 squares (near the corners) cannot flip anything.
  d9 |= 0x03010000000080c0;
  d7 |= 0xc080000000000103;
  s |= P & row & cols & d9 & d7;

  // Grow inward.
  const cand = P & INNER;
  for (;;) {
    const hh = ((s << 1) & NOT_A) | ((s >> 1) & NOT_H) | row;
    const vv = (s << 8) | (s >> 8) | cols;
    const aa = ((s << 9) & NOT_A) | ((s >> 9) & NOT_H) | d9;
    const bb = ((s << 7) & NOT_H) | ((s >> 7) & NOT_A) | d7;
    const n = cand & hh & vv & aa & bb & ~s;
    if (n == 0) break;
    s |= n;
  }
  return s;
}

/** 64 - 2 × the opponent's stable discs. */
export function stabilityBound(P: u64, O: u64): i32 {
  return 64 - 2 * <i32>popcnt<u64>(stableDiscs(O, P));
}

// @ts-ignore: decorator
@inline export function stabilityCap(P: u64, O: u64, alpha: i32, empties: i32): i32 {
  return alpha >= 2 * empties - 2 ? stabilityBound(P, O) : 64;
}

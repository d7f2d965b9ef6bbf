/*
 * Stable discs and the stability cutoff, the twin of src/search/stability.ts
 * on u64: the exact edge table, full lines, inward growth. Tables are built
 * by the start code (memory.ts).
 */

import { D7_AT as D7, D9_AT as D9, EDGE_AT as EDGE, UNCOL_AT as UNCOL } from './memory';

// At fixed addresses (memory.ts), each entry written once with its final value:
// EDGE[p << 8 | o]: P's discs on an 8-square line that no continuation on that line flips.
// UNCOL[c]: bit k of c moved to bit 8k (a rank-indexed byte spread onto file A).
// D9, D7: the diagonals of 3 squares or more, step 9 (A1-H8 direction) and step 7 (A8-H1).

// @ts-ignore: decorator
@inline function edge(i: i32): i32 {
  return <i32>load<u8>(EDGE + <usize>i);
}

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

/** P's stable discs on a line, from the lines one disc fuller (already in EDGE). */
function edgeStable(p: i32, o: i32): i32 {
  let stable = p;
  for (let x = 0; x < 8 && stable != 0; x++) {
    if (((p | o) >> x) & 1) continue;
    let r = playLine(p, o, x); // P plays x
    stable &= edge(((r & 255) << 8) | (r >> 8));
    r = playLine(o, p, x); // O plays x: returns (o2 | p2 << 8)
    stable &= edge(((r >> 8) << 8) | (r & 255));
  }
  return stable & p;
}

function build(): void {
  // Fullest lines first: a line's answer needs those of the lines one disc fuller.
  for (let discs = 8; discs >= 0; discs--) {
    for (let m = 0; m < 256; m++) {
      if (popcnt<i32>(m) != discs) continue;
      // Every way to share the filled squares m between P and O.
      for (let p = m; ; p = (p - 1) & m) {
        const o = m ^ p;
        store<u8>(EDGE + <usize>((p << 8) | o), <u8>edgeStable(p, o));
        if (p == 0) break;
      }
    }
  }
  for (let c = 0; c < 256; c++) {
    let w: u64 = 0;
    for (let k = 0; k < 8; k++) if ((c >> k) & 1) w |= (<u64>1) << (<u64>(8 * k));
    store<u64>(UNCOL + (<usize>c << 3), w);
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
    store<u64>(D9 + (<usize>i << 3), a);
    store<u64>(D7 + (<usize>i << 3), b);
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

/** P's stable discs on the four edges (rank 1, rank 8, file A, file H), from the exact edge table. */
// @ts-ignore: decorator
@inline function edgeStableDiscs(P: u64, O: u64): u64 {
  let s: u64 = <u64>edge((<i32>(P & 255) << 8) | <i32>(O & 255));
  s |= (<u64>edge((<i32>(P >> 56) << 8) | <i32>(O >> 56))) << 56;
  const a = edge((column(P, 0) << 8) | column(O, 0));
  const h = edge((column(P, 7) << 8) | column(O, 7));
  return s | load<u64>(UNCOL + (<usize>a << 3)) | (load<u64>(UNCOL + (<usize>h << 3)) << 7);
}

/** How many of P's discs on the edges no move can flip (the ordering key's stability term). */
export function edgeStableCount(P: u64, O: u64): i32 {
  return <i32>popcnt<u64>(edgeStableDiscs(P, O));
}

/** Stable discs of P. */
export function stableDiscs(P: u64, O: u64): u64 {
  const filled = P | O;
  // Edges: rank 1, rank 8, file A, file H.
  let s = edgeStableDiscs(P, O);

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
    const m9 = load<u64>(D9 + (<usize>i << 3));
    const m7 = load<u64>(D7 + (<usize>i << 3));
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

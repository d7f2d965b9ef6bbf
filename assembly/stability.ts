/*
 * Stable discs and the stability cutoff, the twin of src/search/stability.ts
 * on u64: the exact edge table, full lines, inward growth. Tables are built
 * by the start code (memory.ts).
 */

import { EDGE_AT as EDGE, UNCOL_AT as UNCOL } from './memory';

// At fixed addresses (memory.ts), each entry written once with its final value:
// EDGE[p << 8 | o]: P's discs on an 8-square line that no continuation on that line flips.
// UNCOL[c]: bit k of c moved to bit 8k (a rank-indexed byte spread onto file A).

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
    for (let k = 0; k < 8; k++) if ((c >> k) & 1) w |= (<u64>1) << <u64>(8 * k);
    store<u64>(UNCOL + (<usize>c << 3), w);
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
  // edgeStableDiscs' four lines counted apart: P's corners, stable on two lines each, are counted once.
  const r1 = edge((<i32>(P & 255) << 8) | <i32>(O & 255));
  const r8 = edge((<i32>(P >> 56) << 8) | <i32>(O >> 56));
  const a = edge((column(P, 0) << 8) | column(O, 0));
  const h = edge((column(P, 7) << 8) | column(O, 7));
  return popcnt<i32>(r1) + popcnt<i32>(r8) + popcnt<i32>(a) + popcnt<i32>(h) - <i32>popcnt<u64>(P & 0x8100000000000081);
}

// The squares of the full diagonals, by doubling: a square stays while the
// next 1, 2, then 4 squares along the line each way are filled too, or the
// line ends first (the masks: squares with no such square on their line).
const RANK_1: u64 = 0x00000000000000ff;
const RANK_8: u64 = 0xff00000000000000;
const FILE_A: u64 = 0x0101010101010101;
const FILE_H: u64 = 0x8080808080808080;
const RANKS_12: u64 = 0x000000000000ffff;
const RANKS_14: u64 = 0x00000000ffffffff;
const RANKS_78: u64 = 0xffff000000000000;
const RANKS_58: u64 = 0xffffffff00000000;
const FILES_AB: u64 = 0x0303030303030303;
const FILES_AD: u64 = 0x0f0f0f0f0f0f0f0f;
const FILES_GH: u64 = 0xc0c0c0c0c0c0c0c0;
const FILES_EH: u64 = 0xf0f0f0f0f0f0f0f0;

/**
 * The filled squares whose whole line in the direction of `step` (9 or 7)
 * is filled; up1‥up4 and down1‥down4: the squares without a square 1, 2,
 * 4 steps up (down) their line.
 */
// @ts-ignore: decorator
@inline function fullLines(filled: u64, step: u64, up1: u64, up2: u64, up4: u64, down1: u64, down2: u64, down4: u64): u64 {
  let up = filled & ((filled >> step) | up1);
  up &= (up >> (step << 1)) | up2;
  up &= (up >> (step << 2)) | up4;
  let down = filled & ((filled << step) | down1);
  down &= (down << (step << 1)) | down2;
  down &= (down << (step << 2)) | down4;
  return up & down;
}

/** The squares of the full diagonals in the A1-H8 direction (step 9). */
// @ts-ignore: decorator
@inline function fullDiagonals9(filled: u64): u64 {
  return fullLines(filled, 9, RANK_8 | FILE_H, RANKS_78 | FILES_GH, RANKS_58 | FILES_EH, RANK_1 | FILE_A, RANKS_12 | FILES_AB, RANKS_14 | FILES_AD);
}

/** The squares of the full diagonals in the A8-H1 direction (step 7). */
// @ts-ignore: decorator
@inline function fullDiagonals7(filled: u64): u64 {
  return fullLines(filled, 7, RANK_8 | FILE_A, RANKS_78 | FILES_AB, RANKS_58 | FILES_AD, RANK_1 | FILE_H, RANKS_12 | FILES_GH, RANKS_14 | FILES_EH);
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
  // Diagonals of 1 or 2 squares (near the corners) cannot flip anything.
  const d9 = fullDiagonals9(filled) | 0x03010000000080c0;
  const d7 = fullDiagonals7(filled) | 0xc080000000000103;
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
  // Nor when the opponent has too few discs for stable ones to cap the score at alpha: 64 then as well.
  if (alpha < 2 * empties - 2 || 64 - 2 * <i32>popcnt<u64>(O) > alpha) return 64;
  return stabilityBound(P, O);
}

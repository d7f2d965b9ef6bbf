/**
 * Stable discs: discs that no sequence of moves can flip. The opponent's
 * stable discs bound the side to move's final score from above (64 - 2 ×
 * stable), which ends a null-window node whose alpha is already that high
 * (a stability cutoff).
 *
 * A disc is stable when, along each of its 4 lines, it cannot be flipped:
 * the line is full, or a neighbour on that line is a stable disc of the same
 * colour (flipping the disc would flip that neighbour too), or it lies on an
 * edge, where only the edge line matters. Edge lines are solved exactly by a
 * table of all 3^8 edges (every continuation, either colour playing any
 * empty square); interior discs then grow from them and from full lines.
 * Boards are (hi, lo) int32 pairs as in native-free-bitboard; nothing here
 * allocates after the tables are built.
 *
 * Twin: assembly/stability.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { NOT_A_FILE as NOT_A, NOT_H_FILE as NOT_H, popcount32 } from 'native-free-bitboard';

/**
 * EDGE[p << 8 | o]: P's discs on an 8-square line that no continuation on
 * that line flips. Made when first needed (edgeTable): a thread whose
 * search runs in the WebAssembly engine (which has its own) never needs it.
 */
let EDGE: Uint8Array | null = null;

/** P places a disc at x of a line (bit x), flipping O's discs it brackets; returns p | o << 8 after the move. */
function playLine(p: number, o: number, x: number): number {
  let flipped = 0;
  for (let d = 1; d >= -1; d -= 2) {
    let run = 0;
    let y = x + d;
    while (y >= 0 && y < 8 && (o >> y) & 1) {
      run |= 1 << y;
      y += d;
    }
    if (y >= 0 && y < 8 && (p >> y) & 1) flipped |= run;
  }
  return p | flipped | (1 << x) | ((o & ~flipped) << 8);
}

/** P's stable discs on a line, from the lines one disc fuller (already in edge). */
function edgeStable(edge: Uint8Array, p: number, o: number): number {
  let stable = p;
  for (let x = 0; x < 8 && stable !== 0; x++) {
    if (((p | o) >> x) & 1) continue;
    let r = playLine(p, o, x); // P plays x: none of P's discs flip
    stable &= edge[((r & 255) << 8) | (r >> 8)];
    r = playLine(o, p, x); // O plays x (r = o' | p' << 8): P's bracketed discs flip
    stable &= edge[(r & 0xff00) | (r & 255)];
  }
  return stable & p;
}

/** Makes EDGE: fullest lines first, as a line's answer needs those of the lines one disc fuller. */
function edgeTable(): Uint8Array {
  const edge = new Uint8Array(1 << 16);
  for (let discs = 8; discs >= 0; discs--) {
    for (let m = 0; m < 256; m++) {
      if (popcount32(m) !== discs) continue;
      for (let p = m; ; p = (p - 1) & m) {
        edge[(p << 8) | (m ^ p)] = edgeStable(edge, p, m ^ p);
        if (p === 0) break;
      }
    }
  }
  EDGE = edge;
  return edge;
}

/** Diagonal lines of 3 squares or more, as (hi, lo) masks: A1-H8 direction (step 9), then A8-H1 (step 7). */
const D9_HI: number[] = [];
const D9_LO: number[] = [];
const D7_HI: number[] = [];
const D7_LO: number[] = [];
function addLine(hiOut: number[], loOut: number[], squares: number[]): void {
  let hi = 0;
  let lo = 0;
  for (const s of squares) {
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  hiOut.push(hi);
  loOut.push(lo);
}
for (let k = -5; k <= 5; k++) {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < 8; r++) {
    const c9 = r + k; // file of the step-9 diagonal on rank r
    if (c9 >= 0 && c9 < 8) a.push(r * 8 + c9);
    const c7 = 7 - r + k; // file of the step-7 diagonal
    if (c7 >= 0 && c7 < 8) b.push(r * 8 + c7);
  }
  addLine(D9_HI, D9_LO, a);
  addLine(D7_HI, D7_LO, b);
}
const N_DIAG = D9_HI.length;

const INNER_HI = 0x007e7e7e;
const INNER_LO = 0x7e7e7e00;

/** Gathers bit `bit` of each rank's byte (file = bit) into an 8-bit column value, rank 1 lowest. */
function column(hi: number, lo: number, bit: number): number {
  return (
    ((lo >>> bit) & 1) |
    (((lo >>> (bit + 8)) & 1) << 1) |
    (((lo >>> (bit + 16)) & 1) << 2) |
    (((lo >>> (bit + 24)) & 1) << 3) |
    (((hi >>> bit) & 1) << 4) |
    (((hi >>> (bit + 8)) & 1) << 5) |
    (((hi >>> (bit + 16)) & 1) << 6) |
    (((hi >>> (bit + 24)) & 1) << 7)
  );
}

/** Spreads an 8-bit column value back onto file `bit` (inverse of column). */
function uncolumnLo(c: number, bit: number): number {
  return ((c & 1) << bit) | (((c >> 1) & 1) << (bit + 8)) | (((c >> 2) & 1) << (bit + 16)) | (((c >> 3) & 1) << (bit + 24));
}
function uncolumnHi(c: number, bit: number): number {
  return (((c >> 4) & 1) << bit) | (((c >> 5) & 1) << (bit + 8)) | (((c >> 6) & 1) << (bit + 16)) | (((c >> 7) & 1) << (bit + 24));
}

/** P's stable discs on the four edges (rank 1, rank 8, file A, file H), from the exact edge table, written to out[at] (hi), out[at + 1] (lo). */
function edgeDiscs(ph: number, pl: number, oh: number, ol: number, out: Int32Array, at: number): void {
  const edge = EDGE ?? edgeTable();
  const a = edge[(column(ph, pl, 0) << 8) | column(oh, ol, 0)];
  const h = edge[(column(ph, pl, 7) << 8) | column(oh, ol, 7)];
  out[at] = (edge[(((ph >>> 24) & 255) << 8) | ((oh >>> 24) & 255)] << 24) | uncolumnHi(a, 0) | uncolumnHi(h, 7);
  out[at + 1] = edge[((pl & 255) << 8) | (ol & 255)] | uncolumnLo(a, 0) | uncolumnLo(h, 7);
}

const E = new Int32Array(2);

/** How many of P's discs on the edges no move can flip (the ordering key's stability term, ordering.ts). */
export function edgeStableCount(ph: number, pl: number, oh: number, ol: number): number {
  edgeDiscs(ph, pl, oh, ol, E, 0);
  return popcount32(E[0]) + popcount32(E[1]);
}

/** Stable discs of P, written to out[at] (hi), out[at + 1] (lo). */
export function stableDiscs(ph: number, pl: number, oh: number, ol: number, out: Int32Array, at: number): void {
  const filledH = ph | oh;
  const filledL = pl | ol;
  // Edges: rank 1, rank 8, file A, file H.
  edgeDiscs(ph, pl, oh, ol, E, 0);
  let sh = E[0];
  let sl = E[1];

  // Full lines.
  let rowL = 0;
  let rowH = 0;
  for (let r = 0; r < 32; r += 8) {
    if (((filledL >>> r) & 255) === 255) rowL |= 255 << r;
    if (((filledH >>> r) & 255) === 255) rowH |= 255 << r;
  }
  let cols =
    filledL & (filledL >>> 8) & (filledL >>> 16) & (filledL >>> 24) & filledH & (filledH >>> 8) & (filledH >>> 16) & (filledH >>> 24) & 255;
  cols |= cols << 8;
  cols |= cols << 16;
  let d9H = 0;
  let d9L = 0;
  let d7H = 0;
  let d7L = 0;
  for (let i = 0; i < N_DIAG; i++) {
    if ((filledH & D9_HI[i]) === D9_HI[i] && (filledL & D9_LO[i]) === D9_LO[i]) {
      d9H |= D9_HI[i];
      d9L |= D9_LO[i];
    }
    if ((filledH & D7_HI[i]) === D7_HI[i] && (filledL & D7_LO[i]) === D7_LO[i]) {
      d7H |= D7_HI[i];
      d7L |= D7_LO[i];
    }
  }
  // Diagonals of 1 or 2 squares (near the corners) cannot flip anything.
  d9H |= 0x03010000;
  d9L |= 0x80c0;
  d7H |= 0xc0800000 | 0;
  d7L |= 0x0103;
  sh |= ph & rowH & cols & d9H & d7H;
  sl |= pl & rowL & cols & d9L & d7L;

  // Grow inward: an interior disc whose every line is full or has a stable neighbour.
  const candH = ph & INNER_HI;
  const candL = pl & INNER_LO;
  for (;;) {
    const hh = ((sh << 1) & NOT_A) | ((sh >>> 1) & NOT_H) | rowH;
    const hl = ((sl << 1) & NOT_A) | ((sl >>> 1) & NOT_H) | rowL;
    const vh = (sh << 8) | (sh >>> 8) | (sl >>> 24) | cols;
    const vl = (sl << 8) | (sl >>> 8) | (sh << 24) | cols;
    const ah = (((sh << 9) | (sl >>> 23)) & NOT_A) | ((sh >>> 9) & NOT_H) | d9H;
    const al = ((sl << 9) & NOT_A) | (((sl >>> 9) | (sh << 23)) & NOT_H) | d9L;
    const bh = (((sh << 7) | (sl >>> 25)) & NOT_H) | ((sh >>> 7) & NOT_A) | d7H;
    const bl = ((sl << 7) & NOT_H) | (((sl >>> 7) | (sh << 25)) & NOT_A) | d7L;
    const nh = candH & hh & vh & ah & bh & ~sh;
    const nl = candL & hl & vl & al & bl & ~sl;
    if ((nh | nl) === 0) break;
    sh |= nh;
    sl |= nl;
  }
  out[at] = sh;
  out[at + 1] = sl;
}

const S = new Int32Array(2);

/** The best final score P can still reach: 64 - 2 × the opponent's stable discs. */
export function stabilityBound(ph: number, pl: number, oh: number, ol: number): number {
  stableDiscs(oh, ol, ph, pl, S, 0);
  return 64 - 2 * (popcount32(S[0]) + popcount32(S[1]));
}

/**
 * The cap stability puts on a null-window node (alpha, alpha + 1) of
 * `empties` empties: stabilityBound once alpha ≥ 2 × empties - 2, else 64
 * (no cap; lower, the bound rarely cuts: the opponent would need more
 * stable discs than a position so open usually has). Used by nws and
 * shallow, from 5 empties up (the figures: bench/README, "The stability
 * cutoff").
 */
export function stabilityCap(ph: number, pl: number, oh: number, ol: number, alpha: number, empties: number): number {
  // Nor when the opponent has too few discs for stable ones to cap the score at alpha: 64 then as well.
  if (alpha < 2 * empties - 2 || 64 - 2 * (popcount32(oh) + popcount32(ol)) > alpha) return 64;
  return stabilityBound(ph, pl, oh, ol);
}

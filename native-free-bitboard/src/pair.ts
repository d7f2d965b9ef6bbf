/**
 * The production backend: a 64-bit board as two int32 words.
 *
 * Square s (0 = A1, 1 = B1 … 7 = H1, 8 = A2 … 63 = H8) is bit s of the board;
 * `lo` holds squares 0‥31 (ranks 1‥4), `hi` squares 32‥63 (ranks 5‥8).
 * Both words are kept as *signed* int32 so that V8 keeps them as small
 * integers: every result below is `| 0`-ed or provably below 2^31, and no
 * function here allocates. Functions that produce a 64-bit value write it to
 * an `Int32Array` at [at] = hi, [at + 1] = lo.
 *
 * Twin: assembly/bitboard.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */

/** Number of set bits of a 32-bit word. */
export function popcount32(x: number): number {
  x = (x - ((x >>> 1) & 0x55555555)) | 0;
  x = ((x & 0x33333333) + ((x >>> 2) & 0x33333333)) | 0;
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of set bits of a 64-bit board. */
export function popcount(hi: number, lo: number): number {
  return popcount32(hi) + popcount32(lo);
}

/** Index (0‥31) of the lowest set bit of a non-zero word. */
export function lowestBit32(x: number): number {
  return 31 - Math.clz32(x & ((0 - x) | 0));
}

/** Square (0‥63) of the lowest set bit of a non-empty board. */
export function lowestSquare(hi: number, lo: number): number {
  return lo !== 0 ? lowestBit32(lo) : 32 + lowestBit32(hi);
}

/** 1 when square s is set in (hi, lo). */
export function hasSquare(hi: number, lo: number, s: number): number {
  return s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1;
}

const INNER = 0x7e7e7e7e; // board without the A and H files
/** A word without the A file / without the H file: masks for shifts along ranks and diagonals. */
export const NOT_A_FILE = 0xfefefefe | 0;
export const NOT_H_FILE = 0x7f7f7f7f;

/**
 * Legal moves of the player P against the opponent O, written to out[at] (hi)
 * and out[at + 1] (lo). Parallel-prefix fill in each of the 8 directions:
 * a run of opponent discs that starts next to a player disc and ends on an
 * empty square makes that square a move.
 */
export function moves(ph: number, pl: number, oh: number, ol: number, out: Int32Array, at: number): void {
  const eh = ~(ph | oh);
  const el = ~(pl | ol);
  const ih = oh & INNER;
  const il = ol & INNER;
  let mh = 0;
  let ml = 0;
  let fh: number, fl: number, qh: number, ql: number;

  // East / west (shift by 1): never crosses the word boundary because every
  // intermediate is masked by INNER.
  fl = il & (pl << 1);
  fh = ih & (ph << 1);
  fl |= il & (fl << 1);
  fh |= ih & (fh << 1);
  ql = il & (il << 1);
  qh = ih & (ih << 1);
  fl |= ql & (fl << 2);
  fh |= qh & (fh << 2);
  fl |= ql & (fl << 2);
  fh |= qh & (fh << 2);
  ml |= fl << 1;
  mh |= fh << 1;

  fl = il & (pl >>> 1);
  fh = ih & (ph >>> 1);
  fl |= il & (fl >>> 1);
  fh |= ih & (fh >>> 1);
  ql = il & (il >>> 1);
  qh = ih & (ih >>> 1);
  fl |= ql & (fl >>> 2);
  fh |= qh & (fh >>> 2);
  fl |= ql & (fl >>> 2);
  fh |= qh & (fh >>> 2);
  ml |= fl >>> 1;
  mh |= fh >>> 1;

  // North (shift left by 8) and south (shift right by 8): unmasked.
  fh = oh & ((ph << 8) | (pl >>> 24));
  fl = ol & (pl << 8);
  fh |= oh & ((fh << 8) | (fl >>> 24));
  fl |= ol & (fl << 8);
  qh = oh & ((oh << 8) | (ol >>> 24));
  ql = ol & (ol << 8);
  fh |= qh & ((fh << 16) | (fl >>> 16));
  fl |= ql & (fl << 16);
  fh |= qh & ((fh << 16) | (fl >>> 16));
  fl |= ql & (fl << 16);
  mh |= (fh << 8) | (fl >>> 24);
  ml |= fl << 8;

  fl = ol & ((pl >>> 8) | (ph << 24));
  fh = oh & (ph >>> 8);
  fl |= ol & ((fl >>> 8) | (fh << 24));
  fh |= oh & (fh >>> 8);
  ql = ol & ((ol >>> 8) | (oh << 24));
  qh = oh & (oh >>> 8);
  fl |= ql & ((fl >>> 16) | (fh << 16));
  fh |= qh & (fh >>> 16);
  fl |= ql & ((fl >>> 16) | (fh << 16));
  fh |= qh & (fh >>> 16);
  ml |= (fl >>> 8) | (fh << 24);
  mh |= fh >>> 8;

  // North-east (left by 9) and south-west (right by 9).
  fh = ih & ((ph << 9) | (pl >>> 23));
  fl = il & (pl << 9);
  fh |= ih & ((fh << 9) | (fl >>> 23));
  fl |= il & (fl << 9);
  qh = ih & ((ih << 9) | (il >>> 23));
  ql = il & (il << 9);
  fh |= qh & ((fh << 18) | (fl >>> 14));
  fl |= ql & (fl << 18);
  fh |= qh & ((fh << 18) | (fl >>> 14));
  fl |= ql & (fl << 18);
  mh |= (fh << 9) | (fl >>> 23);
  ml |= fl << 9;

  fl = il & ((pl >>> 9) | (ph << 23));
  fh = ih & (ph >>> 9);
  fl |= il & ((fl >>> 9) | (fh << 23));
  fh |= ih & (fh >>> 9);
  ql = il & ((il >>> 9) | (ih << 23));
  qh = ih & (ih >>> 9);
  fl |= ql & ((fl >>> 18) | (fh << 14));
  fh |= qh & (fh >>> 18);
  fl |= ql & ((fl >>> 18) | (fh << 14));
  fh |= qh & (fh >>> 18);
  ml |= (fl >>> 9) | (fh << 23);
  mh |= fh >>> 9;

  // North-west (left by 7) and south-east (right by 7).
  fh = ih & ((ph << 7) | (pl >>> 25));
  fl = il & (pl << 7);
  fh |= ih & ((fh << 7) | (fl >>> 25));
  fl |= il & (fl << 7);
  qh = ih & ((ih << 7) | (il >>> 25));
  ql = il & (il << 7);
  fh |= qh & ((fh << 14) | (fl >>> 18));
  fl |= ql & (fl << 14);
  fh |= qh & ((fh << 14) | (fl >>> 18));
  fl |= ql & (fl << 14);
  mh |= (fh << 7) | (fl >>> 25);
  ml |= fl << 7;

  fl = il & ((pl >>> 7) | (ph << 25));
  fh = ih & (ph >>> 7);
  fl |= il & ((fl >>> 7) | (fh << 25));
  fh |= ih & (fh >>> 7);
  ql = il & ((il >>> 7) | (ih << 25));
  qh = ih & (ih >>> 7);
  fl |= ql & ((fl >>> 14) | (fh << 18));
  fh |= qh & (fh >>> 14);
  fl |= ql & ((fl >>> 14) | (fh << 18));
  fh |= qh & (fh >>> 14);
  ml |= (fl >>> 7) | (fh << 25);
  mh |= fh >>> 7;

  out[at] = mh & eh;
  out[at + 1] = ml & el;
}

/** Number of legal moves of P against O (corners are not weighted). */
const MOB = new Int32Array(2);
export function mobility(ph: number, pl: number, oh: number, ol: number): number {
  moves(ph, pl, oh, ol, MOB, 0);
  return popcount32(MOB[0]) + popcount32(MOB[1]);
}

/*
 * Flips, "kindergarten" style: the four lines through the move (rank, file,
 * diagonal, anti-diagonal) are each gathered into an 8-bit index, two small
 * tables give the flipped discs of that line, and the result is scattered back.
 *
 * Line indices: a rank and both diagonals are indexed by file (one square per
 * file); a file is indexed by rank.
 *   OUTFLANK[pos * 64 + inner6(O)] = the first square beyond the run of O on
 *     each side of pos, when that run is not empty (candidate outflankers);
 *   FLIPPED[pos * 256 + outflank & P] = the squares strictly between pos and
 *     each outflanking P disc.
 *   LAST_COUNT[pos * 256 + P] = flips of a move at pos when every other square
 *     of the line that is not P is O (the last empty square of the board).
 */
const OUTFLANK = new Uint8Array(8 * 64);
const FLIPPED = new Uint8Array(8 * 256);
const LAST_COUNT = new Uint8Array(8 * 256);
/** Rank-indexed byte → the bits 0, 8, 16, 24 of a word (a file, lower half). */
const FILE_SCATTER = new Int32Array(16);
/** Per square: masks of the diagonal (a1-h8 direction) and anti-diagonal. */
const DIAG_HI = new Int32Array(64);
const DIAG_LO = new Int32Array(64);
const ANTI_HI = new Int32Array(64);
const ANTI_LO = new Int32Array(64);

function buildTables(): void {
  for (let pos = 0; pos < 8; pos++) {
    for (let inner = 0; inner < 64; inner++) {
      const o = inner << 1;
      let out = 0;
      let y = pos + 1;
      while (y < 8 && (o >> y) & 1) y++;
      if (y < 8 && y > pos + 1) out |= 1 << y;
      y = pos - 1;
      while (y >= 0 && (o >> y) & 1) y--;
      if (y >= 0 && y < pos - 1) out |= 1 << y;
      OUTFLANK[pos * 64 + inner] = out;
    }
    for (let of = 0; of < 256; of++) {
      let f = 0;
      for (let y = pos + 1; y < 8; y++) {
        if ((of >> y) & 1) {
          for (let z = pos + 1; z < y; z++) f |= 1 << z;
          break;
        }
      }
      for (let y = pos - 1; y >= 0; y--) {
        if ((of >> y) & 1) {
          for (let z = y + 1; z < pos; z++) f |= 1 << z;
          break;
        }
      }
      FLIPPED[pos * 256 + of] = f;
    }
    for (let p = 0; p < 256; p++) {
      let n = 0;
      for (let y = pos + 1; y < 8; y++)
        if ((p >> y) & 1) {
          n += y - pos - 1;
          break;
        }
      for (let y = pos - 1; y >= 0; y--)
        if ((p >> y) & 1) {
          n += pos - y - 1;
          break;
        }
      LAST_COUNT[pos * 256 + p] = (p >> pos) & 1 ? 0 : n;
    }
  }
  for (let n = 0; n < 16; n++) {
    let w = 0;
    for (let k = 0; k < 4; k++) if ((n >> k) & 1) w |= 1 << (8 * k);
    FILE_SCATTER[n] = w;
  }
  for (let s = 0; s < 64; s++) {
    const f = s & 7;
    const r = s >> 3;
    for (let t = 0; t < 64; t++) {
      const tf = t & 7;
      const tr = t >> 3;
      if (tf - tr === f - r) {
        if (t < 32) DIAG_LO[s] |= 1 << t;
        else DIAG_HI[s] |= 1 << (t - 32);
      }
      if (tf + tr === f + r) {
        if (t < 32) ANTI_LO[s] |= 1 << t;
        else ANTI_HI[s] |= 1 << (t - 32);
      }
    }
  }
}
buildTables();

/** Rank-indexed byte of file f (bit k = square f + 8k). */
function fileIndex(hi: number, lo: number, f: number): number {
  return (Math.imul((lo >>> f) & 0x01010101, 0x10204080) >>> 28) | ((Math.imul((hi >>> f) & 0x01010101, 0x10204080) >>> 28) << 4);
}

/** File-indexed byte of the squares of (hi, lo) inside the masks (one per file). */
function diagIndex(hi: number, lo: number, mh: number, ml: number): number {
  return (Math.imul(lo & ml, 0x01010101) >>> 24) | (Math.imul(hi & mh, 0x01010101) >>> 24);
}

/**
 * The discs P flips by playing on the empty square x, written to out[at] (hi)
 * and out[at + 1] (lo); both are 0 when the move is illegal.
 */
export function flips(x: number, ph: number, pl: number, oh: number, ol: number, out: Int32Array, at: number): void {
  const f = x & 7;
  const r = x >> 3;
  let fh = 0;
  let fl = 0;
  let p: number, o: number, b: number;

  // Rank.
  if (r < 4) {
    const sh = r << 3;
    p = (pl >>> sh) & 255;
    o = (ol >>> sh) & 255;
    fl = FLIPPED[(f << 8) | (OUTFLANK[(f << 6) | ((o >> 1) & 63)] & p)] << sh;
  } else {
    const sh = (r - 4) << 3;
    p = (ph >>> sh) & 255;
    o = (oh >>> sh) & 255;
    fh = FLIPPED[(f << 8) | (OUTFLANK[(f << 6) | ((o >> 1) & 63)] & p)] << sh;
  }

  // File.
  p = fileIndex(ph, pl, f);
  o = fileIndex(oh, ol, f);
  b = FLIPPED[(r << 8) | (OUTFLANK[(r << 6) | ((o >> 1) & 63)] & p)];
  fl |= FILE_SCATTER[b & 15] << f;
  fh |= FILE_SCATTER[b >> 4] << f;

  // Diagonal.
  let mh = DIAG_HI[x];
  let ml = DIAG_LO[x];
  p = diagIndex(ph, pl, mh, ml);
  o = diagIndex(oh, ol, mh, ml);
  b = Math.imul(FLIPPED[(f << 8) | (OUTFLANK[(f << 6) | ((o >> 1) & 63)] & p)], 0x01010101);
  fl |= b & ml;
  fh |= b & mh;

  // Anti-diagonal.
  mh = ANTI_HI[x];
  ml = ANTI_LO[x];
  p = diagIndex(ph, pl, mh, ml);
  o = diagIndex(oh, ol, mh, ml);
  b = Math.imul(FLIPPED[(f << 8) | (OUTFLANK[(f << 6) | ((o >> 1) & 63)] & p)], 0x01010101);
  fl |= b & ml;
  fh |= b & mh;

  out[at] = fh;
  out[at + 1] = fl;
}

/**
 * How many discs P flips by playing on x when x is the only empty square
 * (every square that is not P is O). Only P is needed.
 */
export function lastFlipCount(x: number, ph: number, pl: number): number {
  const f = x & 7;
  const r = x >> 3;
  const row = r < 4 ? (pl >>> (r << 3)) & 255 : (ph >>> ((r - 4) << 3)) & 255;
  return (
    LAST_COUNT[(f << 8) | row] +
    LAST_COUNT[(r << 8) | fileIndex(ph, pl, f)] +
    LAST_COUNT[(f << 8) | diagIndex(ph, pl, DIAG_HI[x], DIAG_LO[x])] +
    LAST_COUNT[(f << 8) | diagIndex(ph, pl, ANTI_HI[x], ANTI_LO[x])]
  );
}

/** The 8 neighbours of each square, as (hi, lo) masks. */
export const NEIGHBOUR_HI = new Int32Array(64);
export const NEIGHBOUR_LO = new Int32Array(64);
for (let s = 0; s < 64; s++) {
  const f = s & 7;
  const r = s >> 3;
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      if ((df || dr) && f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) {
        const t = s + df + 8 * dr;
        if (t < 32) NEIGHBOUR_LO[s] |= 1 << t;
        else NEIGHBOUR_HI[s] |= 1 << (t - 32);
      }
    }
  }
}

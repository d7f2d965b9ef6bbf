/**
 * Edax's evaluation features: 46 pattern occurrences in 12 groups plus a
 * constant term. A pattern's index is its squares read as base-3 digits,
 * the first square the most significant: 0 a disc of the side to move,
 * 1 an opponent's disc, 2 empty. Occurrences of a group share one weight
 * table; inside a group, a pattern and its mirror image (the reflection
 * that maps the pattern onto itself) share a weight, so the file stores
 * one "packed" weight per mirror pair: 226,315 weights, 114,364 packed.
 */
import { parseSquare } from 'native-free-bitboard';

/** The pattern occurrences, group by group (square names). */
const GROUP_PATTERNS: readonly (readonly string[])[][] = [
  // corner 3x3
  [
    ['a1', 'b1', 'a2', 'b2', 'c1', 'a3', 'c2', 'b3', 'c3'],
    ['h1', 'g1', 'h2', 'g2', 'f1', 'h3', 'f2', 'g3', 'f3'],
    ['a8', 'a7', 'b8', 'b7', 'a6', 'c8', 'b6', 'c7', 'c6'],
    ['h8', 'h7', 'g8', 'g7', 'h6', 'f8', 'g6', 'f7', 'f6'],
  ],
  // angle: 10 squares around a corner with its X square
  [
    ['a5', 'a4', 'a3', 'a2', 'a1', 'b2', 'b1', 'c1', 'd1', 'e1'],
    ['h5', 'h4', 'h3', 'h2', 'h1', 'g2', 'g1', 'f1', 'e1', 'd1'],
    ['a4', 'a5', 'a6', 'a7', 'a8', 'b7', 'b8', 'c8', 'd8', 'e8'],
    ['h4', 'h5', 'h6', 'h7', 'h8', 'g7', 'g8', 'f8', 'e8', 'd8'],
  ],
  // edge + 2 X squares
  [
    ['b2', 'a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'g2'],
    ['b7', 'a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8', 'g7'],
    ['b2', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'b7'],
    ['g2', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'g7'],
  ],
  // edge block
  [
    ['a1', 'c1', 'd1', 'c2', 'd2', 'e2', 'f2', 'e1', 'f1', 'h1'],
    ['a8', 'c8', 'd8', 'c7', 'd7', 'e7', 'f7', 'e8', 'f8', 'h8'],
    ['a1', 'a3', 'a4', 'b3', 'b4', 'b5', 'b6', 'a5', 'a6', 'a8'],
    ['h1', 'h3', 'h4', 'g3', 'g4', 'g5', 'g6', 'h5', 'h6', 'h8'],
  ],
  // line 2
  [line('a2', 1, 0), line('a7', 1, 0), line('b1', 0, 1), line('g1', 0, 1)],
  // line 3
  [line('a3', 1, 0), line('a6', 1, 0), line('c1', 0, 1), line('f1', 0, 1)],
  // line 4
  [line('a4', 1, 0), line('a5', 1, 0), line('d1', 0, 1), line('e1', 0, 1)],
  // main diagonals
  [line('a1', 1, 1), line('a8', 1, -1)],
  // diagonals of 7
  [line('b1', 1, 1), line('h2', -1, 1), line('a2', 1, 1), line('g1', -1, 1)],
  // diagonals of 6
  [line('c1', 1, 1), line('a3', 1, 1), line('f1', -1, 1), line('h3', -1, 1)],
  // diagonals of 5
  [line('d1', 1, 1), line('a4', 1, 1), line('e1', -1, 1), line('h4', -1, 1)],
  // diagonals of 4
  [line('d1', -1, 1), line('a5', 1, 1), line('e1', 1, 1), line('h5', -1, 1)],
];

/** The squares from `from` in direction (file step, rank step) to the board's edge. */
function line(from: string, df: number, dr: number): string[] {
  const out: string[] = [];
  let f = from.charCodeAt(0) - 97;
  let r = Number(from[1]) - 1;
  while (f >= 0 && f < 8 && r >= 0 && r < 8) {
    out.push(String.fromCharCode(97 + f) + (r + 1));
    f += df;
    r += dr;
  }
  return out;
}

/**
 * Inside each group, digit i of a pattern maps to digit MIRROR[g][i] of its
 * mirror image. Corners: the reflection about the corner's diagonal; all
 * others: the digits read backwards, except in the angle, whose corner and
 * X square stay.
 */
const MIRROR: readonly (readonly number[])[] = [
  [0, 2, 1, 3, 5, 4, 7, 6, 8],
  [9, 8, 7, 6, 4, 5, 3, 2, 1, 0],
  ...Array.from({ length: 10 }, (_, g) => {
    const n = GROUP_PATTERNS[g + 2][0].length;
    return Array.from({ length: n }, (_, i) => n - 1 - i);
  }),
];

export const N_GROUPS = 13; // 12 pattern groups and the constant

import { N_PATTERNS, N_WEIGHTS } from './sizes.js';

export { N_PATTERNS, N_WEIGHTS } from './sizes.js';
/** The group of each pattern. */
export const PATTERN_GROUP = new Int32Array(N_PATTERNS);
/** The squares of each pattern (0 = a1 ‥ 63 = h8), most significant digit first. */
export const PATTERN_SQUARES: readonly (readonly number[])[] = GROUP_PATTERNS.flatMap((ps) => ps.map((p) => p.map((s) => parseSquare(s))));
/** Weights of a group (3^squares; 1 for the constant). */
export const GROUP_SIZE = new Int32Array(N_GROUPS);
/** Packed weights of a group: one per mirror pair. */
export const GROUP_PACKED = new Int32Array(N_GROUPS);
/** Offsets of the groups in the packed weights of one ply (the order of Edax's file). */
export const PACKED_OFFSET = new Int32Array(N_GROUPS + 1);
/** Offsets of the groups in the unpacked weights of one ply. */
export const UNPACKED_OFFSET = new Int32Array(N_GROUPS + 1);
/** Unpacked index (group offset + pattern index) → packed index (group offset included); filled once by build(). */
export const PACK = new Int32Array(N_WEIGHTS);
export const N_PACKED = 114_364;
export const N_PLIES = 61;

const POW3 = Int32Array.from({ length: 11 }, (_, k) => 3 ** k);

function build(): void {
  let k = 0;
  GROUP_PATTERNS.forEach((ps, g) => {
    for (let i = 0; i < ps.length; i++) PATTERN_GROUP[k++] = g;
    GROUP_SIZE[g] = 3 ** ps[0].length;
  });
  GROUP_SIZE[12] = 1;
  for (let g = 0; g < N_GROUPS; g++) UNPACKED_OFFSET[g + 1] = UNPACKED_OFFSET[g] + GROUP_SIZE[g];
  if (UNPACKED_OFFSET[N_GROUPS] !== N_WEIGHTS) throw new Error(`the patterns give ${UNPACKED_OFFSET[N_GROUPS]} weights, not ${N_WEIGHTS}`);
  for (let g = 0; g < N_GROUPS; g++) {
    const n = g < 12 ? GROUP_PATTERNS[g][0].length : 0;
    const next = packGroup(g < 12 ? mirrorTable(n, MIRROR[g]) : Int32Array.of(0), PACK, UNPACKED_OFFSET[g], PACKED_OFFSET[g]);
    GROUP_PACKED[g] = next;
    PACKED_OFFSET[g + 1] = PACKED_OFFSET[g] + next;
  }
}

/**
 * A group's packed indices into pack from `at` (its unpacked offset), from
 * `base` (its packed offset): in increasing order of index, a pattern whose
 * mirror came first shares its weight. Returns the group's packed count.
 */
function packGroup(mirrored: Int32Array, pack: Int32Array, at: number, base: number): number {
  let next = base;
  for (let i = 0; i < mirrored.length; i++) {
    const m = mirrored[i];
    pack[at + i] = m < i ? pack[at + m] : next++;
  }
  return next - base;
}

/**
 * The index of the mirror image of every pattern index of n digits: digit
 * i (most significant first) moves to digit mirror[i]. Built from the
 * lowest digits up, one add per index (a thread builds these tables at
 * start-up: a division per digit cost it 20 ms).
 */
function mirrorTable(n: number, mirror: readonly number[]): Int32Array {
  const m = new Int32Array(POW3[n]);
  for (let i = n - 1, len = 1; i >= 0; i--, len *= 3) {
    const w = POW3[n - 1 - mirror[i]];
    for (let j = 0; j < len; j++) {
      m[len + j] = w + m[j];
      m[2 * len + j] = 2 * w + m[j];
    }
  }
  return m;
}

build();
if (UNPACKED_OFFSET[N_GROUPS] !== N_WEIGHTS || PACKED_OFFSET[N_GROUPS] !== N_PACKED) {
  throw new Error(`feature tables: ${UNPACKED_OFFSET[N_GROUPS]} weights, ${PACKED_OFFSET[N_GROUPS]} packed`);
}

/**
 * Per square: the features it belongs to and its digit's weight there, as
 * flat lists: SQ_FEATURES[SQ_START[x] ‥ SQ_START[x + 1]) (pattern numbers)
 * and SQ_POWER (3^position).
 */
export const SQ_START = new Int32Array(65);
export const SQ_FEATURE = new Int32Array(N_PATTERNS * 10);
export const SQ_POWER = new Int32Array(N_PATTERNS * 10);
/** Index of each pattern on an empty board (all digits 2), plus the group's offset. */
export const EMPTY_INDEX = new Int32Array(N_PATTERNS);
{
  let k = 0;
  for (let x = 0; x < 64; x++) {
    SQ_START[x] = k;
    PATTERN_SQUARES.forEach((sq, f) => {
      const i = sq.indexOf(x);
      if (i >= 0) {
        SQ_FEATURE[k] = f;
        SQ_POWER[k++] = 3 ** (sq.length - 1 - i);
      }
    });
  }
  SQ_START[64] = k;
  PATTERN_SQUARES.forEach((sq, f) => {
    EMPTY_INDEX[f] = UNPACKED_OFFSET[PATTERN_GROUP[f]] + (3 ** sq.length - 1); // 22…2 in base 3
  });
}

/**
 * The 46 pattern indices of a position (player P to move), each plus its
 * group's offset into the unpacked weights, into `out`. From the empty
 * board's index, each disc lowers its digit from 2: by 2 for P, 1 for O.
 */
export function featureIndices(ph: number, pl: number, oh: number, ol: number, out: Int32Array): void {
  out.set(EMPTY_INDEX);
  subtract(pl, 0, 2, out);
  subtract(ph, 32, 2, out);
  subtract(ol, 0, 1, out);
  subtract(oh, 32, 1, out);
}

function subtract(bits: number, base: number, digit: number, out: Int32Array): void {
  while (bits !== 0) {
    const x = base + 31 - Math.clz32(bits & ((0 - bits) | 0));
    bits &= (bits - 1) | 0;
    for (let k = SQ_START[x], end = SQ_START[x + 1]; k < end; k++) out[SQ_FEATURE[k]] -= digit * SQ_POWER[k];
  }
}

/** SWAP[i]: the 10-digit index i with its digits 0 and 1 swapped (2 stays): the same pattern seen from the other side. */
export const SWAP = new Int32Array(59049);
// From the lowest digits up: index d·3^k + j swaps to d'·3^k + SWAP[j].
for (let len = 1; len < 59049; len *= 3) {
  for (let j = 0; j < len; j++) {
    SWAP[len + j] = SWAP[j]; // digit 1 → 0
    SWAP[2 * len + j] = 2 * len + SWAP[j]; // 2 stays
    SWAP[j] += len; // digit 0 → 1 (in place: the lower third, last)
  }
}

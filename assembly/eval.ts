/*
 * The evaluator's line of play, the twin of src/eval/weights.ts (its
 * Evaluator's): one position per empties count, kept as pattern
 * indices (group offsets included) with fixed colours, A = digit 0 and
 * B = 1 (2 empty), and which of them moves. The host copies in what the
 * TypeScript evaluator computed (the expanded weights w and their
 * colour-swapped twin ws, the per-square pattern lists), so that both
 * score every position alike. The line is this thread's (state.ts).
 */
import { ALL_EMPTY_AT as ALL_EMPTY, OFFSET_AT as OFFSET, POWER_AT as POWER } from './memory';
import { LINE, TURN, scratch } from './state';
import * as L from '../src/wasm/layout';

import { N_PATTERNS, N_WEIGHTS } from '../src/eval/sizes';
export { N_WEIGHTS } from '../src/eval/sizes';

// Where the host put the tables (useWeights), and the band width.
let W: usize = 0; // i16 × tables × N_WEIGHTS
let WS: usize = 0;
let band: i32 = 1;
let constant: i32 = 0; // the constant group's offset in a table
/** Whether weights were given (else the search orders by mobility alone). */
export let loaded: bool = false;

/*
 * A line slot holds the 46 pattern indices as u16 lanes of six i16x8
 * vectors (LANES, two lanes unused) without their group offsets, so that a
 * square's change is one vector add over all the patterns it is in (as
 * Edax's eval_update does): POWER[x] holds 3^k in the lane of every
 * pattern where x is digit k, 0 elsewhere. Indices stay below 3^10, so the
 * 16-bit lanes never wrap in a result. Both tables follow from the
 * pattern lists the host gives, at fixed addresses (memory.ts), each entry
 * written once with its final value: every instance writes the same bytes,
 * so one that starts beside running threads changes nothing they read.
 * ALL_EMPTY: every pattern's index with all its squares empty; OFFSET: what
 * turns a lane's index into the weight's place in a table.
 */
const LANES = 48;

/** The tables at `at`, laid out as src/wasm/layout.ts says (WEIGHTS_HEADER_WORDS, then the weights), `tables` of them for bands of `bandWidth`. */
export function useWeights(at: usize, tables: i32, bandWidth: i32, constantOffset: i32): void {
  const sqStart = at;
  const sqFeature = sqStart + 4 * <usize>L.SQ_START_WORDS;
  const sqPower = sqFeature + 4 * <usize>L.SQ_FEATURE_WORDS;
  const emptyIndex = sqPower + 4 * <usize>L.SQ_POWER_WORDS;
  const k0 = load<i32>(sqStart);
  const k1 = load<i32>(sqStart + 64 * 4);
  for (let f = 0; f < LANES; f++) {
    let all = 0;
    for (let k = k0; k < k1; k++) if (load<i32>(sqFeature + (<usize>k << 2)) == f) all += 2 * load<i32>(sqPower + (<usize>k << 2));
    store<u16>(ALL_EMPTY + (<usize>f << 1), <u16>all);
    store<i32>(OFFSET + (<usize>f << 2), f < N_PATTERNS ? load<i32>(emptyIndex + (<usize>f << 2)) - all : 0);
    for (let s = 0; s < 64; s++) {
      let p = 0;
      for (let k = load<i32>(sqStart + (<usize>s << 2)), end = load<i32>(sqStart + (<usize>(s + 1) << 2)); k < end; k++) {
        if (load<i32>(sqFeature + (<usize>k << 2)) == f) p = load<i32>(sqPower + (<usize>k << 2));
      }
      store<u16>(POWER + (<usize>(s * LANES + f) << 1), <u16>p);
    }
  }
  W = emptyIndex + 4 * <usize>L.EMPTY_INDEX_WORDS;
  WS = W + 2 * <usize>tables * <usize>N_WEIGHTS;
  band = bandWidth;
  constant = constantOffset;
  loaded = true;
}

export function noWeights(): void {
  loaded = false;
}

/** Where slot `slot`'s lanes are. */
// @ts-ignore: decorator
@inline function slotAt(slot: i32): usize {
  return scratch + LINE + <usize>slot * (2 * LANES);
}

// @ts-ignore: decorator
@inline function powerAt(x: i32): usize {
  return POWER + <usize>x * (2 * LANES);
}

// @ts-ignore: decorator
@inline function turnOf(empties: i32): i32 {
  return <i32>load<u8>(scratch + TURN + <usize>empties);
}

// @ts-ignore: decorator
@inline function setTurn(empties: i32, t: i32): void {
  store<u8>(scratch + TURN + <usize>empties, <u8>t);
}

/** Puts a position (P to move, as colour A) in the line's slot for its empties count. */
export function loadLine(empties: i32, P: u64, O: u64): void {
  const e = ALL_EMPTY;
  let v0 = v128.load(e), v1 = v128.load(e, 16), v2 = v128.load(e, 32), v3 = v128.load(e, 48), v4 = v128.load(e, 64), v5 = v128.load(e, 80);
  // A's discs: 2 → 0; B's: 2 → 1.
  for (let k = 0; k < 3; k++) {
    let bits = k < 2 ? P : O;
    while (bits != 0) {
      const q = powerAt(<i32>ctz<u64>(bits));
      bits &= bits - 1;
      v0 = i16x8.sub(v0, v128.load(q)); v1 = i16x8.sub(v1, v128.load(q, 16)); v2 = i16x8.sub(v2, v128.load(q, 32));
      v3 = i16x8.sub(v3, v128.load(q, 48)); v4 = i16x8.sub(v4, v128.load(q, 64)); v5 = i16x8.sub(v5, v128.load(q, 80));
    }
  }
  const d = slotAt(empties);
  v128.store(d, v0); v128.store(d, v1, 16); v128.store(d, v2, 32); v128.store(d, v3, 48); v128.store(d, v4, 64); v128.store(d, v5, 80);
  setTurn(empties, 0);
}

function playTo(empties: i32, to: i32, x: i32, f: u64): void {
  const s = slotAt(empties);
  let v0 = v128.load(s), v1 = v128.load(s, 16), v2 = v128.load(s, 32), v3 = v128.load(s, 48), v4 = v128.load(s, 64), v5 = v128.load(s, 80);
  // The mover's digit: A plays 2 → 0 and flips 1 → 0; B plays 2 → 1 and flips 0 → 1.
  let q = powerAt(x);
  let p0 = v128.load(q), p1 = v128.load(q, 16), p2 = v128.load(q, 32), p3 = v128.load(q, 48), p4 = v128.load(q, 64), p5 = v128.load(q, 80);
  if (turnOf(empties) == 0) {
    p0 = i16x8.add(p0, p0); p1 = i16x8.add(p1, p1); p2 = i16x8.add(p2, p2);
    p3 = i16x8.add(p3, p3); p4 = i16x8.add(p4, p4); p5 = i16x8.add(p5, p5);
    while (f != 0) {
      q = powerAt(<i32>ctz<u64>(f));
      f &= f - 1;
      p0 = i16x8.add(p0, v128.load(q)); p1 = i16x8.add(p1, v128.load(q, 16)); p2 = i16x8.add(p2, v128.load(q, 32));
      p3 = i16x8.add(p3, v128.load(q, 48)); p4 = i16x8.add(p4, v128.load(q, 64)); p5 = i16x8.add(p5, v128.load(q, 80));
    }
  } else {
    while (f != 0) {
      q = powerAt(<i32>ctz<u64>(f));
      f &= f - 1;
      p0 = i16x8.sub(p0, v128.load(q)); p1 = i16x8.sub(p1, v128.load(q, 16)); p2 = i16x8.sub(p2, v128.load(q, 32));
      p3 = i16x8.sub(p3, v128.load(q, 48)); p4 = i16x8.sub(p4, v128.load(q, 64)); p5 = i16x8.sub(p5, v128.load(q, 80));
    }
  }
  const d = slotAt(to);
  v128.store(d, i16x8.sub(v0, p0)); v128.store(d, i16x8.sub(v1, p1), 16); v128.store(d, i16x8.sub(v2, p2), 32);
  v128.store(d, i16x8.sub(v3, p3), 48); v128.store(d, i16x8.sub(v4, p4), 64); v128.store(d, i16x8.sub(v5, p5), 80);
}

/** The child of slot `empties`'s position after move x flipping f, into slot empties - 1. */
export function playLine(empties: i32, x: i32, f: u64): void {
  playTo(empties, empties - 1, x, f);
  setTurn(empties - 1, turnOf(empties) ^ 1);
}

/** The side to move passes in slot `empties` (again to undo). */
export function passLine(empties: i32): void {
  setTurn(empties, turnOf(empties) ^ 1);
}

function sum(slot: i32, empties: i32, side: i32): i32 {
  const w = side == 0 ? W : WS;
  const b = w + (<usize>((empties / band) * N_WEIGHTS) << 1);
  let s = <i32>load<i16>(b + (<usize>constant << 1));
  const line = slotAt(slot);
  const offset = OFFSET;
  for (let f = 0; f < N_PATTERNS; f++) {
    const i = <i32>load<u16>(line + (<usize>f << 1)) + load<i32>(offset + (<usize>f << 2));
    s += <i32>load<i16>(b + (<usize>i << 1));
  }
  return s;
}

/** Score of slot `empties`'s position for its side to move, in 1/128 disc. */
export function scoreAt(empties: i32): i32 {
  return sum(empties, empties, turnOf(empties));
}

/** Score, for the side then to move, of the child of slot `empties`'s position after move x flipping f. */
export function childScoreAt(empties: i32, x: i32, f: u64): i32 {
  playTo(empties, 65, x, f);
  return sum(65, empties - 1, turnOf(empties) ^ 1);
}

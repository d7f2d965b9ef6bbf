/*
 * The evaluator's line of play, the twin of Evaluator's in
 * src/eval/weights.ts: one position per empties count, kept as pattern
 * indices (group offsets included) with fixed colours, A = digit 0 and
 * B = 1 (2 empty), and which of them moves. The host copies in what the
 * TypeScript evaluator computed (the expanded weights w and their
 * colour-swapped twin ws, the per-square pattern lists), so that both
 * score every position alike. The line is this thread's (state.ts).
 */
import { LINE, TURN, at32, scratch } from './state';
import * as L from '../src/wasm/layout';

import { N_PATTERNS, N_WEIGHTS } from '../src/eval/sizes';
export { N_WEIGHTS } from '../src/eval/sizes';

// Where the host put the tables (useWeights), and the band width.
let sqStart: usize = 0; // i32 × 65
let sqFeature: usize = 0; // i32 × 460
let sqPower: usize = 0; // i32 × 460
let emptyIndex: usize = 0; // i32 × 46
let W: usize = 0; // i16 × tables × N_WEIGHTS
let WS: usize = 0;
let band: i32 = 1;
let constant: i32 = 0; // the constant group's offset in a table
/** Whether weights were given (else the search orders by mobility alone). */
export let loaded: bool = false;

/** The tables at `at`, laid out as src/wasm/layout.ts says (WEIGHTS_HEADER_WORDS, then the weights), `tables` of them for bands of `bandWidth`. */
export function useWeights(at: usize, tables: i32, bandWidth: i32, constantOffset: i32): void {
  sqStart = at;
  sqFeature = sqStart + 4 * <usize>L.SQ_START_WORDS;
  sqPower = sqFeature + 4 * <usize>L.SQ_FEATURE_WORDS;
  emptyIndex = sqPower + 4 * <usize>L.SQ_POWER_WORDS;
  W = emptyIndex + 4 * <usize>L.EMPTY_INDEX_WORDS;
  WS = W + 2 * <usize>tables * <usize>N_WEIGHTS;
  band = bandWidth;
  constant = constantOffset;
  loaded = true;
}

export function noWeights(): void {
  loaded = false;
}

// @ts-ignore: decorator
@inline function lineAt(slot: i32, f: i32): usize {
  return at32(LINE, slot * N_PATTERNS + f);
}

// @ts-ignore: decorator
@inline function turnOf(empties: i32): i32 {
  return <i32>load<u8>(scratch + TURN + <usize>empties);
}

// @ts-ignore: decorator
@inline function setTurn(empties: i32, t: i32): void {
  store<u8>(scratch + TURN + <usize>empties, <u8>t);
}

/** Adds delta × 3^k to the digit of every square of `bits` in slot `to`. */
function turnDiscs(bits: u64, to: i32, delta: i32): void {
  while (bits != 0) {
    const s = <i32>ctz<u64>(bits);
    bits &= bits - 1;
    for (let k = load<i32>(sqStart + (<usize>s << 2)), end = load<i32>(sqStart + (<usize>(s + 1) << 2)); k < end; k++) {
      const a = lineAt(to, load<i32>(sqFeature + (<usize>k << 2)));
      store<i32>(a, load<i32>(a) + delta * load<i32>(sqPower + (<usize>k << 2)));
    }
  }
}

/** Puts a position (P to move, as colour A) in the line's slot for its empties count. */
export function loadLine(empties: i32, P: u64, O: u64): void {
  for (let f = 0; f < N_PATTERNS; f++) store<i32>(lineAt(empties, f), load<i32>(emptyIndex + (<usize>f << 2)));
  turnDiscs(P, empties, -2);
  turnDiscs(O, empties, -1);
  setTurn(empties, 0);
}

function playTo(empties: i32, to: i32, x: i32, f: u64): void {
  for (let k = 0; k < N_PATTERNS; k++) store<i32>(lineAt(to, k), load<i32>(lineAt(empties, k)));
  // The mover's digit: A plays 2 → 0 and flips 1 → 0; B plays 2 → 1 and flips 0 → 1.
  const a = turnOf(empties) == 0;
  const dx = a ? 2 : 1;
  const df = a ? -1 : 1;
  for (let k = load<i32>(sqStart + (<usize>x << 2)), end = load<i32>(sqStart + (<usize>(x + 1) << 2)); k < end; k++) {
    const p = lineAt(to, load<i32>(sqFeature + (<usize>k << 2)));
    store<i32>(p, load<i32>(p) - dx * load<i32>(sqPower + (<usize>k << 2)));
  }
  turnDiscs(f, to, df);
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
  for (let f = 0; f < N_PATTERNS; f++) s += <i32>load<i16>(b + (<usize>load<i32>(lineAt(slot, f)) << 1));
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

/*
 * A search's working state (the twin of src/search/state.ts), in this
 * thread's scratch region of the shared memory instead of typed arrays:
 * counters, the empties list, the null-window nodes' move lists, the
 * evaluator's line of play. `scratch` is a per-instance global, set once by
 * init(thread): each thread of one module has a region of its own. The
 * counters count since the host last took them (it adds them to its own).
 */
import { CONTROL, MAX_THREADS, MEMORY_BASE, SCRATCH, SCRATCH_SIZE, TABLES_END } from './memory';
import * as L from '../src/wasm/layout';

import { LIST, MID_LIST, MID_MAX_DEPTH } from '../src/search/constants';
export { HEAD, LIST } from '../src/search/constants';

// Byte offsets in the scratch region.
export const NODES: usize = 0; // f64
export const STATS: usize = 8; // f64 × 7: probes, hits, cutoffs, stores, overwrites, dropped, region (STAT_* of table.ts)
const NEXT: usize = 64; // u8 × 65
const PREV: usize = 136; // u8 × 65
export const TURN: usize = 208; // u8 × 66 (eval.ts)
export const SETTINGS: usize = <usize>L.SETTINGS_BYTE; // i32 × SETTINGS_WORDS: the host's settings block (index.ts, configure)
const LISTS: usize = 4 * <usize>LIST * 64; // bytes of one field of the move lists: i32 × LIST per empties count
export const LIST_SQ: usize = 512;
export const LIST_FH: usize = LIST_SQ + LISTS;
export const LIST_FL: usize = LIST_FH + LISTS;
export const LIST_KEY: usize = LIST_FL + LISTS;
export const LINE: usize = LIST_KEY + LISTS; // u16 × 48 × 66 (eval.ts)
export const MID: usize = LINE + 2 * 48 * 66; // i32 × MID_LIST per depth 0 … MID_MAX_DEPTH + 1 (midgame.ts)
export const PVS: usize = MID + 4 * <usize>MID_LIST * <usize>(MID_MAX_DEPTH + 2); // i32 × MID_LIST per empties count 0 … 60 (pvs.ts)
export const END: usize = PVS + 4 * <usize>MID_LIST * 61;

/** Word k of the settings block the host wrote (src/wasm/layout.ts SET_*; src/wasm/search.ts ENGINE_BLOCK writes it). */
// @ts-ignore: decorator
@inline export function settingWord(k: i32): i32 {
  return load<i32>(scratch + SETTINGS + 4 * <usize>k);
}

export let scratch: usize = SCRATCH;
/** This thread's stop flag (a control word). */
export let stopAt: usize = CONTROL;
/** This instance's thread. */
export let thread: i32 = 0;
/** The word that also stops this thread's search: the split point's cut word while it helps there (help.ts), else one that stays 0. */
export let cutAt: usize = CONTROL + <usize>L.HELP_BYTE + 4 * <usize>L.HELP_ZERO;

/** Stops this thread's search when the split point's cut word is set (on), or no longer (off). */
export function watchCut(on: bool): void {
  cutAt = CONTROL + <usize>L.HELP_BYTE + 4 * <usize>(on ? L.HELP_CUT : L.HELP_ZERO);
}

/** Chooses this instance's scratch region and stop flag (thread 0 … MAX_THREADS - 1). */
export function useThread(t: i32): void {
  thread = t;
  if (thread < 0 || thread >= MAX_THREADS || END > SCRATCH_SIZE || TABLES_END > MEMORY_BASE) unreachable();
  // The settings block sits between the evaluator's turns and the move lists.
  if (<i32>L.HELP_BYTE < 4 * MAX_THREADS || L.HELP_BYTE + L.HELP_END > L.CONTROL_BYTES) unreachable();
  if (SETTINGS < TURN + 66 || SETTINGS + 4 * <usize>L.SETTINGS_WORDS > LIST_SQ || STATS + 8 * 7 != 8 * <usize>L.COUNTERS) unreachable();
  scratch = SCRATCH + <usize>thread * SCRATCH_SIZE;
  stopAt = CONTROL + 4 * <usize>thread;
}

// @ts-ignore: decorator
@inline export function stopped(): bool {
  return (atomic.load<i32>(stopAt) | atomic.load<i32>(cutAt)) != 0;
}

/** Whether the host told this thread to stop (its own flag only). */
// @ts-ignore: decorator
@inline export function told(): bool {
  return atomic.load<i32>(stopAt) != 0;
}

// @ts-ignore: decorator
@inline export function countNode(): void {
  store<f64>(scratch + NODES, load<f64>(scratch + NODES) + 1);
}

/** Adds n nodes at once: a solver that counts its leaves in a local pays one store. */
// @ts-ignore: decorator
@inline export function countNodes(n: i32): void {
  store<f64>(scratch + NODES, load<f64>(scratch + NODES) + <f64>n);
}

// @ts-ignore: decorator
@inline export function nodeCount(): f64 {
  return load<f64>(scratch + NODES);
}

export function setNodeCount(n: f64): void {
  store<f64>(scratch + NODES, n);
}

// @ts-ignore: decorator
@inline export function countStat(k: i32): void {
  const a = scratch + STATS + 8 * <usize>k;
  store<f64>(a, load<f64>(a) + 1);
}

// @ts-ignore: decorator
@inline export function nextOf(x: i32): i32 {
  return <i32>load<u8>(scratch + NEXT + <usize>x);
}

// @ts-ignore: decorator
@inline export function setNext(x: i32, y: i32): void {
  store<u8>(scratch + NEXT + <usize>x, <u8>y);
}

// @ts-ignore: decorator
@inline export function prevOf(x: i32): i32 {
  return <i32>load<u8>(scratch + PREV + <usize>x);
}

// @ts-ignore: decorator
@inline export function setPrev(x: i32, y: i32): void {
  store<u8>(scratch + PREV + <usize>x, <u8>y);
}

// @ts-ignore: decorator
@inline export function at32(region: usize, i: i32): usize {
  return scratch + region + (<usize>i << 2);
}

/*
 * The engine's exports. Positions cross as four i32 words (ph, pl, oh, ol:
 * the (hi, lo) halves of the TypeScript search), never as BigInts: a BigInt
 * costs about 60 ns a call. Each thread calls init(thread) once, which gives
 * its instance a scratch region of its own in the shared memory.
 */
import { flips as flipsOf, lastFlipCount as lastCount, moves as movesOf } from './bitboard';
import { SHALLOW_MAX, searchLeaves, setupEmpties as setup } from './leaves';
import { MEMORY_BASE } from './memory';
import { stabilityBound as bound } from './stability';
import { nodeCount, setNodeCount, useThread } from './state';

// @ts-ignore: decorator
@inline function board(hi: i32, lo: i32): u64 {
  return ((<u64><u32>hi) << 32) | <u64><u32>lo;
}

/** This instance's thread (0 ‥ 62): its scratch region. */
export function init(thread: i32): void {
  useThread(thread);
}

/** The --memoryBase the module was built for (the loader checks it). */
export function memoryBase(): i32 {
  return <i32>MEMORY_BASE;
}

export function shallowMax(): i32 {
  return SHALLOW_MAX;
}

/** Nodes counted by this thread's searches since the last reset. */
export function nodes(): f64 {
  return nodeCount();
}

export function resetNodes(): void {
  setNodeCount(0);
}

/**
 * The null-window search (alpha, alpha + 1) of a position of at most
 * SHALLOW_MAX empties, as the TypeScript searchNull does it there: its
 * empties list built, the last-4 solvers or the shallow search. Fail-soft.
 */
export function searchNullLeaves(ph: i32, pl: i32, oh: i32, ol: i32, alpha: i32): i32 {
  const P = board(ph, pl);
  const O = board(oh, ol);
  const empties = 64 - <i32>popcnt<u64>(P | O);
  if (empties > SHALLOW_MAX) unreachable();
  const parity = setup(P, O);
  return searchLeaves(P, O, alpha, empties, parity);
}

// The primitives, for the differential tests (bit for bit against native-free-bitboard).
export function flipsHi(x: i32, ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>(flipsOf(x, board(ph, pl), board(oh, ol)) >> 32);
}
export function flipsLo(x: i32, ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>flipsOf(x, board(ph, pl), board(oh, ol));
}
export function movesHi(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>(movesOf(board(ph, pl), board(oh, ol)) >> 32);
}
export function movesLo(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>movesOf(board(ph, pl), board(oh, ol));
}
export function lastFlipCount(x: i32, ph: i32, pl: i32): i32 {
  return lastCount(x, board(ph, pl));
}
export function stabilityBound(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return bound(board(ph, pl), board(oh, ol));
}

/*
 * A search's working state (the twin of src/search/state.ts), in this
 * thread's scratch region of the shared memory instead of typed arrays:
 * the node count and the empties list (more joins it as the search moves
 * here: move lists, PV). `scratch` is a per-instance global, set once by
 * init(thread): each thread of one module has a region of its own.
 */
import { MAX_THREADS, SCRATCH, SCRATCH_SIZE } from './memory';

/** Head of the empties list. */
export const HEAD: i32 = 64;

const NODES: usize = 0; // f64
const NEXT: usize = 16; // u8 × 65
const PREV: usize = 96; // u8 × 65

let scratch: usize = SCRATCH;

/** Chooses this instance's scratch region (thread 0 … MAX_THREADS - 1). */
export function useThread(thread: i32): void {
  if (thread < 0 || thread >= MAX_THREADS) unreachable();
  scratch = SCRATCH + <usize>thread * SCRATCH_SIZE;
}

// @ts-ignore: decorator
@inline export function countNode(): void {
  store<f64>(scratch + NODES, load<f64>(scratch + NODES) + 1);
}

// @ts-ignore: decorator
@inline export function nodeCount(): f64 {
  return load<f64>(scratch + NODES);
}

export function setNodeCount(n: f64): void {
  store<f64>(scratch + NODES, n);
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

/*
 * The module's memory, laid out by hand, so that one compiled module can run
 * in several threads over one shared WebAssembly.Memory (the design of
 * ../src/wasm/engine.ts; the measurements behind it: bench/README,
 * "WebAssembly"):
 *
 *   0 … 4 KiB           control words (i32, Atomics-compatible): one stop flag per search slot
 *   4 KiB … MEMORY_BASE per-thread scratch, SCRATCH_SIZE each: the search state (state.ts)
 *   MEMORY_BASE …       static data: read-only tables, built once by the start code
 *                       (every instance writes the same bytes to the same place)
 *   __heap_base …       nothing: no allocation after start (--runtime stub)
 *
 * The build passes --memoryBase MEMORY_BASE, so that asc puts static data
 * above the hand-managed region.
 */
export const CONTROL: usize = 0;
export const SCRATCH: usize = 4096;
export const SCRATCH_SIZE: usize = 16384;
export const MAX_THREADS: i32 = 63;
/** Must equal the build's --memoryBase (package.json, build:wasm). */
export const MEMORY_BASE: usize = SCRATCH + <usize>MAX_THREADS * SCRATCH_SIZE;

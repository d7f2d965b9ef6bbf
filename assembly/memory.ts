/*
 * The module's memory, laid out by hand, so that one compiled module can run
 * in several threads over one shared WebAssembly.Memory (the loader:
 * ../src/wasm/engine.ts):
 *
 *   0 … 4 KiB            control words (i32, Atomics-compatible): one stop flag per thread
 *   4 KiB … MEMORY_BASE  per-thread scratch, SCRATCH_SIZE each: the search state (state.ts)
 *   MEMORY_BASE …        static data (constants)
 *   __heap_base …        the tables the start code builds (the stub allocator places them;
 *                        every instance writes the same bytes to the same place)
 *   heapEnd() …          what the host places: the weights (eval.ts), the table (table.ts);
 *                        nothing is allocated after start (--runtime stub)
 *
 * The build passes --memoryBase MEMORY_BASE, so that asc puts static data
 * above the hand-managed region.
 */
export const CONTROL: usize = 0;
export const SCRATCH: usize = 4096;
export const SCRATCH_SIZE: usize = 65536;
export const MAX_THREADS: i32 = 32;
/** Must equal the build's --memoryBase (package.json, build:wasm). */
export const MEMORY_BASE: usize = SCRATCH + <usize>MAX_THREADS * SCRATCH_SIZE;

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
 * above the hand-managed region. The numbers: src/wasm/layout.ts.
 */
import * as L from '../src/wasm/layout';

// The numbers are written once, in src/wasm/layout.ts (both engines compile it).
export const CONTROL: usize = 0;
export const SCRATCH: usize = <usize>L.CONTROL_BYTES;
export const SCRATCH_SIZE: usize = <usize>L.SCRATCH_BYTES;
export const MAX_THREADS: i32 = L.MAX_THREADS;
/** The build's --memoryBase (assembly/build.mjs passes this number). */
export const MEMORY_BASE: usize = <usize>L.MEMORY_BASE;

/*
 * The module's memory, laid out by hand, so that one compiled module can run
 * in several threads over one shared WebAssembly.Memory (the loader:
 * ../src/wasm/engine.ts):
 *
 *   0 … 4 KiB            control words (i32, Atomics-compatible): one stop flag per thread
 *   4 KiB …              per-thread scratch, SCRATCH_SIZE each: the search state (state.ts)
 *   TABLES … MEMORY_BASE the read-only tables, at the fixed addresses below
 *   MEMORY_BASE …        static data (constants)
 *   heapEnd() …          what the host places: the weights (eval.ts), the table (table.ts);
 *                        nothing is allocated (--runtime stub)
 *
 * The tables' addresses are constants of the code (no global loaded at each
 * use), and every instance's start code writes each entry once with its
 * final value, never zero first: an instance that starts while other
 * threads search the same memory (a split position's worker taking its
 * first task) rewrites the bytes they read with the same bytes.
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
export const TABLES: usize = SCRATCH + <usize>MAX_THREADS * SCRATCH_SIZE;

// The tables, by address (bytes; the files that build them say what they hold).
export const NEIGHBOUR_AT: usize = TABLES; // u64 × 64 (bitboard.ts)
export const LINE_AT: usize = NEIGHBOUR_AT + 8 * 64; // u64 × 64 × 8
export const DIAG_AT: usize = LINE_AT + 8 * 64 * 8; // u64 × 64
export const ANTI_AT: usize = DIAG_AT + 8 * 64; // u64 × 64
export const LAST_COUNT_AT: usize = ANTI_AT + 8 * 64; // u8 × 8 × 256
export const QUADRANT_AT: usize = LAST_COUNT_AT + 8 * 256; // i32 × 64 (leaves.ts)
export const PRESORTED_AT: usize = QUADRANT_AT + 4 * 64; // i32 × 64
export const RANK_AT: usize = PRESORTED_AT + 4 * 64; // i32 × 64
export const IN_QUADRANTS_AT: usize = RANK_AT + 4 * 64; // u64 × 16
export const UNCOL_AT: usize = IN_QUADRANTS_AT + 8 * 16; // u64 × 256 (stability.ts)
export const EDGE_AT: usize = UNCOL_AT + 8 * 256; // u8 × 65536
export const POWER_AT: usize = EDGE_AT + 65536; // u16 × 64 × 48 (eval.ts)
export const ALL_EMPTY_AT: usize = POWER_AT + 2 * 64 * 48; // u16 × 48
export const OFFSET_AT: usize = ALL_EMPTY_AT + 2 * 48; // i32 × 48
export const TABLES_END: usize = OFFSET_AT + 4 * 48;

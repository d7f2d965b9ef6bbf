/*
 * The engine's limits and memory layout, written once for both engines:
 * tsc compiles this file for the hosts (src/wasm/*.ts, the page) and asc
 * for the engine (assembly/ imports it), so it holds plain numbers only, in
 * expressions both read alike (no imports, no type annotations: asc makes
 * them i32, tsc numbers). The build passes MEMORY_BASE to asc
 * (assembly/build.mjs), and the loader checks the module's own report of
 * these (layoutOf) against this file at load (engine.ts, checkLayout).
 *
 *   0 … CONTROL_BYTES            control words: a stop flag per thread
 *   CONTROL_BYTES …              a scratch region of SCRATCH_BYTES per thread
 *   … MEMORY_BASE                the read-only tables (TABLES_BYTES), at fixed addresses
 *   MEMORY_BASE …                the module's static data
 */

/** Threads whose instances can share one memory; a split position uses one more than its workers (the walk's). */
export const MAX_THREADS = 32;
/** Workers a split position's tasks can run on with one shared engine memory. */
export const MAX_SPLIT_WORKERS = MAX_THREADS - 1;
export const CONTROL_BYTES = 4096;
export const SCRATCH_BYTES = 65536;
/** The engine's read-only tables (flips, stability, the evaluator's powers), laid out in assembly/memory.ts. */
export const TABLES_BYTES = 131072;
/** Where the module's static data starts (asc's --memoryBase). */
export const MEMORY_BASE = CONTROL_BYTES + MAX_THREADS * SCRATCH_BYTES + TABLES_BYTES;
/** The memory's size in 64 KiB pages: at instantiation, and at most (4 GiB). */
export const INITIAL_PAGES = 64;
export const MAXIMUM_PAGES = 65536;
/** The largest table the 32-bit memory holds beside its weights: 2 GiB, so 2^26 entries of 32 bytes (the board layouts) or 2^27 of 16 (key4). */
export const WASM_MAX_TABLE_BYTES = 2147483648;
/** The largest table of the default layout (board2) in that memory. */
export const WASM_MAX_BITS = 26;

/*
 * The evaluator's tables as the host writes them at the address it gives
 * useWeights: four i32 arrays (per square: its first feature; the features
 * of each square and their powers of 3; the empty-square index of each
 * pattern, 46 used of 48), then the weights and their colour-swapped twin,
 * i16 each, table after table.
 */
export const SQ_START_WORDS = 65;
export const SQ_FEATURE_WORDS = 460;
export const SQ_POWER_WORDS = 460;
export const EMPTY_INDEX_WORDS = 48;
export const WEIGHTS_HEADER_WORDS = SQ_START_WORDS + SQ_FEATURE_WORDS + SQ_POWER_WORDS + EMPTY_INDEX_WORDS;

/*
 * A thread's scratch region starts with its counters, f64 each, in this
 * order (the host drains them after every search and adds them to its own):
 * nodes, then the table's statistics in the order of their slots
 * (STAT_*, src/search/constants.ts).
 */
export const COUNTERS = 8;

/*
 * The search's settings as the host hands them over: a block of i32 words
 * at SETTINGS_BYTE in the thread's scratch region, word k = the setting
 * named below, then configure() (src/wasm/lower.ts fills it from a
 * SearchContext; assembly/index.ts reads it).
 */
export const SETTINGS_BYTE = 448;
export const SET_EVAL_MIN = 0; // evaluation in the ordering key from this many empties
export const SET_PER_MOBILITY_0 = 1; // the evaluation's weight by the opponent's mobility (4 classes)
export const SET_PER_MOBILITY_1 = 2;
export const SET_PER_MOBILITY_2 = 3;
export const SET_PER_MOBILITY_3 = 4;
export const SET_SORT_FROM_1 = 5; // a 1-, 2-, 3-ply sorting search from this many empties
export const SET_SORT_FROM_2 = 6;
export const SET_SORT_FROM_3 = 7;
export const SET_W_MOBILITY = 8; // the key's weights
export const SET_W_POTENTIAL = 9;
export const SET_W_PARITY = 10;
export const SET_OFF = 11; // the switches (src/search/switches.ts)
export const SET_W_EDGE = 12; // the key's weight of an edge disc that nothing can flip
export const SETTINGS_WORDS = 13;

/*
 * A whole position's helpers (assembly/help.ts): one split point per
 * memory, in the control words from HELP_BYTE. The thread that searches the
 * position (thread 0) opens it at a null-window node of HELP_MIN empties or
 * more once its eldest move has not cut and a helper waits; then it and the
 * helpers take the node's other moves one at a time. Words (i32) at
 * HELP_BYTE + 4 * HELP_*; the node's boards (u64) at HELP_BOARDS, its moves'
 * squares (i32) at HELP_SQUARES, their flips (u64) at HELP_FLIPS, each
 * move's score (i32, HELP_NONE while unknown) at HELP_SCORES.
 */
export const HELP_BYTE = 1024;
export const HELP_WANT = 0; // helpers waiting on this memory
export const HELP_STATE = 1; // HELP_CLOSED, HELP_OPEN or HELP_DONE
export const HELP_NEXT = 2; // the next move to take (fetch-and-add)
export const HELP_COUNT = 3; // the node's moves
export const HELP_BUSY = 4; // helpers holding one of them
export const HELP_ALPHA = 5;
export const HELP_EMPTIES = 6;
export const HELP_LEVEL = 7; // the search's selectivity and ProbCut margin
export const HELP_MARGIN = 8;
export const HELP_DATE = 9; // the table's date and floor
export const HELP_FLOOR = 10;
export const HELP_CUT = 11; // non-zero: a move cut (or the search stops): the others stop
export const HELP_ZERO = 12; // always 0: the cut word of a thread that is not helping
export const HELP_CLOSED = 0;
export const HELP_OPEN = 1;
export const HELP_DONE = 2; // the position's search has ended: helpers leave
export const HELP_BOARDS = 64; // bytes from HELP_BYTE
export const HELP_SQUARES = 128;
export const HELP_MOVES = 36; // the most moves a move list holds (LIST)
export const HELP_FLIPS = HELP_SQUARES + 4 * HELP_MOVES;
export const HELP_SCORES = HELP_FLIPS + 8 * HELP_MOVES;
export const HELP_END = HELP_SCORES + 4 * HELP_MOVES;
export const HELP_NONE = -127;
/** A null-window node opens its moves to helpers from this many empties (bench/README, "Helpers"). */
export const HELP_MIN = 14;

/*
 * The facts the module reports (layoutOf(k)), in this order: MAX_THREADS,
 * MEMORY_BASE, SCRATCH_BYTES, WEIGHTS_HEADER_WORDS, the weights per table
 * (N_WEIGHTS of src/eval/features.ts), the bytes of scratch a thread uses
 * (at most SCRATCH_BYTES), SETTINGS_BYTE, SETTINGS_WORDS, COUNTERS.
 */
export const LAYOUT_FACTS = 9;

/*
 * The search's constants that both engines use, written once: plain numbers
 * that tsc compiles for the TypeScript engine (src/search/) and asc for the
 * WebAssembly one (assembly/ imports this file), so no imports and no type
 * annotations (asc makes them i32). Those marked "tree" change the searched
 * tree: the differential test (test/wasm.test.ts) compares the two engines
 * node for node, and the pinned counts (test/pinned.ts) change with them.
 */

/**
 * tree: deepest search done without the table (the last-4 solvers and the
 * shallow search, parity order), as Edax's shallow search. 7 since issue
 * 61: the key and the store at 7 empties cost more time than the fifth to
 * third more nodes they save, on every kind of set measured (FFO, random,
 * real games; bench/README, "SHALLOW_MAX on every kind of set").
 */
export const SHALLOW_MAX = 7;
/** tree: above this many empties, a node looks for enhanced transposition cutoffs. */
export const ETC_MIN = 12;
/** tree: ProbCut's shallow search, in plies: PC_DEEP_PLIES from PC_DEEP_FROM empties, PC_PLIES from PC_FROM, else the evaluation alone. */
export const PC_DEEP_FROM = 22;
export const PC_DEEP_PLIES = 4;
export const PC_FROM = 16;
export const PC_PLIES = 2;
/**
 * tree: nodes of SMALL_MAX empties or fewer keep their table entries in the
 * first SMALL_BUCKETS buckets (512 KiB of board2 entries: it stays in the
 * cache), the rest in the whole table: the many small nodes stop evicting
 * the costly ones and their probes stop missing to memory. No effect on a
 * table of SMALL_BUCKETS buckets or fewer.
 */
export const SMALL_MAX = 11;
export const SMALL_BUCKETS = 8192;
/**
 * tree: a store is dropped when the bucket's cheapest entry of the current
 * search cost more than 2^KEEP_COSTLIER times as many nodes: a small table
 * keeps its costly entries instead of trading them for every cheap one
 * (bench/README, "The table's replacement rule").
 */
export const KEEP_COSTLIER = 3;
/**
 * tree: the ordering key's weight (ordering.ts) for each of the mover's
 * edge discs that no move can flip after the move (the opponent's mobility
 * weighs 8 a reply, potential mobility 2, parity 1).
 */
export const W_EDGE = 1;
/**
 * tree: at a null-window node of WARY_FROM empties or more, the table's
 * move from a less trusted (selective) search whose lower bound does not
 * pass alpha goes second, after the ordering's own first (first still if
 * the ordering puts it there): such a move cut at the selective search's
 * window, and a refutation that only just holds here can cost many times
 * the ordering's (FFO #65 at h 10: 25.2 G nodes against 8.2 G; bench/README,
 * "FFO #65 at h 10"). Below it the move goes first, as every hash move does.
 */
export const WARY_FROM = 25;
/**
 * tree: a null-window node whose window lies LOPSIDED_FROM discs or more
 * from 0 (alpha >= LOPSIDED_FROM, or alpha + 1 <= -LOPSIDED_FROM: the same
 * for both sides) weighs potential mobility and edge stability twice in
 * its ordering key: lopsided positions searched fewer nodes with that key,
 * balanced ones with the usual one (bench/README, "The ordering key of
 * lopsided nodes").
 */
export const LOPSIDED_FROM = 8;
/** tree: the shallow midgame search orders moves by evaluation from this many plies up (midgame.ts). */
export const MID_ORDER_DEPTH = 3;
/**
 * A split position's subtrees (pool/split.ts) at or below this many empties
 * are one task each: smaller tasks cost messages and walking, on the same
 * cores; larger ones leave workers idle (bench/README, "The split's task
 * size"). Not the tree of one search: which searches run where.
 */
export const LEAF_EMPTIES = 19;
/** The shallow midgame search's deepest search, and its moves per node (the state's lists). */
export const MID_MAX_DEPTH = 16;
export const MID_LIST = 32;

/** Moves of one node: at most 33 in reversi (the state's move lists, LIST per node). */
export const LIST = 36;
/** Head of the empties list (squares are 0 … 63). */
export const HEAD = 64;
/** No move known (the table's, a node's best so far). */
export const NO_MOVE = 255;
/** openNode's answers: MUST_PASS (P has no move, the opponent has), or LIST_READY + n (n moves wait in the node's list). */
export const MUST_PASS = 1000;
export const LIST_READY = 2000;
/** probCut's answer when the shallow search is inside the margins. */
export const NO_CUT = 1000;

/** The table's statistic slots (Table.stats; the WebAssembly engine's counters 1 … 5, in this order). */
export const STAT_PROBES = 0;
export const STAT_HITS = 1;
export const STAT_CUTOFFS = 2; // counted by the search when a bound ends a node
export const STAT_STORES = 3;
export const STAT_OVERWRITES = 4; // a write that evicts another position
export const STAT_DROPPED = 5; // a store not made: the bucket's victim, of this search, was costlier (KEEP_COSTLIER)
export const STAT_REGION = 6; // a node hashed into the small-node region (SMALL_MAX empties or fewer), to be probed or stored there

/** Positions with fewer empties are solved without pre-searches (the selective ones start here). */
export const SELECTIVE_MIN = 18;

/**
 * tree: the standard deviation, in discs, of the midgame search's deep value
 * less its ProbCut search's (probCutDepth plies): 3.07 + 0.007 x depth at
 * depths 3-11 on 60 WTHOR 2016-2017 positions of 30-44 empties (bench/pvs-sigma.js;
 * bench/README, "Levels against Edax"). Far below the exact search's PC_SIGMA (7: a shallow
 * search against the exact score).
 */
export const PV_SIGMA = 3.1;
/** tree: the midgame PVS (pvs.ts) tries ProbCut from this many plies (below 100 % confidence). */
export const PV_PROBCUT_MIN = 3;
/** The midgame PVS asks its host whether to stop every POLL_EVERY nodes. */
export const POLL_EVERY = 1024;
/** tree: the midgame PVS orders its moves by the opponent's evaluation after each plus this much (1/128 disc) per move left to the opponent. */
export const PV_MOBILITY_WEIGHT = 256;

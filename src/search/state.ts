/**
 * A search's working state, as Edax's Search struct holds it: the node
 * count, the list of empty squares, the move lists of the null-window nodes
 * (one per empties count) and of the PV nodes (one per ply), the
 * principal variation, and the shallow midgame search's lists. Its search
 * context reaches it (context.ts); a thread keeps one and hands it to each
 * search it runs in turn, never to two at once. Everything is preallocated: a search allocates nothing per
 * node.
 *
 * Twin: assembly/state.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */

import { LIST, MID_LIST, MID_MAX_DEPTH } from './constants.js';

export { HEAD, LIST } from './constants.js';
/** Plies of a line: 60 moves and the passes between them. */
export const MAX_PLY = 128;

export class SearchState {
  /** Nodes searched (a double: suites run into the 10^11s). */
  readonly nodes = new Float64Array(1);
  /**
   * The empties list: a circular doubly linked list of the empty squares,
   * best squares first, head HEAD. A move unlinks its square and links it
   * back on return: O(1), no allocation (leaves.ts).
   */
  readonly next = new Int8Array(65);
  readonly prev = new Int8Array(65);
  /** Null-window nodes' move lists, slice `empties * LIST` (ordering.ts): square, flips, key. */
  readonly listSq = new Int32Array(LIST * 64);
  readonly listFh = new Int32Array(LIST * 64);
  readonly listFl = new Int32Array(LIST * 64);
  readonly listKey = new Int32Array(LIST * 64);
  /** PV nodes' move lists, slice `ply * LIST`, apart from the null-window ones that the searches below them reuse (root.ts). */
  readonly plySq = new Int32Array(LIST * MAX_PLY);
  readonly plyFh = new Int32Array(LIST * MAX_PLY);
  readonly plyFl = new Int32Array(LIST * MAX_PLY);
  /** The child position being searched at each ply, four words from `ply * 4`. */
  readonly child = new Int32Array(4 * MAX_PLY);
  /** The triangular PV table: row `ply * MAX_PLY`, PV_LEN[ply] moves. */
  readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLen = new Int32Array(MAX_PLY);
  /** The shallow midgame search's (midgame.ts), per depth: the moves (two words at `2 * depth`), flips, and the sorted list (MID_LIST from `MID_LIST * depth`). */
  readonly midMoves = new Int32Array(2 * (MID_MAX_DEPTH + 2));
  readonly midFlips = new Int32Array(2);
  readonly midList = new Int32Array(MID_LIST * (MID_MAX_DEPTH + 2));
  /** The midgame PVS's (pvs.ts) sorted move lists, MID_LIST from `MID_LIST * empties`; two words for its moves and flips; nodes since its last poll. */
  readonly pvsList = new Int32Array(MID_LIST * 61);
  readonly pvsWords = new Int32Array(2);
  pvsTick = 0;
}

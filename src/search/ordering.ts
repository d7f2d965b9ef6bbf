/**
 * Move ordering of the exact search: which child to search first.
 *
 * Fastest first: the fewest opponent replies (corners counted twice), then
 * the fewest potential replies (empty squares next to the mover's discs),
 * then quadrant parity. The hash move goes before everything. From
 * `evalMin` empties the child's evaluation joins the key, and higher up a
 * shallow search of the child replaces that evaluation (the sorting
 * searches, as Edax deepens them with depth; their nodes count). The
 * weights of these terms and the depths were measured (bench/README,
 * "Move ordering").
 *
 * The search below SHALLOW_MAX empties orders by parity alone (leaves.ts),
 * the midgame search by the evaluation (midgame.ts).
 *
 * Twin: assembly/ordering.ts, the same code in AssemblyScript for the WebAssembly engine (test/wasm.test.ts holds the two alike).
 */
import { flips, lowestSquare, moves, NOT_A_FILE as NOT_A, NOT_H_FILE as NOT_H, popcount32 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { placedHi, placedLo } from '../position/position.js';
import { QUADRANT } from './leaves.js';
import { midSearch } from './midgame.js';
import { edgeStableCount } from './stability.js';
import { LIST, type SearchState } from './state.js';
import {
  OFF_EDGE,
  OFF_ETC,
  OFF_EVAL,
  OFF_HASH_MOVE,
  OFF_KEEP_COSTLIER,
  OFF_LOPSIDED,
  OFF_MOBILITY,
  OFF_PARITY,
  OFF_POTENTIAL,
  OFF_SELECTIVE,
  OFF_SMALL_REGION,
  OFF_SORTING,
  OFF_STABILITY,
} from './switches.js';

/** The ordering key's tuning: when the evaluation joins the mobility key, and how much it weighs. */
export interface KeyTuning {
  /** Empties from which the child's evaluation joins the key. */
  readonly evalMin: number;
  /**
   * Evaluation units (1/128 disc) per unit of the mobility key, by the
   * plies of the sorting search (0 = the static evaluation, 1, 2, 3): the
   * deeper the search, the more its score is trusted over mobility.
   */
  readonly evalPerMobility: readonly [number, number, number, number];
  /** Empties from which the sorting search is 1, 2, 3 plies deep. */
  readonly sortFrom: readonly [number, number, number];
}

/** The settings measured best with the shipped weights (bench/README, "Move ordering"; sortFrom from the random set, issue 30). */
export const DEFAULT_KEY_TUNING: KeyTuning = { evalMin: 12, evalPerMobility: [64, 32, 32, 16], sortFrom: [17, 20, 23] };

/** Weights of the ordering key's terms: the opponent's replies (mobility), potential mobility, a move into an even quadrant (parity). */
export const W_MOBILITY = 4;
export const W_POTENTIAL = 1;
export const W_PARITY = 1;

/**
 * The ordering study: techniques of the exact search that a context can
 * switch off one by one (bits of ContextSettings.off), to measure what each
 * saves. All on is the normal search, at the same speed. They act in the
 * table-backed search (above SHALLOW_MAX empties): the shallow search and
 * the last-4 solvers keep their parity order and the shallow search its
 * stability cutoff, since a switch tested there slowed the normal search
 * (bench/README, "The ordering study").
 */
// The bits, written once for both engines: switches.ts.
export {
  OFF_EDGE,
  OFF_ETC,
  OFF_EVAL,
  OFF_HASH_MOVE,
  OFF_LOPSIDED,
  OFF_MOBILITY,
  OFF_PARITY,
  OFF_POTENTIAL,
  OFF_SELECTIVE,
  OFF_SORTING,
  OFF_STABILITY,
};
/** The techniques by the names the command line uses, in the study's order. */
export const ORDERING_TECHNIQUES: ReadonlyArray<readonly [string, number]> = [
  ['hash-move', OFF_HASH_MOVE],
  ['mobility', OFF_MOBILITY],
  ['potential', OFF_POTENTIAL],
  ['parity', OFF_PARITY],
  ['edge', OFF_EDGE],
  ['eval', OFF_EVAL],
  ['sorting', OFF_SORTING],
  ['etc', OFF_ETC],
  ['stability', OFF_STABILITY],
  ['selective', OFF_SELECTIVE],
  ['lopsided', OFF_LOPSIDED],
];

/** The table's rules that --off switches off by name (never by `all`: they are not ordering): what Edax's table lacks. */
export const TABLE_RULES: ReadonlyArray<readonly [string, number]> = [
  ['small-region', OFF_SMALL_REGION],
  ['keep-costlier', OFF_KEEP_COSTLIER],
];

/** Plies of the sorting search at each empties count 0‥64. */
export function sortDepths(from: readonly [number, number, number]): Int32Array {
  const d = new Int32Array(65);
  for (let n = 0; n <= 64; n++) d[n] = n >= from[2] ? 3 : n >= from[1] ? 2 : n >= from[0] ? 1 : 0;
  return d;
}

/** What ordering reads of a search context (context.ts): its state, evaluator and settings as resolved. */
export interface OrderingContext {
  readonly state: SearchState;
  readonly evaluator: Evaluator | null;
  readonly evalMin: number;
  readonly evalPerMobility: Int32Array;
  readonly sortDepth: Int32Array;
  readonly wMobility: number;
  readonly wPotential: number;
  readonly wParity: number;
  /** The key's weight of each of the mover's edge discs that nothing can flip (W_EDGE, src/search/constants.ts; 0 when switched off). */
  readonly wEdge: number;
}

const M = new Int32Array(4);
/** The key of a hash move that goes first: below every other. */
const FIRST = -1 << 30;
const CORNERS_HI = 0x81000000 | 0;
const CORNERS_LO = 0x81;

/**
 * Ordering key of a move (lower is searched first), from the child position
 * (the opponent to move): its weighted mobility, then parity; less for each
 * of the mover's edge discs that nothing can flip any more (as Edax's
 * ordering counts its edge stability).
 */
export function orderKey(
  cph: number,
  cpl: number,
  coh: number,
  col: number,
  x: number,
  parity: number,
  wMobility: number,
  wPotential: number,
  wParity: number,
  wEdge: number,
): number {
  moves(cph, cpl, coh, col, M, 2);
  const mh = M[2];
  const ml = M[3];
  const mob = popcount32(mh) + popcount32(ml) + popcount32(mh & CORNERS_HI) + popcount32(ml & CORNERS_LO);
  // Potential mobility: empty squares next to our discs, where the opponent
  // may find moves later.
  const rh = coh | ((coh << 1) & NOT_A) | ((coh >>> 1) & NOT_H);
  const rl = col | ((col << 1) & NOT_A) | ((col >>> 1) & NOT_H);
  const nh = rh | (rh << 8) | (rl >>> 24) | (rh >>> 8);
  const nl = rl | (rl << 8) | (rl >>> 8) | (rh << 24);
  const pot = popcount32(nh & ~(cph | coh)) + popcount32(nl & ~(cpl | col));
  return (mob * wMobility + pot * wPotential) * 2 + (QUADRANT[x] & parity ? 0 : wParity) - wEdge * edgeStableCount(coh, col, cph, cpl);
}

/**
 * Fills the move list of a node with `empties` empty squares (the state's
 * slice `empties * LIST`); returns the number of moves (0 when P must
 * pass). The hash move gets the lowest key (the second lowest when `wary`:
 * WARY_FROM). When `lopsided`, potential mobility and edge stability weigh
 * twice (LOPSIDED_FROM). When `lazy` and the hash move is in the list and
 * goes first, only the hash move is keyed: keysPending() says so, and the
 * caller keys the others (keyRest) once the hash move has not cut.
 */
export function buildList(
  ctx: OrderingContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  parity: number,
  hashMove: number,
  mh: number,
  ml: number,
  wary = false,
  lopsided = false,
  lazy = false,
): number {
  const s = ctx.state;
  const sq = s.listSq;
  const lfh = s.listFh;
  const lfl = s.listFl;
  const keys = s.listKey;
  const base = empties * LIST;
  const single = popcount32(mh) + popcount32(ml) === 1;
  let n = 0;
  let hashAt = -1;
  while ((ml | mh) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    flips(x, ph, pl, oh, ol, M, 0);
    const i = base + n;
    sq[i] = x;
    lfh[i] = M[0];
    lfl[i] = M[1];
    keys[i] = x === hashMove && !wary ? FIRST : 0;
    if (x === hashMove) hashAt = i;
    n++;
  }
  pending = lazy && !wary && hashAt >= 0 && !single;
  // The only move needs no key; the hash move first needs none before it has been searched.
  if (!single && !pending) keyRest(ctx, ph, pl, oh, ol, empties, parity, base, base + n, lopsided);
  if (hashAt >= 0 && wary) secondKey(keys, base, n, hashAt);
  return n;
}

let pending = false;

/** Whether the last buildList left every move but the hash move (first) unkeyed. */
export function keysPending(): boolean {
  return pending;
}

/** Keys the moves in slots from‥end-1 of a node's list (buildList's), but a hash move that goes first (it keeps its lowest key). */
export function keyRest(
  ctx: OrderingContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  parity: number,
  from: number,
  end: number,
  lopsided: boolean,
): void {
  const s = ctx.state;
  const sq = s.listSq;
  const lfh = s.listFh;
  const lfl = s.listFl;
  const keys = s.listKey;
  // From evalMin the search keeps the node in the evaluator's line (ctx.evalFrom).
  const ev = empties >= ctx.evalMin ? ctx.evaluator : null;
  const sortDepth = ctx.sortDepth[empties];
  const perMobility = ctx.evalPerMobility[sortDepth];
  const wMobility = ctx.wMobility;
  const wPotential = lopsided ? 2 * ctx.wPotential : ctx.wPotential;
  const wParity = ctx.wParity;
  const wEdge = lopsided ? 2 * ctx.wEdge : ctx.wEdge;
  for (let i = from; i < end; i++) {
    if (keys[i] === FIRST) continue;
    const x = sq[i];
    const fh = lfh[i];
    const fl = lfl[i];
    const cph = oh ^ fh;
    const cpl = ol ^ fl;
    const coh = placedHi(ph, fh, x);
    const col = placedLo(pl, fl, x);
    const key = orderKey(cph, cpl, coh, col, x, parity, wMobility, wPotential, wParity, wEdge);
    // The child's evaluation is the opponent's: the lower, the better for us.
    if (ev === null) keys[i] = key;
    else if (sortDepth === 0) keys[i] = key * perMobility + ev.childScoreAt(empties, x, fh, fl);
    else {
      ev.play(empties, x, fh, fl); // slot empties - 1 is free until the next child is searched
      keys[i] = key * perMobility + midSearch(s, ev, cph, cpl, coh, col, empties - 1, sortDepth, -(1 << 30), 1 << 30);
    }
  }
}

/** Gives slot h of the list the second lowest key of its n moves, unless its own is the lowest (WARY_FROM). */
function secondKey(keys: Int32Array, base: number, n: number, h: number): void {
  let min = 1 << 30;
  for (let i = base; i < base + n; i++) if (i !== h && keys[i] < min) min = keys[i];
  if (keys[h] >= min) keys[h] = min + 1;
}

/** Moves the lowest-keyed move of slots i‥end-1 of the state's list to slot i. */
export function selectMove(s: SearchState, i: number, end: number): void {
  const keys = s.listKey;
  let best = i;
  let k = keys[i];
  for (let j = i + 1; j < end; j++) {
    if (keys[j] < k) {
      k = keys[j];
      best = j;
    }
  }
  if (best !== i) {
    const sq = s.listSq;
    const fh = s.listFh;
    const fl = s.listFl;
    let t = sq[i];
    sq[i] = sq[best];
    sq[best] = t;
    t = fh[i];
    fh[i] = fh[best];
    fh[best] = t;
    t = fl[i];
    fl[i] = fl[best];
    fl[best] = t;
    keys[best] = keys[i];
    keys[i] = k;
  }
}

/**
 * Move ordering of the exact search: which child to search first.
 *
 * Fastest first: the fewest opponent replies (corners counted twice), then
 * the fewest potential replies (empty squares next to the mover's discs),
 * then quadrant parity. The hash move goes before everything. From
 * `evalMin` empties the child's evaluation joins the key, and higher up a
 * shallow search of the child replaces that evaluation (the sorting
 * searches, as Edax deepens them with depth; their nodes count).
 *
 * Measured, mobility against potential mobility on FFO #20-#36: 4 : 1
 * searched 214 M nodes, 2 : 1 237 M, 8 : 1 217 M; without potential
 * mobility 342 M.
 *
 * The evaluation, with synthetic weights on FFO #20-#36 (123.0 M nodes by
 * mobility alone): from 12 empties 111.4 M, 14: 114.1 M, 16: 118.1 M, 18:
 * 119.3 M, 20: 121.0 M nodes at 256 units a mobility step (64: 135.4 M,
 * 1024: 123.6 M), and about 10% fewer N/s. With the trained weights shipped
 * then, units per mobility step 256 / 128 / 96 / 64: FFO #36-#39 (-h 20)
 * 340.8 / 252.2 / 260.0 / 271.9 M nodes; #40-#44 (-h 10) 553.2 / 473.6 / - /
 * 468.5 M; from 12 instead of 14 empties: fewer nodes, more time.
 *
 * Those were measured with a mobility step worth 8 discs; the weights
 * shipped since order better when the evaluation counts more, the more so
 * the deeper the sorting search (DEFAULT_ORDERING in context.ts).
 *
 * Sorting searches of 1 ply from 18 empties, 2 from 21, 3 from 24. FFO
 * #40-#44 (-h 10, 1 thread, twice each, the runs interleaved): static only
 * 424.3 M nodes in 35.7 / 43.3 s; 18/21/24 397.8 M in 36.9 / 39.1 s; 20/23
 * 430.5 M in 39.6 / 40.1 s.
 *
 * The search below SHALLOW_MAX empties orders by parity alone (leaves.ts),
 * the midgame search by the evaluation (midgame.ts).
 */
import { NOT_A_FILE as NOT_A, NOT_H_FILE as NOT_H, flips, lowestSquare, moves, popcount32 } from 'native-free-bitboard';
import type { SearchContext } from './context.js';
import { QUADRANT } from './leaves.js';
import { midSearch } from './midgame.js';

/** Moves of one node: at most 33 in reversi; one slice per empties count (per thread). */
export const LIST = 36;
export const LIST_SQ = new Int32Array(LIST * 64);
export const LIST_FH = new Int32Array(LIST * 64);
export const LIST_FL = new Int32Array(LIST * 64);
export const LIST_KEY = new Int32Array(LIST * 64);

const M = new Int32Array(4);
const CORNERS_HI = 0x81000000 | 0;
const CORNERS_LO = 0x81;

/**
 * Ordering key of a move (lower is searched first), from the child position
 * (the opponent to move): its weighted mobility, then parity.
 */
export function orderKey(
  cph: number, cpl: number, coh: number, col: number, x: number, parity: number, wMobility: number, wPotential: number, wParity: number,
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
  return (mob * wMobility + pot * wPotential) * 2 + (QUADRANT[x] & parity ? 0 : wParity);
}

/**
 * Fills the move list of a node with `empties` empty squares; returns the
 * number of moves (0 when P must pass). The hash move gets the lowest key.
 */
export function buildList(
  ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, empties: number, parity: number, hashMove: number, mh: number, ml: number,
): number {
  const base = empties * LIST;
  // From evalMin the search keeps the node in the evaluator's line (ctx.evalFrom).
  const ev = empties >= ctx.evalMin ? ctx.evaluator : null;
  const sortDepth = ctx.sortDepth[empties];
  const perMobility = ctx.evalPerMobility[sortDepth];
  const wMobility = ctx.wMobility;
  const wPotential = ctx.wPotential;
  const wParity = ctx.wParity;
  let n = 0;
  while ((ml | mh) !== 0) {
    const x = lowestSquare(mh, ml);
    if (x < 32) ml &= (ml - 1) | 0;
    else mh &= (mh - 1) | 0;
    flips(x, ph, pl, oh, ol, M, 0);
    const fh = M[0];
    const fl = M[1];
    const i = base + n;
    LIST_SQ[i] = x;
    LIST_FH[i] = fh;
    LIST_FL[i] = fl;
    if (x === hashMove) LIST_KEY[i] = -1 << 30;
    else {
      const key = orderKey(oh ^ fh, ol ^ fl, ph | fh | (x >= 32 ? 1 << (x - 32) : 0), pl | fl | (x < 32 ? 1 << x : 0), x, parity, wMobility, wPotential, wParity);
      // The child's evaluation is the opponent's: the lower, the better for us.
      if (ev === null) LIST_KEY[i] = key;
      else if (sortDepth === 0) LIST_KEY[i] = key * perMobility + ev.childScoreAt(empties, x, fh, fl);
      else {
        const cph = oh ^ fh;
        const cpl = ol ^ fl;
        const coh = ph | fh | (x >= 32 ? 1 << (x - 32) : 0);
        const col = pl | fl | (x < 32 ? 1 << x : 0);
        ev.play(empties, x, fh, fl); // slot empties - 1 is free until the node's children are searched
        LIST_KEY[i] = key * perMobility + midSearch(ev, cph, cpl, coh, col, empties - 1, sortDepth, -(1 << 30), 1 << 30);
      }
    }
    n++;
  }
  return n;
}

/** Moves the lowest-keyed move of slots i‥end-1 of a list to slot i. */
export function selectMove(i: number, end: number): void {
  let best = i;
  let k = LIST_KEY[i];
  for (let j = i + 1; j < end; j++) {
    if (LIST_KEY[j] < k) {
      k = LIST_KEY[j];
      best = j;
    }
  }
  if (best !== i) {
    let t = LIST_SQ[i]; LIST_SQ[i] = LIST_SQ[best]; LIST_SQ[best] = t;
    t = LIST_FH[i]; LIST_FH[i] = LIST_FH[best]; LIST_FH[best] = t;
    t = LIST_FL[i]; LIST_FL[i] = LIST_FL[best]; LIST_FL[best] = t;
    LIST_KEY[best] = LIST_KEY[i];
    LIST_KEY[i] = k;
  }
}

/**
 * Training positions from self-play. A game opens with random moves, goes
 * on with noisy fastest-first play (a random move now and then), and is
 * solved exactly once `solveAt` empties remain. The exact score then labels
 * every earlier position of the game (the classic "outcome after perfect
 * play from the solvable point") and every position of the principal
 * variation to the end, where the label is exact.
 */

import { flips, moves, popcount32, U64 } from 'native-free-bitboard';
import type { Evaluator } from '../eval/weights.js';
import { finalScore, PASS, placedHi, placedLo, playWords } from '../position/position.js';
import { rng } from '../position/random.js';
import { W_EDGE } from '../search/constants.js';
import type { SearchContext } from '../search/context.js';
import { midSearchFrom } from '../search/midgame.js';
import { orderKey, W_MOBILITY, W_PARITY, W_POTENTIAL } from '../search/ordering.js';
import { solveExact } from '../search/root.js';
import type { SearchState } from '../search/state.js';
import { DEFAULT_ROOT } from '../settings/index.js';
import { pushRecord } from './dataset.js';

export interface SelfPlaySettings {
  readonly seed: number;
  /** Empties at which the game is solved exactly. */
  readonly solveAt: number;
  /** Chance of a random move after the opening. */
  readonly noise: number;
  /** Plies of midgame search with `evaluator` to choose moves (0: fastest first). */
  readonly depth?: number;
}

/** A seed for game g of a run: games are reproducible one by one. */
export function gameSeed(seed: number, g: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(g + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  return Math.imul(h, 0x27d4eb2d) >>> 0;
}

const M = new Int32Array(4);
const F = new Int32Array(2);

function moveList(ph: number, pl: number, oh: number, ol: number): number[] {
  moves(ph, pl, oh, ol, M, 0);
  const out: number[] = [];
  for (let x = 0; x < 64; x++) if ((x < 32 ? M[1] >>> x : M[0] >>> (x - 32)) & 1) out.push(x);
  return out;
}

/**
 * Plays game g; appends its records (see dataset.ts) to
 * `out`. Returns the nodes searched. The context's evaluator guides the
 * moves (with depth > 0) and orders the exact solve.
 */
export function playGame(g: number, s: SelfPlaySettings, ctx: SearchContext, out: number[]): number {
  const guide = ctx.evaluator;
  const r = rng(gameSeed(s.seed, g));
  const opening = 6 + Math.floor(r() * 14);
  let ph = 0x00000008,
    pl = 0x10000000,
    oh = 0x00000010,
    ol = 0x08000000;
  let toMove = 0; // 0: the first player, 1: the second
  const seen: number[] = []; // positions before the solve point: ph, pl, oh, ol, side
  let ply = 0;
  let passes = 0;
  for (;;) {
    const empties = 64 - popcount32(ph | oh) - popcount32(pl | ol);
    const list = moveList(ph, pl, oh, ol);
    if (list.length === 0) {
      if (++passes === 2) {
        // The game ended before the solve point: its final score labels it.
        const score = finalScore(ph, pl, oh, ol);
        label(seen, toMove, score, out);
        return 0;
      }
      [ph, pl, oh, ol] = [oh, ol, ph, pl];
      toMove ^= 1;
      continue;
    }
    passes = 0;
    if (empties <= s.solveAt) break;
    seen.push(ph, pl, oh, ol, toMove);
    let x: number;
    if (ply < opening || r() < s.noise) x = list[Math.floor(r() * list.length)];
    else if (guide !== null && (s.depth ?? 0) > 0) {
      const noise = list.map(() => Math.floor(r() * 32));
      x = guidedChoice(ctx.state, guide, ph, pl, oh, ol, list, noise, s.depth!);
    } else {
      x = list[0];
      let best = 1 << 30;
      for (const y of list) {
        flips(y, ph, pl, oh, ol, F, 0);
        const k =
          orderKey(oh ^ F[0], ol ^ F[1], placedHi(ph, F[0], y), placedLo(pl, F[1], y), y, 0, W_MOBILITY, W_POTENTIAL, W_PARITY, W_EDGE) *
            16 +
          Math.floor(r() * 16);
        if (k < best) {
          best = k;
          x = y;
        }
      }
    }
    [ph, pl, oh, ol] = playWords(ph, pl, oh, ol, x);
    toMove ^= 1;
    ply++;
  }
  // Solve exactly; the PV leads to the end with the same score, exact at every step.
  ctx.table.clear();
  const res = solveExact(ctx, { player: new U64(ph, pl), opponent: new U64(oh, ol), toMove: 'X' }, { root: DEFAULT_ROOT });
  label(seen, toMove, res.score, out);
  let score = res.score;
  for (const x of res.pv) {
    if (x === PASS) {
      [ph, pl, oh, ol] = [oh, ol, ph, pl];
    } else {
      pushRecord(out, ph, pl, oh, ol, score, true);
      [ph, pl, oh, ol] = playWords(ph, pl, oh, ol, x);
    }
    score = -score;
  }
  return res.nodes;
}

/**
 * The move of `list` with the highest shallow-search value plus its
 * `noise` (0‥31, 1/128 disc, so that ties and near-ties go either way),
 * the earliest in the list on equal sums: the same move as searching every
 * move with a full window, found with less work (its nodes count in `s`). Moves are searched in the
 * order of their static evaluation, and each after the first only with the
 * window that tells whether it beats the best so far.
 */
export function guidedChoice(
  s: SearchState,
  ev: Evaluator,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  list: readonly number[],
  noise: readonly number[],
  depth: number,
): number {
  const order = list.map((y, i) => {
    const [a, b, c, d] = playWords(ph, pl, oh, ol, y);
    return { i, key: ev.evaluate(a, b, c, d) };
  });
  order.sort((u, v) => u.key - v.key || u.i - v.i);
  let bestI = -1;
  let best = 0; // value + noise of list[bestI]
  for (const { i } of order) {
    const [a, b, c, d] = playWords(ph, pl, oh, ol, list[i]);
    // Move i wins if value + noise[i] > best, or = best when it comes earlier in the list.
    const alpha = bestI < 0 ? -(1 << 30) : i < bestI ? best - noise[i] - 1 : best - noise[i];
    const v = (0 - midSearchFrom(s, ev, a, b, c, d, depth - 1, -(1 << 30), (0 - alpha) | 0)) | 0;
    if (v > alpha) {
      best = v + noise[i];
      bestI = i;
    }
  }
  return list[bestI];
}

/** Labels the positions seen with `score`, known for the side `side` (sign per side to move; not their own exact score). */
function label(seen: number[], side: number, score: number, out: number[]): void {
  for (let i = 0; i < seen.length; i += 5) {
    const s = seen[i + 4] === side ? score : -score;
    pushRecord(out, seen[i], seen[i + 1], seen[i + 2], seen[i + 3], s, false);
  }
}

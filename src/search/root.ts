/**
 * The root of an exact solve: a first guess (a shallow search, then the
 * selective pre-searches), null-window probes around it until the score is
 * boxed in (ScoreProbes), then the principal variation walked down from the
 * known score (keepLine). pvs, a principal-variation search (NegaScout) that
 * keeps its PV in a triangular table, answers each probe, and any window
 * asked for.
 */
import { moves } from 'native-free-bitboard';
import { emptyCount, finalScore, PASS, type Position, placedHi, placedLo } from '../position/position.js';
import { SELECTIVE_MIN } from './constants.js';
import {
  LIVE_GUESS,
  LIVE_GUESS_MOVE,
  LIVE_GUESS_STAGE,
  LIVE_LOWER,
  LIVE_MOVE,
  LIVE_NODES,
  LIVE_UPPER,
  type SearchContext,
} from './context.js';
import { QUADRANT, relinkEmpty, setupEmpties, unlinkEmpty } from './leaves.js';
import { midSearchFrom } from './midgame.js';
import { searchNull } from './nws.js';
import { buildList, OFF_HASH_MOVE, selectMove } from './ordering.js';
import type { RootStrategy } from './root-strategies.js';
import { LIST, MAX_PLY, type SearchState } from './state.js';
import { costOf, NO_MOVE, nodeHash } from './table.js';
import { KEEP_NOTHING, keepOf, otherKeep, type Wld, WldProbes, wldOf } from './wld.js';

const M = new Int32Array(2);

/** The PV of `ply`: `move`, then the PV of ply + 1. */
function setPv(s: SearchState, ply: number, move: number): void {
  const pv = s.pv;
  const row = ply * MAX_PLY;
  const child = (ply + 1) * MAX_PLY;
  const n = s.pvLen[ply + 1];
  pv[row] = move;
  for (let i = 0; i < n; i++) pv[row + 1 + i] = pv[child + i];
  s.pvLen[ply] = n + 1;
}

/**
 * The sorted moves of a node at `ply` (hash move first) in the state's ply
 * lists from ply * LIST on; returns their number. Built in the null-window
 * list of this empties count, then copied out: the null-window searches
 * below reuse that list.
 */
function plyList(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  parity: number,
  hash: number,
  mh: number,
  ml: number,
  ply: number,
): number {
  const s = ctx.state;
  const table = ctx.table;
  const e = table.probe(ph, pl, oh, ol, hash);
  const hashMove = e >= 0 && (ctx.off & OFF_HASH_MOVE) === 0 ? table.move() : NO_MOVE;
  const own = ply * LIST;
  // The engine below the root orders the moves alike, faster.
  if (ctx.below !== null) return ctx.below.orderedMoves(ctx, ph, pl, oh, ol, empties, parity, hashMove, s.plySq, s.plyFh, s.plyFl, own);
  if (empties >= ctx.evalFrom) ctx.evaluator!.load(empties, ph, pl, oh, ol);
  const n = buildList(ctx, ph, pl, oh, ol, empties, parity, hashMove, mh, ml);
  const base = empties * LIST;
  for (let i = 0; i < n; i++) selectMove(s, base + i, base + n);
  for (let i = 0; i < n; i++) {
    s.plySq[own + i] = s.listSq[base + i];
    s.plyFh[own + i] = s.listFh[base + i];
    s.plyFl[own + i] = s.listFl[base + i];
  }
  return n;
}

/** The position after move slot i of `ply`'s list, in the state's child words from the returned offset (its own per ply). */
function playChild(s: SearchState, i: number, ph: number, pl: number, oh: number, ol: number, ply: number): number {
  const x = s.plySq[i];
  const fh = s.plyFh[i];
  const fl = s.plyFl[i];
  const child = s.child;
  const c = ply * 4;
  child[c] = oh ^ fh;
  child[c + 1] = ol ^ fl;
  child[c + 2] = placedHi(ph, fh, x);
  child[c + 3] = placedLo(pl, fl, x);
  return c;
}

/** Search with an open window (alpha, beta); fills the PV of this ply. */
function pvs(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  beta: number,
  empties: number,
  parity: number,
  ply: number,
): number {
  const s = ctx.state;
  s.pvLen[ply] = 0;
  // Below the root a null window has no PV: the table-backed search does it.
  if (beta === alpha + 1 && ply > 0) return searchNull(ctx, ph, pl, oh, ol, alpha, empties, parity);
  const nodes0 = s.nodes[0]++;
  if (empties === 0) return finalScore(ph, pl, oh, ol);
  moves(ph, pl, oh, ol, M, 0);
  const mh = M[0];
  const ml = M[1];
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, 0);
    if ((M[0] | M[1]) === 0) return finalScore(ph, pl, oh, ol);
    const score = (0 - pvs(ctx, oh, ol, ph, pl, (0 - beta) | 0, (0 - alpha) | 0, empties, parity, ply + 1)) | 0;
    setPv(s, ply, PASS);
    return score;
  }

  const hash = nodeHash(ph, pl, oh, ol, empties, ctx.smallRegion, ctx.table.stats);
  const n = plyList(ctx, ph, pl, oh, ol, empties, parity, hash, mh, ml, ply);
  const own = ply * LIST;

  const alpha0 = alpha;
  let best = -65;
  let bestMove = NO_MOVE;
  const child = s.child;
  for (let i = 0; i < n; i++) {
    const x = s.plySq[own + i];
    const c = playChild(s, own + i, ph, pl, oh, ol, ply);
    const np = parity ^ QUADRANT[x];
    unlinkEmpty(s, x);
    let score: number;
    if (i === 0) {
      score =
        (0 - pvs(ctx, child[c], child[c + 1], child[c + 2], child[c + 3], (0 - beta) | 0, (0 - alpha) | 0, empties - 1, np, ply + 1)) | 0;
    } else {
      score = (0 - searchNull(ctx, child[c], child[c + 1], child[c + 2], child[c + 3], (0 - alpha - 1) | 0, empties - 1, np)) | 0;
      s.pvLen[ply + 1] = 0; // no PV below a null-window search
      // Re-search with the whole window: a narrower one could fail high below
      // and cut the PV short.
      if (score > alpha && score < beta)
        score =
          (0 - pvs(ctx, child[c], child[c + 1], child[c + 2], child[c + 3], (0 - beta) | 0, (0 - alpha) | 0, empties - 1, np, ply + 1)) | 0;
    }
    relinkEmpty(s, x);
    if (ctx.stopped()) return 0;
    if (score > best) {
      best = score;
      bestMove = x;
      if (score > alpha) {
        alpha = score;
        setPv(s, ply, x);
        if (score >= beta) break;
      }
    }
  }
  ctx.table.record(ph, pl, oh, ol, hash, empties, ctx.level, alpha0, beta, best, bestMove, costOf(s.nodes[0] - nodes0));
  return best;
}

/**
 * The line of a position from what it is proven worth: at each node, the
 * first child (in move order) that a null-window search shows to keep
 * `keep` for the side to move. Exact (the PV once the score v is known):
 * keep v, the child then keeps -v; unlike an open-window (v - 1, v + 1)
 * search, it never proves again that the other moves are no better. WLD
 * (`wld`): keep what the side is proven to reach (a win +1, a draw 0:
 * keepOf), the child then keeps otherKeep of it; a side that loses plays
 * its first move, every move losing: only bounds are proven, so the line
 * shows how the result is kept, not the loser's best defence.
 */
function keepLine(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  keep: number,
  wld: boolean,
  empties: number,
  parity: number,
  ply: number,
): void {
  const s = ctx.state;
  s.pvLen[ply] = 0;
  if (empties === 0) return;
  const next = wld ? otherKeep(keep) : (0 - keep) | 0;
  moves(ph, pl, oh, ol, M, 0);
  const mh = M[0];
  const ml = M[1];
  if ((mh | ml) === 0) {
    moves(oh, ol, ph, pl, M, 0);
    if ((M[0] | M[1]) === 0) return;
    keepLine(ctx, oh, ol, ph, pl, next, wld, empties, parity, ply + 1);
    setPv(s, ply, PASS);
    return;
  }
  const n = plyList(ctx, ph, pl, oh, ol, empties, parity, nodeHash(ph, pl, oh, ol, empties, ctx.smallRegion, ctx.table.stats), mh, ml, ply);
  const own = ply * LIST;
  const child = s.child;
  for (let i = 0; i < n; i++) {
    const x = s.plySq[own + i];
    const c = playChild(s, own + i, ph, pl, oh, ol, ply);
    const np = parity ^ QUADRANT[x];
    unlinkEmpty(s, x);
    // The child is worth at most -keep for the opponent: this move keeps it.
    const found =
      (keep === KEEP_NOTHING ||
        i === n - 1 ||
        searchNull(ctx, child[c], child[c + 1], child[c + 2], child[c + 3], (0 - keep) | 0, empties - 1, np) <= -keep) &&
      !ctx.stopped();
    if (found) keepLine(ctx, child[c], child[c + 1], child[c + 2], child[c + 3], next, wld, empties - 1, np, ply + 1);
    relinkEmpty(s, x);
    if (found) {
      setPv(s, ply, x);
      return;
    }
    if (ctx.stopped()) return;
  }
}

/** The line of a WLD result `wld` of a position (keepLine), on the context's table: for df-pn's leaves, below its own line. */
export function wldLineOf(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, wld: Wld, empties: number): number[] {
  const s = ctx.state;
  const parity = setupEmpties(s, ph, pl, oh, ol);
  keepLine(ctx, ph, pl, oh, ol, keepOf(wld), true, empties, parity, 0);
  return Array.from(s.pv.subarray(0, s.pvLen[0]));
}

/**
 * A first guess of a position's exact score for the root's probes: a
 * midgame search of up to GUESS_DEPTH plies with the evaluator, rounded to
 * an even score (0 without one, or below the evaluation's empties). Its
 * nodes count. Seven plies guessed closest with the shipped weights, for a
 * small share of the nodes (bench/README, "The first guess").
 */
const GUESS_DEPTH = 7;

export function shallowGuess(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, empties: number): number {
  if (ctx.evaluator === null || empties < ctx.evalMin) return 0;
  const depth = Math.min(GUESS_DEPTH, empties - ctx.evalMin + 1);
  // The engine below the root searches it faster: the same value, the same nodes.
  const v =
    ctx.below !== null
      ? ctx.below.midValue(ctx, ph, pl, oh, ol, empties, depth, -(1 << 30), 1 << 30)
      : midSearchFrom(ctx.state, ctx.evaluator, ph, pl, oh, ol, depth, -(1 << 30), 1 << 30);
  return Math.max(-64, Math.min(64, Math.round(v / 256) * 2)) | 0;
}

/**
 * The first guess of the exact probes: a shallow search's, then, from
 * SELECTIVE_MIN empties, the selective pre-searches', Edax's way to a guess
 * close to the exact score: the same probes with ProbCut on (selective.ts)
 * at a margin of t sigmas for each t of the context's stages in turn, each
 * stage starting from the score the last one found. Their table entries
 * keep their moves for the exact search. Nodes count.
 */
function startGuess(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, empties: number, parity: number): number {
  let guess = shallowGuess(ctx, ph, pl, oh, ol, empties);
  const s = ctx.state;
  let move = NO_MOVE;
  if (ctx.evaluator !== null) showGuess(ctx, guess, move, 1);
  if (empties < SELECTIVE_MIN) return guess;
  for (const [k, t] of ctx.stages.entries()) {
    if (!ctx.setSelective(t)) break;
    const probes = new ScoreProbes(guess);
    while (!probes.done && !ctx.stopped()) {
      const g = probes.next();
      const r = pvs(ctx, ph, pl, oh, ol, g - 1, g, empties, parity, 0);
      probes.answer(g, r);
      // A probe that fails high has the move that reached it.
      if (r >= g && s.pvLen[0] > 0 && !ctx.stopped()) move = s.pv[0];
    }
    guess = probes.lower;
    if (!ctx.stopped()) showGuess(ctx, guess, move, k + 2);
  }
  ctx.setSelective(0);
  return guess;
}

/** The first guess so far, shown live (an estimate: not proven). */
function showGuess(ctx: SearchContext, guess: number, move: number, stage: number): void {
  const live = ctx.live;
  const at = ctx.liveAt;
  live[at + LIVE_GUESS] = guess;
  live[at + LIVE_GUESS_MOVE] = move >= 0 && move < 64 ? move + 1 : 0;
  live[at + LIVE_GUESS_STAGE] = stage;
}

/**
 * The first guess of a WLD solve. The selective pre-searches close in on
 * the score, and a WLD solve needs only its sign: far from 0 they cost
 * far more than the probes (24.6 M of 24.8 M nodes on a random position of
 * 22 empties lost by 24), near it their table entries order the two
 * probes at 0 as they order the exact search's (FFO #41, a draw: 24.8 M
 * nodes without them, against 19.0 M for the exact score). So: the shallow
 * search's guess, and the pre-searches only when it is within
 * WLD_PRESEARCH of 0.
 */
export const WLD_PRESEARCH = 8;
function wldGuess(ctx: SearchContext, ph: number, pl: number, oh: number, ol: number, empties: number, parity: number): number {
  const guess = shallowGuess(ctx, ph, pl, oh, ol, empties);
  return Math.abs(guess) <= WLD_PRESEARCH ? startGuess(ctx, ph, pl, oh, ol, empties, parity) : guess;
}

const ASPIRATION = 4;

/** How solveExact searches the root: the strategy, a window, a first guess, or a known score (the PV only). */
export interface RootOptions {
  /** How the root searches (the settings table's root: settings.ts); not read with a window, a known score or WLD. */
  readonly root?: RootStrategy;
  /** Search this window only (one PVS); default: the exact score (see root). */
  readonly alpha?: number;
  readonly beta?: number;
  /** First guess of the score for the probes (default: see startGuess). */
  readonly guess?: number;
  /** Part of a search already under way on the context's table (its date is kept). */
  readonly sameSearch?: boolean;
  /** The exact score, already known: only find the PV (see keepLine); with `wld`, the proven bound of a WLD result (its line likewise). */
  readonly known?: number;
  /** Win/loss/draw only (WldProbes): the score is then the proven bound, and `wld` the result. */
  readonly wld?: boolean;
}

export interface SolveResult {
  /** Exact score for the side to move (a bound when outside a given window). */
  readonly score: number;
  /** Best move (0‥63), PASS, or NO_MOVE when the game is over. */
  readonly move: number;
  /** Principal variation, PASS for passes. */
  readonly pv: readonly number[];
  readonly nodes: number;
  readonly ms: number;
  readonly empties: number;
  /** A WLD solve's result (absent on an exact solve): `score` is then its proven bound. */
  readonly wld?: Wld;
}

/**
 * The window of an exact solve by null-window probes (MTD(f) style): each
 * answer to "score >= g?" is a fail-soft bound that moves the next probe,
 * until the bounds meet. Scores are even, so the probe is (g - 1, g).
 * Answers that keep going down double the step (far from the guess,
 * probes are cheap); upward the step stays 2 for UP_STEPS answers; once
 * answers have gone both ways the score is boxed in, and the probes halve
 * the box (bench/README, "The exact probes' steps": doubling upward
 * overshot, and an upper bound near the score is a costly proof).
 */
const UP_STEPS = 6;
export class ScoreProbes {
  lower = -64;
  upper = 64;
  private g: number;
  private step = 2;
  private lastUp = 0; // direction of the previous answer: 1 up, -1 down
  private boxed = false;
  private ups = 0; // answers up in a row

  constructor(guess = 0) {
    this.g = guess;
  }

  get done(): boolean {
    return this.lower >= this.upper;
  }

  /** The next probe g (an even score in (lower, upper]): search (g - 1, g). */
  next(): number {
    if (this.boxed) this.g = 2 * Math.ceil((this.lower + this.upper) / 4);
    this.g = Math.max(this.lower + 2, Math.min(this.upper, this.g + (this.g & 1)));
    return this.g;
  }

  /** The fail-soft result r of the probe g. */
  answer(g: number, r: number): void {
    const up = r >= g ? 1 : -1;
    if (this.lastUp !== 0 && up !== this.lastUp) this.boxed = true;
    // Upward steps stay 2 for a while: overshooting upward costs a needless
    // proof of an upper bound (every move refuted) near the score,
    // overshooting downward only a lower bound (one move).
    this.ups = up > 0 ? this.ups + 1 : 0;
    this.step = up === this.lastUp && (up < 0 || this.ups > UP_STEPS) ? this.step * 2 : 2;
    this.lastUp = up;
    if (up > 0) {
      this.lower = r;
      this.g = r + this.step;
    } else {
      this.upper = r;
      this.g = r - this.step + 2;
    }
  }
}

/**
 * The root's search in window (alpha, beta): its fail-soft score, and what
 * it proves shown live (the bounds, and the best move of a score above alpha).
 */
function rootWindow(
  ctx: SearchContext,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  alpha: number,
  beta: number,
  empties: number,
  parity: number,
): number {
  const v = pvs(ctx, ph, pl, oh, ol, alpha, beta, empties, parity, 0);
  if (ctx.stopped()) return v;
  const live = ctx.live;
  const at = ctx.liveAt;
  if (v > alpha) {
    live[at + LIVE_LOWER] = Math.max(live[at + LIVE_LOWER], v);
    if (ctx.state.pvLen[0] > 0) live[at + LIVE_MOVE] = ctx.state.pv[0];
  }
  if (v < beta) live[at + LIVE_UPPER] = Math.min(live[at + LIVE_UPPER], v);
  return v;
}

/** The exact score by a root strategy other than the probes (see RootStrategy). */
function rootSearch(
  ctx: SearchContext,
  how: RootStrategy,
  guess: number,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  parity: number,
): number {
  if (how === 'pvs') return rootWindow(ctx, ph, pl, oh, ol, -64, 64, empties, parity);
  if (how === 'aspiration') {
    let alpha = Math.max(-64, guess - ASPIRATION);
    let beta = Math.min(64, guess + ASPIRATION);
    for (;;) {
      const v = rootWindow(ctx, ph, pl, oh, ol, alpha, beta, empties, parity);
      if (ctx.stopped()) return v;
      if (v <= alpha && alpha > -64) alpha = -64;
      else if (v >= beta && beta < 64) beta = 64;
      else return v;
    }
  }
  // MTD(f): null windows (g - 1, g) on even scores, each answer the next g.
  let lower = -64;
  let upper = 64;
  let g = guess;
  while (lower < upper && !ctx.stopped()) {
    const beta = g === lower ? g + 2 : g;
    g = rootWindow(ctx, ph, pl, oh, ol, beta - 1, beta, empties, parity);
    if (g < beta) upper = g;
    else lower = g;
  }
  return lower;
}

/**
 * The first guess of an exact solve as solveExact makes it (a shallow
 * search's, then the selective pre-searches'; a WLD solve's: the shallow
 * search's alone), on the context's table in its current search, and the
 * nodes it took.
 */
export function guessScore(ctx: SearchContext, pos: Position, wld = false): GuessResult {
  const { hi: ph, lo: pl } = pos.player;
  const { hi: oh, lo: ol } = pos.opponent;
  const s = ctx.state;
  const parity = setupEmpties(s, ph, pl, oh, ol);
  const empties = emptyCount(pos);
  s.nodes[0] = 0;
  ctx.live.fill(0, ctx.liveAt + LIVE_GUESS, ctx.liveAt + LIVE_GUESS_STAGE + 1);
  const score = wld ? wldGuess(ctx, ph, pl, oh, ol, empties, parity) : startGuess(ctx, ph, pl, oh, ol, empties, parity);
  return { score, move: ctx.live[ctx.liveAt + LIVE_GUESS_MOVE] - 1, nodes: s.nodes[0] };
}

/**
 * A level's end search below 100 % confidence (Edax's endgame at a
 * selectivity): the exact solve's first guess alone, its pre-searches at
 * each of the context's stages, to the end of the game, on a cleared
 * table. An estimate; its move the last stage's, else the table's entry for
 * the root, else the first legal move (PASS when there is none).
 */
export function selectiveEnd(ctx: SearchContext, pos: Position): GuessResult {
  ctx.table.clear();
  const g = guessScore(ctx, pos);
  if (g.move >= 0) return g;
  const { hi: ph, lo: pl } = pos.player;
  const { hi: oh, lo: ol } = pos.opponent;
  moves(ph, pl, oh, ol, M, 0);
  if ((M[0] | M[1]) === 0) return { ...g, move: PASS };
  const e = ctx.table.probe(ph, pl, oh, ol, nodeHash(ph, pl, oh, ol, emptyCount(pos), ctx.smallRegion));
  const m = e >= 0 ? ctx.table.move() : NO_MOVE;
  const legal = (sq: number) => sq >= 0 && sq < 64 && ((sq < 32 ? M[1] >>> sq : M[0] >>> (sq - 32)) & 1) === 1;
  if (legal(m)) return { ...g, move: m };
  for (let sq = 0; sq < 64; sq++) if (legal(sq)) return { ...g, move: sq };
  return g;
}

export interface GuessResult {
  readonly score: number;
  /** The move of the last pre-search's score (0‥63), or -1 when none found one (the shallow search names no move). */
  readonly move: number;
  readonly nodes: number;
}

/**
 * Solves a position exactly. Without a window: the root's strategy
 * (options.root) from the first guess, then the PV walk
 * (keepLine) finds the move and PV, mostly from the table. A WLD solve
 * probes the score's sign (WldProbes).
 */
export function solveExact(ctx: SearchContext, pos: Position, options: RootOptions = {}): SolveResult {
  if (!options.sameSearch) ctx.table.newSearch();
  const { hi: ph, lo: pl } = pos.player;
  const { hi: oh, lo: ol } = pos.opponent;
  const s = ctx.state;
  const parity = setupEmpties(s, ph, pl, oh, ol);
  const empties = emptyCount(pos);
  const how = options.root;
  if (how === undefined && !options.wld && options.known === undefined && options.alpha === undefined && options.beta === undefined) {
    throw new RangeError("solveExact: options.root is the root's strategy (the settings table's root: src/settings.ts)");
  }
  const live = ctx.live;
  const at = ctx.liveAt;
  s.nodes[0] = 0;
  live[at + LIVE_LOWER] = -64;
  live[at + LIVE_UPPER] = 64;
  live[at + LIVE_MOVE] = NO_MOVE;
  live[at + LIVE_GUESS_STAGE] = 0;
  live[at + LIVE_GUESS_MOVE] = 0;
  live[at + LIVE_GUESS] = 0;
  const t0 = performance.now(); // a global of Node and of the page
  let score: number;
  let wld: Wld | undefined;
  if (options.known !== undefined && options.wld) {
    score = options.known;
    wld = wldOf(score);
    keepLine(ctx, ph, pl, oh, ol, keepOf(wld), true, empties, parity, 0);
  } else if (options.known !== undefined) {
    score = options.known;
    keepLine(ctx, ph, pl, oh, ol, score, false, empties, parity, 0);
  } else if (options.alpha !== undefined || options.beta !== undefined) {
    score = pvs(ctx, ph, pl, oh, ol, options.alpha ?? -64, options.beta ?? 64, empties, parity, 0);
  } else if (!options.wld && how !== 'probes') {
    const guess = options.guess ?? startGuess(ctx, ph, pl, oh, ol, empties, parity);
    score = rootSearch(ctx, how!, guess, ph, pl, oh, ol, empties, parity);
    if (!ctx.stopped()) keepLine(ctx, ph, pl, oh, ol, score, false, empties, parity, 0);
  } else {
    // The exact score's probes, or a WLD solve's (at most two, at 0 and +2): the same loop.
    const probes = options.wld
      ? new WldProbes(options.guess ?? wldGuess(ctx, ph, pl, oh, ol, empties, parity))
      : new ScoreProbes(options.guess ?? startGuess(ctx, ph, pl, oh, ol, empties, parity));
    while (!probes.done && !ctx.stopped()) {
      const g = probes.next();
      const r = pvs(ctx, ph, pl, oh, ol, g - 1, g, empties, parity, 0);
      if (ctx.stopped()) break;
      probes.answer(g, r);
      live[at + LIVE_LOWER] = probes.lower;
      live[at + LIVE_UPPER] = probes.upper;
      if (!options.wld && r >= g && s.pvLen[0] > 0) live[at + LIVE_MOVE] = s.pv[0];
    }
    if (probes instanceof WldProbes) wld = probes.result;
    score = probes instanceof WldProbes ? probes.bound : probes.lower;
    if (!ctx.stopped()) keepLine(ctx, ph, pl, oh, ol, wld ? keepOf(wld) : score, wld !== undefined, empties, parity, 0);
  }
  live[at + LIVE_NODES] = s.nodes[0];
  const ms = performance.now() - t0;
  const pv = Array.from(s.pv.subarray(0, s.pvLen[0]));
  return { score, move: pv.length > 0 ? pv[0] : NO_MOVE, pv, nodes: s.nodes[0], ms, empties, ...(wld ? { wld } : {}) };
}

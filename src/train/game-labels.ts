/**
 * Training positions from real games (WTHOR): every position of a game's
 * played line, each labelled with the nearest exact score at or after it on
 * that line.
 *
 * - At the file's depth (24 empties) the game's theoretical score is the
 *   position's own exact score, computed by the database's makers: a free
 *   exact label.
 * - Above it, that score is the game's outcome after perfect play from
 *   there: the label of every earlier position (noisy, as the players'
 *   later mistakes are not in it).
 * - At `solveAt` empties the line is solved here, and the principal
 *   variation to the end gives exact labels; the positions between the
 *   file's depth and the solve point take the solve's score as their
 *   outcome label.
 *
 * A game without a theoretical score is labelled by its solve alone, as a
 * self-play game is; a game over before the solve point, by its final score.
 */

import type { Game } from '../game/record.js';
import { emptyCount, finalScore, legalMoves, PASS, type Position, play, playWords } from '../position/position.js';
import type { SearchContext } from '../search/context.js';
import { solveExact } from '../search/root.js';
import { DEFAULT_ROOT } from '../settings/index.js';
import { pushRecord } from './dataset.js';

/** A game as the labeller takes it: its replayed moves and, from a WTHOR file, black's theoretical discs at `depth` empties. */
export interface LabelGame {
  readonly game: Game;
  readonly theoretical?: { readonly discs: number; readonly depth: number };
}

const words = (p: Position): [number, number, number, number] => [p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo];
/** A score for black as the score for the side to move of `p`. */
const forMover = (p: Position, black: number) => (p.toMove === 'X' ? black : -black);

/** Solves `p` exactly and appends its PV's positions to the end, each with its exact score; returns the nodes. */
function solvedLine(p: Position, ctx: SearchContext, out: number[]): { score: number; nodes: number } {
  ctx.table.clear();
  const res = solveExact(ctx, p, { root: DEFAULT_ROOT });
  let [ph, pl, oh, ol] = words(p);
  let score = res.score;
  for (const x of res.pv) {
    if (x === PASS) [ph, pl, oh, ol] = [oh, ol, ph, pl];
    else {
      pushRecord(out, ph, pl, oh, ol, score, true);
      [ph, pl, oh, ol] = playWords(ph, pl, oh, ol, x);
    }
    score = -score;
  }
  return { score: res.score, nodes: res.nodes };
}

/**
 * Appends the records of one game's line (see dataset.ts) to `out`; returns
 * the nodes of its solves. With `childrenAt`, every move of the line's
 * position at that many empties is solved too, its PV labelled exactly:
 * positions after any move, good or bad, as the search's ordering meets
 * them (the played line alone holds the players' moves and perfect play).
 */
export function labelGameLine(g: LabelGame, solveAt: number, ctx: SearchContext, out: number[], childrenAt = 0): number {
  // The positions of the line where the side to move has a move (a forced pass is no decision), then the last.
  const line = g.game.moves.map((m) => m.position);
  const last = g.game.final;
  const th = g.theoretical && g.theoretical.discs <= 64 ? { black: 2 * g.theoretical.discs - 64, depth: g.theoretical.depth } : undefined;
  let at = line.findIndex((p) => emptyCount(p) <= solveAt);
  let solvePos: Position | undefined = at >= 0 ? line[at] : undefined;
  if (at < 0) {
    at = line.length;
    if (emptyCount(last) <= solveAt && !over(last)) solvePos = legalMoves(last).length ? last : play(last, PASS);
  }
  let nodes = 0;
  let blackAtSolve: number | undefined;
  if (childrenAt > 0) {
    const branch = line.find((p) => emptyCount(p) <= childrenAt);
    if (branch) for (const x of legalMoves(branch)) nodes += solvedLine(play(branch, x), ctx, out).nodes;
  }
  if (solvePos) {
    const res = solvedLine(solvePos, ctx, out);
    nodes += res.nodes;
    blackAtSolve = forMover(solvePos, res.score);
  } else if (over(last)) {
    const [ph, pl, oh, ol] = words(last);
    blackAtSolve = forMover(last, finalScore(ph, pl, oh, ol));
  }
  for (let i = 0; i < at; i++) {
    const p = line[i];
    const e = emptyCount(p);
    let black: number | undefined;
    let exact = false;
    if (th && e >= th.depth) {
      black = th.black;
      exact = e === th.depth;
    } else black = blackAtSolve;
    if (black === undefined) continue; // a record cut off above the solve point, with no theoretical score: no label
    const [ph, pl, oh, ol] = words(p);
    pushRecord(out, ph, pl, oh, ol, forMover(p, black), exact);
  }
  return nodes;
}

function over(p: Position): boolean {
  return legalMoves(p).length === 0 && legalMoves(play(p, PASS)).length === 0;
}

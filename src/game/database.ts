/**
 * Searching a collection of games (the games readGameFiles gives: WTHOR
 * years with their players and tournaments, GGF files): by player (either
 * colour), tournament, year and result, and by a position the game reached
 * in any of the board's 8 symmetries with the same side to move; for a
 * position, how often each next move was played and how its games ended,
 * the moves named as on the position asked (the symmetry undone). Pure.
 */
import { pairBackend as B, inverseSymmetry, transformSquare, type U64 } from 'native-free-bitboard';
import { PASS, type Position } from '../position/position.js';
import type { FileGame } from './files.js';

/** What to look for; every field given must hold. */
export interface GameQuery {
  /** Part of a player's name, either colour, any case. */
  readonly player?: string;
  /** Part of the tournament's (or place's) name, any case. */
  readonly tournament?: string;
  /** A year, or a range of years (inclusive). */
  readonly year?: number | readonly [number, number];
  /** Who won, by the result the file gives. */
  readonly result?: 'black' | 'white' | 'draw';
  /** A position the game reached (any symmetry, the same side to move). */
  readonly position?: Position;
}

/** A game found: the game, and for a position the index of the move played from it (its `game.moves` index; the game's length when it is the final position) and the symmetry that maps the position asked onto the game's. */
export interface GameFound {
  readonly game: FileGame;
  readonly at?: number;
  readonly symmetry?: number;
}

/** The year of a game (a WTHOR year, or the first four digits of a GGF date), or null. */
export function yearOf(g: FileGame): number | null {
  const m = /\d{4}/.exec(g.date ?? '');
  return m ? Number(m[0]) : null;
}

/** A position under symmetry k (transformSquare's numbering). */
export function transformPosition(p: Position, k: number): Position {
  const map = (w: U64): U64 => B.fromSquares(B.squares(w).map((s) => transformSquare(s, k)));
  return { player: map(p.player), opponent: map(p.opponent), toMove: p.toMove };
}

const key = (p: Position) => `${p.player.hi},${p.player.lo},${p.opponent.hi},${p.opponent.lo},${p.toMove}`;

/** The games that match every field of the query, in the order given. */
export function searchGames(games: readonly FileGame[], q: GameQuery): GameFound[] {
  const player = q.player?.toLowerCase();
  const tournament = q.tournament?.toLowerCase();
  const years = q.year === undefined ? null : typeof q.year === 'number' ? [q.year, q.year] : q.year;
  // The position asked under each symmetry: the game's position is compared with these, at its one ply of that disc count.
  const variants = new Map<string, number>();
  let discs = -1;
  if (q.position) {
    for (let k = 0; k < 8; k++) {
      const v = key(transformPosition(q.position, k));
      if (!variants.has(v)) variants.set(v, k);
    }
    discs = B.count(q.position.player) + B.count(q.position.opponent);
  }
  const found: GameFound[] = [];
  for (const g of games) {
    if (player !== undefined && !g.black.toLowerCase().includes(player) && !g.white.toLowerCase().includes(player)) continue;
    if (tournament !== undefined && !(g.event ?? '').toLowerCase().includes(tournament)) continue;
    if (years) {
      const y = yearOf(g);
      if (y === null || y < years[0] || y > years[1]) continue;
    }
    if (q.result !== undefined) {
      const r = g.result;
      if (r === undefined || (q.result === 'black' ? r <= 0 : q.result === 'white' ? r >= 0 : r !== 0)) continue;
    }
    if (!q.position) {
      found.push({ game: g });
      continue;
    }
    const reached = reachedAt(g, discs, variants);
    if (reached) found.push({ game: g, ...reached });
  }
  return found;
}

/** Where a game reached one of the variants (a position of `discs` discs): the move index and the symmetry, or null. */
function reachedAt(g: FileGame, discs: number, variants: ReadonlyMap<string, number>): { at: number; symmetry: number } | null {
  const moves = g.game.moves;
  const positions = [...moves.map((m) => m.position), g.game.final];
  for (const [i, p] of positions.entries()) {
    const n = B.count(p.player) + B.count(p.opponent);
    if (n > discs) break;
    if (n < discs) continue;
    const k = variants.get(key(p));
    if (k !== undefined) return { at: i, symmetry: k };
  }
  return null;
}

/** A next move from a position asked: how often it was played, and its games' results for the side to move (wins, draws, losses, mean disc difference). */
export interface NextMove {
  /** The square as on the position asked (PASS for a pass, -1 when the game ended there). */
  readonly move: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Mean final disc difference for the side to move, over the games that give a result. */
  readonly meanResult: number | null;
}

/** The moves played from the position asked, most played first, from the games searchGames found for it. */
export function nextMoves(found: readonly GameFound[], toMove: 'X' | 'O'): NextMove[] {
  const by = new Map<number, { games: number; wins: number; draws: number; losses: number; sum: number; results: number }>();
  for (const f of found) {
    if (f.at === undefined || f.symmetry === undefined) continue;
    const played = f.game.game.moves[f.at]?.move;
    // The game's square, on the position asked: the symmetry that mapped it there, undone.
    const move = played === undefined ? -1 : played === PASS ? PASS : transformSquare(played, inverseSymmetry(f.symmetry));
    const s = by.get(move) ?? { games: 0, wins: 0, draws: 0, losses: 0, sum: 0, results: 0 };
    s.games++;
    const r = f.game.result;
    if (r !== undefined) {
      const mine = toMove === 'X' ? r : -r;
      s.results++;
      s.sum += mine;
      if (mine > 0) s.wins++;
      else if (mine < 0) s.losses++;
      else s.draws++;
    }
    by.set(move, s);
  }
  return [...by.entries()]
    .map(([move, s]) => ({
      move,
      games: s.games,
      wins: s.wins,
      draws: s.draws,
      losses: s.losses,
      meanResult: s.results ? s.sum / s.results : null,
    }))
    .sort((a, b) => b.games - a.games || a.move - b.move);
}

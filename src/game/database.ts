/**
 * Searching a collection of games (the games readGameFiles gives: WTHOR
 * years with their players and tournaments, GGF files): by player (either
 * colour), tournament, year and result, and by a position the game reached
 * in any of the board's 8 symmetries with the same side to move; for a
 * position, how often each next move was played and how its games ended,
 * the moves named as on the position asked (the symmetry undone). The
 * search is the index's (game-index.ts), the page's too. Pure.
 */
import { inverseSymmetry, transformSquare } from 'native-free-bitboard';
import { arrayArgument, objectArgument } from '../arguments.js';
import { describe, OptionError } from '../errors.js';
import { PASS } from '../position/position.js';
import type { FileGame } from './files.js';
import { type GameIndex, type IndexFound, type IndexQuery, indexArgument, indexGames, moveOf, NONE, searchIndex } from './game-index.js';

export { transformPosition, yearOf } from './game-index.js';

/** What to look for; every field given must hold. */
export type GameQuery = IndexQuery;

/** A game found: the game, and for a position the index of the move played from it (its `game.moves` index; the game's length when it is the final position) and the symmetry that maps the position asked onto the game's. */
export interface GameFound {
  readonly game: FileGame;
  readonly at?: number;
  readonly symmetry?: number;
}

/** The games that match every field of the query, in the order given. */
export function searchGames(games: readonly FileGame[], q: GameQuery): GameFound[] {
  arrayArgument(games, 'games', 'an array of games as readGameFiles gives them');
  objectArgument(q, 'query', 'a query ({ player, tournament, year, result, position }, each optional)');
  const found = searchIndex(indexGames(games), q);
  return Array.from(found.games, (g, i) => ({
    game: games[g],
    ...(found.at && found.symmetry ? { at: found.at[i], symmetry: found.symmetry[i] } : {}),
  }));
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

/** One game through the position: the move it played from there (as the game has it; undefined: it ended there), the symmetry, black's result. */
interface Through {
  readonly played: number | undefined;
  readonly symmetry: number;
  readonly result: number | undefined;
}

function tally(through: Iterable<Through>, toMove: 'X' | 'O'): NextMove[] {
  const by = new Map<number, { games: number; wins: number; draws: number; losses: number; sum: number; results: number }>();
  for (const t of through) {
    // The game's square, on the position asked: the symmetry that mapped it there, undone.
    const move = t.played === undefined ? -1 : t.played === PASS ? PASS : transformSquare(t.played, inverseSymmetry(t.symmetry));
    const s = by.get(move) ?? { games: 0, wins: 0, draws: 0, losses: 0, sum: 0, results: 0 };
    s.games++;
    if (t.result !== undefined) {
      const mine = toMove === 'X' ? t.result : -t.result;
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

/** The moves played from the position asked, most played first, from the games searchGames found for it. */
export function nextMoves(found: readonly GameFound[], toMove: 'X' | 'O'): NextMove[] {
  arrayArgument(found, 'found', 'the games searchGames found');
  sideArgument(toMove);
  return tally(
    found.flatMap((f) =>
      f.at === undefined || f.symmetry === undefined ? [] : [{ played: f.game.moves[f.at], symmetry: f.symmetry, result: f.game.result }],
    ),
    toMove,
  );
}

/** The same from an index's search (searchIndex with a position). */
export function indexNextMoves(ix: GameIndex, found: IndexFound, toMove: 'X' | 'O'): NextMove[] {
  indexArgument(ix);
  objectArgument(found, 'found', 'what searchIndex found');
  sideArgument(toMove);
  const { at, symmetry } = found;
  if (!at || !symmetry) return [];
  return tally(
    Array.from(found.games, (g, i) => ({
      played: moveOf(ix, g, at[i]),
      symmetry: symmetry[i],
      result: ix.result[g] === NONE ? undefined : ix.result[g],
    })),
    toMove,
  );
}

function sideArgument(toMove: unknown): void {
  if (toMove !== 'X' && toMove !== 'O') throw new OptionError('toMove', `the side to move, 'X' or 'O', not ${describe(toMove)}`);
}

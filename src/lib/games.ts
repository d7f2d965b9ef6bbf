/**
 * revsolve/games: game collections. The one reader of game files
 * (readGameFiles: WTHOR with its players and tournaments, GGF, transcripts)
 * and the search of the games read (by player, tournament, year, result,
 * and a position reached in any symmetry, with the moves played from it).
 */
export { type GameFound, type GameQuery, type NextMove, nextMoves, searchGames, transformPosition, yearOf } from '../game/database.js';
export { type FileGame, type GameFile, type ReadGames, readGameFiles } from '../game/files.js';

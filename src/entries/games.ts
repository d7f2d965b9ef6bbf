/**
 * revsolve/games: game collections. The one reader of game files
 * (readGameFiles: WTHOR with its players and tournaments, GGF, transcripts,
 * revsolve game files), the revsolve game file (readGameFile, writeGameFile),
 * the index of a collection (IndexBuilder, indexGames: flat arrays a page
 * can keep, with a key of each game's board at every disc count) and the
 * search (searchIndex, or searchGames on games read: by player, tournament,
 * year, result, and a position reached in any symmetry, with the moves
 * played from it).
 */
export {
  type GameFound,
  type GameQuery,
  indexNextMoves,
  type NextMove,
  nextMoves,
  searchGames,
  transformPosition,
  yearOf,
} from '../game/database.js';
export { type FileGame, type GameFile, type ReadGames, readGameFiles } from '../game/files.js';
export {
  type GameFile as RevsolveGame,
  GameFileError,
  type GameFileHeader,
  isGameFile,
  type LineAnalysis,
  readGameFile,
  writeGameFile,
} from '../game/game-file.js';
export {
  type GameIndex,
  gameOf,
  IndexBuilder,
  type IndexedGame,
  type IndexFound,
  type IndexQuery,
  indexGames,
  searchIndex,
} from '../game/game-index.js';

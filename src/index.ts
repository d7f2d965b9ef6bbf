/**
 * revsolve as a library, its core entry (package.json "exports" "."):
 * positions and OBF suites, solving one position or a suite, a game's
 * analysis, the settings table, and their errors. Importing it runs
 * nothing (no engine is loaded, no worker started) until a function is
 * called. The rest is in subpath entries (src/entries/): revsolve/board (the
 * bitboards), revsolve/eval (weights), revsolve/lab (the search lab and
 * the ordering study's names), revsolve/train (training data),
 * revsolve/queue (the BullMQ queue). The command line reaches everything
 * through internal.ts, which is not published (test/api.test.ts and
 * test/package.test.ts hold these boundaries).
 */

// The errors every function of the library throws: a bad file, option or argument, a search stopped.
export { FileError, OptionError, SearchCancelled } from './errors.js';
export {
  type AnalyzeOptions,
  analyzeGame,
  DEFAULT_FROM,
  gameSummary,
  type MoveAnalysis,
  type NamedGame,
  type PlayerLoss,
  playerSummary,
  recordOf,
  type SideLoss,
} from './game/analyze.js';
export { type FileGame, type GameFile, type ReadGames, readGameFiles } from './game/files.js';
export { GgfError, type GgfGame, type GgfWritten, isGgf, readGgf, writeGgf } from './game/ggf.js';
// A game: its record replayed, its endgame analysed move by move.
export {
  formatRecord,
  type Game,
  type GameMove,
  RecordError,
  recordMoves,
  recordsOf,
  replayGame,
  replayMoves,
} from './game/record.js';
// An analysed move as every output writes it (analyze --json, --results, the page's JSON and CSV).
export { MOVE_RECORD_FIELDS, type MoveRecord, moveRecordsCsv } from './game/scores.js';
export {
  discDifference,
  isWthorGames,
  readWthorGames,
  readWthorNames,
  WthorError,
  type WthorGame,
  type WthorHeader,
} from './game/wthor.js';
// The package: its version and shipped weights.
export { SHIPPED_WEIGHTS, VERSION } from './install.js';
export type { SplitMode } from './pool/policy.js';
export { type SuiteOptions, solveSuite } from './pool/suite.js';
export {
  ANY_MOVE,
  bestAnswers,
  formatObf,
  formatObfLine,
  type ObfAnswer,
  type ObfEntry,
  ObfError,
  type ObfSuite,
  parseObf,
  parseObfLine,
} from './position/obf.js';
export { obfOfBytes, readObf } from './position/obf-file.js';
export { perft, START_POSITION } from './position/perft.js';
// Positions and OBF suites.
export {
  type Color,
  emptyCount,
  formatPosition,
  legalMoves,
  moveName,
  PASS,
  type Position,
  PositionError,
  parseMove,
  parsePosition,
  play,
} from './position/position.js';
export { samplePositions } from './position/random.js';
// Solving: one position in this thread, or a suite on the worker pool.
export type { MoveValue } from './search/deepening.js';
export { CONFIDENCES, exactFrom, type LevelSearch, levelSearch, MAX_LEVEL } from './search/levels.js';
export { type Layout, MAX_BITS, MIN_BITS } from './search/table.js';
export type { Wld } from './search/wld.js';
// The settings: one table (what each takes, its default, whether it changes the tree).
export {
  DEFAULT_BITS,
  DEFAULT_LAYOUT,
  DEFAULT_ROOT,
  DEFAULT_SELECTIVITY,
  SETTING_KEYS,
  SETTINGS_DESCRIPTION,
  type SettingDescription,
  type SettingKey,
  type SettingValues,
  TREE_SETTINGS,
} from './settings/index.js';
export { GAME_OVER, type SearchAnswer, type SearchPositionOptions, searchPosition } from './solve/midgame.js';
export type { Prover, ResolvedOptions, SolveOptions } from './solve/options.js';
export type { PositionResult, Summary, TableStats } from './solve/solve.js';
export { Solver, solvePosition } from './solve/solver.js';
export { ENGINES, type EngineName } from './wasm/engine.js';

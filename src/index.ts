/**
 * revsolve as a library, its core entry (package.json "exports" "."):
 * positions and OBF suites, solving one position or a suite, a game's
 * analysis, the settings table, and their errors. Importing it runs
 * nothing (no engine is loaded, no worker started) until a function is
 * called. The rest is in subpath entries (src/lib/): revsolve/board (the
 * bitboards), revsolve/eval (weights), revsolve/lab (the search lab and
 * the ordering study's names), revsolve/train (training data),
 * revsolve/queue (the BullMQ queue). The command line reaches everything
 * through internal.ts, which is not published (test/api.test.ts and
 * test/package.test.ts hold these boundaries).
 */

// Positions and OBF suites.
export { type Color, type Position, PASS, PositionError, emptyCount, formatPosition, legalMoves, moveName, parseMove, parsePosition, play } from './position/position.js';
export {
  type ObfAnswer, type ObfEntry, type ObfSuite, ObfError, bestAnswers, formatObf, formatObfLine, parseObf, parseObfLine,
} from './position/obf.js';
export { obfOfBytes, readObf } from './position/obf-file.js';
export { START_POSITION, perft } from './position/perft.js';
export { samplePositions } from './position/random.js';

// The errors every function of the library throws: a bad file, option or argument, a search stopped.
export { FileError, OptionError, SearchCancelled } from './errors.js';

// The settings: one table (what each takes, its default, whether it changes the tree).
export {
  DEFAULT_BITS, DEFAULT_LAYOUT, DEFAULT_ROOT, DEFAULT_SELECTIVITY, SETTINGS, SETTING_KEYS, type Setting, type SettingKey, type SettingValues, TREE_SETTINGS,
} from './settings.js';
export { LAYOUTS, type Layout, MAX_BITS, MIN_BITS, NO_MOVE, tableBytes } from './search/table.js';
export { ENGINES, type EngineName } from './wasm/engine.js';

// Solving: one position in this thread, or a suite on the worker pool.
export { type Prover, type ResolvedOptions, type SolveOptions, resolveOptions } from './solve/settings.js';
export { Solver, solvePosition } from './solve/solver.js';
export { type PositionResult, type Summary, type TableStats, check, summarize } from './solve/solve.js';
export type { Wld } from './search/wld.js';
export { type SuiteOptions, solveSuite } from './pool/suite.js';
export type { SplitMode } from './pool/policy.js';

// A game: its record replayed, its endgame analysed move by move.
export { type Game, type GameMove, RecordError, recordMoves, replayGame } from './game/record.js';
export { type AnalyzeOptions, DEFAULT_FROM, type MoveAnalysis, type SideLoss, analyzeGame, gameSummary } from './game/analyze.js';

// The package: its version and shipped weights.
export { SHIPPED_WEIGHTS, VERSION } from './install.js';

/**
 * revsolve as a library: the one public entry (package.json "exports"),
 * what a script needs: positions and suites, solving one position or a
 * whole suite, perft, weights, the search lab, and their errors and types.
 * The command line reaches the rest through internal.ts, which is not
 * published (test/api.test.ts holds both boundaries).
 */

// Boards (a Position's discs are U64s: two signed 32-bit words).
export { U64, popcount } from 'native-free-bitboard';

// Positions and OBF suites.
export { type Color, type Position, PASS, PositionError, emptyCount, formatPosition, legalMoves, moveName, parseMove, parsePosition, play } from './position/position.js';
export {
  type ObfAnswer, type ObfEntry, type ObfSuite, ObfError, bestAnswers, formatObf, formatObfLine, parseObf, parseObfLine,
} from './position/obf.js';
export { obfOfBytes, readObf } from './position/obf-file.js';
export { START_POSITION, perft } from './position/perft.js';
export { samplePositions } from './position/random.js';
export { FileError, OptionError } from './errors.js';

// Solving: one position in this thread, or a suite on the worker pool.
export { type Prover, type ResolvedOptions, type SolveOptions, resolveOptions } from './solve/settings.js';
export { Solver, solvePosition } from './solve/solver.js';
export { type PositionResult, type Summary, type TableStats, check, summarize } from './solve/solve.js';
export type { Wld } from './search/wld.js';
export { type SuiteOptions, solveSuite } from './pool/suite.js';
export type { SplitMode } from './pool/policy.js';
export { DEFAULT_BITS, DEFAULT_LAYOUT, LAYOUTS, type Layout, MAX_BITS, MIN_BITS, NO_MOVE, tableBytes } from './search/table.js';
export { DEFAULT_SELECTIVITY } from './search/selective.js';
export { ORDERING_TECHNIQUES } from './search/ordering.js';
export { ROOT_STRATEGIES, type RootStrategy } from './search/root.js';
export { ENGINES, type EngineName } from './wasm/engine.js';
export { WASM_MAX_BITS } from './wasm/layout.js';

// A game: its record replayed, its endgame analysed move by move.
export { type Game, type GameMove, RecordError, recordMoves, replayGame } from './game/record.js';
export { type AnalyzeOptions, DEFAULT_FROM, type MoveAnalysis, type SideLoss, analyzeGame, gameSummary } from './game/analyze.js';

// Weights: read, evaluate, compress, export.
export { SHIPPED_WEIGHTS, VERSION } from './install.js';
export {
  EDAX_BYTES, type LoadedWeights, type WeightsBytes, WeightsFileError, loadEvaluator, parseWeights, readWeights, readWeightsBytes, searchEvaluator, writeCompact, writeEdax,
} from './eval/files.js';
export { Evaluator, NibbleEvaluator, Weights, expandBands } from './eval/weights.js';
export { averageBands, averageWeights, codebookWeights, compress, histogram, syntheticWeights, usageCounts } from './eval/compress.js';
export { N_PACKED } from './eval/features.js';

// The search lab: fixed-depth searches, algorithm and ordering chosen piece by piece.
export { LAB_ALGORITHMS, type LabAlgorithm, type LabResult, LabSearch, type LabSettings, MAX_KILLERS, MAX_LAB_DEPTH, iterationDepths } from './lab/search.js';

// Training data: the dataset format's reader and its errors.
export { type Dataset, DatasetError, readDataset } from './train/dataset.js';

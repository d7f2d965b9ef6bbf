/**
 * revsolve as a library: the one public entry (package.json "exports").
 * The command line (cli/) is built on it and on nothing else.
 *
 * The first sections are what a script needs: positions and suites, solving
 * one position or a whole suite, perft, weights. The last ones are the
 * lower-level parts the command line also uses (the pool with its progress
 * hooks, results files, training), public so that a script can do what the
 * command line does.
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
export { problemOf } from './io.js';

// Solving: one position in this thread, or a suite on the worker pool.
export { type ResolvedOptions, type SolveOptions, resolveOptions } from './solve/settings.js';
export { Solver, solvePosition } from './solve/solver.js';
export { type PositionResult, type Summary, type TableStats, check, summarize } from './solve/solve.js';
export { type SuiteOptions, solveSuite } from './run/suite.js';
export { DEFAULT_BITS, DEFAULT_LAYOUT, LAYOUTS, type Layout, MAX_BITS, MIN_BITS, NO_MOVE, tableBytes } from './search/table.js';
export { DEFAULT_SELECTIVITY } from './search/selective.js';
export { ORDERING_TECHNIQUES } from './search/ordering.js';
export { ROOT_STRATEGIES, type RootStrategy, SELECTIVE_MIN } from './search/root.js';
export { WASM_MAX_BITS, chooseEngine } from './wasm/choice.js';
export { ENGINES, type EngineName } from './wasm/engine.js';
export { MAX_THREADS as MAX_ENGINE_THREADS } from './wasm/engine.js';

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

// The pool as the command line drives it (progress hooks, retries), results files.
export { type OnFailure, type PoolPlan, type PoolSettings, poolPlan, type Running, type Watcher, solveParallel } from './run/pool.js';
export { type SplitMode, splitEngine, splits } from './run/policy.js';
export { LEAF_EMPTIES } from './run/split.js';
export { ResultsFile, jsonRecord, readResults } from './run/results.js';
export { InputOrder } from './run/order.js';

// Beyond one machine: suites and split positions through a BullMQ queue on Redis.
export { type RedisAddress, RedisAddressError, RedisUnreachable, parseRedisUrl } from './queue/redis.js';
export { type QueueSettings, queueOf, queueSettingsOf } from './queue/jobs.js';
export { RACE_AFTER_MS } from './queue/remote.js';
export { QUEUE_LEAF_EMPTIES, type QueueOutcome, type QueueRunOptions, RunConflict, defaultRunName, solveOnQueue } from './queue/coordinator.js';
export { type ServeOptions, type ServeReport, serveQueue } from './queue/serve.js';
export { type RunInfo, cleanRun, listRuns } from './queue/runs.js';
export { openRedis } from './queue/redis.js';

// Training data and fitting.
export {
  type Dataset, DatasetError, LEGACY_COMPACT_ID, RECORD_WORDS, guideHashFor, readDataset, recordEmpties, recordExact, selectRecords,
} from './train/dataset.js';
export { generate } from './train/generate.js';
export { fitWeights, heldOutByEmpties, heldOutError, pooledError } from './train/fit.js';

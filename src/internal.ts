/**
 * The command line's entry (cli/ imports this file and nothing else of the
 * package): the library (index.ts) and the parts only the command line
 * drives: the pool with its progress hooks and plan, results files, the
 * queue, training, the engine choice. Not published (package.json
 * "exports" holds the library alone): these change with the command line.
 */

export * from './entries/board.js';
export * from './entries/eval.js';
export * from './entries/games.js';
export * from './entries/lab.js';
export * from './entries/queue.js';
export * from './entries/train.js';
export { sideName } from './game/record.js';
export { formatScore } from './game/scores.js';
export { wthorGamesProblem } from './game/wthor.js';
export * from './index.js';
export { AppendFile, type InputKind, inputKind, NOT_A_FILE, problemOf, readRegularFile, writeWholeFile } from './io.js';
export { InputOrder } from './pool/order.js';
// The pool as the command line drives it (progress hooks, retries, its plan), results files.
export {
  type OnFailure,
  type PoolPlan,
  type PoolSettings,
  poolPlan,
  poolSettingsOf,
  type Running,
  solveParallel,
  type Watcher,
} from './pool/parallel.js';
export { splitEngine, splits } from './pool/policy.js';
export { jsonRecord, ResultsFile, readResults } from './pool/results.js';
export { LEAF_EMPTIES } from './pool/split.js';
export { PIPE_TOO_LONG, PIPED_SUITE_MAX } from './position/obf-file.js';
export { finalScore, squareOrPass } from './position/position.js';
export { rng } from './position/random.js';
export { SELECTIVE_MIN } from './search/constants.js';
// Internals the core entry published until 0.2 (CHANGELOG): the settings table itself, the table's layouts, the checks.
export { LAYOUTS, maxBitsOf, NO_MOVE, tableBytes } from './search/table.js';
export {
  COMBINATIONS,
  checkCombinations,
  checkLibraryOptions,
  defaultOf,
  defaults,
  flagName,
  type Host,
  libraryName,
  type Namer,
  offNames,
  PLAIN_HOST,
  type Place,
  resolveValues,
  SETTINGS,
  type Setting,
  type SettingKey,
  SettingProblem,
  setting,
  settingsOf,
  treeCanonical,
  treeFlags,
} from './settings/index.js';
export { NODE_HOST, PROVERS, resolveOptions, resolveSearch } from './solve/options.js';
export { check, summarize } from './solve/solve.js';
// Training data and fitting.
export { gamesId, guideHashFor, LEGACY_COMPACT_ID, RECORD_WORDS, recordEmpties, recordExact, selectRecords } from './train/dataset.js';
export { fitWeights, heldOutByEmpties, heldOutError, pooledError } from './train/fit.js';
export type { TaskGame } from './train/gen-worker.js';
export { generate } from './train/generate.js';
export { chooseEngine } from './wasm/choice.js';
export { wasmMaxBits } from './wasm/engine.js';
export { MAX_THREADS as MAX_ENGINE_THREADS } from './wasm/layout.js';

/**
 * The command line's entry (cli/ imports this file and nothing else of the
 * package): the library (index.ts) and the parts only the command line
 * drives: the pool with its progress hooks and plan, results files, the
 * queue, training, the engine choice. Not published (package.json
 * "exports" holds the library alone): these change with the command line.
 */
export * from './index.js';

export { problemOf } from './io.js';
export { sideName } from './game/record.js';
export { DEFAULT_ROOT, SELECTIVE_MIN } from './search/root.js';
export { PROVERS } from './solve/settings.js';
export { chooseEngine } from './wasm/choice.js';
export { MAX_THREADS as MAX_ENGINE_THREADS } from './wasm/layout.js';

// The pool as the command line drives it (progress hooks, retries, its plan), results files.
export { type OnFailure, type PoolPlan, type PoolSettings, poolPlan, type Running, type Watcher, solveParallel } from './pool/parallel.js';
export { splitEngine, splits } from './pool/policy.js';
export { LEAF_EMPTIES } from './pool/split.js';
export { ResultsFile, jsonRecord, readResults } from './pool/results.js';
export { InputOrder } from './pool/order.js';

// Beyond one machine: suites and split positions through a BullMQ queue on Redis.
export { type RedisAddress, RedisAddressError, RedisUnreachable, openRedis, parseRedisUrl } from './queue/redis.js';
export { type QueueSettings, queueOf, queueSettingsOf } from './queue/jobs.js';
export { RACE_AFTER_MS } from './queue/remote.js';
export { QUEUE_LEAF_EMPTIES, type QueueOutcome, type QueueRunOptions, RunConflict, defaultRunName, solveOnQueue } from './queue/coordinator.js';
export { type ServeOptions, type ServeReport, serveQueue } from './queue/serve.js';
export { type RunInfo, cleanRun, listRuns } from './queue/runs.js';

// Training data and fitting.
export { LEGACY_COMPACT_ID, RECORD_WORDS, guideHashFor, recordEmpties, recordExact, selectRecords } from './train/dataset.js';
export { generate } from './train/generate.js';
export { fitWeights, heldOutByEmpties, heldOutError, pooledError } from './train/fit.js';

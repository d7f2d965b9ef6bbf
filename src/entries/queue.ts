/**
 * revsolve/queue: suites through a BullMQ queue on Redis (the coordinator
 * and the worker of `solve --queue` and `revsolve worker`), and the runs
 * Redis keeps. Loading it loads BullMQ's client only when a run starts.
 */

export { defaultRunName, type QueueOutcome, type QueueRunOptions, RunConflict, solveOnQueue } from '../queue/coordinator.js';
export { type QueueSettings, queueOf } from '../queue/jobs.js';
export { openRedis, parseRedisUrl, type RedisAddress, RedisAddressError, RedisUnreachable } from '../queue/redis.js';
export { cleanRun, listRuns, type RunInfo } from '../queue/runs.js';
export { type ServeOptions, type ServeReport, serveQueue } from '../queue/serve.js';

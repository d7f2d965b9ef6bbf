/**
 * revsolve/queue: suites through a BullMQ queue on Redis (the coordinator
 * and the worker of `solve --queue` and `revsolve worker`), and the runs
 * Redis keeps. Loading it loads BullMQ's client only when a run starts.
 */
export { type RedisAddress, RedisAddressError, RedisUnreachable, openRedis, parseRedisUrl } from '../queue/redis.js';
export { type QueueSettings, queueOf } from '../queue/jobs.js';
export { type QueueOutcome, type QueueRunOptions, RunConflict, defaultRunName, solveOnQueue } from '../queue/coordinator.js';
export { type ServeOptions, type ServeReport, serveQueue } from '../queue/serve.js';
export { type RunInfo, cleanRun, listRuns } from '../queue/runs.js';

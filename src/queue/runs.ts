/**
 * Runs as Redis holds them (`revsolve queue status` and `queue clean`): a
 * run's record and results stay after it finishes, so that `--resume`
 * prints its whole table again, until they are cleaned away.
 */
import type { Redis } from 'ioredis';
import { hasMethods, objectArgument, textArgument } from '../arguments.js';
import { RUN_PREFIX, runKeys } from './jobs.js';
import { connectionOptions, type RedisAddress } from './redis.js';

export interface RunInfo {
  readonly run: string;
  readonly queue: string;
  readonly positions: number;
  readonly results: number;
  readonly created: string;
  readonly settings: string;
}

/** Every run recorded in this Redis database. */
export async function listRuns(client: Redis): Promise<RunInfo[]> {
  hasMethods(client, 'client', 'a Redis client (openRedis), not an address', ['scan', 'hgetall']);
  const runs: RunInfo[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${RUN_PREFIX}*`, 'COUNT', 200);
    cursor = next;
    for (const key of keys) {
      if (key.endsWith(':results')) continue;
      const run = key.slice(RUN_PREFIX.length);
      const meta = await client.hgetall(key);
      if (meta.suite === undefined) continue;
      runs.push({
        run,
        queue: meta.queue ?? '?',
        positions: Number(meta.count ?? 0),
        results: await client.hlen(runKeys(run).results),
        created: meta.created ?? '?',
        settings: meta.settings ?? '?',
      });
    }
  } while (cursor !== '0');
  return runs.sort((a, b) => a.created.localeCompare(b.created));
}

/**
 * Removes a run: its record, its results and its jobs that are not running
 * (a running job finishes on its worker and is then dropped: its run is
 * gone). Returns how many jobs were removed and how many were running; null
 * when there is no such run.
 */
export async function cleanRun(client: Redis, address: RedisAddress, run: string): Promise<{ removed: number; running: number } | null> {
  hasMethods(client, 'client', 'a Redis client (openRedis), not an address', ['scan', 'hgetall']);
  objectArgument(address, 'address', 'a Redis address (parseRedisUrl)');
  textArgument(run, 'run', "a run's name");
  const keys = runKeys(run);
  const meta = await client.hgetall(keys.meta);
  if (meta.suite === undefined) return null;
  const { Queue } = await import('bullmq');
  const queue = new Queue(meta.queue, { connection: connectionOptions(address) });
  let removed = 0;
  let running = 0;
  try {
    for (const job of await queue.getJobs(['waiting', 'prioritized', 'delayed', 'completed', 'failed', 'active'])) {
      if (!job?.id?.startsWith(`${run}.`)) continue;
      if ((await queue.remove(job.id)) === 1) removed++;
      else running++;
    }
  } finally {
    await queue.close();
  }
  await client.del(keys.meta, keys.results);
  return { removed, running };
}

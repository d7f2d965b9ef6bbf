/**
 * The distributed queue's commands: `revsolve worker --queue` (serve jobs
 * on this machine's threads) and `revsolve queue status|clean` (the runs
 * Redis holds). `solve --queue` is the coordinator (cli/solve.ts, on
 * queue/coordinator.ts).
 */
import { type Command, Option } from 'commander';
import {
  cleanRun,
  flagName,
  listRuns,
  NODE_HOST,
  openRedis,
  parseRedisUrl,
  RedisUnreachable,
  resolveValues,
  serveQueue,
  setting,
} from '../internal.js';
import { EXIT_USAGE } from './exit-codes.js';
import { addSettingOptions, checkTableFits, givenSettings, needed, searchSettings, settingOption } from './options.js';

import type { StopSignals } from './signals.js';

/**
 * The --lookup-timeout of `queue status` and `queue clean` (no search: no
 * weights read). Its old flag, --redis-timeout (the worker's and solve's
 * own setting, with another default), is read for one release, said once.
 */
function lookupTimeout(o: { redisTimeout?: string }, err: (s: string) => void): number {
  const given = givenSettings(o, 'queue');
  if (o.redisTimeout !== undefined) {
    err('warning: queue --redis-timeout is now --lookup-timeout (the old name goes in the next release)');
    if (given.lookupTimeout === undefined) given.lookupTimeout = setting('lookupTimeout').parse(o.redisTimeout);
  }
  return resolveValues(given, NODE_HOST, flagName).lookupTimeout;
}

/** The old flag of lookupTimeout, hidden, for one release. */
const oldLookupFlag = () => new Option('--redis-timeout <seconds>').hideHelp();

/** The worker's own options (the settings table's are read through searchSettings). */
interface WorkerOpts {
  queue: string;
  verbose?: boolean;
}

export function addQueueCommands(program: Command, out: (s: string) => void, err: (s: string) => void, stop: StopSignals): void {
  const worker = program
    .command('worker')
    .description('take jobs from a queue on Redis and solve them on this machine (any number of workers, anywhere)')
    .helpOption('--help', 'show help')
    .option('--queue <redis://host:port>', 'the Redis of the queue (needed)');
  // The settings that name the queue must be the coordinator's (solve's): the queue's name says so.
  addSettingOptions(worker, 'worker', {
    workers: 'threads, hence jobs at once',
    wld: 'serve win/loss/draw runs (solve --wld): another queue',
  });
  worker.option('--verbose', 'a line on stderr per job taken and ended').action(async (o: WorkerOpts) => {
    const address = parseRedisUrl(needed(o.queue as string | undefined, '--queue <redis://host:port>'));
    const search = searchSettings(o, 'worker', true);
    checkTableFits(search.hashBits, search.tableLayout, search.workers);
    if (search.engineNote) err(`note: ${search.engineNote}`);
    try {
      const r = await serveQueue(
        {
          ...search,
          address,
          redisTimeoutMs: search.redisTimeout * 1000,
          lockMs: search.lockMs,
          stallMs: search.stallMs,
          progressMs: search.progressMs,
          maxStalled: search.maxStalled,
          verbose: !!o.verbose,
        },
        stop.signal,
        err,
      );
      err(
        `revsolve worker: stopped (${stop.received ?? 'done'}): ${r.completed} job(s) done, ${r.failed} failed, ${r.returned} returned to the queue`,
      );
      process.exitCode = stop.exitCode;
    } catch (e) {
      if (!(e instanceof RedisUnreachable)) throw e;
      err(`revsolve worker: ${e.message}`);
      process.exitCode = EXIT_USAGE;
    }
  });

  const queue = program.command('queue').description('the runs a Redis holds for the queue').helpOption('--help', 'show help');
  queue
    .command('status')
    .description('list the runs: positions, results, settings')
    .argument('<redis://host:port>')
    .helpOption('--help', 'show help')
    .addOption(settingOption('lookupTimeout'))
    .addOption(oldLookupFlag())
    .action(async (url: string, o: object) => {
      const client = await openRedis(parseRedisUrl(url, 'the Redis address'), lookupTimeout(o, err) * 1000, stop.signal);
      try {
        const runs = await listRuns(client);
        if (runs.length === 0) out('no runs');
        for (const r of runs) out(`${r.run}: ${r.results} of ${r.positions} solved; queue ${r.queue} (${r.settings}); since ${r.created}`);
      } finally {
        client.disconnect();
      }
    });
  queue
    .command('clean')
    .description('remove a run: its record, results and jobs (running jobs end on their workers, unrecorded)')
    .argument('<redis://host:port>')
    .option('--run <name>', 'the run (needed)')
    .helpOption('--help', 'show help')
    .addOption(settingOption('lookupTimeout'))
    .addOption(oldLookupFlag())
    .action(async (url: string, o: { run: string; redisTimeout?: string }) => {
      const run = needed(o.run as string | undefined, '--run <name>');
      const address = parseRedisUrl(url, 'the Redis address');
      const client = await openRedis(address, lookupTimeout(o, err) * 1000, stop.signal);
      try {
        const r = await cleanRun(client, address, run);
        if (r === null) {
          err(`revsolve: no run ${o.run} in ${address.url}`);
          process.exitCode = EXIT_USAGE;
        } else out(`run ${o.run} removed: ${r.removed} job(s)${r.running ? `; ${r.running} running job(s) end on their workers` : ''}`);
      } finally {
        client.disconnect();
      }
    });
}

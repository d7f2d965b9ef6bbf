/**
 * The distributed queue's commands: `revsolve worker --queue` (serve jobs
 * on this machine's threads) and `revsolve queue status|clean` (the runs
 * Redis holds). `solve --queue` is the coordinator (program.ts).
 */
import { availableParallelism } from 'node:os';
import { type Command, InvalidArgumentError } from 'commander';
import {
  DEFAULT_BITS, DEFAULT_LAYOUT, DEFAULT_SELECTIVITY, type EngineName, type Layout, RedisUnreachable, cleanRun, listRuns, openRedis,
  parseRedisUrl, queueSettingsOf, serveQueue,
} from '../internal.js';
import { type SearchOpts, checkTableFits, parseEngine, parseHashBits, searchSettings, parseLayout, parseOrdering, parseSeconds, parseSelectivity, parseWorkers } from './options.js';
import type { StopSignals } from './signals.js';

interface WorkerOpts extends SearchOpts {
  queue: string;
  workers: number;
  hashBits: number;
  table: Layout;
  eval?: string;
  ordering?: 'mobility' | 'eval';
  selectivity?: readonly number[];
  redisTimeout: number;
  lockMs: number;
  stallMs: number;
  progressMs: number;
  maxStalled: number;
  verbose?: boolean;
}

function parseMs(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 100) throw new InvalidArgumentError('must be a whole number of milliseconds, at least 100');
  return n;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 100) throw new InvalidArgumentError('must be a whole number from 1 to 100');
  return n;
}

export function addQueueCommands(program: Command, out: (s: string) => void, err: (s: string) => void, stop: StopSignals): void {
  program
    .command('worker')
    .description('take jobs from a queue on Redis and solve them on this machine (any number of workers, anywhere)')
    .helpOption('--help', 'show help')
    .requiredOption('--queue <redis://host:port>', 'the Redis of the queue')
    .option('-n, --workers <n>', 'threads, hence jobs at once (default: one per core)', parseWorkers, availableParallelism())
    .option('-h, --hash-bits <h>', 'each thread\'s table of 2^h entries: must be the coordinator\'s -h', parseHashBits, DEFAULT_BITS)
    .option('--table <layout>', 'table layout (as solve\'s)', parseLayout, DEFAULT_LAYOUT)
    .option('--eval <file>', 'weights (as solve\'s: default the shipped weights; none: mobility ordering)')
    .option('--ordering <how>', 'mobility or eval (as solve\'s)', parseOrdering)
    .option('--selectivity <margins>', `selective pre-searches (as solve's; default ${DEFAULT_SELECTIVITY.join(',')})`, parseSelectivity)
    .option('--engine <engine>', 'wasm or ts (as solve\'s: the same tree either way)', parseEngine, 'wasm' as EngineName)
    .option('--wld', 'serve win/loss/draw runs (solve --wld): another queue')
    .option('--redis-timeout <seconds>', 'exit when Redis is unreachable this long', parseSeconds, 30)
    .option('--lock-ms <ms>', 'lock of a running job, renewed at half of it: a worker that dies loses its jobs after this', parseMs, 30_000)
    .option('--stall-ms <ms>', 'how often to look for jobs whose worker died', parseMs, 30_000)
    .option('--progress-ms <ms>', 'how often a running job reports its live node count to the coordinator\'s display', parseMs, 1000)
    .option('--max-stalled <n>', 'a job whose worker died this many times fails', parseCount, 2)
    .option('--verbose', 'a line on stderr per job taken and ended')
    .action(async (o: WorkerOpts) => {
      const address = parseRedisUrl(o.queue);
      const search = searchSettings(o);
      checkTableFits(o.hashBits, o.table, o.workers);
      if (search.engineNote) err(`note: ${search.engineNote}`);
      const s = { ...queueSettingsOf(search), engine: search.engine };
      try {
        const r = await serveQueue(
          { ...s, address, workers: o.workers, redisTimeoutMs: o.redisTimeout * 1000, lockMs: o.lockMs, stallMs: o.stallMs, progressMs: o.progressMs, maxStalled: o.maxStalled, verbose: !!o.verbose },
          stop.signal, err,
        );
        err(`revsolve worker: stopped (${stop.received ?? 'done'}): ${r.completed} job(s) done, ${r.failed} failed, ${r.returned} returned to the queue`);
        process.exitCode = stop.exitCode;
      } catch (e) {
        if (!(e instanceof RedisUnreachable)) throw e;
        err(`revsolve worker: ${e.message}`);
        process.exitCode = 2;
      }
    });

  const queue = program.command('queue').description('the runs a Redis holds for the queue').helpOption('--help', 'show help');
  queue
    .command('status')
    .description('list the runs: positions, results, settings')
    .argument('<redis://host:port>')
    .helpOption('--help', 'show help')
    .option('--redis-timeout <seconds>', 'give up when Redis is unreachable this long', parseSeconds, 3)
    .action(async (url: string, o: { redisTimeout: number }) => {
      const client = await openRedis(parseRedisUrl(url), o.redisTimeout * 1000, stop.signal);
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
    .requiredOption('--run <name>', 'the run')
    .helpOption('--help', 'show help')
    .option('--redis-timeout <seconds>', 'give up when Redis is unreachable this long', parseSeconds, 3)
    .action(async (url: string, o: { run: string; redisTimeout: number }) => {
      const address = parseRedisUrl(url);
      const client = await openRedis(address, o.redisTimeout * 1000, stop.signal);
      try {
        const r = await cleanRun(client, address, o.run);
        if (r === null) {
          err(`revsolve: no run ${o.run} in ${address.url}`);
          process.exitCode = 2;
        } else out(`run ${o.run} removed: ${r.removed} job(s)${r.running ? `; ${r.running} running job(s) end on their workers` : ''}`);
      } finally {
        client.disconnect();
      }
    });
}

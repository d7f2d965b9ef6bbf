/**
 * The commands: `revsolve solve`, `revsolve perft`, and the `eval` and
 * `train` groups (cli-eval.ts, cli-train.ts); runCommand runs one and maps
 * what went wrong to one line and an exit code.
 * Exit codes: 0 all right, 1 a result disagrees with its file, 2 bad input or
 * usage, 129 / 130 / 143 stopped by SIGHUP / SIGINT / SIGTERM, 70 a bug.
 */
import { availableParallelism } from 'node:os';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import {
  ORDERING_TECHNIQUES, ROOT_STRATEGIES, type RootStrategy, SHIPPED_WEIGHTS, VERSION, perft, type ObfEntry, type ObfError, parseObfLine, readObf, ObfError as ObfErrorClass,
  PositionError, emptyCount, DEFAULT_BITS, DEFAULT_LAYOUT, LAYOUTS, type Layout, MAX_BITS, MIN_BITS, tableBytes,
  type PositionResult, summarize, SPLIT_AUTO_EMPTIES, type SplitMode, poolPlan, solveParallel, LEAF_EMPTIES, SELECTIVE_MIN,
  DEFAULT_SELECTIVITY, DatasetError, FileError, InputOrder, WeightsFileError, problemOf, ResultsFile, readResults,
  QUEUE_LEAF_EMPTIES, RACE_AFTER_MS, RedisUnreachable, RunConflict, defaultRunName, parseRedisUrl, queueOf, queueSettingsOf, solveOnQueue,
} from '../index.js';
import { Progress } from './progress.js';

import { EXIT_OUTPUT, OutputError } from './output.js';
import { statSync, writeSync } from 'node:fs';
import { type SearchOpts, UsageError, checkTableFits, mib, searchSettings, parseHashBits, parseLayout, parseLeaf, parseOrdering, parseRaceAfter, parseSeconds, parseSelectivity, parseSplit, parseWorkers } from './options.js';
import { addEvalCommands } from './eval.js';
import { addTrainCommands } from './train.js';
import { addLabCommands } from './lab.js';
import { addQueueCommands } from './queue.js';
import type { StopSignals } from './signals.js';
import { failedRow, jsonRow, jsonSummary, tableHeader, tableRow, tableStatsRow, tableTotal } from './report.js';

const EXIT_MISMATCH = 1;
const EXIT_USAGE = 2;
const EXIT_BUG = 70;

interface SolveOpts extends SearchOpts {
  hashBits: number;
  json?: boolean;
  position?: string;
  keepTable?: boolean;
  stats?: boolean;
  table: Layout;
  workers: number;
  results?: string;
  resume?: boolean;
  force?: boolean;
  split: SplitMode;
  quiet?: boolean;
  progressEvery: number;
  eval?: string;
  ordering?: 'mobility' | 'eval';
  selectivity: readonly number[];
  off: number;
  root: RootStrategy;
  queue?: string;
  run?: string;
  redisTimeout: number;
  queueLeaf: number;
  raceAfter: number;
}

/** --off: ordering techniques by name, comma-separated, or all (the ordering study). */
function parseOff(value: string): number {
  let bits = 0;
  for (const name of value.split(',').map((s) => s.trim())) {
    if (name === 'all') {
      for (const [, b] of ORDERING_TECHNIQUES) bits |= b;
      continue;
    }
    const t = ORDERING_TECHNIQUES.find(([n]) => n === name);
    if (!t) throw new InvalidArgumentError(`techniques are ${ORDERING_TECHNIQUES.map(([n]) => n).join(', ')} or all: ${name}`);
    bits |= t[1];
  }
  return bits;
}

function parseRoot(value: string): RootStrategy {
  if (!(ROOT_STRATEGIES as readonly string[]).includes(value)) throw new InvalidArgumentError(`one of ${ROOT_STRATEGIES.join(', ')}`);
  return value as RootStrategy;
}

const offNames = (bits: number) => ORDERING_TECHNIQUES.filter(([, b]) => bits & b).map(([n]) => n);

/**
 * A results file is appended to with --resume, overwritten with --force;
 * an existing non-empty one is refused otherwise, and so is a path that is
 * also an input (the suite, the weights).
 */
function checkResultsPath(path: string, inputs: readonly (string | undefined)[], resume: boolean, force: boolean): void {
  if (resume && force) throw new UsageError('--resume goes on with the --results file, --force overwrites it: give one of them');
  const same = (a: string, b: string) => {
    try {
      const x = statSync(a);
      const y = statSync(b);
      return x.dev === y.dev && x.ino === y.ino;
    } catch {
      return false;
    }
  };
  for (const input of inputs) if (input !== undefined && same(path, input)) throw new UsageError(`--results ${path} is also an input of this run (${input}): give another file`);
  let size = 0;
  try {
    const st = statSync(path);
    size = st.isFile() ? st.size : 0;
  } catch {
    return; // a new file
  }
  if (size > 0 && !resume && !force) {
    throw new UsageError(`--results ${path} exists and is not empty: add --resume to go on with it, or --force to overwrite it`);
  }
}

function entriesFromPosition(text: string): ObfEntry {
  try {
    const { position, answers } = parseObfLine(text);
    return { line: 0, position, answers };
  } catch (e) {
    if (e instanceof PositionError) throw new UsageError(`--position: ${e.message}`);
    throw e;
  }
}

async function runSolve(file: string | undefined, opts: SolveOpts, stop: StopSignals): Promise<number> {
  if ((file === undefined) === (opts.position === undefined)) {
    throw new UsageError('give either an OBF file or --position "<64 squares> <X|O>"');
  }

  let entries: readonly ObfEntry[];
  let errors: readonly ObfError[] = [];
  let source: string;
  if (file !== undefined) {
    const suite = readObf(file);
    entries = suite.entries;
    errors = suite.errors;
    source = file;
  } else {
    entries = [entriesFromPosition(opts.position!)];
    source = '--position';
  }
  for (const e of errors) process.stderr.write(`error: ${e.message}\n`);

  if (opts.results !== undefined) checkResultsPath(opts.results, [file, opts.eval === 'none' ? undefined : opts.eval ?? SHIPPED_WEIGHTS], !!opts.resume, !!opts.force);
  if (opts.resume && !opts.results && !opts.queue) throw new UsageError('--resume needs --results <file.jsonl> (or --queue, whose runs Redis keeps)');
  if (opts.queue !== undefined) {
    if (opts.off || opts.root !== 'probes' || opts.keepTable) throw new UsageError('--off, --root and --keep-table are for local runs, not --queue');
  } else if (opts.run !== undefined) throw new UsageError('--run names a run of --queue');
  const previous = opts.resume && opts.results ? readResults(opts.results, entries) : { results: new Map<number, PositionResult>(), problems: [] };
  for (const p of previous.problems) process.stderr.write(`warning: ${p}\n`);
  const jobs = entries.map((entry, i) => ({ entry, index: i + 1 })).filter((j) => !previous.results.has(j.index));

  // One worker per position at most, unless positions are split across
  // workers; one worker solves in this thread. Tables: one per worker for
  // whole positions, one per position being split (at most one per worker).
  // The shipped weights unless told otherwise (a missing shipped file is an
  // error, not a silent fallback); a bad file is reported here, before any worker starts.
  const search = searchSettings(opts);
  const { weights, selectivity } = search;
  const evalFile = weights?.file ?? null;
  const ordering = weights === null ? 'mobility' : 'eval';
  const onQueue = opts.queue !== undefined;
  const plan = poolPlan(jobs.map((j) => emptyCount(j.entry.position)), {
    workers: opts.workers, bits: opts.hashBits, layout: opts.table, keepTable: !!opts.keepTable, split: opts.split, weights, selectivity, off: opts.off, root: opts.root,
  });
  const workers = onQueue ? 0 : plan.settings.workers;
  const splitTables = onQueue ? 0 : plan.splitTables;
  if (opts.root !== 'probes' && splitTables > 0) throw new UsageError(`--root ${opts.root} is for positions solved whole: add --split never (or -n 1)`);
  const tables = onQueue ? 0 : plan.splitTables + plan.wholeTables;
  if (!onQueue) checkTableFits(opts.hashBits, opts.table, tables);
  const bytes = tableBytes(opts.hashBits, opts.table);
  // Through the queue: the address, the queue of these settings and the run's name, known before anything is printed.
  const address = onQueue ? parseRedisUrl(opts.queue!) : undefined;
  const queueSettings = queueSettingsOf(search);
  const run = onQueue ? (opts.run ?? defaultRunName(source === '--position' ? 'position' : source, entries, queueSettings)) : '';
  // Through the queue, auto splits a lone position; always, every position above the task size.
  const queueSplit = (empties: number) =>
    empties > opts.queueLeaf && (opts.split === 'always' || (opts.split === 'auto' && entries.length === 1));
  // Opened before anything is printed: a path that cannot be written is one line of error, not a table cut short.
  const saved = opts.results ? new ResultsFile(opts.results, !!opts.resume) : undefined;
  const out = (s: string) => process.stdout.write(s + '\n');
  const ordered = `ordering: ${evalFile ? `eval (${evalFile === SHIPPED_WEIGHTS ? 'shipped weights' : evalFile})` : 'mobility'}` +
    `${selectivity.length > 0 ? `, selective pre-searches ${selectivity.join(',')}` : ''}`;
  let progress: Progress | undefined;
  const emit = (text: string) => (progress ? progress.print(text, out) : out(text));
  // The intro line and the table's header: at once for a local run; on the
  // queue once the run is ours (a refused run prints only its error line).
  let introduced = false;
  const introduce = () => {
    if (introduced || opts.json) return;
    introduced = true;
    const count = `revsolve ${VERSION}: ${source}, ${entries.length} position${entries.length === 1 ? '' : 's'}; `;
    const sized = `2^${opts.hashBits} entries x ${LAYOUTS[opts.table].entryBytes} B = ${mib(bytes)} (${opts.table})`;
    if (onQueue) {
      emit(
        `${count}through ${address!.url}, queue ${queueOf(queueSettings).name}, run ${run}; ` +
          `workers' tables of ${sized}; ${ordered}` +
          `${entries.some((e) => queueSplit(emptyCount(e.position))) ? `; split into subtrees of ${opts.queueLeaf} empties` : ''}`,
      );
    } else {
      emit(
        count +
          `${workers} worker${workers === 1 ? '' : 's'}${splitTables > 0 ? ` (large positions split across them: --split ${opts.split})` : ''}, ` +
          `${tables > 1 ? 'tables' : 'a table'} of ${sized}` +
          `${tables > 1 ? `, up to ${tables}: ${mib(bytes * tables)} in all` : ''}${opts.keepTable ? ', kept between positions' : ''}; ${ordered}` +
          `${opts.off ? `; switched off: ${offNames(opts.off).join(', ')}` : ''}${opts.root !== 'probes' ? `; root: ${opts.root}` : ''}`,
      );
    }
    emit(tableHeader());
  };
  if (!onQueue) introduce();
  const row = (text: string) => {
    introduce();
    emit(text);
  };
  const show = (r: PositionResult) => {
    if (opts.json) row(jsonRow(r));
    else {
      row(tableRow(r));
      if (opts.stats) row(tableStatsRow(r));
    }
  };
  // Rows print in input order, each as soon as every earlier one is known
  // (null: the position was given up); on an early stop, what still waits
  // for an earlier position prints out of order (outOfOrder).
  const results: (PositionResult | null | undefined)[] = new Array(entries.length);
  const order = new InputOrder<PositionResult>((index, x) => {
    if (x) show(x);
    else row(failedRow(index, !!opts.json));
  });
  const place = (index: number, r: PositionResult | null) => {
    results[index - 1] = r;
    order.place(index, r);
  };
  /** Prints the finished rows still held back, after one line that says so; the words for the stop message. */
  const outOfOrder = (): string => {
    if (order.held === 0) return 'printed above, in input order';
    const note = `the ${order.held} row(s) below finished out of input order (each keeps its index)`;
    if (opts.json) process.stderr.write(`${note}\n`);
    else row(`-- ${note}`);
    order.drain();
    return 'printed above; the last rows out of input order';
  };
  let failures = 0;
  const failed = (index: number, reason: string, willRetry: boolean) => {
    process.stderr.write(
      onQueue ? `error: position ${index}: its job failed (${reason}); given up\n`
        : `error: position ${index}: the worker died (${reason}); ${willRetry ? 'retrying on a fresh worker' : 'given up'}\n`,
    );
    if (!willRetry) {
      failures++;
      place(index, null);
      progress?.done();
    }
  };
  previous.results.forEach((r) => place(r.index, r));
  if (opts.resume && previous.results.size > 0) process.stderr.write(`resuming: ${previous.results.size} position(s) read from ${opts.results}\n`);
  const finished = (r: PositionResult) => {
    saved?.append(r, entries[r.index - 1]);
    place(r.index, r);
    progress?.done();
  };
  // Progress on stderr; a run that shows it solves in workers, so that this
  // thread stays free to draw it.
  if (!opts.quiet && jobs.length > 0) {
    progress = new Progress(process.stderr.isTTY ? 'tty' : 'log', entries.length, previous.results.size, process.stderr, opts.progressEvery * 1000);
  }
  const t0 = process.hrtime.bigint();
  // Every position is solved on worker threads, even with one worker, so
  // that this thread stays free to hear a signal: it then stops the
  // workers, keeps what is finished and says how to go on.
  let complete = true;
  try {
    if (onQueue) {
      const outcome = await solveOnQueue(
        entries, jobs, new Set(previous.results.keys()),
        { ...queueSettings, address: address!, run, resume: !!opts.resume, redisTimeoutMs: opts.redisTimeout * 1000, split: queueSplit, leafEmpties: opts.queueLeaf, raceAfterMs: opts.raceAfter, claimed: introduce },
        finished, (index, reason) => failed(index, reason, false), stop.signal, progress,
      );
      complete = outcome.complete;
      if (outcome.fromRedis > 0) process.stderr.write(`run ${run}: ${outcome.fromRedis} result(s) were in Redis already\n`);
      const t = outcome.tasks;
      if (t.sent > 0) {
        const ms = [...t.cancelMs].sort((a, b) => a - b);
        process.stderr.write(
          `split through the queue: ${t.sent} tasks (subtrees of ${opts.queueLeaf} empties or fewer), ${t.meanOut.toFixed(1)} out on average, ${t.peakOut} at most; ` +
            `${t.copied} copies raced on idle threads, ${t.copyWon} answered first; ` +
            `cancelled on cuts and races: ${t.cancelledWaiting} waiting, ${ms.length} running` +
            `${ms.length ? ` (stopped ${ms[ms.length >> 1]} ms after the cancel at the median, ${ms[ms.length - 1]} ms at most)` : ''}\n`,
        );
      }
    } else {
      if (jobs.length > 0) complete = await solveParallel(jobs, plan.settings, finished, failed, stop.signal, progress);
    }
  } catch (e) {
    if (!(e instanceof RedisUnreachable)) throw e;
    progress?.stop();
    const done = results.filter((r) => r).length;
    const where = outOfOrder();
    process.stderr.write(
      `revsolve: ${e.message}; ${done} of ${entries.length} positions finished (${where}${opts.results ? `; saved in ${opts.results}` : ''})` +
        `${e.when === 'mid-run' ? `; run the same command with --resume when Redis is back` : ''}\n`,
    );
    return EXIT_USAGE;
  } finally {
    progress?.stop();
    saved?.close();
  }
  if (!complete && onQueue) {
    const done = results.filter((r) => r).length;
    const where = outOfOrder();
    process.stderr.write(
      `\ninterrupted: ${done} of ${entries.length} positions finished (${where}); the workers go on with run ${run} in ${address!.url}: ` +
        `run the same command with --resume to re-attach (revsolve queue clean ${address!.url} --run ${run} removes it)\n`,
    );
    return stop.exitCode;
  }
  if (!complete) {
    const done = results.filter((r) => r).length;
    const where = outOfOrder();
    process.stderr.write(
      `\ninterrupted: ${done} of ${entries.length} positions finished (${where})` +
        (opts.results
          ? ` and saved in ${opts.results}; to go on, run the same command with --resume\n`
          : '; run with --results <file.jsonl> to be able to resume\n'),
    );
    return stop.exitCode;
  }
  // Positions read back count with the time they took then.
  let earlierMs = 0;
  previous.results.forEach((r) => (earlierMs += r.ms));
  const solved = results.filter((r): r is PositionResult => !!r);
  const summary = summarize(solved, errors.length + failures, earlierMs + Number(process.hrtime.bigint() - t0) / 1e6);
  introduce();
  if (opts.json) out(jsonSummary(summary, { workers, hashBits: opts.hashBits, tableLayout: opts.table, tableBytes: bytes, ordering, eval: evalFile, selectivity, off: offNames(opts.off), root: opts.root }));
  else out(tableTotal(summary));
  if (errors.length > 0) process.stderr.write(`${errors.length} bad line${errors.length === 1 ? '' : 's'} in ${source}: see the errors above\n`);
  if (failures > 0) process.stderr.write(`${failures} position${failures === 1 ? '' : 's'} given up after their worker died twice\n`);
  if (errors.length + failures > 0) return EXIT_USAGE;
  return summary.mismatches > 0 ? EXIT_MISMATCH : 0;
}

function runPerft(depthText: string): number {
  const depth = Number(depthText);
  if (!/^\d+$/.test(depthText) || depth < 1 || depth > 60) throw new UsageError(`perft depth must be a whole number from 1 to 60: ${depthText}`);
  for (let d = 1; d <= depth; d++) {
    const t0 = process.hrtime.bigint();
    const n = perft(d);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(`perft ${String(d).padStart(2)}: ${n.toLocaleString('en-US').padStart(16)}  ${(ms / 1000).toFixed(3).padStart(9)} s\n`);
  }
  return 0;
}

function buildProgram(stop: StopSignals): Command {
  const program = new Command('revsolve')
    .description('Exact reversi (Othello) endgame solver, in the manner of Edax')
    .version(VERSION, '-v, --version')
    .helpOption('--help', 'show help')
    .exitOverride()
    .showHelpAfterError('(revsolve --help for usage)');

  program
    .command('solve')
    .description('solve every position of an OBF file exactly and check the answers it gives')
    .argument('[file]', 'OBF file: "<64 squares A1..H8> <X|O>; move:score; ..." per line')
    .helpOption('--help', 'show help')
    .option('-h, --hash-bits <h>', `transposition table of 2^h entries (${MIN_BITS}..${MAX_BITS})`, parseHashBits, DEFAULT_BITS)
    .option('--table <layout>', 'table layout: board2 (2 x 32-byte entries a cache line), board1, board4, key4 (4 x 16-byte keyed entries)', parseLayout, DEFAULT_LAYOUT)
    .option('-n, --workers <n>', 'positions solved in parallel, each on its own thread and table (default: one per core)', parseWorkers, availableParallelism())
    .option(
      '--split <when>',
      `split a position across the workers on one shared table: auto (more than ${SPLIT_AUTO_EMPTIES} empties, or ${LEAF_EMPTIES} with fewer positions than workers), always (more than ${LEAF_EMPTIES}), never`,
      parseSplit, 'auto' as SplitMode,
    )
    .option('--eval <file>', 'evaluation weights (Edax eval.dat or compact file) to order moves with at 12 empties and more; default: the shipped weights; none: no evaluation')
    .option('--ordering <how>', 'move ordering: mobility (fastest first), or eval (adds the weights\' evaluation; the default with --eval)', parseOrdering)
    .option(
      '--selectivity <margins>',
      `with eval ordering, from ${SELECTIVE_MIN} empties: selective (ProbCut) pre-searches that find the first guess, at these margins in sigmas of the shallow search's error, in turn; none: start from a shallow search's guess`,
      parseSelectivity, DEFAULT_SELECTIVITY,
    )
    .option('--quiet', 'no progress display (by default: live lines on a terminal, else a status line now and then, on stderr)')
    .option('--progress-every <seconds>', 'off a terminal, a status line this often', parseSeconds, 10)
    .option('--results <file.jsonl>', 'append each finished position to this file at once (flushed to disk)')
    .option('--resume', 'skip the positions already in the --results file; print the whole table')
    .option('--force', 'overwrite an existing --results file (without it, one that is not empty is refused unless --resume)')
    .option('--position <text>', 'solve one position: "<64 squares> <X|O>" (answers may follow, as in OBF)')
    .option('--json', 'print JSON Lines: one object per position, then a summary')
    .option('--keep-table', 'keep the table from one position to the next (default: cleared, as Edax does)')
    .option('--stats', 'print the table statistics of each position')
    .option('--off <techniques>', `the ordering study: switch these techniques of the exact search off (${ORDERING_TECHNIQUES.map(([n]) => n).join(', ')}, or all)`, parseOff, 0)
    .option('--queue <redis://host:port>', 'solve through a BullMQ queue on this Redis, on `revsolve worker` processes anywhere (see the README)')
    .option('--run <name>', 'with --queue: the run\'s name in Redis (default: the suite\'s name and a digest of its positions and settings)')
    .option('--redis-timeout <seconds>', 'with --queue: give up when Redis is unreachable this long, at the start or mid-run', parseSeconds, 30)
    .option('--queue-leaf <empties>', `with --queue: a split position's subtrees of this many empties or fewer are one task each`, parseLeaf, QUEUE_LEAF_EMPTIES)
    .option('--race-after <ms>', `with --queue: a split position's task that runs alone this long gets a copy on an idle worker thread, the first answer wins (never: no copies)`, parseRaceAfter, RACE_AFTER_MS)
    .option('--root <strategy>', `how the root finds the exact score after the first guess: ${ROOT_STRATEGIES.join(', ')} (for positions not split)`, parseRoot, 'probes' as RootStrategy)
    .action(async (file: string | undefined, opts: SolveOpts) => {
      process.exitCode = await runSolve(file, opts, stop);
    });

  addEvalCommands(program, (s) => process.stdout.write(s + '\n'));
  addTrainCommands(program, (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n'), stop);

  addLabCommands(program, (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n'));
  addQueueCommands(program, (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n'), stop);

  program
    .command('perft')
    .description('count move sequences from the start position (a pass counts as a move), depths 1..d')
    .argument('<depth>', 'the last depth')
    .helpOption('--help', 'show help')
    .action((depth: string) => {
      process.exitCode = runPerft(depth);
    });
  return program;
}

/**
 * Runs one command line (argv as process.argv) to its end and returns the
 * exit code: whatever went wrong is one line on stderr, never a stack
 * trace. `stop` is what the command watches for a signal.
 */
export async function runCommand(argv: string[], stop: StopSignals): Promise<number> {
  process.exitCode = undefined;
  try {
    await buildProgram(stop).parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    // Commander prints its own parse errors and throws a plain CommanderError; an
    // InvalidArgumentError (a CommanderError too) that gets here came from an action, unprinted.
    if (e instanceof CommanderError && !(e instanceof InvalidArgumentError)) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? 0 : EXIT_USAGE;
    }
    if (stop.signal.aborted && e === stop.signal.reason) {
      // Stopped while waiting (for Redis, say), before any result.
      process.stderr.write(`interrupted by ${stop.received}: nothing was finished\n`);
      return stop.exitCode;
    }
    if (e instanceof OutputError) {
      if (e.code === 'EPIPE') return Number(process.exitCode ?? 0); // the reader went away: quietly
      writeSync(2, `revsolve: ${e.message}\n`);
      return EXIT_OUTPUT;
    }
    if (e instanceof UsageError || e instanceof FileError || e instanceof RunConflict || e instanceof RedisUnreachable || e instanceof ObfErrorClass || e instanceof RangeError || e instanceof WeightsFileError || e instanceof DatasetError || e instanceof InvalidArgumentError) {
      process.stderr.write(`revsolve: ${e.message}\n`);
      return EXIT_USAGE;
    }
    const file = fileProblem(e);
    if (file !== null) {
      process.stderr.write(`revsolve: ${file}\n`);
      return EXIT_USAGE;
    }
    // A bug, not bad input: still one line (the stack on request).
    process.stderr.write(`revsolve: internal error: ${e instanceof Error ? e.message : String(e)}${process.env.REVSOLVE_DEBUG ? `\n${(e as Error).stack}` : ' (REVSOLVE_DEBUG=1 shows where)'}\n`);
    return EXIT_BUG;
  }
}

/** "path: problem" for a failed file operation (Node's errors carry both), else null. */
function fileProblem(e: unknown): string | null {
  const x = e as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof x.code !== 'string' || typeof x.path !== 'string') return null;
  const verb = x.syscall === 'open' || x.syscall === undefined ? '' : ` (${x.syscall})`;
  return `${x.path}: ${problemOf(e)}${verb}`;
}

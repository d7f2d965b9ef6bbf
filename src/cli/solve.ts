/**
 * `revsolve solve`: a suite (or one --position) solved on this machine's
 * threads or through the queue, printed as an Edax-like table or JSON
 * Lines. runSolve reads as its steps: read the input, resolve the run's
 * setup (settings, tables, the queue), print the intro, solve, then report
 * the end (totals, or how far an interrupted run got).
 */

import { closeSync, constants, createReadStream, openSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import {
  defaultOf,
  defaultRunName,
  emptyCount,
  exactFrom,
  InputOrder,
  LAYOUTS,
  MAX_ENGINE_THREADS,
  type ObfEntry,
  ObfError,
  type ObfSuite,
  obfOfBytes,
  offNames,
  PIPE_TOO_LONG,
  PIPED_SUITE_MAX,
  type PoolPlan,
  PositionError,
  type PositionResult,
  parseObfLine,
  parseRedisUrl,
  poolPlan,
  poolSettingsOf,
  problemOf,
  type QueueSettings,
  queueOf,
  type RedisAddress,
  RedisUnreachable,
  type ResolvedOptions,
  ResultsFile,
  readObf,
  readResults,
  SHIPPED_WEIGHTS,
  solveOnQueue,
  solveParallel,
  splitEngine,
  splits,
  summarize,
  tableBytes,
  treeFlags,
  VERSION,
} from '../internal.js';
import { EXIT_MISMATCH, EXIT_USAGE } from './exit-codes.js';
import { addSettingOptions, checkLevel, checkTableFits, mib, searchSettings, UsageError } from './options.js';
import { Progress } from './progress.js';
import { failedRow, jsonRow, jsonSummary, tableHeader, tableRow, tableStatsRow, tableTotal } from './report.js';
import { checkResultsOptions } from './safe-writes.js';
import type { StopSignals } from './signals.js';

/** The command's own options (the settings table's are read through searchSettings). */
interface SolveOpts {
  json?: boolean;
  position?: string;
  stats?: boolean;
  results?: string;
  resume?: boolean;
  force?: boolean;
  quiet?: boolean;
  queue?: string;
  run?: string;
}

export function addSolveCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('solve')
    .description('solve every position of an OBF file exactly and check the answers it gives')
    .argument('[file]', 'OBF file: "<64 squares A1..H8> <X|O>; move:score; ..." per line')
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'solve');
  command
    .option('--quiet', 'no progress display (by default: live lines on a terminal, else a status line now and then, on stderr)')
    .option('--results <file.jsonl>', 'append each finished position to this file at once (flushed to disk)')
    .option('--resume', 'skip the positions already in the --results file; print the whole table')
    .option('--force', 'overwrite an existing --results file (without it, one that is not empty is refused unless --resume)')
    .option('--position <text>', 'solve one position: "<64 squares> <X|O>" (answers may follow, as in OBF)')
    .option('--json', 'print JSON Lines: one object per position, then a summary')
    .option('--stats', 'print the table statistics of each position')
    .option(
      '--queue <redis://host:port>',
      'solve through a BullMQ queue on this Redis, on `revsolve worker` processes anywhere (see the README)',
    )
    .option('--run <name>', "with --queue: the run's name in Redis (default: the suite's name and a digest of its positions and settings)")
    .action(async (file: string | undefined, opts: SolveOpts) => {
      process.exitCode = await runSolve(file, opts, stop);
    });
}

/** Bad lines of a suite said one by one (the others counted). */
const BAD_LINES_SHOWN = 10;

/** The positions to solve: a file's good lines (its bad ones reported), or --position. */
interface Input {
  readonly entries: readonly ObfEntry[];
  readonly errors: readonly ObfError[];
  /** The file, or '--position'. */
  readonly source: string;
}

/** A named pipe's bytes to its end, off this thread; refused past PIPED_SUITE_MAX (a pipe has no size to check first). */
function readPipe(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stream = createReadStream(file);
    stream.on('data', (chunk) => {
      total += chunk.length;
      if (total > PIPED_SUITE_MAX) {
        stream.destroy();
        reject(new ObfError(file, 0, PIPE_TOO_LONG));
      } else chunks.push(chunk as Buffer);
    });
    stream.on('error', (e) => reject(new ObfError(file, 0, `cannot read the file: ${problemOf(e)}`)));
    stream.on('end', () => resolve(Buffer.concat(chunks, total)));
  });
}

/**
 * The suite file: at once, or, for a named pipe (which may wait for a
 * writer for ever), off this thread, so that a signal is heard while it
 * waits: null when one came first.
 */
async function readSuite(file: string, stop: StopSignals): Promise<ObfSuite | null> {
  let fifo = false;
  try {
    fifo = statSync(file).isFIFO();
  } catch {
    // readObf says what is wrong
  }
  if (!fifo) return readObf(file);
  process.stderr.write(`${file}: a named pipe; waiting for it to be written (Ctrl-C stops)\n`);
  const read = readPipe(file).then((bytes) => obfOfBytes(file, bytes));
  const stopped = new Promise<null>((resolve) => {
    const wake = () => {
      // The read's open waits for a writer on a thread of libuv's pool, and
      // the process cannot exit while it waits: be that writer for a moment.
      try {
        closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // a writer came meanwhile: the read ends by itself
      }
      resolve(null);
    };
    if (stop.signal.aborted) wake();
    else stop.signal.addEventListener('abort', wake, { once: true });
  });
  read.catch(() => undefined); // a signal came first: the read's end is nobody's
  return Promise.race([read, stopped]);
}

async function readInput(file: string | undefined, opts: SolveOpts, stop: StopSignals): Promise<Input | null> {
  if ((file === undefined) === (opts.position === undefined))
    throw new UsageError('give either an OBF file or --position "<64 squares> <X|O>"');
  if (file !== undefined) {
    const suite = await readSuite(file, stop);
    if (suite === null) return null;
    // A few bad lines are each said; past BAD_LINES_SHOWN, how many more (the total says it again at the end).
    for (const e of suite.errors.slice(0, BAD_LINES_SHOWN)) process.stderr.write(`error: ${e.message}\n`);
    if (suite.errors.length > BAD_LINES_SHOWN)
      process.stderr.write(`error: ${file}: ${suite.errors.length - BAD_LINES_SHOWN} more bad lines\n`);
    return { entries: suite.entries, errors: suite.errors, source: file };
  }
  try {
    const { position, answers } = parseObfLine(opts.position!);
    return { entries: [{ line: 0, position, answers }], errors: [], source: '--position' };
  } catch (e) {
    if (e instanceof PositionError) throw new UsageError(`--position: ${e.message}`);
    throw e;
  }
}

/** Options that go only with others, or not with them. */
function checkCombinations(file: string | undefined, opts: SolveOpts, search: ResolvedOptions): void {
  // --resume goes on with a --results file, or with a run of --queue (Redis keeps it); the file is never the suite or the weights.
  if (opts.resume && !opts.results && !opts.queue)
    throw new UsageError('--resume needs --results <file.jsonl> (or --queue, whose runs Redis keeps)');
  checkResultsOptions(opts, [file, search.weights?.file], opts.queue ?? '');
  if (opts.queue === undefined && opts.run !== undefined) throw new UsageError('--run names a run of --queue');
  checkLevel(search);
}

/** Where the run solves: this machine's pool, or a queue. */
type Where =
  | { readonly kind: 'local'; readonly plan: PoolPlan; readonly tables: number }
  | {
      readonly kind: 'queue';
      readonly address: RedisAddress;
      readonly settings: QueueSettings;
      readonly run: string;
      readonly split: (empties: number) => boolean;
    };

/** What the run is, resolved once before anything is printed. */
interface Setup {
  readonly search: ResolvedOptions;
  readonly where: Where;
  /** One table's bytes. */
  readonly bytes: number;
}

/**
 * The run's settings (one path: searchSettings), and where it solves:
 * locally, one worker per position at most unless positions are split
 * across workers, tables one per worker for whole positions and one per
 * position being split, all checked against the machine's memory; through
 * the queue, its address, queue and run name.
 */
function resolveSetup(
  opts: SolveOpts,
  input: Input,
  jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>,
  search: ResolvedOptions,
): Setup {
  const bytes = tableBytes(search.hashBits, search.tableLayout);
  if (opts.queue !== undefined) {
    const settings = search;
    const { entries, source } = input;
    // Through the queue, auto splits a lone position; always, every position above the task size.
    // The queue's threads are not known when its jobs are sent: auto splits a lone position.
    const split = (empties: number) => splits(search.split, empties, search.queueLeaf, entries.length, 2);
    const run = opts.run ?? defaultRunName(source === '--position' ? 'position' : source, entries, settings);
    return { search, bytes, where: { kind: 'queue', address: parseRedisUrl(opts.queue), settings, run, split } };
  }
  const plan = poolPlan(
    jobs.map((j) => emptyCount(j.entry.position)),
    poolSettingsOf(search),
  );
  if (search.root !== defaultOf('root') && plan.splitTables > 0)
    throw new UsageError(`--root ${search.root} is for positions solved whole: add --split never (or -n 1)`);
  const tables = plan.splitTables + plan.wholeTables;
  checkTableFits(search.hashBits, search.tableLayout, tables);
  return { search, bytes, where: { kind: 'local', plan, tables } };
}

/** Whether split positions' tasks run the TypeScript engine although the WebAssembly one was chosen (splitEngine). */
function splitOnTs(where: Where): boolean {
  return where.kind === 'local' && where.plan.splitTables > 0 && splitEngine('wasm', where.plan.settings.workers) === 'ts';
}

/** The intro line: the input, where it is solved, the tables and the ordering. */
function introLine(input: Input, setup: Setup): string {
  const { entries, source } = input;
  const { search, where, bytes } = setup;
  const evalFile = search.weights?.file;
  const dfpn = search.wld && search.prover === 'dfpn';
  // df-pn orders by proof numbers and runs no pre-search: the ordering settings do not apply to it.
  const ordered =
    (dfpn
      ? 'win/loss/draw by df-pn (proof numbers: no ordering key, no pre-searches); '
      : `${search.wld ? 'win/loss/draw by null-window probes; ' : ''}ordering: ${evalFile ? `eval (${evalFile === SHIPPED_WEIGHTS ? 'shipped weights' : evalFile})` : 'mobility'}` +
        `${search.selectivity.length > 0 ? `, selective pre-searches ${search.selectivity.join(',')}` : ''}; `) +
    `engine: ${search.engine === 'wasm' ? `wasm (WebAssembly${splitOnTs(where) ? `; split positions' tasks: ts, more than ${MAX_ENGINE_THREADS - 1} workers` : ''})` : 'ts (TypeScript)'}`;
  const level =
    search.level === undefined
      ? ''
      : `level ${search.level} (exact from ${exactFrom(search.level)} empties, estimates beyond${search.moveTime !== undefined ? `, ${search.moveTime} s each at most` : ''}); `;
  const count = `revsolve ${VERSION}: ${source}, ${entries.length} position${entries.length === 1 ? '' : 's'}; ${level}`;
  const sized = `2^${search.hashBits} entries x ${LAYOUTS[search.tableLayout].entryBytes} B = ${mib(bytes)} (${search.tableLayout})`;
  if (where.kind === 'queue') {
    return (
      `${count}through ${where.address.url}, queue ${queueOf(where.settings).name}, run ${where.run}; ` +
      `workers' tables of ${sized}; ${ordered}` +
      `${entries.some((e) => where.split(emptyCount(e.position))) ? `; split into subtrees of ${search.queueLeaf} empties` : ''}`
    );
  }
  const { plan, tables } = where;
  const workers = plan.settings.workers;
  return (
    count +
    `${workers} worker${workers === 1 ? '' : 's'}${plan.splitTables > 0 ? ` (large positions split across them: --split ${search.split})` : ''}` +
    `${plan.helps ? ' (idle ones help the positions still running)' : ''}, ` +
    `${tables > 1 ? 'tables' : 'a table'} of ${sized}` +
    `${tables > 1 ? `, up to ${tables}: ${mib(bytes * tables)} in all` : ''}${search.keepTable ? ', kept between positions' : ''}; ${ordered}` +
    `${search.off ? `; switched off: ${offNames(search.off).join(', ')}` : ''}${search.root !== defaultOf('root') ? `; root: ${search.root}` : ''}${search.wld ? `; win/loss/draw only${search.prover === 'dfpn' ? `, by df-pn (its table of 2^${search.hashBits} entries x 32 B)` : ''}` : ''}`
  );
}

/**
 * The table printer: the intro line and header (once, on demand: a queue
 * run prints them once the run is its own), then a row per position: a
 * JSON line as soon as the position finishes (it names its index), a table
 * row in input order, as soon as it and every earlier one are known; on an
 * early stop, the finished rows still held back print out of order after a
 * line that says so; then the total.
 */
class RowPrinter {
  progress: Progress | undefined;
  /** Each position's result, null when given up. */
  readonly results: (PositionResult | null | undefined)[];
  private introduced = false;
  private readonly order: InputOrder<PositionResult>;

  constructor(
    private readonly opts: SolveOpts,
    private readonly wld: boolean,
    /** A level's run (--level): rows with their depth, some estimates. */
    private readonly level: boolean,
    private readonly intro: () => string,
    count: number,
  ) {
    this.results = new Array(count);
    this.order = new InputOrder<PositionResult>((index, r) => {
      if (r) this.show(r);
      else this.row(failedRow(index, !!opts.json));
    });
  }

  private out(text: string): void {
    process.stdout.write(`${text}\n`);
  }

  private emit(text: string): void {
    if (this.progress) this.progress.print(text, (s) => this.out(s));
    else this.out(text);
  }

  /** The intro line and the table's header, once (none with --json). */
  introduce(): void {
    if (this.introduced || this.opts.json) return;
    this.introduced = true;
    this.emit(this.intro());
    this.emit(tableHeader(this.wld, this.level));
  }

  private row(text: string): void {
    this.introduce();
    this.emit(text);
  }

  private show(r: PositionResult): void {
    if (this.opts.json) this.row(jsonRow(r, this.level));
    else {
      this.row(tableRow(r, this.level));
      if (this.opts.stats) this.row(tableStatsRow(r));
    }
  }

  /**
   * The result (or null: given up) of position `index`: a JSON line at once
   * (it names its index), a table row once every earlier one is known.
   */
  place(index: number, r: PositionResult | null): void {
    this.results[index - 1] = r;
    if (!this.opts.json) this.order.place(index, r);
    else if (r) this.show(r);
    else this.row(failedRow(index, true));
  }

  get finished(): number {
    return this.results.filter((r) => r).length;
  }

  /** Prints the finished rows still held back, after one line that says so; returns the words for the stop message. */
  outOfOrder(): string {
    const held = this.order.held;
    if (this.finished === 0) return 'none to print';
    if (held === 0) return 'printed above, in input order';
    const note = `the ${held} row(s) below finished out of input order (each keeps its index)`;
    if (this.opts.json) process.stderr.write(`${note}\n`);
    else this.row(`-- ${note}`);
    this.order.drain();
    return 'printed above; the last rows out of input order';
  }

  /** The total line (or --json's summary). */
  total(line: string): void {
    this.introduce();
    this.out(line);
  }
}

/** How a run ended: complete, stopped by a signal, or Redis lost. */
type Ending = { readonly complete: boolean } | { readonly lost: RedisUnreachable };

async function runSolve(file: string | undefined, opts: SolveOpts, stop: StopSignals): Promise<number> {
  const input = await readInput(file, opts, stop);
  if (input === null) {
    process.stderr.write(`interrupted by ${stop.received} while waiting for ${file} to be written: nothing solved\n`);
    return stop.exitCode;
  }
  const { entries } = input;
  const search = searchSettings(opts, 'solve', opts.queue !== undefined);
  checkCombinations(file, opts, search);
  // The settings that make the tree, in one word (the queue's name is made of it too): a results file's lines carry it.
  const searchId = queueOf(search).digest;
  // Locked before it is read (a second run on it is refused, naming this one) and before anything is printed:
  // a path that cannot be written is one line of error, not a table cut short.
  const saved = opts.results ? new ResultsFile(opts.results, searchId, search.level !== undefined) : undefined;
  let previous: { results: Map<number, PositionResult> };
  let jobs: { entry: ObfEntry; index: number }[];
  let setup: Setup;
  try {
    previous = resumeFrom(opts, search, entries, searchId);
    jobs = entries.map((entry, i) => ({ entry, index: i + 1 })).filter((j) => !previous.results.has(j.index));
    setup = resolveSetup(opts, input, jobs, search);
    saved?.start(!!opts.resume);
  } catch (e) {
    saved?.close();
    throw e;
  }
  if (setup.search.engineNote) process.stderr.write(`note: ${setup.search.engineNote}\n`);

  const printer = new RowPrinter(opts, search.wld, search.level !== undefined, () => introLine(input, setup), entries.length);
  if (setup.where.kind === 'local') printer.introduce();
  let failures = 0;
  const failed = (index: number, reason: string, willRetry: boolean) => {
    process.stderr.write(
      setup.where.kind === 'queue'
        ? `error: position ${index}: its job failed (${reason}); given up\n`
        : `error: position ${index}: the worker died (${reason}); ${willRetry ? 'retrying on a fresh worker' : 'given up'}\n`,
    );
    if (!willRetry) {
      failures++;
      printer.place(index, null);
      printer.progress?.done();
    }
  };
  for (const r of previous.results.values()) printer.place(r.index, r);
  if (opts.resume && previous.results.size > 0)
    process.stderr.write(`resuming: ${previous.results.size} position(s) read from ${opts.results}\n`);
  // A results file that cannot be written stops the run: that error is what it says, never a dead worker.
  let writeError: unknown = null;
  const halt = new AbortController();
  const runSignal = AbortSignal.any([stop.signal, halt.signal]);
  const finished = (r: PositionResult) => {
    if (writeError !== null) return;
    try {
      saved?.append(r, entries[r.index - 1]);
    } catch (e) {
      writeError = e;
      halt.abort(e);
      return;
    }
    printer.place(r.index, r);
    printer.progress?.done();
  };
  // Progress on stderr; a run that shows it solves in workers, so that this
  // thread stays free to draw it.
  if (!opts.quiet && jobs.length > 0) {
    printer.progress = new Progress(
      process.stderr.isTTY ? 'tty' : 'log',
      entries.length,
      previous.results.size,
      process.stderr,
      search.progressEvery * 1000,
    );
  }
  const t0 = process.hrtime.bigint();
  // Every position is solved on worker threads, even with one worker, so
  // that this thread stays free to hear a signal: it then stops the
  // workers, keeps what is finished and says how to go on.
  let ending: Ending;
  try {
    ending =
      setup.where.kind === 'queue'
        ? await solveThroughQueue(
            opts,
            input,
            jobs,
            previous.results,
            setup.where,
            printer,
            finished,
            (index, reason) => failed(index, reason, false),
            stop,
            halt.signal,
          )
        : {
            complete:
              jobs.length === 0 || (await solveParallel(jobs, setup.where.plan.settings, finished, failed, runSignal, printer.progress)),
          };
  } catch (e) {
    if (!(e instanceof RedisUnreachable)) throw e;
    ending = { lost: e };
  } finally {
    printer.progress?.stop();
    saved?.close();
  }
  if (writeError !== null) throw writeError;
  return closing(opts, input, setup, printer, ending, previous.results, failures, Number(process.hrtime.bigint() - t0) / 1e6, stop);
}

/** The results an earlier run saved (--resume), checked to be of this suite and these settings. */
function resumeFrom(
  opts: SolveOpts,
  search: ResolvedOptions,
  entries: readonly ObfEntry[],
  searchId: string,
): { results: Map<number, PositionResult> } {
  if (!opts.resume || !opts.results) return { results: new Map<number, PositionResult>() };
  const previous = readResults(opts.results, entries, searchId, !!search.wld);
  if (previous.foreign.length > 0) {
    throw new UsageError(
      `--resume: ${previous.foreign[0]}${previous.foreign.length > 1 ? ` (and ${previous.foreign.length - 1} more lines)` : ''}: resume with the settings and suite it was made with, or give another --results file`,
    );
  }
  for (const p of previous.problems) process.stderr.write(`warning: ${p}\n`);
  return previous;
}

/** How the run ends on the terminal (Redis lost, interrupted, or complete with its total), and its exit status. */
function closing(
  opts: SolveOpts,
  input: Input,
  setup: Setup,
  printer: RowPrinter,
  ending: Ending,
  previous: ReadonlyMap<number, PositionResult>,
  failures: number,
  ms: number,
  stop: StopSignals,
): number {
  const { entries, errors } = input;
  if ('lost' in ending) {
    const e = ending.lost;
    const where = printer.outOfOrder();
    process.stderr.write(
      `revsolve: ${e.message}; ${printer.finished} of ${entries.length} positions finished (${where}${opts.results ? `; saved in ${opts.results}` : ''})` +
        `${e.when === 'mid-run' ? `; run the same command with --resume when Redis is back` : ''}\n`,
    );
    return EXIT_USAGE;
  }
  // Positions read back count with the time they took then.
  let earlierMs = 0;
  for (const r of previous.values()) earlierMs += r.ms;
  const solved = printer.results.filter((r): r is PositionResult => !!r);
  const summary = summarize(solved, errors.length, earlierMs + ms);
  const { search } = setup;
  const dfpn = search.wld && search.prover === 'dfpn';
  const jsonTotal = (extra: Record<string, unknown>) =>
    jsonSummary(summary, {
      // Provenance: which revsolve, which weights (their SHA-256), which tree (the settings digest).
      version: VERSION,
      weightsSha256: search.weights?.digest ?? null,
      settingsDigest: queueOf(search).digest,
      workers: setup.where.kind === 'local' ? setup.where.plan.settings.workers : 0,
      hashBits: search.hashBits,
      tableLayout: search.tableLayout,
      tableBytes: setup.bytes,
      ordering: dfpn ? null : search.weights === null ? 'mobility' : 'eval',
      eval: search.weights?.file ?? null,
      selectivity: dfpn ? [] : search.selectivity,
      off: offNames(search.off),
      root: search.wld ? null : search.root,
      wld: !!search.wld,
      prover: search.wld ? search.prover : null,
      engine: search.engine,
      ...(search.level !== undefined ? { level: search.level, moveTime: search.moveTime ?? null } : {}),
      ...extra,
    });
  if (!ending.complete) {
    const done = printer.finished;
    const where = printer.outOfOrder();
    const w = setup.where;
    // --json ends with its summary all the same, saying it covers what finished.
    if (opts.json) printer.total(jsonTotal({ interrupted: true, signal: stop.received, inputPositions: entries.length }));
    process.stderr.write(
      w.kind === 'queue'
        ? `\ninterrupted: ${done} of ${entries.length} positions finished (${where}); the workers go on with run ${w.run} in ${w.address.url}: ` +
            `run the same command with --resume to re-attach (revsolve queue clean ${w.address.url} --run ${w.run} removes it)\n`
        : `\ninterrupted: ${done} of ${entries.length} positions finished (${where})` +
            (opts.results
              ? ` and saved in ${opts.results}; to go on, run the same command with --resume\n`
              : '; run with --results <file.jsonl> to be able to resume\n'),
    );
    return stop.exitCode;
  }
  printer.total(
    opts.json
      ? jsonTotal({ interrupted: false, givenUp: failures })
      : tableTotal(summary, !!search.wld, failures, search.level !== undefined),
  );
  if (errors.length > 0)
    process.stderr.write(`${errors.length} bad line${errors.length === 1 ? '' : 's'} in ${input.source}: see the errors above\n`);
  if (failures > 0) process.stderr.write(`${failures} position${failures === 1 ? '' : 's'} given up after their worker died twice\n`);
  if (errors.length + failures > 0) return EXIT_USAGE;
  return summary.mismatches > 0 ? EXIT_MISMATCH : 0;
}

/** The run through the queue, and what it says of itself on stderr (results read back from Redis, the split's tasks). */
async function solveThroughQueue(
  opts: SolveOpts,
  input: Input,
  jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>,
  previous: ReadonlyMap<number, PositionResult>,
  where: Extract<Where, { kind: 'queue' }>,
  printer: RowPrinter,
  finished: (r: PositionResult) => void,
  failed: (index: number, reason: string) => void,
  stop: StopSignals,
  halt: AbortSignal,
): Promise<Ending> {
  const search = where.settings;
  const outcome = await solveOnQueue(
    input.entries,
    jobs,
    new Set(previous.keys()),
    {
      ...where.settings,
      address: where.address,
      run: where.run,
      resume: !!opts.resume,
      redisTimeoutMs: search.redisTimeout * 1000,
      splitsAt: where.split,
      leafEmpties: search.queueLeaf,
      raceAfterMs: search.raceAfter,
      claimed: () => printer.introduce(),
      noWorker: (queue, settings) =>
        process.stderr.write(
          `note: no worker listens on queue ${queue} (${settings}) yet: start one, e.g. revsolve worker --queue ${where.address.url} ` +
            `-h ${search.hashBits} --table ${search.tableLayout}, with the same ${treeFlags('worker')} as this command; waiting\n`,
        ),
    },
    finished,
    failed,
    AbortSignal.any([stop.signal, halt]),
    printer.progress,
  );
  if (outcome.fromRedis > 0) process.stderr.write(`run ${where.run}: ${outcome.fromRedis} result(s) were in Redis already\n`);
  const t = outcome.tasks;
  if (t.sent > 0) {
    const ms = [...t.cancelMs].sort((a, b) => a - b);
    process.stderr.write(
      `split through the queue: ${t.sent} tasks (subtrees of ${search.queueLeaf} empties or fewer), ${t.meanOut.toFixed(1)} out on average, ${t.peakOut} at most; ` +
        `${t.copied} copies raced on idle threads, ${t.copyWon} answered first; ` +
        `cancelled on cuts and races: ${t.cancelledWaiting} waiting, ${ms.length} running` +
        `${ms.length ? ` (stopped ${ms[ms.length >> 1]} ms after the cancel at the median, ${ms[ms.length - 1]} ms at most)` : ''}\n`,
    );
  }
  return { complete: outcome.complete };
}

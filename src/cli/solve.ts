/**
 * `revsolve solve`: a suite (or one --position) solved on this machine's
 * threads or through the queue, printed as an Edax-like table or JSON
 * Lines. runSolve reads as its steps: read the input, resolve the run's
 * setup (settings, tables, the queue), print the intro, solve, then report
 * the end (totals, or how far an interrupted run got).
 */
import { availableParallelism } from 'node:os';
import { closeSync, constants, openSync, readFile, statSync } from 'node:fs';
import { checkOutput } from './outputs.js';
import { type Command, InvalidArgumentError } from 'commander';
import {
  type ObfEntry, ObfError, type ObfSuite, type PositionResult, type RedisAddress, type ResolvedOptions, type PoolPlan, type QueueSettings, type RootStrategy,
  type EngineName, type SplitMode, DEFAULT_BITS, DEFAULT_LAYOUT, DEFAULT_ROOT, InputOrder, LAYOUTS, LEAF_EMPTIES, MAX_BITS, MIN_BITS, ORDERING_TECHNIQUES,
  PositionError, QUEUE_LEAF_EMPTIES, RACE_AFTER_MS, ROOT_STRATEGIES, RedisUnreachable, ResultsFile, SELECTIVE_MIN, SHIPPED_WEIGHTS,
  VERSION, defaultRunName, emptyCount, obfOfBytes, parseObfLine, parseRedisUrl, poolPlan, problemOf, queueOf, queueSettingsOf, readObf, readResults,
  solveOnQueue, solveParallel, splitEngine, splits, summarize, tableBytes, MAX_ENGINE_THREADS,
} from '../internal.js';
import { Progress } from './progress.js';
import {
  type SearchOpts, UsageError, checkTableFits, mib, parseEngine, parseHashBits, parseLayout, parseLeaf, parseOrdering, parseRaceAfter, parseSeconds,
  parseProver, parseSelectivity, parseSplit, parseWorkers, searchSettings, type IdleMode, parseIdle,
} from './options.js';
import type { StopSignals } from './signals.js';
import { failedRow, jsonRow, jsonSummary, tableHeader, tableRow, tableStatsRow, tableTotal } from './report.js';

export const EXIT_MISMATCH = 1;
export const EXIT_USAGE = 2;

interface SolveOpts extends SearchOpts {
  json?: boolean;
  position?: string;
  keepTable?: boolean;
  stats?: boolean;
  workers: number;
  results?: string;
  resume?: boolean;
  force?: boolean;
  split: SplitMode;
  idle: IdleMode;
  quiet?: boolean;
  progressEvery: number;
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

export function addSolveCommand(program: Command, stop: StopSignals): void {
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
      `split a position of more than ${LEAF_EMPTIES} empties across the workers on one shared table: auto (once fewer positions are left to start than workers), always, never`,
      parseSplit, 'auto' as SplitMode,
    )
    .option(
      '--idle <what>',
      'what a worker with no position left to start does: help (take moves of a whole position still running, on its table; WebAssembly engine) or wait',
      parseIdle, 'help' as IdleMode,
    )
    .option('--eval <file>', 'evaluation weights (Edax eval.dat or compact file) to order moves with at 12 empties and more; default: the shipped weights; none: no evaluation')
    .option('--ordering <how>', 'move ordering: mobility (fastest first), or eval (adds the weights\' evaluation; the default with --eval)', parseOrdering)
    .option(
      '--selectivity <margins>',
      `with eval ordering, from ${SELECTIVE_MIN} empties: selective (ProbCut) pre-searches that find the first guess, at these margins in sigmas of the shallow search's error, in turn; none: start from a shallow search's guess`,
      parseSelectivity,
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
    .option('--engine <engine>', 'the search below the root: wasm (WebAssembly, the default) or ts (TypeScript, the reference); the same tree either way', parseEngine, 'wasm' as EngineName)
    .option('--wld', 'win/loss/draw only: who wins and a move that keeps it (the score column shows the proven bound); answers are checked by sign')
    .option('--prover <prover>', 'with --wld: ab (alpha-beta\'s null-window probes, the default) or dfpn (proof-number search, its numbers in a table of 2^h entries; positions not split)', parseProver)
    .option('--root <strategy>', `how the root finds the exact score after the first guess: ${ROOT_STRATEGIES.join(', ')} (for positions not split)`, parseRoot, DEFAULT_ROOT)
    .action(async (file: string | undefined, opts: SolveOpts) => {
      process.exitCode = await runSolve(file, opts, stop);
    });
}

/** The positions to solve: a file's good lines (its bad ones reported), or --position. */
interface Input {
  readonly entries: readonly ObfEntry[];
  readonly errors: readonly ObfError[];
  /** The file, or '--position'. */
  readonly source: string;
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
  const read = new Promise<ObfSuite>((resolve, reject) => readFile(file, (e, bytes) => {
    if (e) reject(new ObfError(file, 0, `cannot read the file: ${problemOf(e)}`));
    else {
      try {
        resolve(obfOfBytes(file, bytes));
      } catch (bad) {
        reject(bad);
      }
    }
  }));
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
  if ((file === undefined) === (opts.position === undefined)) throw new UsageError('give either an OBF file or --position "<64 squares> <X|O>"');
  if (file !== undefined) {
    const suite = await readSuite(file, stop);
    if (suite === null) return null;
    for (const e of suite.errors) process.stderr.write(`error: ${e.message}\n`);
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
function checkCombinations(file: string | undefined, opts: SolveOpts): void {
  if (opts.results !== undefined) checkResultsPath(opts.results, [file, opts.eval === 'none' ? undefined : opts.eval ?? SHIPPED_WEIGHTS], !!opts.resume, !!opts.force);
  if (opts.resume && !opts.results && !opts.queue) throw new UsageError('--resume needs --results <file.jsonl> (or --queue, whose runs Redis keeps)');
  if (opts.force && !opts.results) throw new UsageError('--force overwrites the --results file: give --results <file.jsonl> with it');
  if (opts.wld && opts.root !== DEFAULT_ROOT) throw new UsageError(`--root ${opts.root} is for exact solves: --wld probes the score's sign`);
  if (opts.prover === 'dfpn' && !opts.wld) throw new UsageError('--prover dfpn proves win/loss/draw: give --wld with it');
  if (opts.prover === 'dfpn' && opts.queue !== undefined) throw new UsageError('--prover dfpn runs on this machine, not through --queue');
  if (opts.queue !== undefined) {
    if (opts.off || opts.root !== DEFAULT_ROOT || opts.keepTable) throw new UsageError('--off, --root and --keep-table are for local runs, not --queue');
  } else if (opts.run !== undefined) throw new UsageError('--run names a run of --queue');
}

/**
 * A results file is appended to with --resume, overwritten with --force;
 * an existing non-empty one is refused otherwise, and so is a path that is
 * also an input (the suite, the weights).
 */
function checkResultsPath(path: string, inputs: readonly (string | undefined)[], resume: boolean, force: boolean): void {
  if (resume && force) throw new UsageError('--resume goes on with the --results file, --force overwrites it: give one of them');
  checkOutput('--results', path, inputs, force || resume, 'add --resume to go on with it');
}

/**
 * The settings that make the tree, in one word for a results file's lines:
 * the queue's digest (table, weights by their bytes, selectivity), and the
 * local run's switches beside it when they are not the defaults.
 */
function searchDigest(opts: SolveOpts, resolved: ResolvedOptions): string {
  const base = queueOf(queueSettingsOf(resolved)).digest;
  const extra = [opts.prover === 'dfpn' ? 'prover dfpn' : '', opts.off ? `off ${offNames(opts.off).join(',')}` : '', opts.root !== DEFAULT_ROOT ? `root ${opts.root}` : '', opts.keepTable ? 'keep-table' : ''].filter(Boolean);
  return extra.length > 0 ? `${base} ${extra.join(' ')}` : base;
}

/** Where the run solves: this machine's pool, or a queue. */
type Where =
  | { readonly kind: 'local'; readonly plan: PoolPlan; readonly tables: number }
  | { readonly kind: 'queue'; readonly address: RedisAddress; readonly settings: QueueSettings; readonly run: string; readonly split: (empties: number) => boolean };

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
function resolveSetup(opts: SolveOpts, input: Input, jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>, search: ResolvedOptions): Setup {
  const bytes = tableBytes(opts.hashBits, opts.table);
  if (opts.queue !== undefined) {
    const settings = queueSettingsOf(search);
    const { entries, source } = input;
    // Through the queue, auto splits a lone position; always, every position above the task size.
    // The queue's threads are not known when its jobs are sent: auto splits a lone position.
    const split = (empties: number) => splits(opts.split, empties, opts.queueLeaf, entries.length, 2);
    const run = opts.run ?? defaultRunName(source === '--position' ? 'position' : source, entries, settings);
    return { search, bytes, where: { kind: 'queue', address: parseRedisUrl(opts.queue), settings, run, split } };
  }
  const plan = poolPlan(jobs.map((j) => emptyCount(j.entry.position)), {
    workers: opts.workers, bits: opts.hashBits, layout: opts.table, keepTable: !!opts.keepTable, split: opts.split, help: opts.idle === 'help',
    weights: search.weights, selectivity: search.selectivity, off: opts.off, root: opts.root, engine: search.engine, wld: search.wld, prover: search.prover,
  });
  if (opts.root !== DEFAULT_ROOT && plan.splitTables > 0) throw new UsageError(`--root ${opts.root} is for positions solved whole: add --split never (or -n 1)`);
  const tables = plan.splitTables + plan.wholeTables;
  checkTableFits(opts.hashBits, opts.table, tables);
  return { search, bytes, where: { kind: 'local', plan, tables } };
}

/** Whether split positions' tasks run the TypeScript engine although the WebAssembly one was chosen (splitEngine). */
function splitOnTs(where: Where): boolean {
  return where.kind === 'local' && where.plan.splitTables > 0 && splitEngine('wasm', where.plan.settings.workers) === 'ts';
}

/** The intro line: the input, where it is solved, the tables and the ordering. */
function introLine(opts: SolveOpts, input: Input, setup: Setup): string {
  const { entries, source } = input;
  const { search, where, bytes } = setup;
  const evalFile = search.weights?.file;
  const ordered = `ordering: ${evalFile ? `eval (${evalFile === SHIPPED_WEIGHTS ? 'shipped weights' : evalFile})` : 'mobility'}` +
    `${search.selectivity.length > 0 ? `, selective pre-searches ${search.selectivity.join(',')}` : ''}; ` +
    `engine: ${search.engine === 'wasm' ? `wasm (WebAssembly${splitOnTs(where) ? `; split positions' tasks: ts, more than ${MAX_ENGINE_THREADS - 1} workers` : ''})` : 'ts (TypeScript)'}`;
  const count = `revsolve ${VERSION}: ${source}, ${entries.length} position${entries.length === 1 ? '' : 's'}; `;
  const sized = `2^${opts.hashBits} entries x ${LAYOUTS[opts.table].entryBytes} B = ${mib(bytes)} (${opts.table})`;
  if (where.kind === 'queue') {
    return `${count}through ${where.address.url}, queue ${queueOf(where.settings).name}, run ${where.run}; ` +
      `workers' tables of ${sized}; ${ordered}` +
      `${entries.some((e) => where.split(emptyCount(e.position))) ? `; split into subtrees of ${opts.queueLeaf} empties` : ''}`;
  }
  const { plan, tables } = where;
  const workers = plan.settings.workers;
  return count +
    `${workers} worker${workers === 1 ? '' : 's'}${plan.splitTables > 0 ? ` (large positions split across them: --split ${opts.split})` : ''}` +
    `${plan.helps ? ' (idle ones help the positions still running)' : ''}, ` +
    `${tables > 1 ? 'tables' : 'a table'} of ${sized}` +
    `${tables > 1 ? `, up to ${tables}: ${mib(bytes * tables)} in all` : ''}${opts.keepTable ? ', kept between positions' : ''}; ${ordered}` +
    `${opts.off ? `; switched off: ${offNames(opts.off).join(', ')}` : ''}${opts.root !== DEFAULT_ROOT ? `; root: ${opts.root}` : ''}${opts.wld ? `; win/loss/draw only${search.prover === 'dfpn' ? ', by df-pn (its table of 2^' + opts.hashBits + ' entries x 32 B)' : ''}` : ''}`;
}

/**
 * The table printer: the intro line and header (once, on demand: a queue
 * run prints them once the run is its own), then a row per position in
 * input order, each as soon as it and every earlier one are known; on an
 * early stop, the finished rows still held back print out of order after a
 * line that says so; then the total.
 */
class RowPrinter {
  progress: Progress | undefined;
  /** Each position's result, null when given up. */
  readonly results: (PositionResult | null | undefined)[];
  private introduced = false;
  private readonly order: InputOrder<PositionResult>;

  constructor(private readonly opts: SolveOpts, private readonly intro: () => string, count: number) {
    this.results = new Array(count);
    this.order = new InputOrder<PositionResult>((index, r) => {
      if (r) this.show(r);
      else this.row(failedRow(index, !!opts.json));
    });
  }

  private out(text: string): void {
    process.stdout.write(text + '\n');
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
    this.emit(tableHeader(!!this.opts.wld));
  }

  private row(text: string): void {
    this.introduce();
    this.emit(text);
  }

  private show(r: PositionResult): void {
    if (this.opts.json) this.row(jsonRow(r));
    else {
      this.row(tableRow(r));
      if (this.opts.stats) this.row(tableStatsRow(r));
    }
  }

  /** The result (or null: given up) of position `index`. */
  place(index: number, r: PositionResult | null): void {
    this.results[index - 1] = r;
    this.order.place(index, r);
  }

  get finished(): number {
    return this.results.filter((r) => r).length;
  }

  /** Prints the finished rows still held back, after one line that says so; returns the words for the stop message. */
  outOfOrder(): string {
    const held = this.order.held;
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
  checkCombinations(file, opts);
  const { entries, errors } = input;
  const resolved = searchSettings(opts);
  const searchId = searchDigest(opts, resolved);
  const previous = resumeFrom(opts, entries, searchId);
  const jobs = entries.map((entry, i) => ({ entry, index: i + 1 })).filter((j) => !previous.results.has(j.index));
  const setup = resolveSetup(opts, input, jobs, resolved);
  if (setup.search.engineNote) process.stderr.write(`note: ${setup.search.engineNote}\n`);
  // Opened before anything is printed: a path that cannot be written is one line of error, not a table cut short.
  const saved = opts.results ? new ResultsFile(opts.results, !!opts.resume, searchId) : undefined;

  const printer = new RowPrinter(opts, () => introLine(opts, input, setup), entries.length);
  if (setup.where.kind === 'local') printer.introduce();
  let failures = 0;
  const failed = (index: number, reason: string, willRetry: boolean) => {
    process.stderr.write(
      setup.where.kind === 'queue' ? `error: position ${index}: its job failed (${reason}); given up\n`
        : `error: position ${index}: the worker died (${reason}); ${willRetry ? 'retrying on a fresh worker' : 'given up'}\n`,
    );
    if (!willRetry) {
      failures++;
      printer.place(index, null);
      printer.progress?.done();
    }
  };
  previous.results.forEach((r) => printer.place(r.index, r));
  if (opts.resume && previous.results.size > 0) process.stderr.write(`resuming: ${previous.results.size} position(s) read from ${opts.results}\n`);
  const finished = (r: PositionResult) => {
    saved?.append(r, entries[r.index - 1]);
    printer.place(r.index, r);
    printer.progress?.done();
  };
  // Progress on stderr; a run that shows it solves in workers, so that this
  // thread stays free to draw it.
  if (!opts.quiet && jobs.length > 0) {
    printer.progress = new Progress(process.stderr.isTTY ? 'tty' : 'log', entries.length, previous.results.size, process.stderr, opts.progressEvery * 1000);
  }
  const t0 = process.hrtime.bigint();
  // Every position is solved on worker threads, even with one worker, so
  // that this thread stays free to hear a signal: it then stops the
  // workers, keeps what is finished and says how to go on.
  let ending: Ending;
  try {
    ending = setup.where.kind === 'queue'
      ? await solveThroughQueue(opts, input, jobs, previous.results, setup.where, printer, finished, (index, reason) => failed(index, reason, false), stop)
      : { complete: jobs.length === 0 || (await solveParallel(jobs, setup.where.plan.settings, finished, failed, stop.signal, printer.progress)) };
  } catch (e) {
    if (!(e instanceof RedisUnreachable)) throw e;
    ending = { lost: e };
  } finally {
    printer.progress?.stop();
    saved?.close();
  }
  return closing(opts, input, setup, printer, ending, previous.results, failures, Number(process.hrtime.bigint() - t0) / 1e6, stop);
}

/** The results an earlier run saved (--resume), checked to be of this suite and these settings. */
function resumeFrom(opts: SolveOpts, entries: readonly ObfEntry[], searchId: string): { results: Map<number, PositionResult> } {
  if (!opts.resume || !opts.results) return { results: new Map<number, PositionResult>() };
  const previous = readResults(opts.results, entries, searchId, !!opts.wld);
  if (previous.foreign.length > 0) {
    throw new UsageError(`--resume: ${previous.foreign[0]}${previous.foreign.length > 1 ? ` (and ${previous.foreign.length - 1} more lines)` : ''}: resume with the settings and suite it was made with, or give another --results file`);
  }
  for (const p of previous.problems) process.stderr.write(`warning: ${p}\n`);
  return previous;
}

/** How the run ends on the terminal (Redis lost, interrupted, or complete with its total), and its exit status. */
function closing(
  opts: SolveOpts, input: Input, setup: Setup, printer: RowPrinter, ending: Ending, previous: ReadonlyMap<number, PositionResult>,
  failures: number, ms: number, stop: StopSignals,
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
  previous.forEach((r) => (earlierMs += r.ms));
  const solved = printer.results.filter((r): r is PositionResult => !!r);
  const summary = summarize(solved, errors.length + failures, earlierMs + ms);
  const { search } = setup;
  const jsonTotal = (extra: Record<string, unknown>) => jsonSummary(summary, {
    workers: setup.where.kind === 'local' ? setup.where.plan.settings.workers : 0, hashBits: opts.hashBits, tableLayout: opts.table, tableBytes: setup.bytes,
    ordering: search.weights === null ? 'mobility' : 'eval', eval: search.weights?.file ?? null, selectivity: search.selectivity, off: offNames(opts.off), root: opts.root,
    engine: search.engine, ...extra,
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
            (opts.results ? ` and saved in ${opts.results}; to go on, run the same command with --resume\n` : '; run with --results <file.jsonl> to be able to resume\n'),
    );
    return stop.exitCode;
  }
  printer.total(opts.json ? jsonTotal({ interrupted: false }) : tableTotal(summary, !!opts.wld));
  if (errors.length > 0) process.stderr.write(`${errors.length} bad line${errors.length === 1 ? '' : 's'} in ${input.source}: see the errors above\n`);
  if (failures > 0) process.stderr.write(`${failures} position${failures === 1 ? '' : 's'} given up after their worker died twice\n`);
  if (errors.length + failures > 0) return EXIT_USAGE;
  return summary.mismatches > 0 ? EXIT_MISMATCH : 0;
}

/** The run through the queue, and what it says of itself on stderr (results read back from Redis, the split's tasks). */
async function solveThroughQueue(
  opts: SolveOpts, input: Input, jobs: ReadonlyArray<{ entry: ObfEntry; index: number }>, previous: ReadonlyMap<number, PositionResult>,
  where: Extract<Where, { kind: 'queue' }>, printer: RowPrinter, finished: (r: PositionResult) => void,
  failed: (index: number, reason: string) => void, stop: StopSignals,
): Promise<Ending> {
  const outcome = await solveOnQueue(
    input.entries, jobs, new Set(previous.keys()),
    {
      ...where.settings, address: where.address, run: where.run, resume: !!opts.resume, redisTimeoutMs: opts.redisTimeout * 1000, split: where.split,
      leafEmpties: opts.queueLeaf, raceAfterMs: opts.raceAfter, claimed: () => printer.introduce(),
      noWorker: (queue, settings) => process.stderr.write(
        `note: no worker listens on queue ${queue} (${settings}) yet: start one, e.g. revsolve worker --queue ${where.address.url} ` +
          `-h ${opts.hashBits} --table ${opts.table}, with the same --eval, --ordering and --selectivity as this command; waiting\n`,
      ),
    },
    finished, failed, stop.signal, printer.progress,
  );
  if (outcome.fromRedis > 0) process.stderr.write(`run ${where.run}: ${outcome.fromRedis} result(s) were in Redis already\n`);
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
  return { complete: outcome.complete };
}

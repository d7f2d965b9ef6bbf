/**
 * `revsolve train …`:
 *   gen     training data by self-play on worker threads (resumable batches)
 *   fit     the evaluator's weights fitted to data (least squares or Huber)
 *   test    the error of weights on held-out data or a test set, by empties
 *   select  a data file's records filtered (exact labels, an empties range)
 */

import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import {
  averageBands,
  type Dataset,
  expandBands,
  FileError,
  fitWeights,
  flagName,
  gamesId,
  generate,
  guideHashFor,
  heldOutByEmpties,
  heldOutError,
  isWthorGames,
  LEGACY_COMPACT_ID,
  NODE_HOST,
  pooledError,
  problemOf,
  RECORD_WORDS,
  readDataset,
  readGameFiles,
  readRegularFile,
  readWeights,
  recordEmpties,
  recordExact,
  resolveValues,
  selectRecords,
  type TaskGame,
  type Weights,
  writeCompact,
  writeEdax,
  wthorGamesProblem,
} from '../internal.js';
import { evaluatorOf } from './eval.js';
import { EXIT_USAGE } from './exit-codes.js';
import { givenSettings, needed, settingOption, UsageError } from './options.js';
import { formatTime, grouped } from './report.js';
import { checkOutput, sameFile } from './safe-writes.js';
import type { StopSignals } from './signals.js';

function number(min: number, max: number, integer = true) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
      throw new InvalidArgumentError(`must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
    }
    return n;
  };
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface GenOpts {
  games: number;
  seed: number;
  solveAt: number;
  noise: number;
  batch: number;
  workers: number;
  hashBits?: number;
  resume?: boolean;
  quiet?: boolean;
  force?: boolean;
  guide?: string;
  depth: number;
  fromWthor?: string[];
  childrenAt?: number;
}

interface FitOpts {
  band: number;
  epochs: number;
  l2: number;
  rate: number;
  holdout: number;
  seed: number;
  edax?: string;
  spread: number;
  huber?: number;
  quantize?: boolean;
}

export function addTrainCommands(program: Command, out: (s: string) => void, err: (s: string) => void, stop: StopSignals): void {
  const train = program
    .command('train')
    .description('make training data by self-play and fit evaluation weights to it')
    .helpOption('--help', 'show help');
  addGen(train, out, err, stop);
  addSelect(train, out, err);
  addFit(train, out, err);
  addTestCommand(train, out);
}

function addGen(train: Command, out: (s: string) => void, err: (s: string) => void, stop: StopSignals): void {
  train
    .command('gen')
    .description('self-play games, each solved exactly at --solve-at empties; the score labels its positions')
    .argument('<out>', 'data file (binary; resumable)')
    .option('--games <n>', 'games to play', number(1, 1e9), 1000)
    .option('--seed <n>', 'seed: the same seed and settings give the same file', number(0, 2 ** 32 - 1), 1)
    .option('--solve-at <empties>', 'solve exactly at this many empties', number(4, 24), 18)
    .option('--noise <p>', 'chance of a random move after the random opening', number(0, 1, false), 0.1)
    .option('--batch <n>', 'games per batch (the unit written and resumed)', number(1, 10000), 20)
    .option('--guide <weights>', 'choose moves by a shallow search with these weights (default: fastest first)')
    .option('--depth <plies>', 'plies of that search', number(1, 8), 3)
    .option(
      '--children-at <empties>',
      "with --from-wthor: also solve every move of the line's position at this many empties (each child's PV labelled exactly: positions after any move, as the search meets them)",
      number(1, 30),
    )
    .option(
      '--from-wthor <files...>',
      "label the games of these WTHOR .wtb files instead of self-play: each game's theoretical score labels its positions down to the file's depth (24 empties; there its own exact score), and the line is solved at --solve-at (its PV exact); --games takes the first n",
    )
    .addOption(settingOption('workers', 'worker threads'))
    .addOption(settingOption('hashBits', "the solves' transposition table: 2^h entries per worker")) // the table's -h, as solve's
    .option('--resume', 'go on with an existing file (same settings)')
    .option('--force', 'start the file anew when it exists')
    .option('--quiet', 'no progress display')
    .helpOption('--help', 'show help')
    .action(async (file: string, o: GenOpts, cmd: Command) => {
      if (o.resume && o.force) throw new UsageError('--resume goes on with the file, --force starts it anew: give one of them');
      if (o.childrenAt !== undefined && !o.fromWthor)
        throw new UsageError('--children-at solves the moves of a real game: give --from-wthor');
      let fromGames: TaskGame[] | undefined;
      let fromId = 0;
      if (o.fromWthor) {
        for (const name of ['seed', 'noise', 'depth'] as const)
          if (cmd.getOptionValueSource(name) === 'cli')
            throw new UsageError(
              `--${name}: --from-wthor labels the games as they were played; ${name === 'seed' ? 'no draw is made' : 'no move is chosen'}`,
            );
        fromGames = wthorGames(o.fromWthor, err);
        if (fromGames.length === 0) throw new UsageError(`--from-wthor: no game to label in ${o.fromWthor.join(', ')}`);
        if (cmd.getOptionValueSource('games') !== 'cli') o.games = fromGames.length;
        else if (o.games > fromGames.length)
          throw new UsageError(`--games ${o.games}: the --from-wthor files hold ${fromGames.length} games that replay`);
        // The identity of all the files' games, not of the first --games: a file made with fewer games resumes with more.
        fromId = gamesId(fromGames);
        fromGames = fromGames.slice(0, o.games);
      }
      checkOutput('output', file, [o.guide, ...(o.fromWthor ?? [])], !!o.force || !!o.resume, 'use --resume to go on with it');
      if (o.force) rmSync(file, { force: true });
      let resume: Dataset | undefined;
      if (o.resume) {
        resume = readDataset(file);
        if (resume.problem) err(`warning: ${file}: ${resume.problem}; going on from batch ${resume.batches}`);
      }
      const t0 = nowMs();
      const tty = process.stderr.isTTY && !o.quiet;
      const bar = tty
        ? new SingleBar({
            stream: process.stderr,
            format: 'games [{bar}] {value}/{total}  {records} positions  {time}',
            hideCursor: true,
            clearOnComplete: true,
          })
        : undefined;
      bar?.start(o.games, 0, { records: 0, time: formatTime(0) });
      let lastLog = 0;
      const progress = (games: number, records: number) => {
        const ms = nowMs() - t0;
        bar?.update(games, { records: grouped(records), time: formatTime(ms) });
        if (!tty && !o.quiet && (ms - lastLog > 10_000 || games === o.games)) {
          lastLog = ms;
          err(`progress: ${games}/${o.games} games, ${grouped(records)} positions, ${formatTime(ms)}`);
        }
      };
      let complete: boolean;
      try {
        let guideHash = 0;
        if (o.guide) {
          readWeights(o.guide); // a bad file is reported before any worker starts
          guideHash = guideHashFor(readRegularFile(o.guide), resume?.header);
          if (guideHash === LEGACY_COMPACT_ID) {
            err(
              `note: ${file} names its guide by an old checksum that every compact weights file shares; make sure ${o.guide} is the one it was made with`,
            );
          }
        }
        // The table's settings of this command (-h, --workers): checked, defaults filled, as every command has them.
        const values = resolveValues(givenSettings(o, 'train'), NODE_HOST, flagName);
        const settings = {
          seed: fromGames ? 0 : o.seed,
          solveAt: o.solveAt,
          batchGames: o.batch,
          noise: fromGames ? 0 : o.noise,
          depth: o.guide && !fromGames ? o.depth : 0,
          guideHash,
          ...(fromGames ? { gamesId: fromId, fromGames, childrenAt: o.childrenAt ?? 0 } : {}),
          guide: o.guide ? resolve(o.guide) : null,
          games: o.games,
          workers: values.workers,
          bits: values.hashBits,
        };
        complete = await generate(file, settings, resume, progress, stop.signal);
      } finally {
        bar?.stop();
      }
      const d = readDataset(file);
      const exact = countExact(d.records);
      if (resume && resume.batches >= Math.ceil(o.games / o.batch)) {
        // The file held as many batches as --games asks, or more (its settings checked by generate).
        out(
          `${file}: holds ${resume.batches} batches of up to ${o.batch} games already (${grouped(d.records.length / 5)} positions), ` +
            `as many as --games ${o.games} asks or more: nothing added`,
        );
        return;
      }
      const games = Math.min(o.games, d.batches * o.batch);
      out(
        `${file}: ${games} games, ${grouped(d.records.length / 5)} positions (${grouped(exact)} with their own exact score), ${formatTime(nowMs() - t0)}`,
      );
      if (!complete) {
        err(`interrupted: the ${d.batches} whole batches are saved in ${file}; to go on, run the same command with --resume`);
        process.exitCode = stop.exitCode;
      }
    });
}

/**
 * The games of --from-wthor's files, in the order given: a file that is not
 * a WTHOR .wtb, or is damaged, is one line on stderr (the others go on, and
 * the exit code is 2); so is a game that does not replay.
 */
function wthorGames(files: readonly string[], err: (s: string) => void): TaskGame[] {
  const games: TaskGame[] = [];
  for (const name of files) {
    let bytes: Uint8Array;
    try {
      bytes = readRegularFile(name);
    } catch (e) {
      err(`error: ${e instanceof FileError ? e.message : `${name}: ${problemOf(e)}`}`);
      process.exitCode = EXIT_USAGE;
      continue;
    }
    if (!isWthorGames(bytes)) {
      err(`error: ${name}: ${wthorGamesProblem(bytes, name) ?? 'not a WTHOR games file (.wtb)'}; the other files go on`);
      process.exitCode = EXIT_USAGE;
      continue;
    }
    const read = readGameFiles([{ name, bytes }]);
    for (const p of read.problems) {
      err(`error: ${p}`);
      process.exitCode = EXIT_USAGE;
    }
    for (const g of read.games) games.push({ moves: g.moves, ...(g.theoretical ? { theoretical: g.theoretical } : {}) });
  }
  return games;
}

function addSelect(train: Command, out: (s: string) => void, err: (s: string) => void): void {
  train
    .command('select')
    .description(
      'copy some positions of a data file to a new one (same header, batch by batch), e.g. only the exactly solved ones of a set whose game-outcome labels are noisy',
    )
    .argument('<in>', 'data file from train gen')
    .argument('<out>', 'new data file (for train fit and train test, not for train gen --resume)')
    .option('--exact', 'only positions labelled with their own exact score (drops the game-outcome labels above the solve point)')
    .option('--empties <from-to>', 'only positions with this many empties', emptiesRange)
    .option('--force', 'overwrite an existing output file')
    .helpOption('--help', 'show help')
    .action((input: string, output: string, o: { exact?: boolean; empties?: [number, number]; force?: boolean }) => {
      checkOutput('output', output, [input], !!o.force);
      if (!o.exact && !o.empties) throw new RangeError('nothing to select by: give --exact and/or --empties');
      const d = readDataset(input);
      if (d.problem) err(`warning: ${input}: ${d.problem}; using its ${d.batches} whole batches`);
      const [from, to] = o.empties ?? [0, 60];
      const kept = selectRecords(d, output, (r, i) => {
        if (o.exact && !recordExact(r, i)) return false;
        const e = recordEmpties(r, i);
        return e >= from && e <= to;
      });
      out(`${output}: ${grouped(kept)} of ${grouped(d.records.length / 5)} positions, ${d.batches} batches`);
    });
}

function addFit(train: Command, out: (s: string) => void, err: (s: string) => void): void {
  train
    .command('fit')
    .description("fit weights (Edax's features) to training data: least squares per band of empties, L2, held-out error")
    .argument('<data...>', 'data files from train gen')
    .option('--out <file>', 'the weights, compact file (16-bit) (needed)')
    .option('--band <k>', 'empties counts per table', number(1, 61), 4)
    .option('--spread <s>', 'a position also trains the tables of up to s empties more and fewer', number(0, 30), 0)
    .option('--epochs <n>', 'passes over the data', number(1, 10000), 20)
    .option('--l2 <x>', 'L2 penalty per weight', number(0, 1e6, false), 0.001)
    .option('--huber <discs>', 'errors beyond this count linearly (Huber loss; default: least squares)', number(0.01, 128, false))
    .option('--rate <x>', 'learning rate (AdaGrad)', number(0, 10, false), 0.5)
    .option('--holdout <f>', 'share of games held out to measure the error', number(0, 0.9, false), 0.1)
    .option('--seed <n>', 'seed of the held-out split and the order', number(0, 2 ** 32 - 1), 1)
    .option('--edax <file>', 'also write an Edax eval.dat (the band copied to each of its plies)')
    .option('--init <weights>', 'start from these weights (one table per empties count is averaged into --band)')
    .option('--quantize', 'fit the 4-bit form: predictions use the weights rounded as eval compress --bits 4 rounds them')
    .option('--force', 'overwrite existing output files')
    .helpOption('--help', 'show help')
    .action((files: string[], o: FitOpts & { out: string; init?: string; force?: boolean }) => {
      needed(o.out as string | undefined, '--out <file>');
      checkOutput('--out', o.out, [...files, o.init], !!o.force);
      if (o.edax) {
        checkOutput('--edax', o.edax, [...files, o.init], !!o.force);
        if (o.edax === o.out || sameFile(o.edax, o.out)) throw new UsageError(`--edax and --out name one file (${o.out}): give two`);
      }
      const data = files.map((f) => readDataset(f));
      for (const [i, d] of data.entries()) if (d.problem) err(`warning: ${files[i]}: ${d.problem}; using its ${d.batches} whole batches`);
      let init: Weights | undefined;
      if (o.init) {
        init = readWeights(o.init).weights;
        if (init.band !== o.band) {
          if (init.band !== 1)
            throw new RangeError(
              `${o.init}: bands of ${init.band} empties; --band ${o.band} needs one table per empties count or bands of ${o.band}`,
            );
          init = averageBands(init, o.band);
        }
      }
      const t0 = nowMs();
      const r = fitWeights(
        data.map((d) => d.records),
        { ...o, init },
        (epoch, train, held) => {
          err(`epoch ${epoch}: train MAE ${train.toFixed(3)}, held-out MAE ${held.toFixed(3)} discs (${formatTime(nowMs() - t0)})`);
        },
      );
      const bytes = writeCompact(o.out, r.weights, 16);
      out(`${o.out}: ${grouped(bytes)} bytes; ${grouped(r.trainCount)} positions fitted, ${grouped(r.heldCount)} held out`);
      printBands(out, r.heldByBand);
      if (o.edax) {
        writeEdax(o.edax, expandBands(r.weights));
        out(`${o.edax}: Edax eval.dat`);
      }
    });
}

function addTestCommand(train: Command, out: (s: string) => void): void {
  train
    .command('test')
    .description(
      'the held-out error of any weights on the split `train fit` makes with the same --holdout and --seed (--holdout 1: all of a test set no fit has seen)',
    )
    .argument('<weights>', 'Edax eval.dat or compact file')
    .argument('<data...>', 'data files from train gen')
    .option('--holdout <f>', 'share held out (as given to fit; 1: every position)', number(0, 1, false), 0.1)
    .option('--seed <n>', 'seed (as given to fit)', number(0, 2 ** 32 - 1), 1)
    .option('--empties <from-to>', 'also the error at each empties count of this range and over the whole range', emptiesRange)
    .helpOption('--help', 'show help')
    .action((weights: string, files: string[], o: { holdout: number; seed: number; empties?: [number, number] }) => {
      const ev = evaluatorOf(readWeights(weights));
      const data = files.map((f) => readDataset(f).records);
      const evaluate = (a: number, b: number, c: number, d: number) => ev.evaluate(a, b, c, d);
      if (!o.empties) {
        printBands(out, heldOutError(data, evaluate, o.holdout, o.seed));
        return;
      }
      const counts = heldOutByEmpties(data, evaluate, o.holdout, o.seed);
      const [from, to] = o.empties;
      const line = (label: string, c: { n: number; exact: number; mae: number }) =>
        out(`  ${label.padEnd(5)}  ${c.mae.toFixed(2).padStart(6)}  (${grouped(c.n)} positions, ${grouped(c.exact)} with an exact label)`);
      out('held-out mean absolute error (discs) by empties:');
      for (let e = from; e <= to; e++) if (counts[e].n > 0) line(String(e), counts[e]);
      line(`${from}-${to}`, pooledError(counts, from, to));
    });
}

/** "20-30": a range of empties counts. */
function emptiesRange(value: string): [number, number] {
  const m = /^(\d+)-(\d+)$/.exec(value);
  if (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) > 60)
    throw new InvalidArgumentError('must be two empties counts from-to, 0 to 60, e.g. 20-30');
  return [Number(m[1]), Number(m[2])];
}

function printBands(out: (s: string) => void, bands: readonly { from: number; to: number; n: number; mae: number }[]): void {
  out('held-out mean absolute error (discs) by empties:');
  for (const b of bands)
    if (b.n > 0)
      out(`  ${String(b.from).padStart(2)}-${String(b.to).padEnd(2)}  ${b.mae.toFixed(2).padStart(6)}  (${grouped(b.n)} positions)`);
}

function countExact(records: Int32Array): number {
  let n = 0;
  for (let i = 0; i < records.length; i += RECORD_WORDS) n += recordExact(records, i) ? 1 : 0;
  return n;
}

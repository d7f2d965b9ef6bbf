/**
 * `revsolve eval …`: make, shrink and inspect weight files.
 *   synth     synthetic weights (tests and experiments; not trained)
 *   compress  band averaging, powers of two, zeroing, 4-bit storage (fixed
 *             powers of two, or a codebook fitted per table and group)
 *   average   the mean of several weight sets (bagging)
 *   export    any weights as a full Edax eval.dat (bands copied to their plies)
 *   info      size, band layout, value histogram, and against a reference
 *             file the mean absolute difference of evaluations
 *   error     how far weights miss exact scores (OBF answers, WTHOR
 *             theoretical scores), static or after a d-ply search
 */
import { type Command, InvalidArgumentError } from 'commander';
import {
  averageWeights,
  bestAnswers,
  type CompressStep,
  codebookWeights,
  compressSteps,
  discDifference,
  EDAX_BYTES,
  Evaluator,
  emptyCount,
  errorStats,
  errorsByEmpties,
  evalErrors,
  expandBands,
  histogram,
  isWthorGames,
  type LoadedWeights,
  N_PACKED,
  NibbleEvaluator,
  pairedDifference,
  popcount,
  RECORD_WORDS,
  readDataset,
  readObf,
  readRegularFile,
  readWeights,
  readWthorGames,
  replayMoves,
  samplePositions,
  stepName,
  syntheticWeights,
  type Truth,
  usageCounts,
  type Weights,
  writeCompact,
  writeEdax,
} from '../internal.js';
import { needed, UsageError } from './options.js';
import { grouped } from './report.js';
import { checkOutput } from './safe-writes.js';

function whole(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return n;
  };
}

function parseBits(value: string): 16 | 4 {
  if (value !== '4' && value !== '16') throw new InvalidArgumentError('must be 4 or 16');
  return Number(value) as 16 | 4;
}

function parseFormat(value: string): 'compact' | 'edax' {
  if (value !== 'compact' && value !== 'edax') throw new InvalidArgumentError('must be compact or edax');
  return value;
}

/**
 * Writes weights in a format; returns the bytes written. An Edax eval.dat
 * holds 16-bit weights, one table per ply: banded or 4-bit weights are
 * written as their values, each band's table copied to each of its plies.
 */
function save(file: string, w: Weights, format: 'compact' | 'edax', bits: 16 | 4, codebook?: Int16Array): number {
  if (format === 'edax') {
    writeEdax(file, expandBands(w));
    return EDAX_BYTES;
  }
  return writeCompact(file, w, bits, codebook);
}

function describeLayout(l: LoadedWeights): string {
  const w = l.weights;
  const bands =
    w.band === 1
      ? 'one table per empties count (0‥60)'
      : `${w.tables} tables, each for ${w.band} empties counts (0‥${w.band - 1}, ${w.band}‥${2 * w.band - 1}, …)`;
  const codes = l.codebook ? ' (codes into 16 values per table and pattern group)' : l.bits === 4 ? ' (codes 0, ±32 … ±2048)' : '';
  return `${l.format === 'edax' ? 'Edax eval.dat' : 'compact'} file, ${l.bits}-bit weights${codes}, ${bands}`;
}

/** Evaluates with what the file holds: the 4-bit form read directly. */
export function evaluatorOf(l: LoadedWeights): { evaluate(ph: number, pl: number, oh: number, ol: number): number } {
  return l.nibbles ? new NibbleEvaluator(l.weights.band, l.nibbles, l.codebook) : new Evaluator(l.weights);
}

export function addEvalCommands(program: Command, out: (s: string) => void, err: (s: string) => void): void {
  const ev = program.command('eval').description('make, shrink and inspect evaluation weight files').helpOption('--help', 'show help');
  addSynth(ev, out);
  addCompress(ev, out, err);
  addExport(ev, out);
  addError(ev, out);
  addAverage(ev, out);
  addInfo(ev, out);
}

function addSynth(ev: Command, out: (s: string) => void): void {
  ev.command('synth')
    .description("write synthetic weights (a square-value table read through Edax's patterns; for tests and experiments)")
    .argument('<out>', 'output file')
    .option('--seed <n>', 'noise seed', whole(0, 2 ** 31), 1)
    .option('--format <f>', 'compact or edax (an eval.dat Edax reads)', parseFormat, 'edax' as const)
    .option('--force', 'overwrite an existing file')
    .helpOption('--help', 'show help')
    .action((file: string, o: { seed: number; format: 'compact' | 'edax'; force?: boolean }) => {
      checkOutput('output', file, [], !!o.force);
      const bytes = save(file, syntheticWeights(o.seed), o.format, 16);
      out(`${file}: ${grouped(bytes)} bytes (synthetic weights, seed ${o.seed})`);
    });
}

function addCompress(ev: Command, out: (s: string) => void, err: (s: string) => void): void {
  // The steps in the order the command line gives them (commander hands each option over as it is read).
  const given: { name: string; value: string }[] = [];
  const command = ev.command('compress');
  for (const name of ['band', 'pow2', 'zero-below', 'bits']) command.on(`option:${name}`, (value: string) => given.push({ name, value }));
  command
    .description(
      'shrink weights by steps applied in the order given (--band, --pow2, --zero-below; --bits 4, the storage, rounds last); or --band, then --codebook. A step that changes nothing is a warning',
    )
    .argument('<in>', 'Edax eval.dat or compact file')
    .argument('<out>', 'output file')
    .option('--band <k>', 'average the tables of k consecutive empties counts (4: 61 tables → 16)', whole(1, 61))
    .option('--pow2', 'round each weight to the nearest power of two, sign kept')
    .option('--zero-below <n>', 'set weights with |w| < n to 0', whole(0, 32767))
    .option('--bits <b>', '16, or 4: codes 0, ±32 … ±2048, two weights a byte (rounds and clamps to these)', parseBits, 16 as const)
    .option('--codebook', '4-bit codes into 16 values fitted to each table and pattern group (k-means) instead of powers of two')
    .option('--usage <data...>', "with --codebook: count each weight by how often these train gen files' positions read it")
    .option('--format <f>', 'compact (default) or edax', parseFormat, 'compact' as const)
    .option('--force', 'overwrite an existing output file')
    .helpOption('--help', 'show help')
    .action(
      (
        input: string,
        output: string,
        o: {
          band?: number;
          pow2?: boolean;
          zeroBelow?: number;
          bits: 16 | 4;
          codebook?: boolean;
          usage?: string[];
          format: 'compact' | 'edax';
          force?: boolean;
        },
      ) => {
        checkOutput('output', output, [input, ...(o.usage ?? [])], !!o.force);
        if (o.codebook && (o.pow2 || o.zeroBelow !== undefined)) {
          throw new RangeError('--codebook chooses its own 16 values per group: no --pow2 or --zero-below with it');
        }
        if (o.usage && !o.codebook) throw new RangeError('--usage weighs the values --codebook fits: give --codebook too');
        const src = readWeights(input);
        // Each step with the value written with it (commander keeps only the last of a repeated option).
        const steps: CompressStep[] = given.map(({ name, value }) =>
          name === 'band'
            ? { step: 'band', k: Number(value) }
            : name === 'pow2'
              ? { step: 'pow2' }
              : name === 'zero-below'
                ? { step: 'zero-below', n: Number(value) }
                : { step: 'bits', bits: 4 },
        );
        // --bits is the storage: its rounding comes last wherever it is written.
        const chain = [...steps.filter((x) => x.step !== 'bits'), ...steps.filter((x) => x.step === 'bits' && o.bits === 4)];
        let w: Weights;
        let bytes: number;
        const { weights: stepped, unchanged } = compressSteps(src.weights, chain);
        if (o.codebook) {
          const banded = stepped;
          const usage =
            o.usage &&
            usageCounts(
              banded.band,
              o.usage.map((f) => readDataset(f).records),
              RECORD_WORDS,
            );
          const rounded = codebookWeights(banded, usage);
          w = rounded.weights;
          bytes = save(output, w, o.format, 4, rounded.codebook);
        } else {
          w = stepped;
          bytes = save(output, w, o.format, o.bits);
        }
        // Said once the file is written: a run that cannot write it says only why.
        for (const x of unchanged) {
          // A step after others is told apart from one on the file as it is: it found the weights as the steps before it left them.
          const before = chain.slice(0, chain.indexOf(x)).map(stepName);
          err(
            before.length === 0
              ? `warning: ${stepName(x)} changes nothing in ${input} (${describeLayout(src)})`
              : `warning: ${stepName(x)} changes nothing after ${before.join(', ')} on ${input}: the weights are already what it makes`,
          );
        }
        const form = o.codebook ? '4-bit with a codebook' : `${o.bits}-bit`;
        out(
          `${output}: ${grouped(bytes)} bytes (${w.tables} table${w.tables === 1 ? '' : 's'}, ${form}); ${input}: ${grouped(src.bytes)} bytes`,
        );
      },
    );
}

function addExport(ev: Command, out: (s: string) => void): void {
  ev.command('export')
    .description("write any weights (Edax eval.dat, compact, banded, 4-bit) as a full Edax eval.dat: each band's table copied to its plies")
    .argument('<in>', 'Edax eval.dat or compact file')
    .argument('<out>', 'the eval.dat to write')
    .option('--force', 'overwrite an existing output file')
    .helpOption('--help', 'show help')
    .action((input: string, output: string, o: { force?: boolean }) => {
      checkOutput('output', output, [input], !!o.force);
      const src = readWeights(input);
      const bytes = save(output, src.weights, 'edax', 16);
      out(`${output}: ${grouped(bytes)} bytes, Edax eval.dat (61 plies) from ${input} (${describeLayout(src)})`);
    });
}

function addAverage(ev: Command, out: (s: string) => void): void {
  ev.command('average')
    .description('the mean of several weight files of one band layout, weight by weight (bagging fits of different data or seeds)')
    .argument('<out>', 'output file (compact, 16-bit)')
    .argument('<in...>', 'Edax eval.dat or compact files')
    .option('--force', 'overwrite an existing output file')
    .helpOption('--help', 'show help')
    .action((output: string, inputs: string[], o: { force?: boolean }) => {
      checkOutput('output', output, inputs, !!o.force);
      const w = averageWeights(inputs.map((f) => readWeights(f).weights));
      const bytes = writeCompact(output, w, 16);
      out(`${output}: ${grouped(bytes)} bytes, the mean of ${inputs.length} file${inputs.length === 1 ? '' : 's'}`);
    });
}

function addInfo(ev: Command, out: (s: string) => void): void {
  ev.command('info')
    .description("size, band layout and histogram of a weights file; with --reference, how far its evaluations are from that file's")
    .argument('<file>', 'Edax eval.dat or compact file')
    .option('--reference <file>', "compare evaluations with this file's")
    .option('--sample <n>', 'positions from random games to compare on', whole(1, 10_000_000), 20_000)
    .helpOption('--help', 'show help')
    .action((file: string, o: { reference?: string; sample: number }) => {
      const l = readWeights(file);
      const w = l.weights;
      out(`${file}: ${grouped(l.bytes)} bytes; ${describeLayout(l)}`);
      out(`  ${w.tables} × ${grouped(N_PACKED)} packed weights (one per mirror pair) = ${grouped(w.packed.length)}`);
      if (l.header) out(`  Edax header: version ${l.header.version}.${l.header.release}.${l.header.build}, date ${l.header.date}`);
      const h = histogram(w);
      let zeros = 0;
      let abs = 0;
      for (const v of w.packed) {
        if (v === 0) zeros++;
        abs += Math.abs(v);
      }
      out(
        `  ${h.length} distinct values; ${((100 * zeros) / w.packed.length).toFixed(1)}% zero; mean |w| ${(abs / w.packed.length).toFixed(1)} (1/128 disc)`,
      );
      out(
        `  most frequent: ${h
          .slice(0, 15)
          .map(([v, n]) => `${v}: ${grouped(n)}`)
          .join(', ')}`,
      );
      if (o.reference) {
        const ref = evaluatorOf(readWeights(o.reference));
        const mine = evaluatorOf(l);
        const bands = new Map<number, { n: number; sum: number }>();
        let n = 0;
        let sum = 0;
        for (const p of samplePositions(o.sample, 2024)) {
          const d = Math.abs(mine.evaluate(p[0], p[1], p[2], p[3]) - ref.evaluate(p[0], p[1], p[2], p[3])) / 128;
          const empties = 64 - popcount(p[0] | p[2], p[1] | p[3]);
          const b = bands.get(empties >> 2) ?? { n: 0, sum: 0 };
          b.n++;
          b.sum += d;
          bands.set(empties >> 2, b);
          n++;
          sum += d;
        }
        out(
          `  against ${o.reference}: mean |difference| of evaluations ${(sum / n).toFixed(3)} discs on ${grouped(n)} positions from random games`,
        );
        out(
          `  by empties: ${[...bands.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([b, v]) => `${4 * b}-${4 * b + 3}: ${(v.sum / v.n).toFixed(2)}`)
            .join(', ')}`,
        );
      }
    });
}

/**
 * The positions of known score in `file`: an OBF file's positions with
 * answers (the best answer's score, or a *:score), or a WTHOR .wtb file's
 * games at the file's depth with their theoretical scores.
 */
function truthsOf(file: string): Truth[] {
  const bytes = readRegularFile(file);
  if (isWthorGames(bytes)) {
    const { header, games } = readWthorGames(bytes, file);
    if (!(header.depth >= 1 && header.depth <= 60))
      throw new UsageError(
        `${file}: its header's depth of the theoretical scores is ${header.depth}, not a count of empties (1-60): a damaged header`,
      );
    const truths: Truth[] = [];
    for (const g of games) {
      if (g.theoreticalDiscs > 64) continue; // a damaged byte: no score to compare with
      let at: Truth['position'] | undefined;
      try {
        at = replayMoves(g.moves).moves.find((m) => emptyCount(m.position) === header.depth)?.position;
      } catch {
        continue; // a game that does not replay has no position to take
      }
      if (!at) continue;
      const black = discDifference(g.theoreticalDiscs);
      truths.push({ position: at, exact: at.toMove === 'X' ? black : 0 - black });
    }
    return truths;
  }
  const { entries, errors } = readObf(file);
  if (errors.length > 0) throw new UsageError(errors[0].message);
  return entries.flatMap((e) => {
    const best = bestAnswers(e.answers);
    return best ? [{ position: e.position, exact: best.score }] : [];
  });
}

function addError(ev: Command, out: (s: string) => void): void {
  ev.command('error')
    .description(
      "how far weights miss exact scores: each position's evaluation (static, or after a --depth ply search) against its known score, mean absolute and RMS error in discs, per empties count and overall; with two or more weights files, each one's paired difference from the first, with a 95 % interval",
    )
    .argument('<weights...>', 'Edax eval.dat or compact files')
    .option(
      '--against <files...>',
      "(needed) positions of known score: OBF files with answers (*:score or move:score), or WTHOR .wtb files (the theoretical score at the file's depth)",
    )
    .option('--depth <plies>', 'a midgame search of this many plies on each position (0: the static evaluation)', whole(0, 8), 0)
    .option('--json', 'one JSON line a weights file, then one a comparison')
    .helpOption('--help', 'show help')
    .action((weights: string[], o: { against: string[]; depth: number; json?: boolean }) => {
      const truths = needed(o.against as string[] | undefined, '--against <files...>').flatMap(truthsOf);
      if (truths.length === 0)
        throw new UsageError(
          `--against ${o.against.join(' ')}: no position with a known score (an OBF answer or a WTHOR theoretical score)`,
        );
      const runs = weights.map((file) => {
        const evaluator = new Evaluator(readWeights(file).weights);
        const errors = evalErrors(evaluator, truths, o.depth);
        return { file, errors, overall: errorStats(errors), byEmpties: errorsByEmpties(truths, errors) };
      });
      const how = o.depth === 0 ? 'static evaluation' : `${o.depth}-ply search`;
      const f2 = (x: number) => x.toFixed(2);
      for (const r of runs) {
        if (o.json) {
          out(
            JSON.stringify({
              weights: r.file,
              against: o.against,
              depth: o.depth,
              ...r.overall,
              byEmpties: r.byEmpties.map((b) => ({ empties: b.empties, ...b.stats })),
            }),
          );
          continue;
        }
        out(`${r.file}, ${how}, against ${o.against.join(', ')}: ${grouped(r.overall.n)} positions`);
        out('  empties  positions  mean |error|   RMS   mean error');
        for (const b of r.byEmpties)
          out(
            `  ${String(b.empties).padStart(7)}  ${String(b.stats.n).padStart(9)}  ${f2(b.stats.mae).padStart(12)}  ${f2(b.stats.rms).padStart(5)}  ${f2(b.stats.bias).padStart(11)}`,
          );
        out(
          `  ${'all'.padStart(7)}  ${String(r.overall.n).padStart(9)}  ${f2(r.overall.mae).padStart(12)}  ${f2(r.overall.rms).padStart(5)}  ${f2(r.overall.bias).padStart(11)}`,
        );
      }
      for (const r of runs.slice(1)) {
        const d = pairedDifference(r.errors, runs[0].errors);
        if (o.json) out(JSON.stringify({ weights: r.file, against: runs[0].file, depth: o.depth, pairedAbsDifference: d }));
        else
          out(
            `${r.file} against ${runs[0].file}: mean |error| ${d.mean >= 0 ? '+' : ''}${f2(d.mean)} discs (95 % interval ${f2(d.low)} to ${f2(d.high)}, ${d.n} positions paired)`,
          );
      }
    });
}

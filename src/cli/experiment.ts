/**
 * `revsolve experiment table|eval SUITE`: the table-size and cache study and
 * the weights study as commands. Each configuration (a table size and
 * layout with the table's rules, or a weights file) solves the suite in a
 * fresh child process (`solve -n 1 --json`), for --rounds rounds in
 * rotated order; each run keeps its nodes, the child's own CPU time (user
 * and system, from its process.resourceUsage), wall time, page faults, peak
 * memory, the engine that ran and the table's statistics by band of
 * empties. Printed: per configuration the nodes, the CPU's median and
 * range, and against the baseline the nodes × and the CPU × with a 95 %
 * interval on the log of the per-round paired ratios. Written to --out (a
 * new folder): runs.jsonl (provenance first, a line a run), summary.csv,
 * plot.svg. Never into the package; never over a folder with files in it.
 * --edax BIN adds Edax's runs of the same suite, sizes, weights and rounds.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  defaultOf,
  LAYOUTS,
  type Layout,
  MAX_BITS,
  MIN_BITS,
  maxBitsOf,
  readObf,
  readRegularFile,
  readWeights,
  SettingProblem,
  SHIPPED_WEIGHTS,
  setting,
  tableBytes,
  tQuantile975,
  VERSION,
  wasmMaxBits,
  weightsValuesSha256,
  writeWholeFile,
} from '../internal.js';
import { linePlot, type PlotRow, weightsPlot } from './experiment-plot.js';
import {
  type Config,
  commitOf,
  type EdaxSetup,
  edaxFlags,
  type PositionRow,
  type Run,
  RunStopped,
  runChild,
  runEdax,
  runRevsolve,
  setUpEdax,
} from './experiment-runs.js';
import { settingOption, UsageError } from './options.js';
import { type ClaimedFolder, checkNewFolder, newFolder } from './safe-writes.js';
import type { StopSignals } from './signals.js';

interface Opts {
  sizes?: string;
  layouts?: string;
  switches?: string;
  weightsFiles?: string;
  rounds: string;
  out?: string;
  engine?: 'wasm' | 'ts';
  baseline?: string;
  edax?: string;
  resume?: boolean;
  x?: string;
  /** The command line (set by the action, not an option). */
  command?: readonly string[];
}

/** "10,12,14" or "10-22" or "10-22/2": table sizes. */
function bitsList(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:-(\d+)(?:\/(\d+))?)?$/.exec(part.trim());
    if (!m) throw new UsageError(`--sizes ${text}: sizes as 10,12,14 or a range 10-22 or 10-22/2`);
    const [a, b, step] = [Number(m[1]), Number(m[2] ?? m[1]), Number(m[3] ?? 1)];
    if (b < a || step < 1) throw new UsageError(`--sizes ${part}: a range from low to high, a step of 1 or more`);
    for (let h = a; h <= b; h += step) out.push(h);
  }
  for (const h of out) if (h < MIN_BITS || h > MAX_BITS) throw new UsageError(`--sizes ${h}: out of ${MIN_BITS}..${MAX_BITS}`);
  return [...new Set(out)];
}

function layoutList(text: string): Layout[] {
  const names = text.split(',').map((s) => s.trim());
  for (const n of names) if (!(n in LAYOUTS)) throw new UsageError(`--layouts ${n}: not a layout (${Object.keys(LAYOUTS).join(', ')})`);
  return names as Layout[];
}

/** The configurations of a sweep, refused when one would run another engine than the one asked, or a table its layout cannot hold. */
function configsOf(kind: 'table' | 'eval', o: Opts): Config[] {
  const bits = bitsList(o.sizes ?? (kind === 'table' ? '10-22/2' : String(defaultOf('hashBits'))));
  const layouts = layoutList(o.layouts ?? defaultOf('tableLayout'));
  const engine = o.engine ?? defaultOf('engine');
  // --off sets, separated by semicolons: "none;small-region,keep-costlier".
  const offs = (o.switches ?? 'none').split(';').map((s) => s.trim() || 'none');
  for (const off of offs) checkSwitches(off);
  const evals = kind === 'eval' ? (o.weightsFiles ?? '').split(',').filter(Boolean) : [''];
  if (kind === 'eval' && evals.length === 0)
    throw new UsageError('experiment eval: --weights-files A,B,… names the weights files to compare');
  for (const e of evals) if (e && e !== 'none') readWeights(e); // a bad file is one line before any run
  const configs: Config[] = [];
  for (const e of evals)
    for (const layout of layouts)
      for (const off of offs)
        for (const h of bits) {
          if (h > maxBitsOf(layout))
            throw new UsageError(`--sizes ${h} with --layouts ${layout}: that layout holds 2^${maxBitsOf(layout)} entries at most`);
          if (engine === 'wasm' && h > wasmMaxBits(layout))
            throw new UsageError(
              `h ${h} ${layout}: the WebAssembly engine holds a ${layout} table of 2^${wasmMaxBits(layout)} entries at most: give --engine ts for larger ones`,
            );
          const name = [`h${h}`, layout, ...(off !== 'none' ? [`off:${off}`] : []), ...(e ? [`eval:${e}`] : [])].join(' ');
          const flags = [
            '-h',
            String(h),
            '--table',
            layout,
            '--engine',
            engine,
            ...(off !== 'none' ? ['--off', off] : []),
            ...(e ? ['--eval', e] : []),
          ];
          configs.push({ name, program: 'revsolve', flags, hashBits: h, tableLayout: layout, off, weights: e });
        }
  // Edax has one layout and neither rule: one configuration a size and a weights file.
  if (o.edax)
    for (const e of evals)
      for (const h of bits)
        configs.push({
          name: [`edax h${h}`, ...(e ? [`eval:${e}`] : [])].join(' '),
          program: 'edax',
          flags: [],
          hashBits: h,
          tableLayout: 'edax',
          off: 'none',
          weights: e,
        });
  return configs;
}

/** A set of solve's --off switches, checked as solve checks it, before any run. */
function checkSwitches(off: string): void {
  if (off === 'none') return;
  try {
    setting('off').parse(off);
  } catch (e) {
    if (e instanceof SettingProblem) throw new UsageError(`--switches ${off}: ${e.message}`);
    throw e;
  }
}

/** The suite, checked to hold positions before anything runs: their count. */
function checkSuite(suite: string): number {
  const { entries, errors } = readObf(suite);
  if (entries.length === 0) throw new UsageError(`${suite}: no position in it${errors.length ? ` (${errors[0].message})` : ''}`);
  return entries.length;
}

/** The median; of an even count, the mean of the middle two. */
export function median(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The geometric mean of ratios (given as their logs) and its 95 % t-interval, or null bounds for fewer than two. */
function logInterval(logs: readonly number[]): { ratio: number; low: number | null; high: number | null } {
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  if (logs.length < 2) return { ratio: Math.exp(mean), low: null, high: null };
  const sd = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
  const half = tQuantile975(logs.length - 1) * (sd / Math.sqrt(logs.length));
  return { ratio: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half) };
}

/** Paired ratios a[i] / b[i] (rounds): their geometric mean and its interval. */
function pairedRatio(a: readonly number[], b: readonly number[]): { ratio: number; low: number | null; high: number | null } {
  return logInterval(a.map((x, i) => Math.log(x / b[i])));
}

/** Per position, a run's nodes over the baseline run's (positions with nodes in both): their geometric mean and its interval across positions. */
function positionsRatio(a: readonly PositionRow[], b: readonly PositionRow[]): { ratio: number; low: number | null; high: number | null } {
  const base = new Map(b.map((p) => [p.index, p.nodes]));
  const logs = a.filter((p) => p.nodes > 0 && (base.get(p.index) ?? 0) > 0).map((p) => Math.log(p.nodes / base.get(p.index)!));
  return logs.length > 0 ? logInterval(logs) : { ratio: Number.NaN, low: null, high: null };
}

/** A configuration as runs.jsonl's provenance keeps it (whole; before --edax only its name and flags, read back from them). */
function configOf(c: Partial<Config> & { name: string; flags: readonly string[] }): Config {
  if (c.program) return c as Config;
  const edax = /^edax h(\d+)(?: eval:(.*))?$/.exec(c.name);
  if (edax)
    return {
      name: c.name,
      program: 'edax',
      flags: [],
      hashBits: Number(edax[1]),
      tableLayout: 'edax',
      off: 'none',
      weights: edax[2] ?? '',
    };
  const f = c.flags;
  const at = (k: string) => (f.includes(k) ? f[f.indexOf(k) + 1] : undefined);
  return {
    name: c.name,
    program: 'revsolve',
    flags: f,
    hashBits: Number(at('-h')),
    tableLayout: (at('--table') ?? defaultOf('tableLayout')) as Layout,
    off: at('--off') ?? 'none',
    weights: at('--eval') ?? '',
  };
}

/** What runs.jsonl's first line says of the experiment: enough to resume it, rerun it, and report it again. */
interface Provenance {
  readonly experiment: 'table' | 'eval';
  /** The command line, as given (revsolve's arguments), and the folder it ran in. */
  readonly command: readonly string[];
  readonly cwd: string;
  readonly suite: string;
  readonly suiteSha256: string;
  readonly positions: number;
  readonly rounds: number;
  readonly version: string;
  readonly commit: string | null;
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly load: number;
  readonly date: string;
  readonly configs: readonly Config[];
  readonly baseline: string;
  /** Each weights file with the digest of its values (one set of weights, one digest, whatever file holds them). */
  readonly weights: readonly { readonly file: string; readonly valuesSha256: string }[];
  readonly edax: { readonly path: string; readonly sha256: string; readonly version: string; readonly flags: readonly string[] } | null;
}

/** runs.jsonl read back: its provenance and its runs (a line that is not JSON: one line of error naming it). */
function readRuns(dir: string): { file: string; provenance: Provenance; runs: Run[]; lines: string[] } {
  const file = join(dir, 'runs.jsonl');
  if (!existsSync(file)) throw new UsageError(`${dir}: no runs.jsonl in it (the folder an experiment wrote)`);
  const lines = readRegularFile(file)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const parsed = lines.map((l, i) => {
    try {
      return JSON.parse(l);
    } catch {
      throw new UsageError(`${file}:${i + 1}: not JSON`);
    }
  });
  const [provenance, ...runs] = parsed as [Provenance, ...Run[]];
  if (!Array.isArray(provenance?.configs)) throw new UsageError(`${file}:1: not an experiment's provenance line (no configs)`);
  const configs = (provenance.configs as (Partial<Config> & { name: string; flags: string[] })[]).map(configOf);
  return {
    file,
    provenance: { ...provenance, configs },
    runs: runs.map((r) => ({ ...r, program: r.program ?? (r.engine === 'edax' ? 'edax' : 'revsolve') })),
    lines,
  };
}

/** The configuration a run is compared with: revsolve's against `baseline`, Edax's against Edax's own at that size and weights (else its first). */
function baselineFor(c: Config, configs: readonly Config[], baseline: Config): Config {
  if (c.program === baseline.program) return baseline;
  const own = configs.filter((x) => x.program === c.program);
  return own.find((x) => x.hashBits === baseline.hashBits && x.weights === baseline.weights) ?? own[0];
}

/** Runs of one configuration whose node counts differ between rounds: a search that is not deterministic, or an edited file. */
function roundsDiffer(configs: readonly Config[], runs: readonly Run[]): string | null {
  for (const c of configs) {
    const counts = [...new Set(runs.filter((r) => r.config === c.name).map((r) => r.nodes))];
    if (counts.length > 1)
      return `${c.name}: its rounds searched ${counts.map((n) => n.toLocaleString('en-US')).join(' and ')} nodes; one configuration searches one tree`;
  }
  return null;
}

/** `experiment report DIR`: a sweep's runs.jsonl summarized again (another baseline, a new plot) into a new folder. */
function runReport(dir: string, o: { baseline?: string; out?: string; x?: string }): number {
  const { file, provenance, runs } = readRuns(dir);
  const configs = provenance.configs;
  const done = configs.filter((c) => runs.some((r) => r.config === c.name));
  if (done.length === 0) throw new UsageError(`${file}: no run in it`);
  // A round is counted where every configuration has its run (a sweep stopped midway leaves a round part done).
  const whole = [...new Set(runs.map((r) => r.round))].filter((k) =>
    done.every((c) => runs.some((r) => r.config === c.name && r.round === k)),
  );
  const differ = roundsDiffer(done, runs);
  if (differ) throw new UsageError(`${file}: ${differ}`);
  const baseline = o.baseline ? done.find((c) => c.name === o.baseline) : done[0];
  if (!baseline) throw new UsageError(`--baseline ${o.baseline}: no such configuration (${done.map((c) => c.name).join('; ')})`);
  if (!o.out) throw new UsageError('experiment report: --out names a new folder for summary.csv, positions.csv and plot.svg');
  const out = newFolder('--out', resolve(o.out), 'summary.csv');
  const say = (s: string) => process.stdout.write(`${s}\n`);
  say(`${file}: ${done.length} configurations, ${whole.length} whole rounds, against ${baseline.name}`);
  const kept = runs.filter((r) => whole.includes(r.round));
  try {
    summarize(done, kept, baseline, out.path, `${basename(provenance.suite ?? dir)}: against ${baseline.name}`, say, xAxis(o.x));
  } catch (e) {
    out.release();
    throw e;
  }
  return 0;
}

/** --x: the plot's x axis, the table's size h (default) or its bytes. */
function xAxis(x: string | undefined): boolean {
  if (x === undefined || x === 'h') return false;
  if (x === 'bytes') return true;
  throw new UsageError(`--x ${x}: h (the table's 2^h entries) or bytes (its memory: layouts of other entry sizes at equal memory)`);
}

export function addExperimentCommand(program: Command, stop: StopSignals): void {
  const ex = program
    .command('experiment')
    .description(
      'the table-size, layout and table-rule study (table) and the weights study (eval), each configuration in fresh processes, in rounds',
    )
    .helpOption('--help', 'show help');
  for (const kind of ['table', 'eval'] as const)
    ex.command(kind)
      .description(
        kind === 'table'
          ? 'sweep table sizes (--sizes), layouts (--layouts) and sets of the table rules (--switches) on a suite'
          : 'compare weights files (--weights-files A,B,…) on a suite at the table sizes of --sizes',
      )
      .argument('<suite>', 'OBF file')
      .option(
        '--sizes <list>',
        `table sizes h (2^h entries, as solve -h): 10,12,14, a range 10-22 or 10-22/2 (${kind === 'table' ? 'default 10-22/2' : `default ${defaultOf('hashBits')}`})`,
      )
      .option(
        '--layouts <list>',
        `table layouts, comma-separated (${Object.keys(LAYOUTS).join(', ')}; default ${defaultOf('tableLayout')})`,
      )
      .option('--switches <sets>', 'sets of solve --off switches, separated by ";": none;small-region,keep-costlier')
      .option('--weights-files <files>', 'weights files, comma-separated (eval: what is compared)')
      .option('--rounds <n>', 'rounds (each configuration once a round, the order rotated)', '3')
      .addOption(settingOption('engine', 'the engine of every run: wasm (h up to 26, key4 27) or ts (29, key4 30)'))
      .option(
        '--baseline <name>',
        "revsolve's configuration the ratios are against, by its name as printed (default: the first); Edax's runs are against Edax's own",
      )
      .option(
        '--edax <bin>',
        'also run Edax (a binary built from its source): the same suite, sizes, weights and rounds; nodes as Edax counts them',
      )
      .option('--out <dir>', 'a new folder for runs.jsonl, positions.csv, summary.csv and plot.svg (default: experiment-<date>-<time>)')
      .option(
        '--resume',
        "go on with the experiment in --out: the runs in its runs.jsonl are kept, the others run (the same command's settings only)",
      )
      .option('--x <axis>', "the plot's x axis: h (default) or bytes (the table's memory)")
      .helpOption('--help', 'show help')
      .action(async (suite: string, o: Opts, command: Command) => {
        process.exitCode = await runExperiment(kind, suite, { ...o, command: commandLine(command) }, stop);
      });
  ex.command('report')
    .description(
      "a sweep's runs.jsonl summarized again: the table, summary.csv, positions.csv and plot.svg, against another baseline if asked",
    )
    .argument('<dir>', 'the folder an experiment wrote')
    .option('--baseline <name>', "revsolve's configuration the ratios are against (default: the first)")
    .option('--out <dir>', 'a new folder for summary.csv, positions.csv and plot.svg')
    .option('--x <axis>', "the plot's x axis: h (default) or bytes")
    .helpOption('--help', 'show help')
    .action((dir: string, o: { baseline?: string; out?: string; x?: string }) => {
      process.exitCode = runReport(dir, o);
    });
  ex.command('compare')
    .description('two experiments side by side (two commits, two machines): configuration by configuration, B against A, with intervals')
    .argument('<a>', "the first experiment's folder (the reference)")
    .argument('<b>', "the second experiment's folder")
    .requiredOption('--out <dir>', 'a new folder for compare.csv')
    .helpOption('--help', 'show help')
    .action((a: string, b: string, o: { out: string }) => {
      process.exitCode = runCompare(a, b, o.out);
    });
  ex.command('rerun')
    .description('run an experiment again from its runs.jsonl: the same command, suite and settings, into a new folder')
    .argument('<dir>', 'the folder an experiment wrote')
    .requiredOption('--out <dir>', 'a new folder for the new runs')
    .helpOption('--help', 'show help')
    .action(async (dir: string, o: { out: string }) => {
      process.exitCode = await runRerun(dir, o.out, stop);
    });
}

/** The command line as given, without node and revsolve's script: the root program's raw arguments. */
function commandLine(command: Command): string[] {
  let root = command;
  while (root.parent) root = root.parent;
  // Commander keeps the arguments it parsed on the root program (not in its typings).
  return ((root as unknown as { rawArgs: string[] }).rawArgs ?? []).slice(2);
}

/** B's runs over A's: the log-ratio of their means and its 95 % interval (Welch: the rounds of two runs are not paired). */
function unpairedRatio(a: readonly number[], b: readonly number[]): { ratio: number; low: number | null; high: number | null } {
  const la = a.map(Math.log);
  const lb = b.map(Math.log);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = (xs: number[]) => xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1);
  const d = mean(lb) - mean(la);
  if (la.length < 2 || lb.length < 2) return { ratio: Math.exp(d), low: null, high: null };
  const se2 = v(la) / la.length + v(lb) / lb.length;
  const df = se2 ** 2 / ((v(la) / la.length) ** 2 / (la.length - 1) + (v(lb) / lb.length) ** 2 / (lb.length - 1) || 1);
  const half = tQuantile975(Math.max(1, Math.floor(df))) * Math.sqrt(se2);
  return { ratio: Math.exp(d), low: Math.exp(d - half), high: Math.exp(d + half) };
}

/** `experiment compare A B --out NEW`: the configurations both ran, B against A: nodes (totals, per position) and search CPU. */
function runCompare(a: string, b: string, outDir: string): number {
  const A = readRuns(a);
  const B = readRuns(b);
  if (A.provenance.suiteSha256 !== B.provenance.suiteSha256)
    throw new UsageError(`${B.file}: another suite than ${A.file}'s: an experiment compares with one of the same suite`);
  const both = A.provenance.configs.filter((c) => B.provenance.configs.some((x) => x.name === c.name));
  const ran = (runs: readonly Run[], name: string) => runs.filter((r) => r.config === name);
  const shared = both.filter((c) => ran(A.runs, c.name).length > 0 && ran(B.runs, c.name).length > 0);
  if (shared.length === 0) throw new UsageError(`${a} and ${b}: no configuration ran in both`);
  const out = newFolder('--out', resolve(outDir), 'compare.csv');
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const f3 = (x: number | null) => (x === null ? '' : x.toFixed(3));
  say(
    `B ${b} (${B.provenance.commit ?? 'no commit'}, ${B.provenance.cpu}) against A ${a} (${A.provenance.commit ?? 'no commit'}, ${A.provenance.cpu})`,
  );
  say(
    '| configuration | nodes A | nodes B | nodes × | per position (95 % interval) | search CPU s A | search CPU s B | CPU × (95 % interval) |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const csv = [
    'config,nodes_a,nodes_b,nodes_x,nodes_x_geomean,nodes_x_low95,nodes_x_high95,search_cpu_s_a,search_cpu_s_b,cpu_x,cpu_x_low95,cpu_x_high95',
  ];
  for (const c of shared) {
    const ra = ran(A.runs, c.name);
    const rb = ran(B.runs, c.name);
    const nodes = positionsRatio(rb[0].positions ?? [], ra[0].positions ?? []);
    const cpu = unpairedRatio(ra.map(searchMsOf), rb.map(searchMsOf));
    const [ca, cb] = [median(ra.map(searchMsOf)) / 1000, median(rb.map(searchMsOf)) / 1000];
    const nx = rb[0].nodes / ra[0].nodes;
    csv.push(
      [
        JSON.stringify(c.name),
        ra[0].nodes,
        rb[0].nodes,
        f3(nx),
        f3(Number.isNaN(nodes.ratio) ? null : nodes.ratio),
        f3(nodes.low),
        f3(nodes.high),
        ca.toFixed(3),
        cb.toFixed(3),
        f3(cpu.ratio),
        f3(cpu.low),
        f3(cpu.high),
      ].join(','),
    );
    const range = (x: number, lo: number | null, hi: number | null) =>
      `${x.toFixed(3)}${lo !== null ? ` (${lo.toFixed(3)}–${(hi ?? 0).toFixed(3)})` : ''}`;
    say(
      `| ${c.name} | ${ra[0].nodes.toLocaleString('en-US')} | ${rb[0].nodes.toLocaleString('en-US')} | ${nx.toFixed(3)} | ${Number.isNaN(nodes.ratio) ? '–' : range(nodes.ratio, nodes.low, nodes.high)} | ${ca.toFixed(2)} | ${cb.toFixed(2)} | ${range(cpu.ratio, cpu.low, cpu.high)} |`,
    );
  }
  try {
    writeWholeFile(join(out.path, 'compare.csv'), `${csv.join('\n')}\n`);
  } catch (e) {
    out.release();
    throw e;
  }
  say(`written: ${join(out.path, 'compare.csv')}`);
  return 0;
}

/** `experiment rerun DIR --out NEW`: the command of DIR's provenance again, in the folder it ran in, with --out NEW (and no --resume). */
async function runRerun(dir: string, out: string, stop: StopSignals): Promise<number> {
  const { file, provenance } = readRuns(dir);
  const argv = [...(provenance.command ?? [])];
  if (argv[0] !== 'experiment' || (argv[1] !== 'table' && argv[1] !== 'eval'))
    throw new UsageError(`${file}:1: no command to rerun (an experiment made before revsolve recorded its command line)`);
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') i++;
    else if (argv[i] !== '--resume') kept.push(argv[i]);
  }
  const target = resolve(out);
  checkNewFolder('--out', target);
  process.stdout.write(`rerunning ${dir}: revsolve ${kept.join(' ')} --out ${target} (in ${provenance.cwd})\n`);
  const r = await runChild(
    process.execPath,
    [fileURLToPath(new URL('./main.js', import.meta.url)), ...kept, '--out', target],
    provenance.cwd,
    stop.signal,
    true,
  );
  if (stop.signal.aborted) return stop.exitCode;
  return r.status ?? 1;
}

/**
 * The summary of a sweep's runs: per configuration the nodes (the same in
 * every round, or refused), against its program's baseline the nodes ×
 * with a 95 % interval across positions and the search CPU × with one
 * across rounds; printed as a table, written as summary.csv,
 * positions.csv and plot.svg into `out`.
 */
function summarize(
  configs: readonly Config[],
  runs: readonly Run[],
  baseline: Config,
  out: string,
  title: string,
  say: (s: string) => void,
  xBytes: boolean,
): void {
  const of = (name: string) => runs.filter((x) => x.config === name).sort((a, b) => a.round - b.round);
  const rows = configs.map((c) => {
    const rs = of(c.name);
    const against = baselineFor(c, configs, baseline);
    const base = of(against.name);
    const cpu = pairedRatio(
      rs.map((x) => searchMsOf(x)),
      base.map((x) => searchMsOf(x)),
    );
    const nodes = positionsRatio(rs[0].positions ?? [], base[0].positions ?? []);
    return {
      config: c,
      against: against.name,
      nodes: rs[0].nodes,
      nodesX: rs[0].nodes / base[0].nodes,
      nodesGeo: Number.isNaN(nodes.ratio) ? rs[0].nodes / base[0].nodes : nodes.ratio,
      nodesLow: nodes.low,
      nodesHigh: nodes.high,
      cpuMedian: median(rs.map((x) => searchMsOf(x))),
      cpuMin: Math.min(...rs.map((x) => searchMsOf(x))),
      cpuMax: Math.max(...rs.map((x) => searchMsOf(x))),
      processCpuMedian: median(rs.map((x) => x.cpuMs)),
      cpuX: cpu.ratio,
      cpuLow: cpu.low,
      cpuHigh: cpu.high,
      nps: rs[0].nodes / (median(rs.map((x) => searchMsOf(x))) / 1000),
      minorFaults: rs[0].minorFaults === null ? null : median(rs.map((x) => x.minorFaults ?? 0)),
      peakKiB: rs[0].peakKiB === null ? null : median(rs.map((x) => x.peakKiB ?? 0)),
      engine: rs[0].engine,
    };
  });
  writeWholeFile(join(out, 'summary.csv'), summaryCsv(rows));
  writeWholeFile(join(out, 'positions.csv'), positionsCsv(runs));
  const plotRows: PlotRow[] = rows.map((r) => ({
    ...r,
    nodesX: r.nodesGeo,
    name: r.config.name,
    program: r.config.program,
    hashBits: r.config.hashBits,
    tableLayout: r.config.tableLayout,
    off: r.config.off,
    weights: r.config.weights,
    tableBytes: r.config.tableLayout === 'edax' ? null : tableBytes(r.config.hashBits, r.config.tableLayout),
  }));
  // Weights compared: bars a weights file, against the baseline's weights at the same size and program; else lines.
  const weightsCompared = new Set(configs.map((c) => c.weights)).size > 1;
  writeWholeFile(join(out, 'plot.svg'), weightsCompared ? weightsPlot(plotRows, baseline.weights) : linePlot(plotRows, title, xBytes));
  say('');
  say(
    "Nodes ×: the totals' ratio, then per position the geometric mean with its 95 % interval across positions. Search CPU: the positions' own times added up, without the process's start; CPU × (of it) with its interval across rounds. Each program against its own baseline.",
  );
  say(
    '| configuration | engine | nodes | nodes × | per position (95 % interval) | search CPU s (median, min–max) | CPU × (95 % interval) | process CPU s | N/CPU-s | minor faults | peak MiB |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const range = (x: number, lo: number | null, hi: number | null) =>
    `${x.toFixed(3)}${lo !== null ? ` (${lo.toFixed(3)}–${(hi ?? 0).toFixed(3)})` : ''}`;
  for (const r of rows)
    say(
      `| ${r.config.name} | ${r.engine} | ${r.nodes.toLocaleString('en-US')} | ${r.nodesX.toFixed(3)} | ${range(r.nodesGeo, r.nodesLow, r.nodesHigh)} | ${(r.cpuMedian / 1000).toFixed(2)} (${(r.cpuMin / 1000).toFixed(2)}–${(r.cpuMax / 1000).toFixed(2)}) | ${range(r.cpuX, r.cpuLow, r.cpuHigh)} | ${(r.processCpuMedian / 1000).toFixed(2)} | ${(r.nps / 1e6).toFixed(1)} M | ${r.minorFaults?.toLocaleString('en-US') ?? '–'} | ${r.peakKiB === null ? '–' : Math.round(r.peakKiB / 1024)} |`,
    );
  say('');
  say(`written: ${join(out, 'summary.csv')}, ${join(out, 'positions.csv')}, ${join(out, 'plot.svg')}`);
}

/** A run's search time: the positions' own (an older runs.jsonl without it: the process's CPU). */
const searchMsOf = (r: Run) => (typeof r.searchMs === 'number' ? r.searchMs : r.cpuMs);

type SummaryRow = {
  config: Config;
  against: string;
  engine: string;
  nodes: number;
  nodesX: number;
  /** Per position, their geometric mean: what the interval is around. */
  nodesGeo: number;
  nodesLow: number | null;
  nodesHigh: number | null;
  cpuMedian: number;
  cpuMin: number;
  cpuMax: number;
  processCpuMedian: number;
  cpuX: number;
  cpuLow: number | null;
  cpuHigh: number | null;
  nps: number;
  minorFaults: number | null;
  peakKiB: number | null;
};

function summaryCsv(rows: readonly SummaryRow[]): string {
  const f3 = (x: number | null) => (x === null ? '' : x.toFixed(3));
  const csv = [
    'config,hash_bits,layout,off,eval,engine,nodes,nodes_x,search_cpu_s_median,search_cpu_s_min,search_cpu_s_max,cpu_x,cpu_x_low95,cpu_x_high95,nodes_per_cpu_s,minor_faults,peak_kib,program,baseline,nodes_x_geomean,nodes_x_low95,nodes_x_high95,process_cpu_s_median',
    ...rows.map((r) =>
      [
        JSON.stringify(r.config.name),
        r.config.hashBits,
        r.config.tableLayout,
        JSON.stringify(r.config.off),
        JSON.stringify(r.config.weights),
        r.engine,
        r.nodes,
        f3(r.nodesX),
        (r.cpuMedian / 1000).toFixed(3),
        (r.cpuMin / 1000).toFixed(3),
        (r.cpuMax / 1000).toFixed(3),
        f3(r.cpuX),
        f3(r.cpuLow),
        f3(r.cpuHigh),
        Math.round(r.nps),
        r.minorFaults ?? '',
        r.peakKiB ?? '',
        r.config.program,
        JSON.stringify(r.against),
        f3(r.nodesGeo),
        f3(r.nodesLow),
        f3(r.nodesHigh),
        (r.processCpuMedian / 1000).toFixed(3),
      ].join(','),
    ),
  ];
  return `${csv.join('\n')}\n`;
}

/** A row a position of each run: what the study's per-position tables are made of. */
function positionsCsv(runs: readonly Run[]): string {
  const lines = ['config,program,round,index,empties,nodes,search_ms,score,ok'];
  for (const r of runs)
    for (const p of r.positions ?? [])
      lines.push([JSON.stringify(r.config), r.program, r.round, p.index, p.empties, p.nodes, p.ms, p.score, p.ok ?? ''].join(','));
  return `${lines.join('\n')}\n`;
}

/** What an experiment is to run, checked: nothing is written, nothing runs, before this returns. */
interface Plan {
  readonly kind: 'table' | 'eval';
  readonly suite: string;
  readonly positions: number;
  readonly rounds: number;
  readonly configs: readonly Config[];
  readonly baseline: Config;
  readonly outPath: string;
  readonly xBytes: boolean;
}

function planOf(kind: 'table' | 'eval', suite: string, o: Opts): Plan {
  const rounds = Number(o.rounds);
  if (!/^\d+$/.test(o.rounds) || rounds < 1 || rounds > 100) throw new UsageError(`--rounds ${o.rounds}: a whole number from 1 to 100`);
  const positions = checkSuite(suite);
  const configs = configsOf(kind, o);
  const baseline = o.baseline ? configs.find((c) => c.name === o.baseline) : configs[0];
  if (!baseline) throw new UsageError(`--baseline ${o.baseline}: no such configuration (${configs.map((c) => c.name).join('; ')})`);
  const xBytes = xAxis(o.x);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  if (o.resume && !o.out) throw new UsageError('--resume goes on with the experiment in --out <dir>: name it');
  const outPath = resolve(o.out ?? `experiment-${stamp}`);
  if (!o.resume) checkNewFolder('--out', outPath); // before Edax is set up: newFolder claims it after
  return { kind, suite: resolve(suite), positions, rounds, configs, baseline, outPath, xBytes };
}

/**
 * The experiment: its plan checked, Edax set up in a temporary folder
 * (removed on every way out: the end, an error, a signal, the process's
 * exit), the folder claimed (or, --resume, its runs read back and checked
 * to be this command's), then the runs.
 */
async function runExperiment(kind: 'table' | 'eval', suite: string, o: Opts, stop: StopSignals): Promise<number> {
  const plan = planOf(kind, suite, o);
  const scratch = o.edax ? mkdtempSync(join(tmpdir(), 'revsolve-experiment-edax-')) : null;
  const removeScratch = () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  process.on('exit', removeScratch);
  let out: ClaimedFolder | null = null;
  try {
    const edax =
      o.edax && scratch
        ? await setUpEdax(o.edax, plan.suite, [...new Set(plan.configs.map((c) => c.weights))], scratch, stop.signal)
        : null;
    const provenance = provenanceOf(plan, edax, o.command ?? []);
    let earlier: string[] = [];
    if (o.resume) earlier = resumeFrom(plan, provenance);
    else out = newFolder('--out', plan.outPath, 'runs.jsonl');
    return await sweep(plan, provenance, edax, earlier, stop);
  } catch (e) {
    if (e instanceof RunStopped) return stop.exitCode;
    out?.release();
    throw e;
  } finally {
    removeScratch();
    process.off('exit', removeScratch);
  }
}

/** The provenance line of a new experiment. */
function provenanceOf(plan: Plan, edax: EdaxSetup | null, command: readonly string[]): Provenance {
  const files = [...new Set(plan.configs.map((c) => c.weights))];
  return {
    experiment: plan.kind,
    command,
    cwd: process.cwd(),
    suite: plan.suite,
    suiteSha256: createHash('sha256').update(readRegularFile(plan.suite)).digest('hex'),
    positions: plan.positions,
    rounds: plan.rounds,
    version: VERSION,
    commit: commitOf(),
    node: process.version,
    cpu: cpus()[0]?.model ?? '',
    cores: cpus().length,
    load: loadavg()[0],
    date: new Date().toISOString(),
    configs: plan.configs,
    baseline: plan.baseline.name,
    weights: files.map((f) => ({ file: f || SHIPPED_WEIGHTS, valuesSha256: weightsValuesSha256(f && f !== 'none' ? f : SHIPPED_WEIGHTS) })),
    edax: edax
      ? { path: resolve(edax.bin), sha256: edax.sha256, version: edax.version, flags: edaxFlags(0).map((f) => (f === '0' ? '<h>' : f)) }
      : null,
  };
}

/** --resume: the runs.jsonl lines of --out, checked to be of this experiment (suite, configurations, rounds, the programs). */
function resumeFrom(plan: Plan, now: Provenance): string[] {
  const { file, provenance, lines } = readRuns(plan.outPath);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const differs = [
    ['experiment', provenance.experiment, now.experiment],
    ['suite', provenance.suiteSha256, now.suiteSha256],
    ['configurations', provenance.configs.map((c) => [c.name, c.flags]), now.configs.map((c) => [c.name, c.flags])],
    ['rounds', provenance.rounds, now.rounds],
    ['weights', provenance.weights, now.weights],
    ['Edax binary', provenance.edax?.sha256 ?? null, now.edax?.sha256 ?? null],
  ].find(([, a, b]) => !same(a, b));
  if (differs)
    throw new UsageError(
      `--resume: ${file} is another experiment's (its ${differs[0]} differ from this command's): resume it with its own command, or give another --out`,
    );
  return lines;
}

/**
 * The rounds of a sweep into `out`, each run's line added as it finishes
 * (the runs of `earlier` lines kept as they are, not run again); a signal
 * stops the run under way and keeps the finished ones. Then the summary.
 * Exit 1 when a position's score is off its answers (each one named) or a
 * configuration's rounds differ in nodes.
 */
async function sweep(
  plan: Plan,
  provenance: Provenance,
  edax: EdaxSetup | null,
  earlier: readonly string[],
  stop: StopSignals,
): Promise<number> {
  const out = plan.outPath;
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const lines = earlier.length > 0 ? [...earlier] : [JSON.stringify(provenance)];
  const runs: Run[] = earlier.length > 0 ? readRuns(out).runs : [];
  writeWholeFile(join(out, 'runs.jsonl'), `${lines.join('\n')}\n`);
  say(
    `revsolve experiment ${plan.kind}: ${plan.suite}, ${plan.positions} positions, ${plan.configs.length} configurations × ${plan.rounds} rounds, one thread each, fresh processes; writing ${out}` +
      `${runs.length > 0 ? `; ${runs.length} runs kept from before` : ''}`,
  );
  for (let r = 0; r < plan.rounds; r++) {
    // The order turns each round, so that no configuration always runs first or after the same one.
    const order = plan.configs.map((_, i) => plan.configs[(i + r) % plan.configs.length]);
    for (const c of order) {
      if (runs.some((x) => x.config === c.name && x.round === r + 1)) continue;
      let run: Run;
      try {
        run =
          c.program === 'edax' && edax ? await runEdax(edax, c, r + 1, stop.signal) : await runRevsolve(plan.suite, c, r + 1, stop.signal);
      } catch (e) {
        if (!(e instanceof RunStopped)) throw e;
        process.stderr.write(
          `interrupted by ${stop.received}: ${runs.length} runs kept in ${join(out, 'runs.jsonl')} (the one under way dropped); run the same command with --resume to go on\n`,
        );
        return stop.exitCode;
      }
      runs.push(run);
      lines.push(JSON.stringify(run));
      writeWholeFile(join(out, 'runs.jsonl'), `${lines.join('\n')}\n`);
      say(
        `round ${r + 1} ${c.name}: ${run.nodes} nodes, ${(run.searchMs / 1000).toFixed(2)} s search CPU (${(run.cpuMs / 1000).toFixed(2)} s the process), engine ${run.engine}${run.mismatches ? `, ${run.mismatches} MISMATCHES` : ''}`,
      );
      for (const p of run.positions.filter((x) => x.ok === false))
        process.stderr.write(`mismatch: ${c.name}, round ${r + 1}: position ${p.index} scored ${p.score}, off the suite's answers\n`);
    }
  }
  summarize(plan.configs, runs, plan.baseline, out, `${basename(plan.suite)}: against ${plan.baseline.name}`, say, plan.xBytes);
  const differ = roundsDiffer(plan.configs, runs);
  if (differ) process.stderr.write(`error: ${differ}\n`);
  return runs.some((x) => x.mismatches > 0) || differ ? 1 : 0;
}

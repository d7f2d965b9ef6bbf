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
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  defaultOf,
  formatObfLine,
  LAYOUTS,
  type Layout,
  MAX_BITS,
  MIN_BITS,
  maxBitsOf,
  readObf,
  readRegularFile,
  readWeights,
  type SettingKey,
  SettingProblem,
  SHIPPED_WEIGHTS,
  setting,
  tQuantile975,
  VERSION,
  wasmMaxBits,
  writeWholeFile,
} from '../internal.js';
import { settingOption, UsageError } from './options.js';
import { type ClaimedFolder, checkNewFolder, newFolder } from './safe-writes.js';

const CLI = fileURLToPath(new URL('./main.js', import.meta.url));

/** A setting a configuration sets, under the table's own key (a key that is no setting's fails to compile). */
type SetsSetting<K extends SettingKey, T> = { readonly [P in K]: T };

/**
 * One configuration: the program, the flags that make it, how it is
 * named, and the settings it sets (the weights file: '' the shipped ones;
 * off: a --switches set by name; the layout 'edax' for Edax's own).
 */
interface Config
  extends SetsSetting<'hashBits', number>,
    SetsSetting<'tableLayout', Layout | 'edax'>,
    SetsSetting<'off', string>,
    SetsSetting<'weights', string> {
  readonly name: string;
  /** revsolve's solve, or Edax (--edax) given the same suite, table size and weights. */
  readonly program: 'revsolve' | 'edax';
  readonly flags: readonly string[];
}

interface Run {
  readonly config: string;
  readonly round: number;
  readonly nodes: number;
  readonly userMs: number;
  readonly systemMs: number;
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Page faults and peak memory: the child's own report (revsolve); null for Edax (its shell's times give CPU only). */
  readonly minorFaults: number | null;
  readonly majorFaults: number | null;
  readonly peakKiB: number | null;
  readonly engine: string;
  /** The weights' SHA-256 and the tree settings' digest the child reported (null for Edax). */
  readonly weightsSha256: string | null;
  readonly settingsDigest: string | null;
  readonly mismatches: number;
  readonly load: { readonly before: number; readonly after: number };
  /** The table's statistics summed by band of 4 empties of the positions (probes, hits, stores, overwrites, stores dropped for a costlier entry, nodes hashed into the small-node region). */
  readonly bands: Record<string, { probes: number; hits: number; stores: number; overwrites: number; dropped: number; region: number }>;
}

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

/**
 * Edax beside revsolve: its binary, a scratch folder with the suite's
 * positions alone (Edax's reader takes no `*:score` answers) and each
 * weights file exported to an eval.dat. The binary is tried on FFO #1
 * first, so that one that does not run, or prints no node total, is one
 * line and exit 2 before any run.
 */
interface EdaxSetup {
  readonly bin: string;
  readonly dir: string;
  readonly positions: string;
  readonly answers: readonly (readonly number[])[];
  readonly evalDat: ReadonlyMap<string, string>;
}

/** FFO #1 (14 empties): what the binary is tried on. */
const EDAX_TRIAL = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;';

function setUpEdax(bin: string, suite: string, evals: readonly string[]): EdaxSetup {
  const dir = mkdtempSync(join(tmpdir(), 'revsolve-experiment-edax-'));
  const { entries } = readObf(suite);
  const positions = join(dir, 'positions.obf');
  writeFileSync(positions, `${entries.map((e) => formatObfLine(e.position)).join('\n')}\n`);
  const evalDat = new Map<string, string>();
  for (const [i, e] of evals.entries()) {
    const dat = join(dir, `eval-${i}.dat`);
    const x = spawnSync(process.execPath, [CLI, 'eval', 'export', e || SHIPPED_WEIGHTS, dat], { encoding: 'utf8' });
    if (x.status !== 0)
      throw new UsageError(
        `--edax: the weights ${e || SHIPPED_WEIGHTS} cannot go to Edax: ${(x.stderr ?? '')
          .trim()
          .split('\n')[0]
          .replace(/^revsolve: /, '')}`,
      );
    evalDat.set(e, dat);
  }
  const trial = join(dir, 'trial.obf');
  writeFileSync(trial, `${EDAX_TRIAL}\n`);
  const t = edaxProcess(bin, dir, ['-n', '1', '-l', '60', '-h', '10', '-eval-file', evalDat.get(evals[0]) ?? '', '-solve', trial]);
  if (t.problem) throw new UsageError(`--edax ${bin}: ${t.problem}`);
  return { bin, dir, positions, answers: entries.map((e) => e.answers.map((a) => a.score)), evalDat };
}

/** Edax's rows (" 2|   15   +00   0:00.009   396563   44062556 G5 …"): position, empties, score, nodes. */
const EDAX_ROW = /^\s*(\d+)\|\s*(\d+)\s+([+-]\d+)\s+\S+\s+(\d+)/gm;

/**
 * Runs Edax through sh, whose `times` gives the CPU time of its children
 * (user and system), so that no /usr/bin/time is needed; its node total,
 * as Edax counts nodes, from its last line ("FILE: N nodes in …").
 */
function edaxProcess(bin: string, dir: string, argv: readonly string[]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', '"$@"; s=$?; times >&2; exit $s', 'sh', bin, ...argv], {
    encoding: 'utf8',
    cwd: dir,
    maxBuffer: 1 << 26,
  });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const ms = (m: string, s: string) => (Number(m) * 60 + Number(s)) * 1000;
  const times = [...(r.stderr ?? '').matchAll(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/g)].at(-1);
  const total = /(\d+) nodes in /.exec(r.stdout ?? '');
  const said = (r.stderr ?? '')
    .replace(/\d+m[\d.]+s\s+\d+m[\d.]+s/g, '')
    .trim()
    .split('\n')[0];
  const problem =
    r.error || r.status === 127 || r.status === 126
      ? `does not run (${r.error?.message ?? said})`
      : r.status !== 0
        ? `exited ${r.status ?? r.signal}: ${said}`
        : !total
          ? 'printed no node total (Edax prints "FILE: N nodes in …" after -solve)'
          : null;
  return {
    problem,
    nodes: total ? Number(total[1]) : 0,
    rows: [...(r.stdout ?? '').matchAll(EDAX_ROW)].map((m) => ({
      index: Number(m[1]),
      empties: Number(m[2]),
      score: Number(m[3]),
      nodes: Number(m[4]),
    })),
    userMs: times ? ms(times[1], times[2]) : 0,
    systemMs: times ? ms(times[3], times[4]) : 0,
    wallMs,
  };
}

function runEdax(e: EdaxSetup, c: Config, round: number): Run {
  const before = loadavg()[0];
  const x = edaxProcess(e.bin, e.dir, [
    '-n',
    '1',
    '-l',
    '60',
    '-h',
    String(c.hashBits),
    '-eval-file',
    e.evalDat.get(c.weights) ?? '',
    '-solve',
    e.positions,
  ]);
  if (x.problem) throw new UsageError(`${c.name}: Edax ${x.problem}`);
  // A score not among the suite's answers (where it has some) is a mismatch, as solve counts them; so is a position with no row.
  const wrong = x.rows.filter((row) => (e.answers[row.index - 1]?.length ?? 0) > 0 && !e.answers[row.index - 1].includes(row.score));
  return {
    config: c.name,
    round,
    nodes: x.nodes,
    userMs: Math.round(x.userMs),
    systemMs: Math.round(x.systemMs),
    cpuMs: Math.round(x.userMs + x.systemMs),
    wallMs: Math.round(x.wallMs),
    minorFaults: null,
    majorFaults: null,
    peakKiB: null,
    engine: 'edax',
    weightsSha256: null,
    settingsDigest: null,
    mismatches: wrong.length + Math.max(0, e.answers.length - x.rows.length),
    load: { before, after: loadavg()[0] },
    bands: {},
  };
}

function runOnce(suite: string, c: Config, round: number): Run {
  const before = loadavg()[0];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, 'solve', suite, '-n', '1', '--json', '--quiet', ...c.flags], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 || r.signal)
    throw new UsageError(`${c.name}: solve exited ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n')[0]}`);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const s = lines.pop();
  const bands: Run['bands'] = {};
  for (const row of lines) {
    const band = `${4 * Math.floor(row.empties / 4)}-${4 * Math.floor(row.empties / 4) + 3}`;
    const b = bands[band] ?? { probes: 0, hits: 0, stores: 0, overwrites: 0, dropped: 0, region: 0 };
    b.probes += row.table.probes;
    b.hits += row.table.hits;
    b.stores += row.table.stores;
    b.overwrites += row.table.overwrites;
    b.dropped += row.table.dropped ?? 0;
    b.region += row.table.region ?? 0;
    bands[band] = b;
  }
  return {
    config: c.name,
    round,
    nodes: s.nodes,
    userMs: s.process.userMs,
    systemMs: s.process.systemMs,
    cpuMs: s.process.userMs + s.process.systemMs,
    wallMs: Math.round(wallMs),
    minorFaults: s.process.minorFaults,
    majorFaults: s.process.majorFaults,
    peakKiB: s.process.peakKiB,
    engine: s.engine,
    weightsSha256: s.weightsSha256 ?? null,
    settingsDigest: s.settingsDigest ?? null,
    mismatches: s.mismatches,
    load: { before, after: loadavg()[0] },
    bands,
  };
}

/** The commit of the checkout this package runs from, when it is one (a clean tree or not: "-dirty"), else null. */
function commitOf(): string | null {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (!existsSync(join(root, '.git'))) return null;
  const head = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  if (head.status !== 0) return null;
  const dirty = spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? '-dirty' : ''}`;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The geometric mean of paired ratios and its 95 % t-interval (on their logs), or null bounds for one round. */
function pairedRatio(a: readonly number[], b: readonly number[]): { ratio: number; low: number | null; high: number | null } {
  const logs = a.map((x, i) => Math.log(x / b[i]));
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  if (logs.length < 2) return { ratio: Math.exp(mean), low: null, high: null };
  const sd = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
  const half = tQuantile975(logs.length - 1) * (sd / Math.sqrt(logs.length));
  return { ratio: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half) };
}

/**
 * A bar chart of a weights comparison: a group of bars a weights file, a bar
 * a program and size, each the nodes against the baseline's weights in the
 * same program at the same size (1×: as many nodes), its value written over it.
 */
function weightsPlot(rows: readonly { config: Config; nodes: number }[], baseline: Config): string {
  const seriesOf = (c: Config) =>
    `${c.program} h${c.hashBits}${c.tableLayout !== 'edax' && c.tableLayout !== baseline.tableLayout ? ` ${c.tableLayout}` : ''}${c.off !== 'none' ? ` off ${c.off}` : ''}`;
  const series = [...new Set(rows.map((r) => seriesOf(r.config)))];
  const files = [...new Set(rows.map((r) => r.config.weights))];
  const ref = new Map(rows.filter((r) => r.config.weights === baseline.weights).map((r) => [seriesOf(r.config), r.nodes]));
  const bars = rows
    .filter((r) => ref.has(seriesOf(r.config)))
    .map((r) => ({
      file: files.indexOf(r.config.weights),
      series: series.indexOf(seriesOf(r.config)),
      x: r.nodes / ref.get(seriesOf(r.config))!,
    }));
  const W = 720;
  const CHART = 300;
  const L = 50;
  const R = 10;
  const T = 40;
  const B = 60;
  const H = CHART + 16 * series.length + 8;
  const xs = bars.map((b) => b.x);
  const [y0, y1] = [Math.min(1, ...xs) * 0.9, Math.max(1, ...xs) * 1.05];
  const y = (v: number) => T + (1 - (v - y0) / (y1 - y0)) * (CHART - T - B);
  const group = (W - L - R) / files.length;
  const bar = (group * 0.8) / series.length;
  const colours = ['#1f77b4', '#aec7e8', '#d62728', '#ff9896', '#2ca02c', '#98df8a', '#9467bd', '#c5b0d5'];
  const base = (f: string) => f.replace(/^.*\//, '').replace(/\.(rsev|dat)$/, '');
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`,
    `<text x="${L}" y="16" font-size="13">nodes against ${baseline.weights.replace(/^.*\//, '') || 'no weights'} (1×): the same program at the same table size</text>`,
    `<line x1="${L}" y1="${CHART - B}" x2="${W - R}" y2="${CHART - B}" stroke="#000"/><line x1="${L}" y1="${T}" x2="${L}" y2="${CHART - B}" stroke="#000"/>`,
  ];
  const ticks = [y0, y1, ...Array.from({ length: 40 }, (_, k) => k / 10).filter((v) => v > y0 + 0.03 && v < y1 - 0.03)];
  for (const v of ticks) parts.push(`<text x="${L - 4}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(2)}×</text>`);
  for (const b of bars) {
    const x = L + b.file * group + group * 0.1 + b.series * bar;
    const top = Math.min(y(b.x), y(y0));
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${(y(y0) - top).toFixed(1)}" fill="${colours[b.series % colours.length]}"/>`,
      `<text x="${(x + bar / 2).toFixed(1)}" y="${(top - 3).toFixed(1)}" text-anchor="middle" font-size="9">${b.x.toFixed(2)}</text>`,
    );
  }
  parts.push(`<line x1="${L}" y1="${y(1)}" x2="${W - R}" y2="${y(1)}" stroke="#555" stroke-dasharray="3 3"/>`);
  for (const [i, f] of files.entries())
    parts.push(
      `<text x="${(L + i * group + group / 2).toFixed(1)}" y="${CHART - B + 16}" text-anchor="middle">${base(f) || 'none'}</text>`,
    );
  for (const [i, name] of series.entries())
    parts.push(
      `<rect x="${L}" y="${CHART + 16 * i - 4}" width="24" height="10" fill="${colours[i % colours.length]}"/>`,
      `<text x="${L + 30}" y="${CHART + 16 * i + 5}">${name}</text>`,
    );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** A line chart: nodes × and CPU × against h, a line a layout (and switch set, and weights). */
function plot(rows: readonly { config: Config; nodesX: number; cpuX: number }[], title: string): string {
  const series = new Map<string, { config: Config; nodesX: number; cpuX: number }[]>();
  for (const r of rows) {
    const key = [r.config.tableLayout, r.config.off !== 'none' ? `off ${r.config.off}` : '', r.config.weights].filter(Boolean).join(' ');
    series.set(key, [...(series.get(key) ?? []), r]);
  }
  // The chart, then the legend under it, a line a series (long names never cut).
  const W = 720;
  const CHART = 300;
  const H = CHART + 16 * series.size + 8;
  const L = 60;
  const R = 20;
  const T = 30;
  const B = 40;
  const hs = rows.map((r) => r.config.hashBits);
  const ys = rows.flatMap((r) => [r.nodesX, r.cpuX]);
  const [x0, x1] = [Math.min(...hs), Math.max(...hs, Math.min(...hs) + 1)];
  const [y0, y1] = [Math.min(1, ...ys) * 0.95, Math.max(1, ...ys) * 1.05];
  const x = (h: number) => L + ((h - x0) / (x1 - x0)) * (W - L - R);
  const y = (v: number) => T + (1 - (v - y0) / (y1 - y0)) * (CHART - T - B);
  const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`,
    `<text x="${L}" y="16" font-size="13">${title}</text>`,
    `<line x1="${L}" y1="${CHART - B}" x2="${W - R}" y2="${CHART - B}" stroke="#000"/><line x1="${L}" y1="${T}" x2="${L}" y2="${CHART - B}" stroke="#000"/>`,
    `<line x1="${L}" y1="${y(1)}" x2="${W - R}" y2="${y(1)}" stroke="#aaa" stroke-dasharray="2 3"/>`,
    `<text x="${(L + W - R) / 2}" y="${CHART - 8}" text-anchor="middle">h (2^h entries)</text>`,
  ];
  for (const h of [...new Set(hs)]) parts.push(`<text x="${x(h)}" y="${CHART - B + 14}" text-anchor="middle">${h}</text>`);
  // Ticks at the ends, 1×, and the tenths between.
  const apart = (v: number) => Math.abs(y(v) - y(y0)) > 12 && Math.abs(y(v) - y(y1)) > 12;
  const ticks = [y0, y1, ...Array.from({ length: 40 }, (_, k) => k / 10).filter((v) => v > y0 && v < y1 && apart(v))];
  for (const v of ticks) parts.push(`<text x="${L - 4}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(2)}×</text>`);
  let i = 0;
  for (const [name, rs] of series) {
    const c = colours[i % colours.length];
    const sorted = [...rs].sort((a, b) => a.config.hashBits - b.config.hashBits);
    for (const [field, dash] of [
      ['nodesX', ''],
      ['cpuX', ' stroke-dasharray="5 3"'],
    ] as const) {
      const pts = sorted.map((r) => `${x(r.config.hashBits).toFixed(1)},${y(r[field]).toFixed(1)}`).join(' ');
      parts.push(`<polyline points="${pts}" fill="none" stroke="${c}" stroke-width="1.5"${dash}/>`);
    }
    parts.push(
      `<line x1="${L}" y1="${CHART + 16 * i + 4}" x2="${L + 24}" y2="${CHART + 16 * i + 4}" stroke="${c}" stroke-width="1.5"/>`,
      `<text x="${L + 30}" y="${CHART + 16 * i + 8}" fill="${c}">${name}: nodes × (solid), CPU × (dashed)</text>`,
    );
    i++;
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
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

/** `experiment report DIR`: a sweep's runs.jsonl summarized again (another baseline, a new plot) into a new folder. */
function runReport(dir: string, o: { baseline?: string; out?: string }): number {
  const file = join(dir, 'runs.jsonl');
  if (!existsSync(file)) throw new UsageError(`${dir}: no runs.jsonl in it (the folder an experiment wrote)`);
  const lines = readRegularFile(file).toString('utf8').split('\n');
  const parsed = lines.flatMap((l, i) => {
    if (l.trim() === '') return [];
    try {
      return [JSON.parse(l)];
    } catch {
      throw new UsageError(`${file}:${i + 1}: not JSON`);
    }
  });
  const [provenance, ...runs] = parsed as [{ configs?: unknown; suite?: string }, ...Run[]];
  if (!Array.isArray(provenance?.configs)) throw new UsageError(`${file}:1: not an experiment's provenance line (no configs)`);
  const configs = (provenance.configs as (Partial<Config> & { name: string; flags: string[] })[]).map(configOf);
  const done = configs.filter((c) => runs.some((r) => r.config === c.name));
  if (done.length === 0) throw new UsageError(`${file}: no run in it`);
  // A round is counted where every configuration has its run (a sweep stopped midway leaves a round part done).
  const whole = [...new Set(runs.map((r) => r.round))].filter((k) =>
    done.every((c) => runs.some((r) => r.config === c.name && r.round === k)),
  );
  const baseline = o.baseline ? done.find((c) => c.name === o.baseline) : done[0];
  if (!baseline) throw new UsageError(`--baseline ${o.baseline}: no such configuration (${done.map((c) => c.name).join('; ')})`);
  if (!o.out) throw new UsageError('experiment report: --out names a new folder for summary.csv and plot.svg');
  const out = newFolder('--out', resolve(o.out), 'summary.csv');
  const say = (s: string) => process.stdout.write(`${s}\n`);
  say(`${file}: ${done.length} configurations, ${whole.length} whole rounds, against ${baseline.name}`);
  const kept = runs.filter((r) => whole.includes(r.round));
  try {
    summarize(done, kept, baseline, out.path, `${basename(provenance.suite ?? dir)}: against ${baseline.name}`, say);
  } catch (e) {
    out.release();
    throw e;
  }
  return 0;
}

export function addExperimentCommand(program: Command): void {
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
          ? 'sweep table sizes (--hash-bits), layouts (--table) and the table rules (--off sets) on a suite'
          : 'compare weights files (--eval A,B,…) on a suite at one table size',
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
      .option('--baseline <name>', 'the configuration the ratios are against, by its name as printed (default: the first)')
      .option(
        '--edax <bin>',
        'also run Edax (a binary built from its source): the same suite, sizes, weights and rounds; nodes as Edax counts them',
      )
      .option('--out <dir>', 'a new folder for runs.jsonl, summary.csv and plot.svg (default: experiment-<date>-<time>)')
      .helpOption('--help', 'show help')
      .action((suite: string, o: Opts) => {
        process.exitCode = runExperiment(kind, suite, o);
      });
  ex.command('report')
    .description("a sweep's runs.jsonl summarized again: the table, summary.csv and plot.svg, against another baseline if asked")
    .argument('<dir>', 'the folder an experiment wrote')
    .option('--baseline <name>', 'the configuration the ratios are against (default: the first)')
    .option('--out <dir>', 'a new folder for summary.csv and plot.svg')
    .helpOption('--help', 'show help')
    .action((dir: string, o: { baseline?: string; out?: string }) => {
      process.exitCode = runReport(dir, o);
    });
}

/**
 * The summary of a sweep's runs: per configuration the nodes, the CPU's
 * median and range, against the baseline the nodes × and the CPU × with a
 * 95 % interval; printed as a table, written as summary.csv and plot.svg
 * into `out`.
 */
function summarize(
  configs: readonly Config[],
  runs: readonly Run[],
  baseline: Config,
  out: string,
  title: string,
  say: (s: string) => void,
): void {
  const of = (name: string) => runs.filter((x) => x.config === name).sort((a, b) => a.round - b.round);
  const base = of(baseline.name);
  const rows = configs.map((c) => {
    const rs = of(c.name);
    const cpu = pairedRatio(
      rs.map((x) => x.cpuMs),
      base.map((x) => x.cpuMs),
    );
    return {
      config: c,
      nodes: rs[0].nodes,
      nodesX: rs[0].nodes / base[0].nodes,
      cpuMedian: median(rs.map((x) => x.cpuMs)),
      cpuMin: Math.min(...rs.map((x) => x.cpuMs)),
      cpuMax: Math.max(...rs.map((x) => x.cpuMs)),
      cpuX: cpu.ratio,
      cpuLow: cpu.low,
      cpuHigh: cpu.high,
      nps: rs[0].nodes / (median(rs.map((x) => x.cpuMs)) / 1000),
      minorFaults: rs[0].minorFaults === null ? null : median(rs.map((x) => x.minorFaults ?? 0)),
      peakKiB: rs[0].peakKiB === null ? null : median(rs.map((x) => x.peakKiB ?? 0)),
      engine: rs[0].engine,
    };
  });
  const f2 = (x: number | null) => (x === null ? '' : x.toFixed(3));
  const csv = [
    'config,hash_bits,layout,off,eval,engine,nodes,nodes_x,cpu_s_median,cpu_s_min,cpu_s_max,cpu_x,cpu_x_low95,cpu_x_high95,nodes_per_cpu_s,minor_faults,peak_kib',
    ...rows.map((r) =>
      [
        JSON.stringify(r.config.name),
        r.config.hashBits,
        r.config.tableLayout,
        JSON.stringify(r.config.off),
        JSON.stringify(r.config.weights),
        r.engine,
        r.nodes,
        f2(r.nodesX),
        (r.cpuMedian / 1000).toFixed(3),
        (r.cpuMin / 1000).toFixed(3),
        (r.cpuMax / 1000).toFixed(3),
        f2(r.cpuX),
        f2(r.cpuLow),
        f2(r.cpuHigh),
        Math.round(r.nps),
        r.minorFaults ?? '',
        r.peakKiB ?? '',
      ].join(','),
    ),
  ];
  writeWholeFile(join(out, 'summary.csv'), `${csv.join('\n')}\n`);
  // Weights compared: bars a weights file, against the baseline's weights at the same size and program; else lines against h.
  const weightsCompared = new Set(configs.map((c) => c.weights)).size > 1;
  writeWholeFile(join(out, 'plot.svg'), weightsCompared ? weightsPlot(rows, baseline) : plot(rows, title));
  say('');
  say(`| configuration | engine | nodes | nodes × | CPU s (median, min–max) | CPU × (95 % interval) | N/CPU-s | minor faults | peak MiB |`);
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    say(
      `| ${r.config.name} | ${r.engine} | ${r.nodes.toLocaleString('en-US')} | ${r.nodesX.toFixed(3)} | ${(r.cpuMedian / 1000).toFixed(2)} (${(r.cpuMin / 1000).toFixed(2)}–${(r.cpuMax / 1000).toFixed(2)}) | ${r.cpuX.toFixed(3)}${r.cpuLow !== null ? ` (${r.cpuLow.toFixed(3)}–${(r.cpuHigh ?? 0).toFixed(3)})` : ''} | ${(r.nps / 1e6).toFixed(1)} M | ${r.minorFaults?.toLocaleString('en-US') ?? '–'} | ${r.peakKiB === null ? '–' : Math.round(r.peakKiB / 1024)} |`,
    );
  say('');
  say(`written: ${join(out, 'summary.csv')}, ${join(out, 'plot.svg')}`);
}

function runExperiment(kind: 'table' | 'eval', suite: string, o: Opts): number {
  const rounds = Number(o.rounds);
  if (!/^\d+$/.test(o.rounds) || rounds < 1 || rounds > 100) throw new UsageError(`--rounds ${o.rounds}: a whole number from 1 to 100`);
  const positions = checkSuite(suite);
  const configs = configsOf(kind, o);
  const baseline = o.baseline ? configs.find((c) => c.name === o.baseline) : configs[0];
  if (!baseline) throw new UsageError(`--baseline ${o.baseline}: no such configuration (${configs.map((c) => c.name).join('; ')})`);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const outPath = resolve(o.out ?? `experiment-${stamp}`);
  checkNewFolder('--out', outPath); // before Edax is set up: newFolder claims it after
  const edax = o.edax ? setUpEdax(o.edax, suite, [...new Set(configs.map((c) => c.weights))]) : null;
  let out: ClaimedFolder | null = null;
  try {
    out = newFolder('--out', outPath, 'runs.jsonl');
    return sweep(kind, suite, positions, rounds, configs, baseline, edax, out.path);
  } catch (e) {
    out?.release();
    throw e;
  } finally {
    if (edax) rmSync(edax.dir, { recursive: true, force: true });
  }
}

/** The rounds of a sweep into `out` (claimed), each run's line added as it finishes; then the summary. */
function sweep(
  kind: 'table' | 'eval',
  suite: string,
  positions: number,
  rounds: number,
  configs: readonly Config[],
  baseline: Config,
  edax: EdaxSetup | null,
  out: string,
): number {
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const provenance = {
    experiment: kind,
    suite,
    suiteSha256: createHash('sha256').update(readRegularFile(suite)).digest('hex'),
    positions,
    rounds,
    version: VERSION,
    commit: commitOf(),
    node: process.version,
    cpu: cpus()[0]?.model ?? '',
    cores: cpus().length,
    date: new Date().toISOString(),
    configs,
    baseline: baseline.name,
  };
  const lines = [JSON.stringify(provenance)];
  writeWholeFile(join(out, 'runs.jsonl'), `${lines[0]}\n`);
  say(
    `revsolve experiment ${kind}: ${suite}, ${positions} positions, ${configs.length} configurations × ${rounds} rounds, one thread each, fresh processes; writing ${out}`,
  );
  const runs: Run[] = [];
  for (let r = 0; r < rounds; r++) {
    // The order turns each round, so that no configuration always runs first or after the same one.
    const order = configs.map((_, i) => configs[(i + r) % configs.length]);
    for (const c of order) {
      const run = c.program === 'edax' && edax ? runEdax(edax, c, r + 1) : runOnce(suite, c, r + 1);
      runs.push(run);
      lines.push(JSON.stringify(run));
      writeWholeFile(join(out, 'runs.jsonl'), `${lines.join('\n')}\n`);
      say(
        `round ${r + 1} ${c.name}: ${run.nodes} nodes, ${(run.cpuMs / 1000).toFixed(2)} s CPU, engine ${run.engine}${run.mismatches ? `, ${run.mismatches} MISMATCHES` : ''}`,
      );
    }
  }
  summarize(configs, runs, baseline, out, `${basename(suite)}: against ${baseline.name}`, say);
  return runs.some((x) => x.mismatches > 0) ? 1 : 0;
}

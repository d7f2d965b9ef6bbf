/**
 * One run of an experiment: revsolve's `solve -n 1 --json` or Edax's
 * `-solve` on the suite, in a child process that a signal stops, with the
 * child's own figures (nodes, process and search CPU, wall time, memory)
 * and a row per position (nodes, search time, score, right or not). Also
 * what a run's provenance says of the programs: the commit this package was
 * built from, Edax's binary (path, SHA-256, version line).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatObfLine, type Layout, readObf, readRegularFile, SHIPPED_WEIGHTS } from '../internal.js';
import { UsageError } from './options.js';

const CLI = fileURLToPath(new URL('./main.js', import.meta.url));

/** A setting a configuration sets, under the settings table's own key. */
export interface Config {
  readonly name: string;
  /** revsolve's solve, or Edax (--edax) given the same suite, table size and weights. */
  readonly program: 'revsolve' | 'edax';
  /** The command line's flags of the run (Edax's after its binary; the suite and weights files named by their role). */
  readonly flags: readonly string[];
  readonly hashBits: number;
  readonly tableLayout: Layout | 'edax';
  /** A --switches set by name ('none'). */
  readonly off: string;
  /** The weights file ('' the shipped ones). */
  readonly weights: string;
}

/** One position of a run: its nodes, the search's own time, its score and whether the suite's answers agree (null: none given). */
export interface PositionRow {
  readonly index: number;
  readonly empties: number;
  readonly nodes: number;
  readonly ms: number;
  readonly score: number;
  readonly ok: boolean | null;
}

export interface Run {
  readonly config: string;
  readonly program: 'revsolve' | 'edax';
  readonly round: number;
  readonly nodes: number;
  readonly userMs: number;
  readonly systemMs: number;
  /** The whole process's CPU time (user + system): its start and the weights' reading included. */
  readonly cpuMs: number;
  /** The searches' own time, the positions' times added up (one thread: their CPU), without the process's start. */
  readonly searchMs: number;
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
  /** The table's statistics summed by band of 4 empties of the positions (revsolve). */
  readonly bands: Record<string, { probes: number; hits: number; stores: number; overwrites: number; dropped: number; region: number }>;
  readonly positions: readonly PositionRow[];
}

/** A child's end: its status or signal, its output, its wall time. */
interface ChildEnd {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly error?: Error;
}

/** Runs a child to its end (`inherit`: its output goes to this process's); a stop kills it (SIGTERM) at once. */
export function runChild(
  cmd: string,
  argv: readonly string[],
  cwd: string | undefined,
  stop: AbortSignal,
  inherit = false,
): Promise<ChildEnd> {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const child = spawn(cmd, argv, { cwd, stdio: ['ignore', inherit ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe'] });
    const kill = () => child.kill('SIGTERM');
    stop.addEventListener('abort', kill, { once: true });
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    const end = (status: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      stop.removeEventListener('abort', kill);
      resolve({
        status,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: Number(process.hrtime.bigint() - t0) / 1e6,
        ...(error ? { error } : {}),
      });
    };
    child.on('error', (e) => end(null, null, e));
    child.on('close', (status, signal) => end(status, signal));
  });
}

/** A stop during a run: the run is not kept. */
export class RunStopped extends Error {}

/** revsolve's run of a configuration: `solve SUITE -n 1 --json --quiet FLAGS` in a fresh process. */
export async function runRevsolve(suite: string, c: Config, round: number, stop: AbortSignal): Promise<Run> {
  const before = loadavg()[0];
  const r = await runChild(process.execPath, [CLI, 'solve', suite, '-n', '1', '--json', '--quiet', ...c.flags], undefined, stop);
  if (stop.aborted) throw new RunStopped();
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
  const positions: PositionRow[] = lines
    .map((x) => ({ index: x.index, empties: x.empties, nodes: x.nodes, ms: x.ms, score: x.score, ok: x.ok }))
    .sort((a, b) => a.index - b.index);
  return {
    config: c.name,
    program: 'revsolve',
    round,
    nodes: s.nodes,
    userMs: s.process.userMs,
    systemMs: s.process.systemMs,
    cpuMs: s.process.userMs + s.process.systemMs,
    searchMs: Math.round(s.positionsMs),
    wallMs: Math.round(r.wallMs),
    minorFaults: s.process.minorFaults,
    majorFaults: s.process.majorFaults,
    peakKiB: s.process.peakKiB,
    engine: s.engine,
    weightsSha256: s.weightsSha256 ?? null,
    settingsDigest: s.settingsDigest ?? null,
    mismatches: s.mismatches,
    load: { before, after: loadavg()[0] },
    bands,
    positions,
  };
}

/**
 * Edax beside revsolve: its binary (its SHA-256 and version line for the
 * provenance), a folder with the suite's positions alone (Edax's reader
 * takes no `*:score` answers) and each weights file exported to an
 * eval.dat.
 */
export interface EdaxSetup {
  readonly bin: string;
  readonly sha256: string;
  /** Edax's first line ("Edax version 4.6 …"), as its trial run printed it. */
  readonly version: string;
  readonly dir: string;
  readonly positions: string;
  readonly answers: readonly (readonly number[])[];
  readonly evalDat: ReadonlyMap<string, string>;
}

/** FFO #1 (14 empties): what the binary is tried on. */
const EDAX_TRIAL = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;';

/**
 * Sets Edax up in `dir` (a folder the caller removes): the positions, the
 * weights exported, a trial on FFO #1 so that a binary that does not run,
 * or prints no node total, is one line and exit 2 before any run.
 */
export async function setUpEdax(bin: string, suite: string, evals: readonly string[], dir: string, stop: AbortSignal): Promise<EdaxSetup> {
  const { entries } = readObf(suite);
  const positions = join(dir, 'positions.obf');
  writeFileSync(positions, `${entries.map((e) => formatObfLine(e.position)).join('\n')}\n`);
  const evalDat = new Map<string, string>();
  for (const [i, e] of evals.entries()) {
    const dat = join(dir, `eval-${i}.dat`);
    const x = await runChild(process.execPath, [CLI, 'eval', 'export', e || SHIPPED_WEIGHTS, dat], undefined, stop);
    if (stop.aborted) throw new RunStopped();
    if (x.status !== 0)
      throw new UsageError(
        `--edax: the weights ${e || SHIPPED_WEIGHTS} cannot go to Edax: ${x.stderr
          .trim()
          .split('\n')[0]
          .replace(/^revsolve: /, '')}`,
      );
    evalDat.set(e, dat);
  }
  const trial = join(dir, 'trial.obf');
  writeFileSync(trial, `${EDAX_TRIAL}\n`);
  const t = await edaxProcess(
    bin,
    dir,
    ['-n', '1', '-l', '60', '-h', '10', '-eval-file', evalDat.get(evals[0]) ?? '', '-solve', trial],
    stop,
  );
  if (t.problem) throw new UsageError(`--edax ${bin}: ${t.problem}`);
  const sha256 = createHash('sha256').update(readRegularFile(bin)).digest('hex');
  return { bin, sha256, version: t.version, dir, positions, answers: entries.map((e) => e.answers.map((a) => a.score)), evalDat };
}

/** Edax's rows (" 2|   15   +00   0:00.009   396563   44062556 G5 …"): position, empties, score, time, nodes. */
const EDAX_ROW = /^[ \t]*(\d+)\|[ \t]*(\d+)[ \t]+([+-]\d+)[ \t]+(\S+)[ \t]+(\d+)/gm;

/** "0:00.009" or "1:02:03.456" in milliseconds. */
const clockMs = (text: string) => text.split(':').reduce((a, x) => a * 60 + Number(x), 0) * 1000;

/**
 * Runs Edax through sh, whose `times` gives the CPU time of its children
 * (user and system), so that no /usr/bin/time is needed; its node total,
 * as Edax counts nodes, from its last line ("FILE: N nodes in …").
 */
async function edaxProcess(bin: string, dir: string, argv: readonly string[], stop: AbortSignal) {
  const r = await runChild('sh', ['-c', '"$@"; s=$?; times >&2; exit $s', 'sh', bin, ...argv], dir, stop);
  const ms = (m: string, s: string) => (Number(m) * 60 + Number(s)) * 1000;
  const times = [...r.stderr.matchAll(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/g)].at(-1);
  const total = /(\d+) nodes in /.exec(r.stdout);
  const said = r.stderr
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
    version:
      r.stdout
        .split('\n')
        .find((l) => /edax/i.test(l))
        ?.trim() ?? '',
    nodes: total ? Number(total[1]) : 0,
    rows: [...r.stdout.matchAll(EDAX_ROW)].map((m) => ({
      index: Number(m[1]),
      empties: Number(m[2]),
      score: Number(m[3]),
      ms: clockMs(m[4]),
      nodes: Number(m[5]),
    })),
    userMs: times ? ms(times[1], times[2]) : 0,
    systemMs: times ? ms(times[3], times[4]) : 0,
    wallMs: r.wallMs,
  };
}

/** Edax's flags for a configuration, its files named by role (the provenance's form). */
export function edaxFlags(hashBits: number): string[] {
  return ['-n', '1', '-l', '60', '-h', String(hashBits), '-eval-file', '<weights as eval.dat>', '-solve', '<positions>'];
}

/** Edax's run of a configuration: its node total as it prints it, a row per position with its score checked against the suite's answers. */
export async function runEdax(e: EdaxSetup, c: Config, round: number, stop: AbortSignal): Promise<Run> {
  const before = loadavg()[0];
  const argv = edaxFlags(c.hashBits).map((f) =>
    f === '<weights as eval.dat>' ? (e.evalDat.get(c.weights) ?? '') : f === '<positions>' ? e.positions : f,
  );
  const x = await edaxProcess(e.bin, e.dir, argv, stop);
  if (stop.aborted) throw new RunStopped();
  if (x.problem) throw new UsageError(`${c.name}: Edax ${x.problem}`);
  const okOf = (index: number, score: number) => ((e.answers[index - 1]?.length ?? 0) > 0 ? e.answers[index - 1].includes(score) : null);
  const positions = x.rows.map((row) => ({
    index: row.index,
    empties: row.empties,
    nodes: row.nodes,
    ms: row.ms,
    score: row.score,
    ok: okOf(row.index, row.score),
  }));
  // A score not among the suite's answers is a mismatch, as solve counts them; so is a position with no row.
  const wrong = positions.filter((p) => p.ok === false).length;
  return {
    config: c.name,
    program: 'edax',
    round,
    nodes: x.nodes,
    userMs: Math.round(x.userMs),
    systemMs: Math.round(x.systemMs),
    cpuMs: Math.round(x.userMs + x.systemMs),
    searchMs: Math.round(positions.reduce((a, p) => a + p.ms, 0)),
    wallMs: Math.round(x.wallMs),
    minorFaults: null,
    majorFaults: null,
    peakKiB: null,
    engine: 'edax',
    weightsSha256: null,
    settingsDigest: null,
    mismatches: wrong + Math.max(0, e.answers.length - x.rows.length),
    load: { before, after: loadavg()[0] },
    bands: {},
    positions,
  };
}

/**
 * The commit this package was built from: the checkout's (live, "-dirty"
 * with changes to tracked files), else the one the build wrote into
 * dist/commit.json (an installed package), else null.
 */
export function commitOf(): string | null {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  try {
    const stamped = JSON.parse(readFileSync(join(root, 'dist', 'commit.json'), 'utf8')) as { commit?: unknown };
    if (!existsSync(join(root, '.git')) && typeof stamped.commit === 'string') return stamped.commit;
  } catch {
    // not stamped (a build older than the stamp)
  }
  return liveCommit(root);
}

function liveCommit(root: string): string | null {
  if (!existsSync(join(root, '.git'))) return null;
  const git = (...a: string[]) => spawnText('git', ['-C', root, ...a]);
  const head = git('rev-parse', '--short=12', 'HEAD');
  if (head === null) return null;
  return `${head}${git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : ''}`;
}

function spawnText(cmd: string, argv: readonly string[]): string | null {
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

// Shared by the table experiments: run the CLI, draw charts, update README sections.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vega from 'vega';
import * as vl from 'vega-lite';

export const ROOT = new URL('../', import.meta.url);
export const RESULTS = new URL('./results/', import.meta.url);
export const DEFAULT_SUITE = new URL('../obf/fforum-20-39.obf', import.meta.url).pathname;

/** --name value pairs of process.argv. */
export function args(defaults) {
  const out = { ...defaults };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    if (!a[i].startsWith('--')) throw new Error(`unexpected argument ${a[i]}`);
    const key = a[i].slice(2);
    if (!(key in defaults))
      throw new Error(
        `unknown option --${key}; options: ${Object.keys(defaults)
          .map((k) => `--${k}`)
          .join(' ')}`,
      );
    out[key] = a[++i];
  }
  return out;
}

/** Runs `revsolve solve <args> --json --quiet` in a fresh process; returns the per-position rows and the summary. */
export function solve(...a) {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [cli, 'solve', ...a, '--json', '--quiet'], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`revsolve solve ${a.join(' ')} exited ${r.status}: ${r.stderr}`);
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const summary = rows.pop();
  return { rows, summary };
}

/** Solves a suite single-threaded in a fresh process. */
export function solveSuite(suite, bits, layout) {
  return solve(suite, '-h', String(bits), '--table', layout, '-n', '1');
}

/** Up to `count` items of `list`, every k-th with k chosen to spread them over it. */
export function spreadPick(list, count) {
  const step = Math.max(1, Math.floor(list.length / count));
  const pick = [];
  for (let k = 0; k < list.length && pick.length < count; k += step) pick.push(list[k]);
  return pick;
}

/** What a result records of how it was made: the command, the commit (-dirty: with uncommitted changes to the program), the machine, the date. */
export function machine() {
  const git = (...a) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  // Results being written are not a change to the program.
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results', ':!bench/README.md') !== '';
  const script = relative(fileURLToPath(ROOT), process.argv[1] ?? '');
  return {
    command: ['node', script, ...process.argv.slice(2)].join(' '),
    commit: git('rev-parse', '--short', 'HEAD') + (dirty ? '-dirty' : ''),
    node: process.version,
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    date: new Date().toISOString(),
  };
}

/**
 * How busy the machine is now: the 1-minute load average, and the cores'
 * share kept busy over `ms` (from /proc/stat: all processes', this one's
 * included, which waits meanwhile), in cores.
 */
export function machineLoad(ms = 2000) {
  const sample = () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    return { total: cpu.reduce((a, x) => a + x, 0), idle };
  };
  const a = sample();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const b = sample();
  const busy = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
  return { loadavg1: Number(loadavg()[0].toFixed(2)), busyCores: Number((busy * cpus().length).toFixed(2)) };
}

/** Busy cores above which a machine is not idle: a benchmark's figures from it are not results. */
export const IDLE_BUSY_CORES = 0.25;

export function saveJson(name, value) {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(new URL(name, RESULTS), `${JSON.stringify(value, null, 2)}\n`);
}

/** Renders a vega-lite spec to SVG in bench/results/. */
export async function saveChart(name, spec) {
  const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
  writeFileSync(new URL(name, RESULTS), await view.toSVG());
}

/** Replaces the text between <!-- tag --> and <!-- /tag --> in bench/README.md (appends the section if absent). */
export function updateReadme(tag, markdown) {
  const file = new URL('./README.md', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const open = `<!-- ${tag} -->`;
  const close = `<!-- /${tag} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const i = text.indexOf(open);
  const j = text.indexOf(close);
  writeFileSync(file, i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + close.length) : `${text.trimEnd()}\n\n${block}\n`);
}

export const fmt = (n) => Math.round(n).toLocaleString('en-US');
export const mib = (b) =>
  b >= 2 ** 30 ? `${(b / 2 ** 30).toFixed(1)} GiB` : b >= 2 ** 20 ? `${(b / 2 ** 20).toFixed(0)} MiB` : `${(b / 2 ** 10).toFixed(0)} KiB`;

/** Starts `revsolve web` on a free port: its process, and the page's address once it serves. */
export async function servePage() {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const server = spawn(process.execPath, [cli, 'web', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /serving the page at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.once('exit', () => reject(new Error(`revsolve web exited: ${out}`)));
  });
  return { server, url };
}

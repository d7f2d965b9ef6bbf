/**
 * revsolve processes run as a user runs them, for the tests that start
 * them: the built command line (run to its end: runIn), a free loopback port, a process whose
 * output is collected and awaited line by line (each wait bounded), ended
 * at cleanup.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  readonly signal: NodeJS.Signals | null;
  /** Wall time of the run, in ms. */
  readonly ms: number;
}

/** Runs the command line with `args` in `cwd` to its end, bounded by `timeout` ms. */
export function runIn(cwd: string, args: readonly string[], timeout = 120_000): CliRun {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, timeout, maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal, ms: Date.now() - t0 };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A revsolve process whose output is collected, and awaited for lines. */
export class Proc {
  out = '';
  err = '';
  readonly exited: Promise<number | null>;
  private readonly proc: ChildProcess;

  constructor(args: string[], env: Record<string, string> = {}) {
    this.proc = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.proc.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.proc.stderr!.on('data', (d: Buffer) => (this.err += d.toString()));
    this.exited = new Promise((resolve) => this.proc.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  }

  get pid(): number {
    return this.proc.pid!;
  }

  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Waits until stdout + stderr match. */
  async waitFor(re: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
    const t0 = Date.now();
    for (;;) {
      const m = (this.out + this.err).match(re);
      if (m) return m;
      if (!this.running) throw new Error(`exited before ${re}: ${this.err}`);
      if (Date.now() - t0 > ms) throw new Error(`no ${re} within ${ms} ms: ${this.err}`);
      await sleep(25);
    }
  }

  kill(signal: NodeJS.Signals): void {
    this.proc.kill(signal);
  }

  /** Ends it if it still runs (test cleanup). */
  async end(): Promise<void> {
    if (this.running) {
      this.proc.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** A run's JSON result lines by index (each comes as its position finishes, naming its index), the summary left out. */
export function jsonRows(out: string): Record<string, unknown>[] {
  const rows = out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((r) => !r.summary);
  return rows.sort((a, b) => Number(a.index) - Number(b.index));
}

/** What must agree between two runs of the same positions: score, move, and (whole positions, same table) nodes. */
export function essentials(rows: Record<string, unknown>[]): string[] {
  return rows.map((r) => `${String(r.index)} ${String(r.score)} ${String(r.move)} ${String(r.nodes)}`);
}

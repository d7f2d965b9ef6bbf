/**
 * Real parts for the queue's tests: a redis-server (Debian's package) on a
 * free loopback port, its files in a temporary directory, and revsolve
 * processes (workers, coordinators) run as a user runs them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

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

/** Does a Redis answer PING on this port? */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    sock.setTimeout(1000, () => {
      sock.destroy();
      resolve(false);
    });
    sock.on('error', () => resolve(false));
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) {
        sock.destroy();
        resolve(got.startsWith('+PONG'));
      }
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A redis-server of our own, persisting to an append-only file so that a restart keeps the queue. */
export class RedisServer {
  readonly dir = mkdtempSync(join(tmpdir(), 'revsolve-redis-'));
  private proc: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--protected-mode',
        'no',
        '--logfile',
        join(this.dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    const t0 = Date.now();
    while (!(await pong(this.port))) {
      if (Date.now() - t0 > 10_000) throw new Error(`redis-server did not start on port ${this.port}`);
      await sleep(50);
    }
  }

  /** Stops it (SIGTERM: it finishes writing its file) and waits for the exit. */
  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
  }

  /** Stops it for good and removes its directory. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  client(): Redis {
    return new Redis({ port: this.port, host: '127.0.0.1', maxRetriesPerRequest: null });
  }
}

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

/** A queue worker of one thread with fast lock and stall checks, ready when it says so. */
export async function startWorker(url: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Proc> {
  const w = new Proc(
    ['worker', '--queue', url, '-n', '1', '-h', '16', '--lock-ms', '1500', '--stall-ms', '500', '--verbose', ...extra],
    env,
  );
  await w.waitFor(/revsolve worker .* on redis/);
  return w;
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

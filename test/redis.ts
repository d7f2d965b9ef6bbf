/**
 * Real parts for the queue's tests: a redis-server (Debian's package) on a
 * free loopback port, its files in a temporary directory, queue workers
 * started as a user starts them, and what their runs print.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Proc, sleep } from './processes.js';

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

/** A queue worker of one thread with fast lock and stall checks, ready when it says so. */
export async function startWorker(url: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Proc> {
  const w = new Proc(
    ['worker', '--queue', url, '-n', '1', '-h', '16', '--lock-ms', '1500', '--stall-ms', '500', '--verbose', ...extra],
    env,
  );
  await w.waitFor(/revsolve worker .* on redis/);
  return w;
}

/**
 * Signals and streams: every command stops on SIGINT, SIGTERM or SIGHUP in
 * every state (solving, waiting on a pipe, on Redis) with the signal's exit
 * code, and loses no finished result; output comes as it is done; a full
 * or closed stderr, or a reader gone, changes no row and no exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refused, stopSuites } from './bad-input.js';
import { OBF } from './helpers.js';
import { CLI, freePort, Proc, runIn, sleep } from './processes.js';
import { RedisServer } from './redis.js';
import { tempDir } from './tmp.js';

describe('stops and bad inputs', () => {
  const dir = tempDir('stops');
  const { S3, MANY } = stopSuites(dir);

  /** Waits (bounded) until the process's output matches. */
  async function until(p: Proc, re: RegExp, ms = 60_000): Promise<void> {
    await p.waitFor(re, ms);
  }

  async function exitWithin(p: Proc, ms: number): Promise<number | null | 'hang'> {
    const r = await Promise.race([p.exited, sleep(ms).then(() => 'hang' as const)]);
    if (r === 'hang') await p.end();
    return r;
  }

  const procs: Proc[] = [];
  afterAll(async () => {
    for (const p of procs) await p.end();
  });

  describe('a signal never loses a finished result', () => {
    for (const json of [false, true]) {
      it(`SIGINT mid-suite on two workers: every finished row is printed${json ? ' (--json)' : ''}`, async () => {
        const p = new Proc(['solve', MANY, '-h', '14', '-n', '2', '--progress-every', '0.2', ...(json ? ['--json'] : [])]);
        procs.push(p);
        await until(p, /progress: [1-9]\d*\/100 done/);
        p.kill('SIGINT');
        expect(await exitWithin(p, 10_000)).toBe(130);
        const done = Number(/interrupted: (\d+) of 100 positions finished/.exec(p.err)?.[1]);
        expect(done).toBeGreaterThan(0);
        const rows = json
          ? p.out
              .split('\n')
              .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
              .map((l) => JSON.parse(l) as { index: number })
          : p.out
              .split('\n')
              .filter((l) => /^\s*\d+ \|/.test(l))
              .map((l) => ({ index: Number(l.split('|')[0]) }));
        expect(rows.length, p.out + p.err).toBe(done);
        expect(new Set(rows.map((r) => r.index)).size).toBe(done);
      });
    }
  });

  describe('output of commands on a thread shows as it is done', () => {
    it('perft 13: lines up to depth 10 are out before SIGINT, and stay', async () => {
      const p = new Proc(['perft', '13']);
      procs.push(p);
      await until(p, /perft 10:\s+24,571,284/);
      p.kill('SIGINT');
      expect(await exitWithin(p, 10_000)).toBe(130);
      expect(p.out).toMatch(/perft {2}9:\s+3,005,288/);
      expect(p.out).toMatch(/perft 10:\s+24,571,284/);
    });
  });

  describe('signals are heard while Redis is away and its loss is said in one line', () => {
    it('solve --queue, worker --queue, queue status with no Redis: SIGINT exits 130 at once', async () => {
      const url = `redis://127.0.0.1:${await freePort()}`;
      for (const args of [
        ['solve', S3, '--queue', url],
        ['worker', '--queue', url, '-n', '1', '-h', '12'],
        ['queue', 'status', url],
      ]) {
        const p = new Proc(args);
        procs.push(p);
        await sleep(1500); // the command is waiting for Redis by now; the bound below is the test
        p.kill('SIGINT');
        expect(await exitWithin(p, 5000), p.err).toBe(130);
      }
    });

    it('a worker whose Redis stops for a while: one line when lost, one when back, no stack', async () => {
      const redis = new RedisServer(await freePort());
      await redis.start();
      const w = new Proc(['worker', '--queue', redis.url, '-n', '1', '-h', '12']);
      procs.push(w);
      try {
        await until(w, /revsolve worker .* on redis/);
        await redis.stop();
        await until(w, /Redis at .* lost/, 20_000);
        await sleep(1000);
        await redis.start();
        await until(w, /Redis at .* back after/, 20_000);
        w.kill('SIGTERM');
        expect(await exitWithin(w, 15_000)).toBe(143);
        expect(w.err).not.toMatch(/ioredis|Unhandled|^\s+at /m);
        expect(w.err.match(/lost/g)?.length).toBe(1);
      } finally {
        await w.end();
        await redis.dispose();
      }
    });
  });
});

describe('how the command line fails', () => {
  const dir = tempDir('fail');

  const run = (...args: string[]) => runIn(process.cwd(), args);

  const EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  /** Generous: a stop that takes longer is a hang, not slowness. */
  const STOP_LIMIT_MS = 10_000;
  const stopTimes: string[] = [];

  /** Starts the CLI, sends `signal` once it has worked `afterMs`, and waits (at most STOP_LIMIT_MS) for it to exit. */
  async function interrupt(signal: NodeJS.Signals, afterMs: number, ...args: string[]) {
    const child = spawn(process.execPath, [CLI, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    await new Promise((r) => setTimeout(r, afterMs));
    const t0 = Date.now();
    child.kill(signal);
    const timeout = new Promise<'hang'>((r) => setTimeout(() => r('hang'), STOP_LIMIT_MS));
    const end = await Promise.race([exited, timeout]);
    if (end === 'hang') child.kill('SIGKILL');
    const ms = Date.now() - t0;
    stopTimes.push(`${args.slice(0, 2).join(' ')} ${signal}: ${ms} ms`);
    return { end, out, err, ms };
  }

  describe('signals stop every command', () => {
    const long = [
      ['solve, one worker, quiet', 'solve', `${OBF}fforum-40-59.obf`, '-n', '1', '--quiet', '-h', '16'],
      [
        'solve, one position, quiet',
        'solve',
        '--position',
        '---------------------------OX------XO--------------------------- X',
        '--quiet',
        '-h',
        '16',
      ],
      ['solve, two workers', 'solve', `${OBF}fforum-40-59.obf`, '-n', '2', '-h', '16'],
      ['perft', 'perft', '16'],
    ];
    for (const [what, ...args] of long) {
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
        if (what !== 'solve, one worker, quiet' && signal !== 'SIGINT' && !(what === 'perft' && signal === 'SIGTERM')) continue;
        it(`${what}: ${signal} exits ${EXIT[signal]} with the interrupted message`, async () => {
          const r = await interrupt(signal, 2500, ...args);
          expect(r.end, r.err).toEqual({ code: EXIT[signal], signal: null });
          expect(r.err).toMatch(/interrupted/);
          expect(r.err).not.toMatch(/^\s+at /m);
        }, 30_000);
      }
    }

    it('train fit: SIGINT exits 130 with the interrupted message', async () => {
      const data = join(dir, 'gen.bin');
      expect(run('train', 'gen', data, '--games', '40', '--solve-at', '10', '--quiet', '-n', '1').code).toBe(0);
      const r = await interrupt('SIGINT', 1500, 'train', 'fit', data, '--out', join(dir, 'fit.rsev'), '--epochs', '10000');
      expect(r.end).toEqual({ code: 130, signal: null });
      expect(r.err).toMatch(/interrupted/);
    }, 60_000);
  });
});

describe('streams and signals', () => {
  const dir = tempDir('streams');

  /** Runs the command line with stderr on /dev/full (every write to it fails: ENOSPC). */
  function withFullStderr(...args: string[]) {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', full], timeout: 60_000 });
      return { code: r.status, out: r.stdout };
    } finally {
      closeSync(full);
    }
  }

  /** Whether the process has a handler for this signal (its caught-signals mask in /proc). */
  function catches(pid: number, signum: number): boolean {
    try {
      const mask = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
      return (BigInt(`0x${mask}`) >> BigInt(signum - 1)) % 2n === 1n;
    } catch {
      return false;
    }
  }

  describe.skipIf(!existsSync('/dev/full'))('a full or closed stderr', () => {
    it('solve: every row and the total on stdout, exit 0', () => {
      const r = withFullStderr('solve', `${OBF}fforum-1-19.obf`, '-h', '16', '-n', '1');
      expect(r.code).toBe(0);
      expect(r.out.split('\n').filter((l) => /^\s+\d+ \|/.test(l))).toHaveLength(19);
      expect(r.out).toMatch(/19 positions: .* 0 mismatches/);
    });

    it('a bad input still exits 2, a command on its own thread still exits 0', () => {
      expect(withFullStderr('solve', join(dir, 'nope.obf')).code).toBe(2);
      expect(withFullStderr('eval', 'info', join(dir, 'nope.dat')).code).toBe(2);
      const p = withFullStderr('perft', '5');
      expect([p.code, p.out.trim().split('\n').length]).toEqual([0, 5]);
    });

    it('stdout and stderr to a reader that goes away after 3 lines: quietly, exit 0', () => {
      const r = spawnSync(
        'bash',
        ['-c', `"${process.execPath}" "${CLI}" solve "${OBF}fforum-1-19.obf" -h 16 -n 1 2>&1 | head -3; exit \${PIPESTATUS[0]}`],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(3);
    });
  });

  describe('signals in every state', () => {
    for (const [signal, signum, code] of [
      ['SIGINT', 2, 130],
      ['SIGTERM', 15, 143],
    ] as const) {
      it(`a named pipe with no writer as the suite: ${signal} ends the command (exit ${code})`, async () => {
        const fifo = join(dir, `suite-${signal}.obf`);
        expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
        const p = new Proc(['solve', fifo]);
        try {
          await p.waitFor(/waiting for it to be written/, 10_000);
          expect(catches(p.pid, signum)).toBe(true);
          p.kill(signal);
          const exit = await Promise.race([p.exited, new Promise((r) => setTimeout(() => r('still running'), 10_000))]);
          expect(exit).toBe(code);
          expect(p.err).toMatch(new RegExp(`interrupted by ${signal} while waiting for .* to be written`));
        } finally {
          await p.end();
        }
      });
    }

    it('a named pipe that is written to is read as the suite', async () => {
      const fifo = join(dir, 'written.obf');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const p = new Proc(['solve', fifo, '-h', '14', '-n', '1', '--quiet']);
      try {
        const writer = spawn('sh', ['-c', `head -3 "${OBF}fforum-1-19.obf" > "${fifo}"`]);
        await new Promise((r) => writer.once('exit', r));
        expect(await p.exited).toBe(0);
        expect(p.out).toMatch(/3 positions: .* 0 mismatches/);
      } finally {
        await p.end();
      }
    });

    it('--json interrupted: the rows finished, then the summary marked interrupted', async () => {
      const p = new Proc(['solve', `${OBF}fforum-20-39.obf`, '-h', '16', '-n', '1', '--json', '--quiet']);
      try {
        await p.waitFor(/^\{"index":2,/m, 60_000);
        p.kill('SIGINT');
        expect(await p.exited).toBe(130);
        const lines = p.out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        const last = lines[lines.length - 1];
        expect(last).toMatchObject({ summary: true, interrupted: true, signal: 'SIGINT', inputPositions: 20, positions: lines.length - 1 });
        expect(lines.slice(0, -1).every((l) => l.ok === true)).toBe(true);
      } finally {
        await p.end();
      }
    });
  });
});

describe('the second QA pass, issue 67', () => {
  const dir = tempDir('second-qa');
  const run = (args: string[], cwd = dir, timeout = 120_000) => runIn(cwd, args, timeout);

  describe('C3: a pipe is refused at once, never waited on', () => {
    const fifo = join(dir, 'fifo');
    const made = spawnSync('mkfifo', [fifo]).status === 0;

    it.runIf(made)('--eval FIFO and --results FIFO: one line, exit 2, within seconds', () => {
      const t0 = Date.now();
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '--eval', fifo], dir, 20_000),
        /^revsolve: .*fifo: cannot read the file: is a pipe \(FIFO\)/,
      );
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '--results', fifo], dir, 20_000),
        /^revsolve: .*fifo: is a pipe \(FIFO\), not a regular file/,
      );
      refused(run(['analyze', fifo], dir, 20_000), /^revsolve: .*fifo: is not a regular file \(a pipe or a device\)/);
      expect(Date.now() - t0).toBeLessThan(60_000); // bounded: a blocked read would hit spawnSync's timeout instead
    });

    it('a device as --results (where nothing can be flushed or read back) is refused, not reported as dying workers (M5)', () => {
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '--results', '/dev/null']),
        /^revsolve: \/dev\/null: is a device, not a regular file/,
      );
      refused(run(['analyze', 'f5d6', '--results', '/dev/null', '--force']), /^revsolve: \/dev\/null: is a device, not a regular file/);
    });
  });
});

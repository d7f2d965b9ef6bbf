/**
 * Streams and signals: stderr carries only messages, so a full or closed
 * stderr changes neither the exit code nor a row on stdout; a reader gone
 * ends the command quietly; a named pipe with no writer does not make the
 * command deaf to signals; an interrupted --json run still ends with its
 * summary, marked interrupted.
 */

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { CLI, Proc } from './processes.js';
import { tempDir } from './tmp.js';

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

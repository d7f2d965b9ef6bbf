/**
 * Say what is done: a resume that would mix rows of other settings or of
 * another suite is refused before anything is appended; options that
 * another option makes meaningless are one clear line; sizes in units that
 * show them; a coordinator with no worker on its queue says so within a few
 * seconds; queue status on an unreachable Redis fails within a few seconds.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { CLI, freePort, Proc } from './processes.js';
import { RedisServer } from './redis.js';
import { tempDir } from './tmp.js';

const dir = tempDir('usage');
const run = (...args: string[]) => {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr, ms: Date.now() - t0 };
};
const oneLine = (r: { code: number | null; err: string }, re: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(re)]);
};

describe('resume refuses what would mix', () => {
  beforeAll(() => {
    writeFileSync(join(dir, 'three.obf'), readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n').slice(0, 3).join('\n'));
    writeFileSync(join(dir, 'other.obf'), readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8').split('\n').slice(0, 2).join('\n'));
    const r = run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--quiet');
    expect(r.code, r.err).toBe(0);
  }, 60_000);

  it('other settings (-h, --eval, --selectivity, --table): refused, the file as it was', () => {
    const before = readFileSync(join(dir, 'r.jsonl'), 'utf8');
    for (const other of [
      ['-h', '16'],
      ['--eval', 'none'],
      ['--selectivity', '2'],
      ['--table', 'board4'],
    ]) {
      oneLine(
        run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet', ...other),
        /^revsolve: --resume: r\.jsonl:1: made with other search settings/,
      );
    }
    expect(readFileSync(join(dir, 'r.jsonl'), 'utf8')).toBe(before);
    const same = run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet');
    expect(same.code, same.err).toBe(0);
    expect(same.err).toMatch(/resuming: 3 position/);
  });

  it("another suite's results file: refused", () => {
    oneLine(
      run('solve', 'other.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet'),
      /^revsolve: --resume: r\.jsonl: 2 of its lines are another suite's positions/,
    );
  });
});

describe('options that do not go together, and what the intro says', () => {
  it('--selectivity with mobility ordering or no weights; --force without --results', () => {
    oneLine(
      run('solve', join(OBF, 'fforum-1-19.obf'), '--selectivity', '1', '--ordering', 'mobility'),
      /^revsolve: --selectivity: .*need eval ordering, not mobility ordering/,
    );
    oneLine(
      run('solve', join(OBF, 'fforum-1-19.obf'), '--selectivity', '1', '--eval', 'none'),
      /^revsolve: --selectivity: .*not no weights/,
    );
    oneLine(run('solve', join(OBF, 'fforum-1-19.obf'), '--force'), /^revsolve: --force overwrites the --results file/);
  });

  it('-h 10 is 32 KiB', () => {
    const r = run('solve', '--position', 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O', '-h', '10', '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/2\^10 entries x 32 B = 32 KiB \(board2\)/);
  });
});

describe('the queue says when nothing listens', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = new RedisServer(await freePort());
    await redis.start();
  });
  afterAll(async () => {
    await redis?.dispose();
  });

  it("a coordinator whose queue has no worker says so, with the queue's name and settings, within a few seconds", async () => {
    const c = new Proc(['solve', join(OBF, 'fforum-1-19.obf'), '--queue', redis.url, '-h', '12', '--run', 'lonely', '--quiet']);
    try {
      const m = await c.waitFor(/note: no worker listens on queue (revsolve-s2-[0-9a-f]{12}) \((-h 12 --table board2 [^)]*)\) yet/, 15_000);
      expect(m[2]).toMatch(/--selectivity 1,2$/);
    } finally {
      await c.end();
    }
    expect(run('queue', 'clean', redis.url, '--run', 'lonely').code).toBe(0);
  }, 30_000);

  it('a run made by an earlier revsolve (its queue named by the older digest): one line saying what to do', async () => {
    const client = new Redis({ host: '127.0.0.1', port: redis.port, lazyConnect: true });
    await client.connect();
    try {
      // The record an earlier revsolve wrote: its queue named by 12 hex digits, without the s2- of today's digest.
      await client.hset('revsolve:run:older', {
        suite: 'x',
        queue: 'revsolve-0123456789ab',
        count: '19',
        created: '2026-01-01T00:00:00Z',
        settings: 'h 12 board2',
      });
    } finally {
      client.disconnect();
    }
    oneLine(
      run('solve', join(OBF, 'fforum-1-19.obf'), '--queue', redis.url, '-h', '12', '--run', 'older', '--resume', '--quiet'),
      /^revsolve: run older in redis:\/\/127\.0\.0\.1:\d+ was made by an earlier revsolve \(queue revsolve-0123456789ab\): finish it with that revsolve, or remove it \(revsolve queue clean .* --run older\) and solve again$/,
    );
    expect(run('queue', 'clean', redis.url, '--run', 'older').code).toBe(0);
  });

  it('a results file written by an earlier revsolve: one line saying what to do', () => {
    const results = join(dir, 'older.jsonl');
    const first = readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n')[0].split(';')[0].trim();
    writeFileSync(
      results,
      `${JSON.stringify({ index: 1, empties: 14, move: 'G8', score: 18, ok: true, nodes: 1, ms: 1, pv: ['G8'], table: {}, position: first, search: '0123456789ab' })}\n`,
    );
    oneLine(
      run('solve', join(OBF, 'fforum-1-19.obf'), '-h', '12', '--results', results, '--resume', '--quiet'),
      /^revsolve: --resume: .*older\.jsonl:1: made by an earlier revsolve, whose settings digest \(0123456789ab\) this one does not read: finish it with that revsolve, or solve again with --force/,
    );
  });

  it('queue status and clean on a Redis that is not there fail within a few seconds, one line, exit 2', async () => {
    const port = await freePort();
    for (const args of [
      ['status', `redis://127.0.0.1:${port}`],
      ['clean', `redis://127.0.0.1:${port}`, '--run', 'x'],
    ]) {
      const r = run('queue', ...args);
      oneLine(r, new RegExp(`127\\.0\\.0\\.1:${port}`));
      expect(r.ms).toBeLessThan(10_000);
    }
  }, 60_000);
});

/**
 * Stops and bad inputs: no finished result lost on a signal, output as it
 * is done, full disks and bad inputs in one line with exit 2, signals heard
 * while Redis is away, results files that never overwrite an input, options
 * checked at the library's calls.
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FileError,
  ObfError,
  OptionError,
  PASS,
  PositionError,
  parsePosition,
  play,
  readObf,
  Solver,
  START_POSITION,
  solveSuite,
} from '../dist/index.js';
import { OBF } from './helpers.js';
import { CLI, freePort, Proc, sleep } from './processes.js';
import { RedisServer } from './redis.js';
import { tempDir } from './tmp.js';

const dir = tempDir('stops');
const WEIGHTS = join(OBF, '..', 'weights', 'revsolve.rsev');
const S1_19 = join(OBF, 'fforum-1-19.obf');
const S20_39 = readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8');
const S3 = join(dir, 's3.obf');
writeFileSync(S3, `${readFileSync(S1_19, 'utf8').split('\n').slice(0, 3).join('\n')}\n`);
const MANY = join(dir, 'many.obf');
writeFileSync(MANY, S20_39.repeat(5));

function run(args: string[], stdout: 'pipe' | number = 'pipe') {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', stdout, 'pipe'], maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr };
}

function oneLine(err: string, ...names: string[]): void {
  const lines = err.trim().split('\n');
  expect(lines.length, err).toBe(1);
  for (const n of names) expect(lines[0]).toContain(n);
  expect(err).not.toMatch(/^\s+at /m);
}

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

describe('the library: results as they finish', () => {
  it("order: 'finished' yields each result when done, with its index; the default keeps input order", async () => {
    const lines = S20_39.split('\n');
    const slow = lines.find((l) => l.trim() !== '' && !l.startsWith('%'))!; // FFO #20 is easy; take a harder one below
    const hard = lines.filter((l) => l.trim() !== '' && !l.startsWith('%'))[5] ?? slow; // FFO #25
    const quick = readFileSync(S1_19, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, 6);
    const file = join(dir, 'mixed.obf');
    writeFileSync(file, `${[hard, ...quick].join('\n')}\n`);
    const finished: number[] = [];
    for await (const r of solveSuite(file, { workers: 2, split: 'never', hashBits: 14, order: 'finished' })) finished.push(r.index);
    expect([...finished].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(finished[0]).not.toBe(1); // the hard position started first and ended last
    const inOrder: number[] = [];
    for await (const r of solveSuite(file, { workers: 2, split: 'never', hashBits: 14 })) inOrder.push(r.index);
    expect(inOrder).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
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

describe('a full disk is one line naming the output, exit 2', () => {
  const full = () => openSync('/dev/full', 'w');
  it('stdout of solve and of perft', () => {
    for (const args of [
      ['solve', S3, '-n', '1', '--quiet', '-h', '12'],
      ['perft', '5'],
    ]) {
      const fd = full();
      const r = run(args, fd);
      closeSync(fd);
      expect(r.code, r.err).toBe(2);
      oneLine(r.err, 'stdout', 'no space left');
    }
  });
  it('--results (a device: refused before the run), eval compress, eval export', () => {
    const r = run(['solve', S3, '-n', '1', '--quiet', '-h', '12', '--results', '/dev/full']);
    expect(r.code, r.err).toBe(2);
    oneLine(r.err, '/dev/full', 'is a device, not a regular file');
    for (const args of [
      ['eval', 'compress', WEIGHTS, '/dev/full', '--bits', '4'],
      ['eval', 'export', WEIGHTS, '/dev/full'],
    ]) {
      const r = run(args);
      expect(r.code, r.err).toBe(2);
      oneLine(r.err, '/dev/full', 'no space left');
    }
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

describe('a results file never overwrites', () => {
  it('refuses the suite, the weights, and an existing file without --resume or --force', () => {
    const suite = join(dir, 'same.obf');
    writeFileSync(suite, readFileSync(S3));
    const before = readFileSync(suite, 'utf8');
    let r = run(['solve', suite, '-h', '12', '--quiet', '--results', suite]);
    expect(r.code).toBe(2);
    oneLine(r.err, '--results', 'input');
    expect(readFileSync(suite, 'utf8')).toBe(before);
    const w = join(dir, 'w.rsev');
    writeFileSync(w, readFileSync(WEIGHTS));
    r = run(['solve', S3, '-h', '12', '--quiet', '--eval', w, '--results', w]);
    expect(r.code).toBe(2);
    expect(readFileSync(w).equals(readFileSync(WEIGHTS))).toBe(true);
    const results = join(dir, 'r.jsonl');
    expect(run(['solve', S3, '-h', '12', '--quiet', '--results', results]).code).toBe(0);
    const kept = readFileSync(results, 'utf8');
    r = run(['solve', S3, '-h', '12', '--quiet', '--results', results]);
    expect(r.code).toBe(2);
    oneLine(r.err, '--resume', '--force');
    expect(readFileSync(results, 'utf8')).toBe(kept);
    r = run(['solve', S3, '-h', '12', '--quiet', '--results', results, '--force']);
    expect(r.code).toBe(0);
    expect(readFileSync(results, 'utf8').trim().split('\n').length).toBe(3);
  });
});

describe('inputs that are not suites', () => {
  it('a binary file: one line, exit 2', () => {
    const big = join(dir, 'big.bin');
    writeFileSync(big, randomBytes(1 << 20));
    const r = run(['solve', big, '-h', '12']);
    expect(r.code).toBe(2);
    oneLine(r.err, big, 'binary');
  });
  it('an empty file and /dev/null are errors; --eval "" is a usage error', () => {
    const empty = join(dir, 'empty.obf');
    writeFileSync(empty, '');
    for (const f of [empty, '/dev/null']) {
      const r = run(['solve', f, '-h', '12']);
      expect(r.code).toBe(2);
      oneLine(r.err, f, 'no position');
    }
    const r = run(['solve', S3, '-h', '12', '--eval', '']);
    expect(r.code).toBe(2);
    oneLine(r.err, '--eval');
  });
  it('worker -h 30: the memory check of solve', () => {
    const r = run(['worker', '--queue', 'redis://127.0.0.1:1', '-h', '30', '-n', '1']);
    expect(r.code).toBe(2);
    oneLine(r.err, 'table', '-h');
  });
});

describe('the library checks its options', () => {
  it('every bad option is an OptionError naming it', async () => {
    expect(() => new Solver({ tableLayout: 'bogus' as never })).toThrow(OptionError);
    expect(() => new Solver({ tableLayout: 'bogus' as never })).toThrow(/tableLayout/);
    expect(() => new Solver({ ordering: 'bogus' as never })).toThrow(/ordering/);
    expect(() => new Solver({ hashBits: 40 })).toThrow(/hashBits/);
    const bad = [{ split: 'bogus' }, { signal: 'x' }, { workers: 0 }, { order: 'sideways' }];
    // Checked at the call, before any work (the iteration is never started).
    for (const o of bad) {
      expect(() => solveSuite(S3, { hashBits: 12, ...(o as object) })).toThrow(new RegExp(Object.keys(o)[0]));
      expect(() => solveSuite(S3, { hashBits: 12, ...(o as object) })).toThrow(OptionError);
    }
  });
  it('play(p, PASS) while moves exist is a PositionError', () => {
    expect(() => play(START_POSITION, PASS)).toThrow(PositionError);
    expect(() => play(START_POSITION, 27)).toThrow(PositionError); // d4 is taken
  });
  it('bad lines of a suite reach the caller with their line numbers', async () => {
    const garbage = join(dir, 'garbage.obf');
    writeFileSync(garbage, `${readFileSync(S3, 'utf8').split('\n')[0]}\nnot a position\n`);
    expect(() => solveSuite(garbage, { hashBits: 12, workers: 1 })).toThrow(`${garbage}:2:`);
    const bad: ObfError[] = [];
    const got: number[] = [];
    for await (const r of solveSuite(garbage, { hashBits: 12, workers: 1, onBadLine: (e) => bad.push(e) })) got.push(r.index);
    expect(got).toEqual([1]);
    expect(bad.map((e) => e.line)).toEqual([2]);
    expect(bad[0]).toBeInstanceOf(FileError);
    expect(() => readObf(join(dir, 'missing.obf'))).toThrow(ObfError);
    expect(parsePosition(readFileSync(S3, 'utf8').split('\n')[0].split(';')[0]).toMove).toBe('X');
  });
});

describe('messages say what is there', () => {
  it('a {} line in a results file', () => {
    const results = join(dir, 'odd.jsonl');
    writeFileSync(results, '{}\n');
    const r = run(['solve', S3, '-h', '12', '--quiet', '--json', '--results', results, '--resume']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('no index');
    expect(r.err).not.toContain('undefined');
  });
  it('train gen --resume asking fewer games than the file holds', () => {
    const data = join(dir, 'gen.bin');
    expect(run(['train', 'gen', data, '--games', '8', '--batch', '2', '--solve-at', '8', '--quiet', '-n', '1', '-h', '12']).code).toBe(0);
    const r = run(['train', 'gen', data, '--games', '4', '--batch', '2', '--solve-at', '8', '--quiet', '-n', '1', '-h', '12', '--resume']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('4 batches');
    expect(r.out).toContain('nothing added');
  });
});

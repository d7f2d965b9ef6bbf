/**
 * How the command line fails: signals stop every command with the
 * interrupted message and the signal's exit code; bad files and bad paths
 * give one line naming the file and the problem, exit 2, never a stack trace.
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { tempDir } from './tmp.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const dir = tempDir('fail');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** One line on stderr, naming what it must, and no stack trace. */
function oneLine(err: string, ...names: string[]): void {
  const lines = err.trim().split('\n');
  expect(lines.length, err).toBe(1);
  for (const n of names) expect(lines[0]).toContain(n);
  expect(err).not.toMatch(/^\s+at /m);
}

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

describe('output paths that cannot be written', () => {
  const suite = `${OBF}fforum-1-19.obf`;
  it('--results in a missing directory: one line, exit 2, no table printed', () => {
    const file = join(dir, 'missing', 'r.jsonl');
    const r = run('solve', suite, '--results', file, '-h', '12');
    expect(r.code).toBe(2);
    oneLine(r.err, file);
    expect(r.out).toBe('');
  });

  it('--results onto a directory: one line, exit 2', () => {
    const d = join(dir, 'a-directory');
    mkdirSync(d, { recursive: true });
    const r = run('solve', suite, '--results', d, '-h', '12');
    expect(r.code).toBe(2);
    oneLine(r.err, d);
  });

  it('eval compress into a missing directory: one line, exit 2', () => {
    const out = join(dir, 'missing', 'w.rsev');
    const r = run('eval', 'compress', WEIGHTS, out, '--band', '4');
    expect(r.code).toBe(2);
    oneLine(r.err, out);
  });
});

describe('bad input files', () => {
  const P = readFileSync(`${OBF}fforum-1-19.obf`, 'utf8').split('\n')[0].slice(0, 66); // FFO #1, best G8:+18

  it('a results file with a JSON null line: reported, that line ignored, the run completes', () => {
    const suite = join(dir, 'one.obf');
    writeFileSync(suite, `${P}; G8:+18;\n`);
    const file = join(dir, 'null.jsonl');
    writeFileSync(file, 'null\n');
    const r = run('solve', suite, '--results', file, '--resume', '-h', '12', '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/null\.jsonl:1: .*ignored/);
    expect(r.err).not.toMatch(/TypeError|^\s+at /m);
  });

  it('an odd score is not an answer', () => {
    const file = join(dir, 'odd.obf');
    writeFileSync(file, `${P}; G8:+19;\n`);
    const r = run('solve', file, '--quiet', '-h', '12');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:1: answer 'G8:+19' has an odd score`);
  });

  it('a line with answers but no ; before them says so', () => {
    const file = join(dir, 'nosemi.obf');
    writeFileSync(file, `${P} G8:+18;\n`);
    const r = run('solve', file, '--quiet', '-h', '12');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:1: `);
    expect(r.err).toMatch(/';'/);
    expect(r.err).not.toMatch(/side to move .* missing/);
  });

  it('a file that cannot be read: its name and the problem, no line 0', () => {
    const file = join(dir, 'absent.obf');
    const r = run('solve', file);
    expect(r.code).toBe(2);
    oneLine(r.err, file, 'cannot read');
    expect(r.err).not.toContain(':0:');
  });

  it('a right score with a move not among the answers names the move, not the score', () => {
    const file = join(dir, 'move.obf');
    writeFileSync(file, `${P}; H1:+18;\n`); // the score is right, G8 is the move found
    const r = run('solve', file, '--quiet', '-h', '12');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/MISMATCH: move G8, expected H1/);
    expect(r.out).not.toMatch(/expected \+18/);
  });
});

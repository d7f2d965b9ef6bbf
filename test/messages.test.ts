/**
 * The messages a new user met (issue 57), each as it is now: on the command
 * line one line and exit 2; in the library a typed error naming the
 * argument, thrown at the call, before any work.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  analyzeGame,
  legalMoves,
  OptionError,
  PositionError,
  parseMove,
  parseObf,
  parseObfLine,
  perft,
  RecordError,
  replayGame,
  START_POSITION,
} from '../dist/index.js';
import { OBF } from './helpers.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = tempDir('messages');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
/** Refused: exit 2, one line on stderr matching `re`, nothing on stdout. */
const refused = (r: { code: number | null; out: string; err: string }, re: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(re)]);
  expect(r.out).toBe('');
};
const SUITE = join(OBF, 'fforum-1-19.obf');

describe('the command line: combinations refused, one line each', () => {
  it('--prover without --wld, ab as well as dfpn', () => {
    refused(run('solve', SUITE, '--prover', 'ab'), /^revsolve: --prover ab proves win\/loss\/draw: give --wld with it$/);
    refused(run('solve', SUITE, '--prover', 'dfpn'), /^revsolve: --prover dfpn proves win\/loss\/draw: give --wld with it$/);
  });

  it('--wld --prover dfpn with --split always, --idle wait or --selectivity: refused, not ignored', () => {
    refused(
      run('solve', SUITE, '--wld', '--prover', 'dfpn', '--split', 'always'),
      /^revsolve: --split always with --prover dfpn: df-pn's positions are never split$/,
    );
    refused(
      run('solve', SUITE, '--wld', '--prover', 'dfpn', '--idle', 'wait'),
      /^revsolve: --idle wait with --prover dfpn: df-pn's positions run alone/,
    );
    refused(
      run('solve', SUITE, '--wld', '--prover', 'dfpn', '--selectivity', 'none'),
      /^revsolve: --selectivity with --prover dfpn: df-pn runs no pre-searches$/,
    );
  });

  it('a value a setting does not take: the flag, what it takes, what was given', () => {
    refused(run('solve', SUITE, '-h', '31'), /^revsolve: -h, --hash-bits: a whole number from 10 to 30, not "31"$/);
    refused(run('solve', SUITE, '--split', 'sometimes'), /^revsolve: --split: one of auto, always, never, not "sometimes"$/);
    refused(run('solve', SUITE, '--off', 'colour'), /^revsolve: --off: techniques are .* or all \(the ordering's\), not "colour"$/);
  });

  it("solve -h without a number: -h is the table's size, as in Edax", () => {
    refused(
      run('solve', '-h'),
      /^revsolve: -h is the table's size, as in Edax \(2\^h entries, 10 to 30\), not help: give a number \(as -h 21\), or --help for help$/,
    );
  });

  it('--help gives each default once, in words', () => {
    const help = run('solve', '--help').out.replace(/\s+/g, ' ');
    expect(help).not.toMatch(/\(default: [^)]*\)\s*\(default:/);
    expect(help).toMatch(/-n, --workers <n> [^(]*\(default: one per core\)/);
    expect(help).toMatch(/--off <techniques> [^)]*\) \(default: none\)/);
    expect(help).not.toMatch(/\(default: 0\)/);
    expect(run('analyze', '--help').out.replace(/\s+/g, ' ')).toMatch(/--from <empties> [^(]*\(default: 22\)/);
    expect(run('worker', '--help').out.replace(/\s+/g, ' ')).toMatch(/--lock-ms <ms> [^(]*\(default: 30000\)/);
  });
});

describe('the command line: files and arguments', () => {
  it('a file that is not OBF (the README): one line, nothing solved', () => {
    const r = run('solve', join(ROOT, 'README.md'), '-n', '1');
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/README\.md: not an OBF file: \d+ of its lines are not positions, \d+ are \(line \d+: /);
  });

  it('a suite with many bad lines says ten of them, then how many more', () => {
    const good = 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O';
    const file = join(dir, 'mostly-good.obf');
    writeFileSync(file, [...Array.from({ length: 20 }, () => good), ...Array.from({ length: 12 }, (_, i) => `bad line ${i}`)].join('\n'));
    const r = run('solve', file, '-n', '1', '-h', '12', '--quiet');
    expect(r.code).toBe(2);
    const errors = r.err
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('error:'));
    expect(errors).toHaveLength(11);
    expect(errors[10]).toBe(`error: ${file}: 2 more bad lines`);
    expect(r.err).toMatch(/12 bad lines in .*mostly-good\.obf/);
    expect(r.out).toMatch(/20 positions/);
  });

  it('a symbolic link loop is said in words', () => {
    const loop = join(dir, 'loop.obf');
    symlinkSync(loop, loop);
    refused(run('solve', loop), /^revsolve: .*loop\.obf: cannot read the file: a loop of symbolic links$/);
  });

  it('analyze with an empty argument says what to give', () => {
    refused(
      run('analyze', ''),
      /^revsolve: analyze: an empty argument: give a game record \(as f5d6c3…\) or a file of records, one a line$/,
    );
  });
});

describe('the library: a typed error naming the argument, at the call', () => {
  it('positions, OBF, moves, perft', () => {
    expect(() => legalMoves('x' as never)).toThrow(PositionError);
    expect(legalMoves(START_POSITION)).toEqual([19, 26, 37, 44]);
    expect(() => perft(3, 'garbage' as never)).toThrow(PositionError);
    expect(() => perft(-1)).toThrow(OptionError);
    expect(() => parseObf(42 as never)).toThrow(OptionError);
    expect(() => parseObfLine(42 as never)).toThrow(PositionError);
    expect(() => parseMove(null as never)).toThrow(PositionError);
    expect(() => parseMove('z9')).toThrow(/"z9" is not a square/);
    expect(parseMove(' F5 ')).toBe(37);
    expect(parseMove('pass')).toBe(-1);
  });

  it('records and analyses', () => {
    expect(() => replayGame(42 as never)).toThrow(RecordError);
    expect(() => analyzeGame(null as never, {})).toThrow(RecordError);
    expect(() => analyzeGame(42 as never, {})).toThrow(/the game: a record as text/);
    expect(() => analyzeGame('f5d6', 42 as never)).toThrow(OptionError);
    // Checked before a position is reached (f5d6 has none of 22 empties or fewer).
    expect(() => analyzeGame('f5d6', { fromm: 5 } as never)).toThrow(/fromm: not an option \(did you mean from\?\)/);
    expect(() => analyzeGame('f5d6', { workers: -1 })).toThrow(/workers: a whole number from 1 to 256, not -1/);
    expect(() => analyzeGame('f5d6', { from: 61 })).toThrow(OptionError);
    try {
      replayGame('f5d6zz');
    } catch (e) {
      expect((e as Error).name).toBe('RecordError');
      expect((e as Error).message).toBe('move 3: "zz" is not a square (a game record is moves as in f5d6c3)');
    }
  });
});

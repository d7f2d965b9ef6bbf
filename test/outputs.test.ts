/**
 * No command destroys its own input or an existing file: every file a
 * command writes is refused, one line and exit 2, when it is one of the
 * command's inputs (through a link too) or exists and --force is not given.
 * Each case below once overwrote its input with exit 0.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const dir = tempDir('outputs');
const at = (f: string) => join(dir, f);
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** Runs a command that must be refused: exit 2, one line naming the file, and the file as it was. */
function refused(file: string, pattern: RegExp, ...args: string[]): void {
  const before = readFileSync(at(file));
  const r = run(...args);
  expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
  expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
  expect(r.err).toMatch(pattern);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(readFileSync(at(file)).equals(before), `${file} changed`).toBe(true);
}

describe('commands that write files keep their inputs', () => {
  beforeAll(() => {
    copyFileSync(join(OBF, 'fforum-1-19.obf'), at('ff1.obf'));
    expect(run('eval', 'synth', 'ed.dat', '--seed', '3').code).toBe(0);
    expect(run('eval', 'synth', 'c4.rsev', '--seed', '4', '--format', 'compact').code).toBe(0);
    expect(run('eval', 'synth', 'c5.rsev', '--seed', '5', '--format', 'compact').code).toBe(0);
    expect(run('train', 'gen', 'g1.bin', '--games', '4', '--batch', '2', '--solve-at', '10', '--quiet', '-n', '1').code).toBe(0);
    writeFileSync(at('keep.obf'), readFileSync(at('ff1.obf')));
    symlinkSync(at('g1.bin'), at('link.bin'));
  }, 120_000);

  it('train fit: --out that is its data (also through a link), or an existing file', () => {
    refused('g1.bin', /--out g1\.bin is also an input/, 'train', 'fit', 'g1.bin', '--out', 'g1.bin', '--epochs', '1');
    refused('g1.bin', /--out link\.bin is also an input/, 'train', 'fit', 'g1.bin', '--out', 'link.bin', '--epochs', '1');
    refused('keep.obf', /--out keep\.obf exists: add --force/, 'train', 'fit', 'g1.bin', '--out', 'keep.obf', '--epochs', '1');
    refused(
      'g1.bin',
      /--edax g1\.bin is also an input/,
      'train',
      'fit',
      'g1.bin',
      '--out',
      'new.rsev',
      '--edax',
      'g1.bin',
      '--epochs',
      '1',
    );
  });

  it('eval compress, export, average, synth: an output that is an input or exists', () => {
    refused('ed.dat', /output ed\.dat is also an input/, 'eval', 'compress', 'ed.dat', 'ed.dat', '--band', '4', '--bits', '4');
    refused('c4.rsev', /output c4\.rsev is also an input/, 'eval', 'export', 'c4.rsev', 'c4.rsev');
    refused('c5.rsev', /output c5\.rsev is also an input/, 'eval', 'average', 'c5.rsev', 'c5.rsev', 'c4.rsev');
    refused('ff1.obf', /output ff1\.obf exists: add --force/, 'eval', 'synth', 'ff1.obf');
    refused('keep.obf', /output keep\.obf exists: add --force/, 'eval', 'export', 'c4.rsev', 'keep.obf');
    refused('g1.bin', /output g1\.bin exists/, 'train', 'select', 'c4.rsev', 'g1.bin', '--exact');
    refused('g1.bin', /output g1\.bin is also an input/, 'train', 'select', 'g1.bin', 'g1.bin', '--exact');
  });

  it('--force overwrites an existing output, never an input', () => {
    writeFileSync(at('old.dat'), 'old');
    const r = run('eval', 'export', 'c4.rsev', 'old.dat', '--force');
    expect(r.code, r.err).toBe(0);
    expect(statSync(at('old.dat')).size).toBeGreaterThan(1_000_000);
    refused('c4.rsev', /is also an input/, 'eval', 'export', 'c4.rsev', 'c4.rsev', '--force');
  });

  it('train gen: an existing file needs --resume or --force; its guide is never its output; an empty file is no obstacle', () => {
    refused(
      'g1.bin',
      /output g1\.bin exists: use --resume to go on with it, or add --force/,
      'train',
      'gen',
      'g1.bin',
      '--games',
      '2',
      '--quiet',
    );
    refused(
      'c4.rsev',
      /output c4\.rsev is also an input/,
      'train',
      'gen',
      'c4.rsev',
      '--guide',
      'c4.rsev',
      '--games',
      '2',
      '--quiet',
      '--force',
    );
    writeFileSync(at('empty.bin'), '');
    const r = run('train', 'gen', 'empty.bin', '--games', '2', '--batch', '2', '--solve-at', '10', '--quiet', '-n', '1');
    expect(r.code, r.err).toBe(0);
    expect(statSync(at('empty.bin')).size).toBeGreaterThan(100);
  }, 60_000);

  it('solve --results: the suite itself, or an existing file without --resume or --force', () => {
    refused('ff1.obf', /--results ff1\.obf is also an input/, 'solve', 'ff1.obf', '--results', 'ff1.obf', '-h', '10');
    refused(
      'keep.obf',
      /--results keep\.obf exists: add --resume to go on with it, or add --force/,
      'solve',
      'ff1.obf',
      '--results',
      'keep.obf',
      '-h',
      '10',
    );
  });
});

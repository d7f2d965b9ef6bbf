/**
 * The opt-in tier (`npm run test:slow`, not part of `npm test`): fforum-20-39
 * solved again under settings that make it slow.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OBF } from '../helpers.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const SUITE = `${OBF}fforum-20-39.obf`;

/** The rows' scores, all checked against the file (exit 0: every answer right). */
function scores(...opts: string[]): number[] {
  const r = run('solve', SUITE, '--json', '--quiet', ...opts);
  expect(r.code, r.err).toBe(0);
  return r.out
    .trim()
    .split('\n')
    .slice(0, -1)
    .map((l) => (JSON.parse(l) as { score: number }).score);
}

describe('fforum-20-39, slowly', () => {
  it("the same scores, the file's, at h = 10 and h = 22", () => {
    expect(scores('-h', '10')).toEqual(scores('-h', '22'));
  }, 1_800_000);

  it("every quantised variant of synthetic weights finds the file's scores", () => {
    const dir = mkdtempSync(join(tmpdir(), 'revsolve-slow-'));
    const full = join(dir, 'synthetic.dat');
    expect(run('eval', 'synth', full).code).toBe(0);
    const variants: string[][] = [
      ['--pow2'],
      ['--pow2', '--zero-below', '32'],
      ['--pow2', '--zero-below', '32', '--band', '4'],
      ['--pow2', '--zero-below', '32', '--band', '4', '--bits', '4'],
      ['--band', '4', '--codebook'],
    ];
    const files = [full];
    for (const [i, flags] of variants.entries()) {
      const file = join(dir, `v${i}.rsev`);
      expect(run('eval', 'compress', full, file, ...flags).code).toBe(0);
      files.push(file);
    }
    for (const file of files) scores('-h', '20', '--eval', file);
  }, 3_600_000);
});

/**
 * `revsolve eval error`: the error of weights against exact scores. Checked
 * on weights whose evaluation is known without the evaluator (all zero: every
 * evaluation and every shallow search is 0, so the error is the exact score
 * itself), on the identity between the paired difference and the two means,
 * and on two readers of the same truth (a .wtb file read by the command, and
 * the OBF bench/wthor-set.js writes of it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { N_PACKED, Weights, writeCompact } from '../dist/entries/eval.js';
import { OBF } from './helpers.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const dir = tempDir('eval-error');
const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const WTB = fileURLToPath(new URL('./fixtures/wthor/WTH_2019.wtb', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
const json = (...args: string[]) => {
  const r = run(...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
};

/** FFO #1-#19's published scores, read here from the file's first answers (the best move's score). */
const exact = readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8')
  .split('\n')
  .filter((l) => /^[-XO]{64} [XO]/.test(l))
  .map((l) => Number(/;\s*[A-H][1-8]:([+-]\d+)/.exec(l)?.[1]));

describe('eval error', () => {
  const zero = join(dir, 'zero.rsev');
  // One table for every empties count (a band of 61), every weight 0.
  writeCompact(zero, new Weights(61, new Int16Array(N_PACKED)), 16);

  it('all-zero weights miss each position by its exact score, static and after 2 plies', () => {
    expect(exact).toHaveLength(19);
    const mae = exact.reduce((s, x) => s + Math.abs(x), 0) / 19;
    const rms = Math.sqrt(exact.reduce((s, x) => s + x * x, 0) / 19);
    for (const depth of ['0', '2']) {
      const [r] = json('eval', 'error', zero, '--against', join(OBF, 'fforum-1-19.obf'), '--depth', depth);
      expect(r.n).toBe(19);
      expect(r.mae).toBeCloseTo(mae, 10);
      expect(r.rms).toBeCloseTo(rms, 10);
      expect(r.bias).toBeCloseTo(-exact.reduce((s, x) => s + x, 0) / 19, 10);
    }
  });

  it('the paired difference of two weights is the difference of their mean errors', () => {
    const [a, b, d] = json('eval', 'error', SHIPPED, zero, '--against', join(OBF, 'fforum-1-19.obf'));
    expect(d.pairedAbsDifference.mean).toBeCloseTo(b.mae - a.mae, 10);
    expect(d.pairedAbsDifference.low).toBeLessThan(d.pairedAbsDifference.mean);
    expect(d.pairedAbsDifference.high).toBeGreaterThan(d.pairedAbsDifference.mean);
  });

  it("a WTHOR file's theoretical scores: the same figures from the .wtb as from its OBF", async () => {
    const { wthorSet } = await import('../bench/wthor-set.js');
    const obf = join(dir, 'w2019.obf');
    writeFileSync(obf, `${wthorSet(readFileSync(WTB), 'WTH_2019.wtb', 1, 'all').join('\n')}\n`);
    const [fromWtb] = json('eval', 'error', SHIPPED, '--against', WTB);
    const [fromObf] = json('eval', 'error', SHIPPED, '--against', obf);
    expect(fromWtb.n).toBeGreaterThan(1800);
    expect({ ...fromWtb, against: null }).toEqual({ ...fromObf, against: null });
    expect(fromWtb.byEmpties.map((b: { empties: number }) => b.empties)).toEqual([24]);
  });

  it('no position of known score: one line, exit 2', () => {
    const none = join(dir, 'none.obf');
    writeFileSync(none, '---------------------------OX------XO--------------------------- X\n');
    const r = run('eval', 'error', SHIPPED, '--against', none);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^revsolve: --against .*none\.obf: no position with a known score/),
    ]);
  });
});

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readObf } from '../src/position/obf-file.js';
import { OBF } from './helpers.js';

// The FFO suite as every engine ships it (public test data). Pinned so that
// a changed position or answer cannot pass for the same suite.
const FFO: Record<string, [string, number]> = {
  'fforum-1-19.obf': ['898a13889df1cc83ede69b014f9df40650af6697f47cd96b4a0fb494ca404105', 19],
  'fforum-20-39.obf': ['b522fcdfd36811d5e07b56dc531e2d6272ec370caa45638e63f134e878558c25', 20],
  'fforum-40-59.obf': ['235b6f74466959a73aa4bbd6e52fdd301e0b5d0f91bccb183a0af1eef19d8997', 20],
  'fforum-60-79.obf': ['d51b4c79aa5e98e11ec265f6edc01862c8cd99b1ae492f49d772a857c1b8b191', 20],
};

describe('the FFO suite in obf/', () => {
  for (const [name, [sha, positions]] of Object.entries(FFO)) {
    it(`${name}: the published file, ${positions} positions with answers`, () => {
      expect(
        createHash('sha256')
          .update(readFileSync(OBF + name))
          .digest('hex'),
      ).toBe(sha);
      const suite = readObf(OBF + name);
      expect(suite.errors).toEqual([]);
      expect(suite.entries.length).toBe(positions);
      for (const e of suite.entries) expect(e.answers.length).toBeGreaterThan(0);
    });
  }

  it("fforum-40-49.obf (the table-size study's set) is the first ten lines of fforum-40-59.obf, byte for byte", () => {
    const whole = readFileSync(`${OBF}fforum-40-59.obf`, 'utf8').split('\n');
    expect(readFileSync(`${OBF}fforum-40-49.obf`, 'utf8')).toBe(`${whole.slice(0, 10).join('\n')}\n`);
  });

  it('no test, benchmark or source reads a copy outside the repository (but the WTHOR folder, read in place by the slow tier)', () => {
    const root = new URL('../', import.meta.url);
    // Spelt so that this file does not match itself. The WTHOR database is the one outside folder a test may read
    // (the slow tier's every-year test, issue 74): it is not in the repository and never copied into it.
    const needle = new RegExp(`${['\\.\\.', 'shared'].join('/')}(?!/wthor)`);
    const offenders: string[] = [];
    for (const dir of ['src', 'test', 'bench', '.ci']) {
      for (const f of readdirSync(new URL(`${dir}/`, root), { recursive: true }) as string[]) {
        const url = new URL(`${dir}/${f}`, root);
        if (!statSync(url).isFile() || !/(\.(ts|js|mjs|sh)|^run)$/.test(f)) continue;
        const text = readFileSync(url, 'utf8');
        if (needle.test(text)) offenders.push(`${dir}/${f}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

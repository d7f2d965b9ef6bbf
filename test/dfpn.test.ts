/**
 * df-pn, the second WLD prover (solve --wld --prover dfpn): the same
 * results as alpha-beta's on small positions, on both engines (they decide
 * its leaves) and on tables small enough to lose entries; the table keeps
 * decided entries over undecided ones.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PositionResult, parseObf, play, Solver, solveSuite } from '../dist/index.js';
import { DfpnTable, INF } from '../src/search/dfpn.js';
import { wldOf } from '../src/search/wld.js';
import { OBF, randomPositionWithEmpties } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('DfpnTable', () => {
  it('a full bucket gives up its least-worked undecided entry, and keeps decided ones', () => {
    const t = new DfpnTable(10);
    // Positions that share a bucket: found by trying (the bucket is the hash's).
    const same: number[][] = [];
    const bucketOf = (w: number[]) => {
      t.clear();
      t.store(w[0], w[1], w[2], w[3], 1, 5, 5, 1);
      return t.words.findIndex((v, i) => i % 8 === 4 && v !== 0);
    };
    const target = bucketOf([1, 0, 0, 0]);
    for (let k = 1; same.length < 5 && k < 1_000_000; k++) if (bucketOf([k, 0, 0, 0]) >> 5 === target >> 5) same.push([k, 0, 0, 0]);
    expect(same.length).toBe(5);
    t.clear();
    const [a, b, c, d, e] = same;
    t.store(a[0], a[1], a[2], a[3], 1, 0, INF, 1); // proven, little work
    t.store(b[0], b[1], b[2], b[3], 1, 3, 4, 50);
    t.store(c[0], c[1], c[2], c[3], 1, 3, 4, 7); // the least-worked undecided
    t.store(d[0], d[1], d[2], d[3], 1, INF, 0, 2); // disproven
    t.store(e[0], e[1], e[2], e[3], 1, 2, 2, 100);
    const has = (w: number[]) => t.lookup(w[0], w[1], w[2], w[3], 1);
    expect([has(a), has(b), has(c), has(d), has(e)]).toEqual([true, true, false, true, true]);
    // Another goal is another entry.
    expect(t.lookup(a[0], a[1], a[2], a[3], 0)).toBe(false);
  });
});

describe('solve --wld --prover dfpn', () => {
  it('33 random positions of 10-20 empties: df-pn = alpha-beta, both engines, a table of 2^12 entries too; its move keeps the result (checked exactly up to 16)', () => {
    const ab = new Solver({ hashBits: 16, wld: true });
    const exact = new Solver({ hashBits: 16 });
    const provers = [
      new Solver({ hashBits: 16, wld: true, prover: 'dfpn' }),
      new Solver({ hashBits: 12, wld: true, prover: 'dfpn', engine: 'ts' }),
    ];
    let seed = 9100;
    const seen = { win: 0, draw: 0, loss: 0 };
    for (let i = 0; i < 33; i++) {
      const empties = 10 + (i % 11);
      let p = null;
      while (p === null) p = randomPositionWithEmpties(seed++, empties);
      const want = ab.solve(p).wld!;
      seen[want]++;
      for (const [k, solver] of provers.entries()) {
        const r = solver.solve(p);
        expect([r.wld, r.engine], `seed ${seed - 1}, ${empties} empties, prover ${k}`).toEqual([want, k === 0 ? 'wasm' : 'ts']);
        if (want !== 'loss' && empties <= 16) expect(wldOf(-exact.solve(play(p, r.move)).score), `seed ${seed - 1}: its move`).toBe(want);
      }
    }
    expect([seen.win >= 6, seen.loss >= 6]).toEqual([true, true]);
  });

  it("FFO #1-#19 on one and two workers: every result the file's sign", async () => {
    const suite = parseObf(readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8'));
    for (const workers of [1, 2]) {
      const rows: PositionResult[] = [];
      for await (const r of solveSuite(suite, { hashBits: 16, wld: true, prover: 'dfpn', workers })) rows.push(r);
      expect(rows.map((r) => r.ok)).toEqual(suite.entries.map(() => true));
    }
  });

  it('the command line: the intro says df-pn; --prover dfpn needs --wld and runs locally', () => {
    const r = run('solve', join(OBF, 'fforum-1-19.obf'), '--wld', '--prover', 'dfpn', '-h', '14', '-n', '1', '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('win/loss/draw only, by df-pn (its table of 2^14 entries x 32 B)');
    expect(r.out).toContain('0 mismatches');
    const alone = run('solve', join(OBF, 'fforum-1-19.obf'), '--prover', 'dfpn');
    expect([alone.code, alone.err.trim()]).toEqual([2, 'revsolve: --prover dfpn proves win/loss/draw: give --wld with it']);
    const queued = run('solve', join(OBF, 'fforum-1-19.obf'), '--wld', '--prover', 'dfpn', '--queue', 'redis://127.0.0.1:1');
    expect([queued.code, queued.err.trim()]).toEqual([2, 'revsolve: --prover dfpn runs on this machine, not through --queue']);
    const bad = run('solve', join(OBF, 'fforum-1-19.obf'), '--wld', '--prover', 'pn');
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe('revsolve: --prover: ab or dfpn, not "pn"');
  });
});

/**
 * The keyed table (key4) never takes one position for another: its two
 * hashes together must tell apart positions that differ in a few bits, and
 * a search on it must give the exact score. It once answered -14 for a -16
 * position: two positions differing in bit 30 of two words shared both
 * hashes, and a hit on the other one's bounds decided the score.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The build, as Node loads it (see vitest.config.ts: several times faster than the sources under the test runner).
import { parseObf, Solver } from '../dist/index.js';
import { hashPosition, hashPosition2 } from '../src/search/table.js';
import { OBF, rng } from './helpers.js';
import { keyedAgainstBoard } from './key4-check.js';

describe('key4 hashes', () => {
  it('no two positions a few bits apart share both hashes', () => {
    const r = rng(2026);
    let same = 0;
    for (let i = 0; i < 20_000; i++) {
      const w = [r() | 0, r() | 0, r() | 0, r() | 0];
      const h1 = hashPosition(w[0], w[1], w[2], w[3]);
      const h2 = hashPosition2(w[0], w[1], w[2], w[3]);
      // The same high bit changed in two words: a multiply carries it nowhere but up.
      const b = 24 + (i % 8);
      for (let a = 0; a < 4; a++) {
        for (let c = a + 1; c < 4; c++) {
          const v = w.slice();
          v[a] ^= 1 << b;
          v[c] ^= 1 << b;
          if (hashPosition(v[0], v[1], v[2], v[3]) === h1 && hashPosition2(v[0], v[1], v[2], v[3]) === h2) same++;
        }
      }
    }
    expect(same).toBe(0);
  });
});

describe('key4 search gives the exact score', () => {
  it('the position that showed the fault: -16 at h 12 and 16', () => {
    const text = 'XXXO----XXOOO---OOOOOOX-OOOXOX--OOOOXOO--XOOOX-O---OXXX---O-XXX- O';
    for (const hashBits of [12, 16]) {
      for (const engine of ['wasm', 'ts'] as const) {
        const r = new Solver({ hashBits, tableLayout: 'key4', engine }).solve(text);
        expect([r.engine, r.score], `h ${hashBits}`).toEqual([engine, -16]);
      }
    }
  });

  it('300 random positions of 10-17 empties: key4 = board2, and = plain negamax at 10 (10-22 in the slow tier)', () => {
    const seen = keyedAgainstBoard(300, 10, 17, 10);
    expect(seen).toEqual({ positions: 300, byNegamax: 38 });
  });

  it('FFO #1-#39 at h 16: every score and move as the file says', () => {
    const solver = new Solver({ hashBits: 16, tableLayout: 'key4' });
    for (const file of ['fforum-1-19.obf', 'fforum-20-39.obf']) {
      const suite = parseObf(readFileSync(join(OBF, file), 'utf8'));
      suite.entries.forEach((e, i) => {
        const r = solver.solveEntry(e, i + 1);
        expect(r.ok, `${file} #${i + 1}: ${r.score}`).toBe(true);
      });
    }
  });
});

/** The key4 check shared by the default and slow tiers (test/key4.test.ts, test/slow/key4.test.ts). */
import { expect } from 'vitest';
// The build, as Node loads it (see vitest.config.ts: several times faster than the sources under the test runner).
import { Solver } from '../dist/index.js';
import { negamaxWords, randomPositionWithEmpties } from './helpers.js';

/**
 * `count` positions from random games, their empties cycling through
 * [minE, maxE]: key4 (a table of 2^12 entries: many replacements) in each
 * engine against board2 (2^16), and against plain negamax up to
 * `negamaxMax` empties.
 */
export function keyedAgainstBoard(count: number, minE: number, maxE: number, negamaxMax: number): { positions: number; byNegamax: number } {
  const key4 = new Solver({ hashBits: 12, tableLayout: 'key4' });
  const key4Ts = new Solver({ hashBits: 12, tableLayout: 'key4', engine: 'ts' });
  const board2 = new Solver({ hashBits: 16, tableLayout: 'board2' });
  let seed = 1;
  let positions = 0;
  let byNegamax = 0;
  for (let i = 0; i < count; i++) {
    const empties = minE + (i % (maxE - minE + 1));
    let p = null;
    while (p === null) p = randomPositionWithEmpties(seed++, empties);
    const a = key4.solve(p);
    const b = board2.solve(p);
    const t = key4Ts.solve(p);
    expect([a.engine, t.engine, b.engine]).toEqual(['wasm', 'ts', 'wasm']);
    expect([a.score, a.nodes], `seed ${seed - 1}, ${empties} empties: key4, one engine against the other`).toEqual([t.score, t.nodes]);
    expect(a.score, `seed ${seed - 1}, ${empties} empties: key4 against board2`).toBe(b.score);
    positions++;
    if (empties <= negamaxMax) {
      expect(a.score, `seed ${seed - 1}: key4 against negamax`).toBe(negamaxWords(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo));
      byNegamax++;
    }
  }
  return { positions, byNegamax };
}

/** The WLD check shared by the default and slow tiers (test/wld.test.ts, test/slow/slow.test.ts). */
import { expect } from 'vitest';
// The build, as Node loads it (see vitest.config.ts).
import { type PositionResult, play, Solver } from '../dist/index.js';
import { wldOf } from '../src/search/wld.js';
import { negamaxWords, randomPositionWithEmpties } from './helpers.js';

/** The result's sign, bound and move, against the exact score of the position and of the child its move leads to. */
function expectKept(r: PositionResult, exact: number, childExact: (move: number) => number, what: string): void {
  expect(r.wld, what).toBe(wldOf(exact));
  if (r.wld === 'win') expect(r.score > 0 && r.score <= exact, `${what}: bound`).toBe(true);
  if (r.wld === 'loss') expect(r.score < 0 && r.score >= exact, `${what}: bound`).toBe(true);
  if (r.wld === 'draw') expect(r.score, `${what}: bound`).toBe(0);
  // The move keeps the result (a lost position: any move does).
  if (r.pv.length > 0 && r.wld !== 'loss') expect(wldOf(childExact(r.move)), `${what}: move ${r.move}`).toBe(r.wld);
}

/**
 * `count` positions from random games, their empties cycling through
 * [minE, maxE]: WLD on both engines (WebAssembly at 2^16 entries,
 * TypeScript at 2^12: many replacements) against the exact score (and, at
 * 10 empties, the exact score against plain negamax).
 */
export function wldAgainstExact(
  count: number,
  minE: number,
  maxE: number,
): { positions: number; byNegamax: number; win: number; draw: number; loss: number } {
  const exact = new Solver({ hashBits: 16 });
  const engines = [new Solver({ hashBits: 16, wld: true }), new Solver({ hashBits: 12, wld: true, engine: 'ts' })];
  let seed = 7000;
  const seen = { positions: 0, byNegamax: 0, win: 0, draw: 0, loss: 0 };
  for (let i = 0; i < count; i++) {
    const empties = minE + (i % (maxE - minE + 1));
    let p = null;
    while (p === null) p = randomPositionWithEmpties(seed++, empties);
    const score = exact.solve(p).score;
    if (empties === 10) {
      expect(score).toBe(negamaxWords(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo));
      seen.byNegamax++;
    }
    for (const [k, solver] of engines.entries()) {
      const r = solver.solve(p);
      expect(r.engine).toBe(k === 0 ? 'wasm' : 'ts');
      const at = p;
      expectKept(r, score, (m) => -exact.solve(play(at, m)).score, `seed ${seed - 1}, ${empties} empties, ${r.engine}`);
    }
    seen.positions++;
    seen[wldOf(score)]++;
  }
  return seen;
}

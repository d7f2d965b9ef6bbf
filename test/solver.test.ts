import { describe, expect, it } from 'vitest';
import { emptyCount, legalMoves, PASS, play } from '../src/position/position.js';
import { SearchContext } from '../src/search/context.js';
import { solveExact } from '../src/search/root.js';
import { TranspositionTable } from '../src/search/table.js';
import { randomPosition, referenceScore } from './helpers.js';

const table = new TranspositionTable(16);
const ctx = new SearchContext({ selectivity: [1, 2], table });

describe('exact solver against plain negamax', () => {
  it('scores random positions with 1 to 9 empties exactly, PV included', () => {
    let checked = 0;
    for (let seed = 1; checked < 300; seed++) {
      const empties = 1 + (seed % 9);
      const pos = randomPosition(seed, 60 - empties);
      if (emptyCount(pos) !== empties) continue; // the game ended early
      table.clear();
      const r = solveExact(ctx, pos, { root: 'aspiration' });
      const ref = referenceScore(pos.player.toBigInt(), pos.opponent.toBigInt());
      expect(r.score, `seed ${seed}`).toBe(ref);
      // Playing the PV out reaches a finished game with that score.
      let p = pos;
      let sign = 1;
      for (const m of r.pv) {
        if (m !== PASS) expect(legalMoves(p)).toContain(m);
        p = play(p, m);
        sign = -sign;
      }
      expect(legalMoves(p)).toEqual([]);
      expect(legalMoves(play(p, PASS))).toEqual([]);
      expect(sign * referenceScore(p.player.toBigInt(), p.opponent.toBigInt()) + 0).toBe(ref);
      checked++;
    }
  });

  it('handles positions where the side to move must pass', () => {
    let found = 0;
    for (let seed = 1; found < 20 && seed < 20000; seed++) {
      const pos = randomPosition(seed, 50 + (seed % 6));
      if (legalMoves(pos).length !== 0 || emptyCount(pos) > 10) continue;
      table.clear();
      const r = solveExact(ctx, pos, { root: 'aspiration' });
      expect(r.score).toBe(referenceScore(pos.player.toBigInt(), pos.opponent.toBigInt()));
      if (legalMoves(play(pos, PASS)).length > 0) expect(r.move).toBe(PASS);
      found++;
    }
    expect(found).toBe(20);
  });
});

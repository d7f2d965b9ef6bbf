/** key4's exact scores on positions up to 22 empties (the default tier stops at 19: a few minutes here). */
import { describe, expect, it } from 'vitest';
import { keyedAgainstBoard } from '../key4-check.js';

describe('key4, slowly', () => {
  it('300 random positions of 10-22 empties: key4 = board2, and = plain negamax up to 11', () => {
    expect(keyedAgainstBoard(300, 10, 22, 11)).toEqual({ positions: 300, byNegamax: 47 });
  }, 1_800_000);
});

import { describe, expect, it } from 'vitest';
import { ScoreProbes } from '../src/search/root.js';

/** Runs the probes against a hidden score with the weakest fail-soft answers (the bound just past g). */
function probe(guess: number, score: number): number[] {
  const p = new ScoreProbes(guess);
  const seen: number[] = [];
  while (!p.done) {
    const g = p.next();
    expect(seen.length).toBeLessThan(18); // 6 steps of 2, then doubling, then halving
    seen.push(g);
    p.answer(g, score >= g ? g : g - 2);
  }
  expect([p.lower, p.upper]).toEqual([score, score]);
  return seen;
}

describe('root score probes', () => {
  it('find every even score from every even guess', () => {
    for (let guess = -64; guess <= 64; guess += 2) for (let score = -64; score <= 64; score += 2) probe(guess, score);
  });

  it('step up by 2 (no overshoot above the score), down by growing steps', () => {
    expect(probe(-6, 4)).toEqual([-6, -4, -2, 0, 2, 4, 6]);
    expect(probe(10, -8)).toEqual([10, 8, 4, -4, -20, -12, -8, -6]);
  });

  it('end at once on exact fail-soft answers around the guess', () => {
    const p = new ScoreProbes(6);
    p.answer(p.next(), 6); // >= 6
    p.answer(p.next(), 6); // < 8, the bound 6
    expect(p.done).toBe(true);
    expect(p.lower).toBe(6);
  });
});

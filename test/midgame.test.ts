// The self-play guide's search: ordered alpha-beta gives the plain negamax
// value, and guidedChoice picks the move a full-window search of every move
// picks (value + noise, earliest on ties).

import { flips, moves, popcount32 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { midSearchFrom } from '../src/search/midgame.js';
import { SearchState } from '../src/search/state.js';
import { guidedChoice } from '../src/train/selfplay.js';

const state = new SearchState();
const midSearch = (...a: Parameters<typeof midSearchFrom> extends [SearchState, ...infer R] ? R : never) => midSearchFrom(state, ...a);

import { syntheticWeights } from '../src/eval/compress.js';
import { Evaluator, Weights } from '../src/eval/weights.js';
import { rng, samplePositions } from '../src/position/random.js';

const ev = new Evaluator(syntheticWeights(3));
// Weights in steps of 512 (4 discs): equal values, hence equal sums, are common.
const synth = syntheticWeights(3);
const coarse = new Evaluator(
  new Weights(
    synth.band,
    synth.packed.map((w) => Math.round(w / 512) * 512),
  ),
);
const F = new Int32Array(2);
const M = new Int32Array(2);

function moveList(ph: number, pl: number, oh: number, ol: number): number[] {
  moves(ph, pl, oh, ol, M, 0);
  const out: number[] = [];
  for (let x = 0; x < 64; x++) if ((x < 32 ? M[1] >>> x : M[0] >>> (x - 32)) & 1) out.push(x);
  return out;
}
function play(ph: number, pl: number, oh: number, ol: number, x: number): [number, number, number, number] {
  flips(x, ph, pl, oh, ol, F, 0);
  return [oh ^ F[0], ol ^ F[1], ph | F[0] | (x >= 32 ? 1 << (x - 32) : 0), pl | F[1] | (x < 32 ? 1 << x : 0)];
}
/** Negamax without pruning, the reference. */
function negamax(ph: number, pl: number, oh: number, ol: number, depth: number): number {
  if (depth <= 0) return ev.evaluate(ph, pl, oh, ol);
  const list = moveList(ph, pl, oh, ol);
  if (list.length === 0) {
    if (moveList(oh, ol, ph, pl).length === 0) {
      const p = popcount32(ph) + popcount32(pl);
      const o = popcount32(oh) + popcount32(ol);
      const e = 64 - p - o;
      return (p > o ? p - o + e : p < o ? p - o - e : 0) * 128;
    }
    return -negamax(oh, ol, ph, pl, depth - 1);
  }
  let best = -Infinity;
  for (const x of list) best = Math.max(best, -negamax(...play(ph, pl, oh, ol, x), depth - 1));
  return best;
}

const positions = samplePositions(400, 17).filter((p, i) => i % 10 === 3 && moveList(p[0], p[1], p[2], p[3]).length > 1);

describe('midgame search', () => {
  it('ordered alpha-beta with a full window gives the negamax value (depths 1-4)', () => {
    expect(positions.length).toBeGreaterThan(20);
    for (const [ph, pl, oh, ol] of positions) {
      for (let d = 1; d <= 4; d++) expect(midSearch(ev, ph, pl, oh, ol, d, -(1 << 30), 1 << 30)).toBe(negamax(ph, pl, oh, ol, d));
    }
  });

  it('a window gives the value inside it and a bound outside', () => {
    for (const [ph, pl, oh, ol] of positions) {
      const v = negamax(ph, pl, oh, ol, 3);
      for (const [a, b] of [
        [v - 100, v + 100],
        [v, v + 1],
        [v - 1, v],
        [v + 50, v + 51],
        [v - 51, v - 50],
      ]) {
        const s = midSearch(ev, ph, pl, oh, ol, 3, a, b);
        if (v <= a) expect(s).toBeLessThanOrEqual(a);
        else if (v >= b) expect(s).toBeGreaterThanOrEqual(b);
        else expect(s).toBe(v);
      }
    }
  });

  it('guidedChoice picks what searching every move in full picks, noise and ties included', () => {
    const r = rng(5);
    let differsFromFirst = 0;
    let tiedLater = 0;
    for (const e of [ev, coarse]) {
      for (const [ph, pl, oh, ol] of positions) {
        const list = moveList(ph, pl, oh, ol);
        const values = list.map((x) => (0 - midSearch(e, ...play(ph, pl, oh, ol, x), 2, -(1 << 30), 1 << 30)) | 0);
        // Noise 0..31; with the coarse weights one noise for all, so that equal values tie.
        const same = Math.floor(r() * 32);
        const noise = list.map(() => (e === coarse ? same : Math.floor(r() * 32)));
        let want = list[0];
        let best = -Infinity;
        list.forEach((x, i) => {
          if (values[i] + noise[i] > best) {
            best = values[i] + noise[i];
            want = x;
          }
        });
        if (want !== list[0]) differsFromFirst++;
        // A tie whose earliest move is not the one searched first (static order).
        const first = list.reduce(
          (a, x) => (e.evaluate(...play(ph, pl, oh, ol, x)) < e.evaluate(...play(ph, pl, oh, ol, a)) ? x : a),
          list[0],
        );
        if (first !== want && values[list.indexOf(first)] + noise[list.indexOf(first)] === best) tiedLater++;
        expect(guidedChoice(state, e, ph, pl, oh, ol, list, noise, 3)).toBe(want);
      }
    }
    expect(differsFromFirst).toBeGreaterThan(5);
    expect(tiedLater).toBeGreaterThan(2);
  });
});

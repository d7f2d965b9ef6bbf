import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { flips, moves } from 'native-free-bitboard';
import { samplePositions } from '../src/position/random.js';
import { playWords } from '../src/position/position.js';
import { loadEvaluator } from '../src/eval/files.js';
import { syntheticWeights } from '../src/eval/compress.js';
import { Evaluator } from '../src/eval/weights.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const evaluators: [string, Evaluator][] = [['shipped', loadEvaluator(SHIPPED)!], ['synthetic', new Evaluator(syntheticWeights(3))]];

describe('move ordering', () => {
  for (const [name, ev] of evaluators) {
    it(`the child evaluation it uses is the full evaluation of the child (${name} weights)`, () => {
      const M = new Int32Array(2);
      const F = new Int32Array(2);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 59 }), (seed, ply) => {
          const [p] = samplePositions(ply + 1, seed).slice(-1);
          const [ph, pl, oh, ol] = p;
          moves(ph, pl, oh, ol, M, 0);
          ev.setNode(3, ph, pl, oh, ol);
          for (let x = 0; x < 64; x++) {
            if (!((x < 32 ? M[1] >>> x : M[0] >>> (x - 32)) & 1)) continue;
            flips(x, ph, pl, oh, ol, F, 0);
            const [a, b, c, d] = playWords(ph, pl, oh, ol, x);
            if (ev.childScore(3, x, F[0], F[1]) !== ev.evaluate(a, b, c, d)) return false;
          }
          return true;
        }),
        { numRuns: 300 },
      );
    });
  }
});

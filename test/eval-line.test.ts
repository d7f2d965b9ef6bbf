import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { flips, moves } from 'native-free-bitboard';
import { describe, it } from 'vitest';
import { syntheticWeights } from '../src/eval/compress.js';
import { UNPACKED_OFFSET } from '../src/eval/features.js';
import { loadEvaluator } from '../src/eval/files.js';
import { Evaluator } from '../src/eval/weights.js';
import { playWords } from '../src/position/position.js';
import { rng } from '../src/position/random.js';
import { loadEngine, provideEngine } from '../src/wasm/engine.js';
import { engineFile } from '../src/wasm/engine-file.js';
import { createEngineShare } from '../src/wasm/lower.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const evaluators: [string, Evaluator][] = [
  ['shipped', loadEvaluator(SHIPPED)!],
  ['synthetic', new Evaluator(syntheticWeights(3))],
];

/** What the search reads: a line of play by empties count (the TypeScript evaluator's, or the WebAssembly engine's copy of it). */
interface Line {
  load(empties: number, ph: number, pl: number, oh: number, ol: number): void;
  scoreAt(empties: number): number;
  childScoreAt(empties: number, x: number, fh: number, fl: number): number;
  play(empties: number, x: number, fh: number, fl: number): void;
  pass(empties: number): void;
}

/** The WebAssembly engine's line (assembly/eval.ts: 16-bit lanes, a vector add per square) over the evaluator's tables. */
function wasmLine(ev: Evaluator): Line {
  provideEngine(engineFile); // dist/revsolve.wasm
  const share = createEngineShare(10, 'board2', ev);
  const x = loadEngine(share.memory, 0).exports;
  x.init(0);
  x.useWeights(share.placed!.at, share.placed!.tables, share.placed!.band, UNPACKED_OFFSET[12]);
  return {
    load: (e, ph, pl, oh, ol) => x.lineLoad(e, ph, pl, oh, ol),
    scoreAt: (e) => x.lineScore(e),
    childScoreAt: (e, m, fh, fl) => x.lineChildScore(e, m, fh, fl),
    play: (e, m, fh, fl) => x.linePlay(e, m, fh, fl),
    pass: (e) => x.linePass(e),
  };
}

describe("the evaluator's line of play (what the search reads instead of a full evaluation)", () => {
  const lines: [string, Evaluator, Line][] = evaluators.flatMap(([name, ev]): [string, Evaluator, Line][] => [
    [`TypeScript, ${name} weights`, ev, ev],
    [`WebAssembly, ${name} weights`, ev, wasmLine(ev)],
  ]);
  for (const [name, ev, line] of lines) {
    it(`equals the full evaluation along random games, passes included (${name})`, () => {
      const M = new Int32Array(2);
      const F = new Int32Array(2);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const random = rng(seed);
          // From the start position (black to move: d5 e4 black, d4 e5 white).
          let [ph, pl, oh, ol] = [0x00000008, 0x10000000, 0x00000010, 0x08000000];
          let empties = 60;
          line.load(empties, ph, pl, oh, ol);
          for (let passes = 0; passes < 2; ) {
            if (line.scoreAt(empties) !== ev.evaluate(ph, pl, oh, ol)) return false;
            moves(ph, pl, oh, ol, M, 0);
            const legal: number[] = [];
            for (let x = 0; x < 64; x++) if ((x < 32 ? M[1] >>> x : M[0] >>> (x - 32)) & 1) legal.push(x);
            if (legal.length === 0) {
              line.pass(empties);
              [ph, pl, oh, ol] = [oh, ol, ph, pl];
              passes++;
              continue;
            }
            passes = 0;
            for (const x of legal) {
              flips(x, ph, pl, oh, ol, F, 0);
              const [a, b, c, d] = playWords(ph, pl, oh, ol, x);
              if (line.childScoreAt(empties, x, F[0], F[1]) !== ev.evaluate(a, b, c, d)) return false;
            }
            const x = legal[Math.floor(random() * legal.length)];
            flips(x, ph, pl, oh, ol, F, 0);
            line.play(empties, x, F[0], F[1]);
            [ph, pl, oh, ol] = playWords(ph, pl, oh, ol, x);
            empties--;
          }
          return empties >= 0;
        }),
        { numRuns: 60 },
      );
    });
  }
});

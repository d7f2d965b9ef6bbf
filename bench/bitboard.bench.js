// Move generation and flips: uint32 pairs against BigInt, on 1,000 positions
// from random games. Results: bench/results/moves.* and flips.*.

import { readFileSync, writeFileSync } from 'node:fs';
import b from 'benny';
import { bigintBackend as B, flips, moves, U64 } from 'native-free-bitboard';
import { machine } from './experiment.js';
import { gamePositions } from './positions.js';

const folder = new URL('./results', import.meta.url).pathname;
const POS = gamePositions(1000);
const PAIRS = POS.map(({ p, o, moves }) => {
  const a = U64.fromBigInt(p);
  const c = U64.fromBigInt(o);
  return { ph: a.hi, pl: a.lo, oh: c.hi, ol: c.lo, moves: Int32Array.from(moves) };
});
const out = new Int32Array(2);
let sink = 0;

await b.suite(
  'moves: legal moves of 1,000 positions',
  b.add('uint32 pairs', () => {
    for (const q of PAIRS) {
      moves(q.ph, q.pl, q.oh, q.ol, out, 0);
      sink ^= out[1];
    }
  }),
  b.add('BigInt', () => {
    for (const q of POS) sink ^= Number(B.moves(q.p, q.o) & 0xffn);
  }),
  b.cycle(),
  b.complete(),
  b.save({ file: 'moves', folder, format: 'json', details: false }),
  b.save({ file: 'moves', folder, format: 'chart.html', details: false }),
);

await b.suite(
  'flips: every legal move of 1,000 positions',
  b.add('uint32 pairs', () => {
    for (const q of PAIRS)
      for (const x of q.moves) {
        flips(x, q.ph, q.pl, q.oh, q.ol, out, 0);
        sink ^= out[1];
      }
  }),
  b.add('BigInt', () => {
    for (const q of POS) for (const x of q.moves) sink ^= Number(B.flips(x, q.p, q.o) & 0xffn);
  }),
  b.cycle(),
  b.complete(),
  b.save({ file: 'flips', folder, format: 'json', details: false }),
  b.save({ file: 'flips', folder, format: 'chart.html', details: false }),
);
if (sink === 0.5) console.log(sink);

// benny writes its own files: add how they were made.
for (const name of ['moves', 'flips']) {
  const file = `${folder}/${name}.json`;
  writeFileSync(file, `${JSON.stringify({ ...machine(), ...JSON.parse(readFileSync(file, 'utf8')) }, null, 2)}\n`);
}

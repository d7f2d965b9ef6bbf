// A set of random positions for bench:edax, from the project's own random
// games (samplePositions, mulberry32): the positions of 20-24 empties with a
// legal move, taken in game order, one a game at most, `count` of them.
//   node bench/random-set.js --seed 1 [--count 20] [--out obf/random-s1.obf] [--empties 20-24]
// --empties A-B (or A): the counts the positions cycle through, A first.
// Seed 1 is the set the ordering may be tuned on; seed 2 is held out (never
// tuned on). The files are committed; this command remakes them exactly.
import { writeFileSync } from 'node:fs';
import { formatObfLine } from '../dist/position/obf.js';
import { samplePositions } from '../dist/position/random.js';
import { moves, popcount32, U64 } from '../native-free-bitboard/dist/index.js';
import { args } from './experiment.js';

const opt = args({ seed: '1', count: '20', out: '', empties: '20-24' });
const out = opt.out || `obf/random-s${opt.seed}.obf`;
const count = Number(opt.count);
const [lo, hi = lo] = opt.empties.split('-').map(Number);
if (!(lo >= 1 && hi >= lo && hi <= 60)) throw new Error(`--empties ${opt.empties}: A-B with 1 <= A <= B <= 60`);
const M = new Int32Array(2);
const picked = [];
let lastGameEmpties = 64;
for (const p of samplePositions(200_000, Number(opt.seed))) {
  const empties = 64 - popcount32(p[0] | p[2]) - popcount32(p[1] | p[3]);
  // samplePositions lists every ply of each game in turn: a new game starts when the empties go up.
  const newGame = empties > lastGameEmpties;
  lastGameEmpties = empties;
  if (newGame) picked.taken = false;
  if (picked.taken || empties < lo || empties > hi) continue;
  moves(p[0], p[1], p[2], p[3], M, 0);
  if ((M[0] | M[1]) === 0) continue;
  // One position a game, at an empties count drawn from the game's own sequence (lo + index mod the range).
  if (empties !== lo + (picked.length % (hi - lo + 1))) continue;
  picked.push({ player: new U64(p[0], p[1]), opponent: new U64(p[2], p[3]), toMove: 'X' });
  picked.taken = true;
  if (picked.length === count) break;
}
if (picked.length < count) throw new Error(`only ${picked.length} positions found`);
const range = lo === hi ? `${lo}` : `${lo}-${hi}`;
const flag = range === '20-24' ? '' : ` --empties ${range}`;
const header = `% ${count} random positions of ${range} empties, seed ${opt.seed}: node bench/random-set.js --seed ${opt.seed} --count ${count}${flag}\n`;
writeFileSync(out, `${header + picked.map((p) => formatObfLine(p)).join('\n')}\n`);
console.log(`${out}: ${picked.length} positions`);

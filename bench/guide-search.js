// The guide's move choice in train gen: every move searched with a full
// window (the plain way) against guidedChoice (moves in static-evaluation
// order, each after the first with the window that tells whether it beats
// the best so far). Same choice, asserted; nodes are deterministic, times
// are side by side in this one process.
//   node bench/guide-search.js [--data data/selfplay-t1.bin --weights data/trained3.rsev --positions 200 --depths 4,6,8 --min-empties 21]
//     [--out guide-search.json]   (in bench/results)
import { flips, moves, popcount32 } from 'native-free-bitboard';
import { midSearchFrom } from '../dist/search/midgame.js';
import { SearchState } from '../dist/search/state.js';
import { guidedChoice } from '../dist/train/selfplay.js';
import { args, machine, saveJson } from './experiment.js';

const STATE = new SearchState();
const NODES = STATE.nodes;

import { readWeights } from '../dist/eval/files.js';
import { Evaluator } from '../dist/eval/weights.js';
import { rng } from '../dist/position/random.js';
import { readDataset } from '../dist/train/dataset.js';

const opt = args({
  data: 'data/selfplay-t1.bin',
  weights: 'data/trained3.rsev',
  positions: '200',
  depths: '4,6,8',
  'min-empties': '21',
  out: 'guide-search.json',
});
const ev = new Evaluator(readWeights(opt.weights).weights);
const recs = readDataset(opt.data).records;
const M = new Int32Array(2);
const F = new Int32Array(2);
const play = (ph, pl, oh, ol, x) => {
  flips(x, ph, pl, oh, ol, F, 0);
  return [oh ^ F[0], ol ^ F[1], ph | F[0] | (x >= 32 ? 1 << (x - 32) : 0), pl | F[1] | (x < 32 ? 1 << x : 0)];
};
// Positions spread over the file, with moves and at least --min-empties empties (where the guide plays).
const pos = [];
const r = rng(1);
const stride = Math.max(5, Math.floor(recs.length / 5 / Number(opt.positions) / 2) * 5);
for (let i = 0; i < recs.length && pos.length < Number(opt.positions); i += stride) {
  const [ph, pl, oh, ol] = [recs[i], recs[i + 1], recs[i + 2], recs[i + 3]];
  if (64 - popcount32(ph | oh) - popcount32(pl | ol) < Number(opt['min-empties'])) continue;
  moves(ph, pl, oh, ol, M, 0);
  const list = [];
  for (let x = 0; x < 64; x++) if ((x < 32 ? M[1] >>> x : M[0] >>> (x - 32)) & 1) list.push(x);
  if (list.length < 2) continue;
  pos.push({ ph, pl, oh, ol, list, noise: list.map(() => Math.floor(r() * 32)) });
}

function plain(p, depth) {
  let x = p.list[0];
  let best = -(1 << 30);
  p.list.forEach((y, i) => {
    const [a, b, c, d] = play(p.ph, p.pl, p.oh, p.ol, y);
    const v = -midSearchFrom(STATE, ev, a, b, c, d, depth - 1, -(1 << 30), 1 << 30) + p.noise[i];
    if (v > best) {
      best = v;
      x = y;
    }
  });
  return x;
}

const rows = [];
for (const depth of opt.depths.split(',').map(Number)) {
  const row = { depth, positions: pos.length };
  for (const [name, f] of [
    ['plain', (p) => plain(p, depth)],
    ['guided', (p) => guidedChoice(ev, p.ph, p.pl, p.oh, p.ol, p.list, p.noise, depth)],
  ]) {
    NODES[0] = 0;
    const t = performance.now();
    row[name] = { choices: pos.map(f) };
    row[name].ms = Math.round(performance.now() - t);
    row[name].nodes = NODES[0];
  }
  const same = row.plain.choices.every((x, i) => x === row.guided.choices[i]);
  if (!same) throw new Error(`depth ${depth}: the choices differ`);
  console.log(
    `depth ${depth}: ${pos.length} positions, same choices; plain ${row.plain.nodes} nodes ${row.plain.ms} ms, guided ${row.guided.nodes} nodes ${row.guided.ms} ms: ${(row.plain.nodes / row.guided.nodes).toFixed(2)}× fewer nodes, ${(row.plain.ms / row.guided.ms).toFixed(2)}× faster`,
  );
  delete row.plain.choices;
  delete row.guided.choices;
  rows.push(row);
}
saveJson(opt.out, { machine: machine(), settings: opt, rows });

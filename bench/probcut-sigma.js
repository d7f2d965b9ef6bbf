// How far is a shallow search from the exact score? The selective
// pre-searches (ProbCut, src/search/selective.ts) cut a null window when a
// 0-, 2- or 4-ply search lies more than t·σ outside it; σ is the standard
// deviation of (shallow search − exact score). This measures it for given
// weights on the exact-labelled positions of a data file (train gen solves
// every position from --solve-at down; use a test set no fit has seen).
//   node bench/probcut-sigma.js [--weights weights/revsolve.rsev[,other.rsev…]] [--data data/selfplay-t2.bin]
//     [--empties 8-20] [--depths 0,2,4] [--positions 400] [--out probcut-sigma.json]
import { popcount32 } from 'native-free-bitboard';
import { midSearchFrom } from '../dist/search/midgame.js';
import { PC_DEPTH } from '../dist/search/selective.js';
import { SearchState } from '../dist/search/state.js';
import { args, machine, saveJson, spreadPick } from './experiment.js';

const STATE = new SearchState();

import { readWeights } from '../dist/eval/files.js';
import { Evaluator } from '../dist/eval/weights.js';
import { readDataset } from '../dist/train/dataset.js';

const opt = args({
  weights: new URL('../weights/revsolve.rsev', import.meta.url).pathname,
  data: 'data/selfplay-t2.bin',
  empties: '8-20',
  depths: '0,2,4',
  positions: '400',
  out: 'probcut-sigma.json',
});
const [lo, hi] = opt.empties.split('-').map(Number);
const depths = opt.depths.split(',').map(Number);
const files = opt.weights.split(',');
const evs = files.map((f) => new Evaluator(readWeights(f).weights));
const recs = readDataset(opt.data).records;

// Up to --positions exact-labelled positions per empties count, spread over the file.
const byEmpties = new Map();
for (let i = 0; i < recs.length; i += 5) {
  if ((recs[i + 4] & 1) === 0) continue;
  const e = 64 - popcount32(recs[i] | recs[i + 2]) - popcount32(recs[i + 1] | recs[i + 3]);
  if (e < lo || e > hi) continue;
  if (!byEmpties.has(e)) byEmpties.set(e, []);
  byEmpties.get(e).push(i);
}
const rows = [];
for (let e = lo; e <= hi; e++) {
  const pick = spreadPick(byEmpties.get(e) ?? [], Number(opt.positions));
  for (const d of depths) {
    const row = { empties: e, depth: d, positions: pick.length, sigma: [], mean: [] };
    for (const ev of evs) {
      let s = 0,
        s2 = 0;
      for (const i of pick) {
        const v = midSearchFrom(STATE, ev, recs[i], recs[i + 1], recs[i + 2], recs[i + 3], d, -(1 << 30), 1 << 30) / 128;
        const err = v - (recs[i + 4] >> 8);
        s += err;
        s2 += err * err;
      }
      const n = pick.length || 1;
      row.mean.push(+(s / n).toFixed(2));
      row.sigma.push(+Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)).toFixed(2));
    }
    rows.push(row);
    console.log(`${e} empties, ${d} plies, ${pick.length} positions: σ ${row.sigma.join(' / ')}  mean ${row.mean.join(' / ')}`);
  }
}
// The error of what the pre-searches use: PC_DEPTH[e] plies at each count.
const used = files.map((_, w) => {
  const r = rows.filter((x) => x.depth === PC_DEPTH[x.empties]);
  const n = r.reduce((a, x) => a + x.positions, 0);
  return n ? +Math.sqrt(r.reduce((a, x) => a + x.positions * (x.sigma[w] ** 2 + x.mean[w] ** 2), 0) / n).toFixed(2) : 0;
});
console.log(`rms error at the depths the pre-searches use, ${lo}-${hi} empties: ${used.join(' / ')} (${files.join(', ')})`);
saveJson(opt.out, {
  experiment: 'shallow search against exact scores (ProbCut sigma)',
  weights: files,
  data: opt.data,
  ...machine(),
  rows,
  usedRms: used,
});

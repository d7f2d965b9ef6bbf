// How good are the labels and the weights above the solve point? Plays fresh
// guided self-play games, solves their positions at some empties exactly, and
// compares with (a) the game-outcome label train gen gives them and (b) the
// weights' evaluation.
//   node bench/eval-exact.js [--weights weights/revsolve.rsev[,other.rsev…] --guide data/synthetic.dat --games 40 --empties 20,22 --seed 99]
//     [--depth 3 --solve-at 18 --noise 0.05]   (the guided play, as train gen's options; its weights also order the solves)
//     [--out eval-exact.json]                  (in bench/results)
//     [--reuse eval-exact-t2.json]             (no play, no solve: the positions and exact scores of an earlier run)
//     [--data test.bin --positions 30]         (no play: up to 30 positions a target empties count from a data
//                                              file, spread over it, with the labels train gen gave them)

import { readFileSync } from 'node:fs';
import { popcount32, U64 } from 'native-free-bitboard';
import { syntheticWeights } from '../dist/eval/compress.js';
import { readWeights } from '../dist/eval/files.js';
import { Evaluator } from '../dist/eval/weights.js';
import { SearchContext } from '../dist/search/context.js';
import { solveExact } from '../dist/search/root.js';
import { createTable } from '../dist/search/table.js';
import { readDataset } from '../dist/train/dataset.js';
import { playGame } from '../dist/train/selfplay.js';
import { args, machine, saveJson, spreadPick } from './experiment.js';

const opt = args({
  weights: new URL('../weights/revsolve.rsev', import.meta.url).pathname,
  guide: '',
  games: '40',
  empties: '20,22',
  seed: '99',
  depth: '3',
  'solve-at': '18',
  noise: '0.05',
  out: 'eval-exact.json',
  data: '',
  positions: '30',
  reuse: '',
});
const guide = new Evaluator(opt.guide ? readWeights(opt.guide).weights : syntheticWeights(1));
const files = opt.weights.split(',');
const evs = files.map((f) => new Evaluator(readWeights(f).weights));
const targets = opt.empties.split(',').map(Number);
const table = createTable(21, 'board2');
// The guide plays the games and orders the exact solves.
const ctx = new SearchContext({ selectivity: [1, 2], table, evaluator: guide });
const rows = [];
let playMs = 0;
function solveRecords(out) {
  for (let i = 0; i < out.length; i += 5) {
    const e = 64 - popcount32(out[i] | out[i + 2]) - popcount32(out[i + 1] | out[i + 3]);
    if (!targets.includes(e)) continue;
    table.clear();
    const exact = solveExact(
      ctx,
      { player: new U64(out[i], out[i + 1]), opponent: new U64(out[i + 2], out[i + 3]), toMove: 'X' },
      { root: 'aspiration' },
    ).score;
    rows.push({
      empties: e,
      exact,
      label: out[i + 4] >> 8,
      evals: evs.map((ev) => ev.evaluate(out[i], out[i + 1], out[i + 2], out[i + 3]) / 128),
      pos: [out[i], out[i + 1], out[i + 2], out[i + 3]],
    });
  }
}
if (opt.reuse) {
  const old = JSON.parse(readFileSync(new URL(opt.reuse, new URL('./results/', import.meta.url)), 'utf8'));
  for (const r of old.rows) {
    if (!r.pos) throw new Error(`${opt.reuse}: rows without positions (made before --reuse existed)`);
    if (targets.includes(r.empties)) rows.push({ ...r, evals: evs.map((ev) => ev.evaluate(r.pos[0], r.pos[1], r.pos[2], r.pos[3]) / 128) });
  }
} else if (opt.data) {
  // Every k-th position at each target count, k chosen to spread --positions over the file.
  const recs = readDataset(opt.data).records;
  for (const t of targets) {
    const at = [];
    for (let i = 0; i < recs.length; i += 5)
      if (64 - popcount32(recs[i] | recs[i + 2]) - popcount32(recs[i + 1] | recs[i + 3]) === t) at.push(i);
    const pick = [];
    for (const i of spreadPick(at, Number(opt.positions))) pick.push(...recs.subarray(i, i + 5));
    solveRecords(pick);
  }
} else {
  for (let g = 0; g < Number(opt.games); g++) {
    const out = [];
    playMs -= Date.now();
    playGame(g, { seed: Number(opt.seed), solveAt: Number(opt['solve-at']), noise: Number(opt.noise), depth: Number(opt.depth) }, ctx, out);
    playMs += Date.now();
    solveRecords(out);
  }
}
const summary = targets.map((e) => {
  const r = rows.filter((x) => x.empties === e);
  const mae = (f) => r.reduce((s, x) => s + Math.abs(f(x) - x.exact), 0) / r.length;
  const evalMae = files.map((_, k) => mae((x) => Math.max(-64, Math.min(64, x.evals[k]))));
  return {
    empties: e,
    positions: r.length,
    labelMae: mae((x) => x.label),
    evalMae,
    meanAbsExact: r.reduce((s, x) => s + Math.abs(x.exact), 0) / r.length,
  };
});
if (!opt.data && !opt.reuse)
  console.log(
    `guided play and the solve at ${opt['solve-at']} empties: ${(playMs / Number(opt.games) / 1000).toFixed(2)} s a game (${opt.depth}-ply guide)`,
  );
for (const s of summary) {
  console.log(
    `${s.empties} empties: ${s.positions} positions (mean |exact| ${s.meanAbsExact.toFixed(1)}); |label - exact| ${s.labelMae.toFixed(2)} discs`,
  );
  for (const [k, f] of files.entries()) console.log(`  |eval - exact| ${s.evalMae[k].toFixed(2)}  ${f}`);
}
saveJson(opt.out, {
  experiment: 'labels and evaluation against exact scores',
  weights: files.map((f) => f.split('/').slice(-2).join('/')),
  seed: Number(opt.seed),
  depth: Number(opt.depth),
  solveAt: Number(opt['solve-at']),
  noise: Number(opt.noise),
  msPerGame: playMs / Number(opt.games),
  ...machine(),
  summary,
  rows,
});

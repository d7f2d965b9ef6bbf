// How good are the labels and the weights above the solve point? Plays fresh
// guided self-play games, solves their positions at some empties exactly, and
// compares with (a) the game-outcome label train gen gives them and (b) the
// weights' evaluation.
//   node bench/eval-exact.js [--weights weights/revsolve.rsev[,other.rsev…] --guide data/synthetic.dat --games 40 --empties 20,22 --seed 99]
//     [--depth 3 --solve-at 18 --noise 0.05]   (the guided play, as train gen's options; its weights also order the solves)
//     [--out eval-exact.json]                  (in bench/results)
import { U64, popcount32 } from 'native-free-bitboard';
import { args, saveJson, machine } from './experiment.js';
import { playGame, useGuide } from '../dist/train/selfplay.js';
import { solveExact } from '../dist/search/root.js';
import { useEvaluator } from '../dist/search/endgame.js';
import { createTable } from '../dist/search/table.js';
import { readWeights } from '../dist/eval/files.js';
import { Evaluator } from '../dist/eval/weights.js';
import { syntheticWeights } from '../dist/eval/compress.js';

const opt = args({ weights: new URL('../weights/revsolve.rsev', import.meta.url).pathname, guide: '', games: '40', empties: '20,22', seed: '99', depth: '3', 'solve-at': '18', noise: '0.05', out: 'eval-exact.json' });
const guide = new Evaluator(opt.guide ? readWeights(opt.guide).weights : syntheticWeights(1));
useGuide(guide);
useEvaluator(guide);
const files = opt.weights.split(',');
const evs = files.map((f) => new Evaluator(readWeights(f).weights));
const targets = opt.empties.split(',').map(Number);
const table = createTable(21);
const rows = [];
let playMs = 0;
for (let g = 0; g < Number(opt.games); g++) {
  const out = [];
  playMs -= Date.now();
  playGame(g, { seed: Number(opt.seed), solveAt: Number(opt['solve-at']), noise: Number(opt.noise), depth: Number(opt.depth) }, table, out);
  playMs += Date.now();
  for (let i = 0; i < out.length; i += 5) {
    const e = 64 - popcount32(out[i] | out[i + 2]) - popcount32(out[i + 1] | out[i + 3]);
    if (!targets.includes(e)) continue;
    table.clear();
    const exact = solveExact({ player: new U64(out[i], out[i + 1]), opponent: new U64(out[i + 2], out[i + 3]), toMove: 'X' }, { table }).score;
    rows.push({ empties: e, exact, label: out[i + 4] >> 8, evals: evs.map((ev) => ev.evaluate(out[i], out[i + 1], out[i + 2], out[i + 3]) / 128) });
  }
}
const summary = targets.map((e) => {
  const r = rows.filter((x) => x.empties === e);
  const mae = (f) => r.reduce((s, x) => s + Math.abs(f(x) - x.exact), 0) / r.length;
  const evalMae = files.map((_, k) => mae((x) => Math.max(-64, Math.min(64, x.evals[k]))));
  return { empties: e, positions: r.length, labelMae: mae((x) => x.label), evalMae, meanAbsExact: r.reduce((s, x) => s + Math.abs(x.exact), 0) / r.length };
});
console.log(`guided play and the solve at ${opt['solve-at']} empties: ${(playMs / Number(opt.games) / 1000).toFixed(2)} s a game (${opt.depth}-ply guide)`);
for (const s of summary) {
  console.log(`${s.empties} empties: ${s.positions} positions (mean |exact| ${s.meanAbsExact.toFixed(1)}); |label - exact| ${s.labelMae.toFixed(2)} discs`);
  for (const [k, f] of files.entries()) console.log(`  |eval - exact| ${s.evalMae[k].toFixed(2)}  ${f}`);
}
saveJson(opt.out, { experiment: 'labels and evaluation against exact scores', weights: files.map((f) => f.split('/').slice(-2).join('/')), seed: Number(opt.seed), depth: Number(opt.depth), solveAt: Number(opt['solve-at']), noise: Number(opt.noise), msPerGame: playMs / Number(opt.games), ...machine(), summary, rows });

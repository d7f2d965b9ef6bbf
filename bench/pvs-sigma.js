// How far is the midgame search's shallow value from its deep one? ProbCut
// in the midgame search (src/search/pvs.ts) cuts a node of `depth` plies
// when a search of probCutDepth(depth) plies lies more than t·σ outside the
// window; σ is the standard deviation of (deep − shallow) for those two
// depths. This measures it, per depth, on the positions of an OBF file (a
// tuning set: never the held-out obf/wthor-2020-2021-36.obf), both searches
// at 100 %, in whole discs, and fits σ(depth) = a + b·depth by least squares.
//   node bench/pvs-sigma.js [--file obf/wthor-2016-2017-36.obf] [--depths 3-12] [--positions 100] [--out pvs-sigma.json]
import { readFileSync } from 'node:fs';
import { loadEvaluator } from '../dist/eval/files.js';
import { emptyCount, parsePosition } from '../dist/index.js';
import { probCutDepth } from '../dist/search/pvs.js';
import { useNodeEngine } from '../dist/wasm/choice.js';
import { WasmMidEngine } from '../dist/wasm/lower.js';
import { args, machine, saveJson } from './experiment.js';

const opt = args({
  file: 'obf/wthor-2016-2017-36.obf',
  depths: '3-12',
  positions: '100',
  out: 'pvs-sigma.json',
  weights: 'weights/revsolve.rsev',
});
const [lo, hi] = opt.depths.split('-').map(Number);
const ROOT = new URL('..', import.meta.url).pathname;
const positions = readFileSync(ROOT + opt.file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !/^[%#]/.test(l))
  .slice(0, Number(opt.positions))
  .map((l) => parsePosition(l.split(';')[0].trim()));
const evaluator = loadEvaluator(ROOT + opt.weights);
useNodeEngine();
const engine = new WasmMidEngine(20, 'board2', evaluator);
const FULL = 5;
const value = (p, depth) => {
  engine.table.clear();
  return engine.value(p, emptyCount(p), depth, -64, 64, FULL, () => false);
};

const rows = [];
for (let d = lo; d <= hi; d++) {
  const s = probCutDepth(d);
  const diffs = positions.map((p) => value(p, d) - value(p, s));
  const mean = diffs.reduce((a, x) => a + x, 0) / diffs.length;
  const sigma = Math.sqrt(diffs.reduce((a, x) => a + (x - mean) ** 2, 0) / (diffs.length - 1));
  rows.push({ depth: d, shallow: s, positions: diffs.length, mean, sigma });
  console.log(`depth ${d} against ${s}: mean ${mean.toFixed(2)}, sigma ${sigma.toFixed(2)} discs (${diffs.length} positions)`);
}
// σ(depth) = a + b·depth, least squares.
const n = rows.length;
const sx = rows.reduce((a, r) => a + r.depth, 0);
const sy = rows.reduce((a, r) => a + r.sigma, 0);
const sxx = rows.reduce((a, r) => a + r.depth * r.depth, 0);
const sxy = rows.reduce((a, r) => a + r.depth * r.sigma, 0);
const b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
const a = (sy - b * sx) / n;
console.log(`fit: sigma(depth) = ${a.toFixed(3)} + ${b.toFixed(3)} x depth`);
saveJson(opt.out, { ...machine(), rows, fit: { a, b } });

// Solve a suite single-threaded in this process with the default search (the
// shipped weights, the default selectivity), with each engine in turn (the
// same tree: the node counts must agree); write nodes, time and N/s per
// position and in total to bench/results/solve-<suite>.json.
//   node bench/solve.bench.js [suite.obf] [hash bits] [engines: wasm,ts]
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadEvaluator } from '../dist/eval/files.js';
import { readObf } from '../dist/position/obf-file.js';
import { moveName } from '../dist/position/position.js';
import { SearchContext } from '../dist/search/context.js';
import { TranspositionTable } from '../dist/search/table.js';
import { solveEntry, summarize } from '../dist/solve/solve.js';
import { WasmSearch } from '../dist/wasm/lower.js';
import { machine } from './experiment.js';
import '../dist/wasm/choice.js'; // gives this thread the engine's module (provideEngine)

const file = process.argv[2] ?? new URL('../obf/fforum-20-39.obf', import.meta.url).pathname;
const bits = Number(process.argv[3] ?? 21);
const engines = (process.argv[4] ?? 'wasm,ts').split(',');
const suite = readObf(file);
const weights = new URL('../weights/revsolve.rsev', import.meta.url).pathname;
const evaluator = loadEvaluator(weights);
const out = {};
for (const engine of engines) {
  const below = engine === 'wasm' ? WasmSearch.create(bits, 'board2', evaluator) : null;
  const ctx = new SearchContext({ selectivity: [1, 2], table: below ? below.table : new TranspositionTable(bits), evaluator, below });
  const rows = [];
  for (const [i, e] of suite.entries.entries()) {
    const r = solveEntry(ctx, e, i + 1, { keepTable: false, root: 'aspiration', wld: false });
    rows.push(r);
    console.log(
      `${engine.padEnd(4)} ${String(i + 1).padStart(3)} ${String(r.empties).padStart(3)} ${String(r.score).padStart(4)} ${r.ok ? 'ok ' : 'BAD'} ${String(r.nodes).padStart(12)} ${(r.ms / 1000).toFixed(3).padStart(8)} s ${(r.nodes / r.ms / 1000).toFixed(2).padStart(6)} MN/s`,
    );
  }
  const s = summarize(rows, suite.errors.length);
  console.log(
    `${engine} total: ${s.nodes} nodes, ${(s.ms / 1000).toFixed(3)} s, ${(s.nps / 1e6).toFixed(2)} MN/s, ${s.mismatches} mismatches`,
  );
  out[engine] = {
    total: s,
    positions: rows.map((r) => ({
      index: r.index,
      empties: r.empties,
      score: r.score,
      ok: r.ok,
      move: moveName(r.move),
      nodes: r.nodes,
      ms: Math.round(r.ms),
      nps: Math.round((r.nodes * 1000) / r.ms),
    })),
  };
}
const totals = new Set(Object.values(out).map((o) => o.total.nodes));
if (totals.size !== 1) throw new Error(`the engines searched ${[...totals].join(' and ')} nodes: not the same tree`);
const name = basename(file, '.obf');
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`./results/solve-${name}.json`, import.meta.url),
  `${JSON.stringify(
    { suite: name, hashBits: bits, weights: 'weights/revsolve.rsev', selectivity: '1,2', ...machine(), engines: out },
    null,
    2,
  )}\n`,
);

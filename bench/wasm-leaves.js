// The last plies (positions of 5-7 empties, null windows around 0) searched
// by the TypeScript engine or the WebAssembly one, the same positions and
// windows, one process each: time it as a whole process, the two in turn.
//
//   node bench/wasm-leaves.js ts|wasm [rounds]
//
// Prints the node count (the same for both: the same trees) and the N/s of
// the loop alone.
import { popcount32 } from 'native-free-bitboard';
import { samplePositions } from '../dist/position/random.js';
import { SearchContext } from '../dist/search/context.js';
import { setupEmpties } from '../dist/search/leaves.js';
import { searchNull } from '../dist/search/nws.js';
import { createTable } from '../dist/search/table.js';
import { WasmSearch } from '../dist/wasm/lower.js';
import '../dist/wasm/choice.js'; // gives this thread the engine's module (provideEngine)

const [engine = 'ts', roundsText = '10'] = process.argv.slice(2);
const rounds = Number(roundsText);
const all = samplePositions(400_000, 7);
const work = all.filter((p) => {
  const e = 64 - popcount32(p[0] | p[2]) - popcount32(p[1] | p[3]);
  return e >= 5 && e <= 7;
});
const windows = [-3, -1, 1, 3];
let nodes = 0;
let sum = 0;
const t0 = process.hrtime.bigint();
// The same calls for both engines: the context's searchNull, below the root.
const below = engine === 'wasm' ? WasmSearch.create(10, 'board2', null) : null;
const ctx = new SearchContext({ selectivity: [1, 2], table: below ? below.table : createTable(10, 'board2'), evaluator: null, below });
const s = ctx.state;
s.nodes[0] = 0;
for (let r = 0; r < rounds; r++)
  for (const a of windows) {
    for (const p of work) {
      const e = 64 - popcount32(p[0] | p[2]) - popcount32(p[1] | p[3]);
      sum += searchNull(ctx, p[0], p[1], p[2], p[3], a, e, setupEmpties(s, p[0], p[1], p[2], p[3]));
    }
  }
nodes = s.nodes[0];
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(
  `${engine}: ${rounds} x ${work.length} positions x ${windows.length} windows, ${nodes} nodes (score sum ${sum}), ${ms.toFixed(0)} ms, ${(nodes / ms / 1000).toFixed(1)} M N/s`,
);

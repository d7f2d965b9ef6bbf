// Table-size experiment: solve one suite for each h; nodes, time and N/s against h.
//   npm run bench:table [-- --suite file.obf --bits 10,12,14 --layout board2]
// Writes bench/results/table-size.json, table-size.svg and a table in bench/README.md.
import { basename } from 'node:path';
import { args, DEFAULT_SUITE, solveSuite, machine, saveJson, saveChart, updateReadme, fmt, mib } from './experiment.js';

const opt = args({ suite: DEFAULT_SUITE, bits: '10,12,14,16,18,20,21,22', layout: 'board2' });
const bits = opt.bits.split(',').map(Number);
const runs = [];
for (const h of bits) {
  const { rows, summary } = solveSuite(opt.suite, h, opt.layout);
  if (summary.mismatches || summary.errors) throw new Error(`h=${h}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
  runs.push({
    h, bytes: summary.tableBytes, nodes: summary.nodes, ms: Math.round(summary.ms), nps: summary.nps,
    positions: rows.map((r) => ({ index: r.index, nodes: r.nodes, ms: Math.round(r.ms), hits: r.table.hits, probes: r.table.probes, overwrites: r.table.overwrites })),
  });
  console.log(`h=${h}: ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(1)} s, ${fmt(summary.nps)} N/s`);
}
const suite = basename(opt.suite, '.obf');
saveJson('table-size.json', { experiment: 'table size', suite, layout: opt.layout, ...machine(), runs });

const ref = runs.find((r) => r.h === 21) ?? runs[runs.length - 1];
const values = runs.flatMap((r) => [
  { h: r.h, measure: 'nodes (millions)', value: r.nodes / 1e6 },
  { h: r.h, measure: 'time (s)', value: r.ms / 1000 },
  { h: r.h, measure: 'N/s (millions)', value: r.nps / 1e6 },
]);
await saveChart('table-size.svg', {
  title: `${suite}: table of 2^h entries (${opt.layout})`,
  data: { values },
  facet: { row: { field: 'measure', type: 'nominal', title: null } },
  spec: {
    width: 420, height: 140,
    mark: { type: 'line', point: true },
    encoding: { x: { field: 'h', type: 'quantitative', scale: { zero: false } }, y: { field: 'value', type: 'quantitative', title: null } },
  },
  resolve: { scale: { y: 'independent' } },
});

updateReadme('table-size', [
  `### Table size (\`npm run bench:table\`): ${suite}, layout ${opt.layout}`,
  '',
  `One fresh process per h, single-threaded, table cleared before each position. Ratios are against h = ${ref.h}.`,
  '',
  '| h | table | nodes | × nodes | time | N/s | × N/s |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...runs.map((r) => `| ${r.h} | ${mib(r.bytes)} | ${fmt(r.nodes)} | ${(r.nodes / ref.nodes).toFixed(2)} | ${(r.ms / 1000).toFixed(1)} s | ${fmt(r.nps)} | ${(r.nps / ref.nps).toFixed(2)} |`),
  '',
  '![table size](results/table-size.svg)',
].join('\n'));

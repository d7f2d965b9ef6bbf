// Cache experiment: table layouts side by side on one suite and several h.
//   npm run bench:cache [-- --suite file.obf --bits 10,14,18,21 --layouts board2,board1,board4,key4]
// Writes bench/results/cache.json, cache.svg and a table in bench/README.md.
import { basename } from 'node:path';
import { args, DEFAULT_SUITE, fmt, machine, mib, saveChart, saveJson, solveSuite, updateReadme } from './experiment.js';

const opt = args({ suite: DEFAULT_SUITE, bits: '10,14,18,21', layouts: 'board2,board1,board4,key4' });
const bits = opt.bits.split(',').map(Number);
const layouts = opt.layouts.split(',');
const runs = [];
// Layouts alternate within each h, so that machine noise hits them alike.
for (const h of bits) {
  for (const layout of layouts) {
    const { summary } = solveSuite(opt.suite, h, layout);
    if (summary.mismatches || summary.errors)
      throw new Error(`${layout} h=${h}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
    runs.push({ layout, h, bytes: summary.tableBytes, nodes: summary.nodes, ms: Math.round(summary.ms), nps: summary.nps });
    console.log(`${layout} h=${h}: ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(1)} s, ${fmt(summary.nps)} N/s`);
  }
}
const suite = basename(opt.suite, '.obf');
saveJson('cache.json', { experiment: 'table layouts', suite, ...machine(), runs });

await saveChart('cache.svg', {
  title: `${suite}: table layouts`,
  data: {
    values: runs.flatMap((r) => [
      { layout: r.layout, h: r.h, measure: 'nodes (millions)', value: r.nodes / 1e6 },
      { layout: r.layout, h: r.h, measure: 'time (s)', value: r.ms / 1000 },
      { layout: r.layout, h: r.h, measure: 'N/s (millions)', value: r.nps / 1e6 },
    ]),
  },
  facet: { row: { field: 'measure', type: 'nominal', title: null } },
  spec: {
    width: 420,
    height: 140,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'h', type: 'quantitative', scale: { zero: false } },
      y: { field: 'value', type: 'quantitative', title: null },
      color: { field: 'layout', type: 'nominal' },
    },
  },
  resolve: { scale: { y: 'independent' } },
});

const base = (h) => runs.find((r) => r.h === h && r.layout === layouts[0]);
updateReadme(
  'cache',
  [
    `### Table layouts (\`npm run bench:cache\`): ${suite}`,
    '',
    'board2: 2 × 32-byte entries (the whole position) per 64-byte line (default); board1: direct-mapped 32-byte entries;',
    'board4: 4 × 32-byte entries per bucket (two lines); key4: 4 × 16-byte entries under a 64-bit key per line.',
    `Ratios are against ${layouts[0]} at the same h.`,
    '',
    '| h | layout | table | nodes | × nodes | time | N/s | × N/s |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (r) =>
        `| ${r.h} | ${r.layout} | ${mib(r.bytes)} | ${fmt(r.nodes)} | ${(r.nodes / base(r.h).nodes).toFixed(2)} | ${(r.ms / 1000).toFixed(1)} s | ${fmt(r.nps)} | ${(r.nps / base(r.h).nps).toFixed(2)} |`,
    ),
    '',
    '![table layouts](results/cache.svg)',
  ].join('\n'),
);

// Parallel experiment: wall time of a suite and of its hardest position on
// 1 and on n workers, run one after the other in fresh processes.
//   npm run bench:parallel [-- --suite file.obf --line 19 --bits 21 --workers 2]
// Writes bench/results/parallel.json and a table in bench/README.md.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { args, DEFAULT_SUITE, fmt, machine, saveJson, solve, updateReadme } from './experiment.js';

const opt = args({ suite: DEFAULT_SUITE, line: '19', bits: '21', workers: '2' });
const suite = basename(opt.suite, '.obf');
const position = readFileSync(opt.suite, 'utf8').split('\n')[Number(opt.line) - 1];
const runs = [];
for (const [what, target] of [
  [suite, [opt.suite]],
  [`${suite} line ${opt.line} alone`, ['--position', position]],
]) {
  for (const n of ['1', opt.workers]) {
    const { summary } = solve(...target, '-h', opt.bits, '-n', n);
    if (summary.mismatches || summary.errors)
      throw new Error(`${what} -n ${n}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
    runs.push({ what, workers: Number(n), nodes: summary.nodes, ms: Math.round(summary.ms), nps: summary.nps });
    console.log(`${what}, -n ${n}: ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(2)} s, ${fmt(summary.nps)} N/s`);
  }
}
saveJson('parallel.json', { experiment: 'parallel', suite, line: Number(opt.line), hashBits: Number(opt.bits), ...machine(), runs });
const rows = runs.map((r, i) => {
  const one = runs[i - (i % 2)];
  return `| ${r.what} | ${r.workers} | ${fmt(r.nodes)} | ${(r.ms / 1000).toFixed(2)} s | ${(r.nps / 1e6).toFixed(1)} M | ${(one.ms / r.ms).toFixed(2)}× |`;
});
updateReadme(
  'parallel',
  [
    `Wall time on 1 and ${opt.workers} workers (\`npm run bench:parallel\`, -h ${opt.bits}, ${machine().cores} cores; the default run policy: with the WebAssembly engine, whole positions with idle workers helping).`,
    '',
    '| run | workers | nodes | wall time | N/s | speed-up |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);

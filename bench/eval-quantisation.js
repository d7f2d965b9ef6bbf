// Quantisation experiment: one weights file shrunk step by step, each
// variant ordering the same suite's search at -h 10.
//   npm run bench:eval [-- --suite file.obf --eval weights --bits 10 --usage a.bin,b.bin]
// Without --eval it makes synthetic weights (revsolve eval synth, seed 1).
// The last variant is the other 4-bit form, a codebook per table and group
// (with --usage: fitted to how often those train gen files read each weight).
// Variant files go to data/eval-variants/ (not in git); results to
// bench/results/eval-quantisation.{json,svg} and a table in bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { args, DEFAULT_SUITE, fmt, machine, saveChart, saveJson, solve, updateReadme } from './experiment.js';

const opt = args({ suite: DEFAULT_SUITE, eval: '', bits: '10', usage: '' });
const dir = new URL('../data/eval-variants/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
const revsolve = (...a) => {
  const r = spawnSync(process.execPath, [cli, ...a], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`revsolve ${a.join(' ')}: ${r.stderr}`);
  process.stdout.write(r.stdout);
};

let source = opt.eval;
if (!source) {
  source = `${dir}synthetic.dat`;
  revsolve('eval', 'synth', source, '--seed', '1');
}
const steps = [
  ['full', null],
  ['pow2', ['--pow2']],
  ['pow2 + zero<32', ['--pow2', '--zero-below', '32']],
  // eval compress applies its steps in the order given: the band first, as these results were made.
  ['pow2 + zero<32 + band 4', ['--band', '4', '--pow2', '--zero-below', '32']],
  ['4-bit, band 4', ['--band', '4', '--pow2', '--zero-below', '32', '--bits', '4']],
  ['4-bit codebook, band 4', ['--band', '4', '--codebook', ...(opt.usage ? ['--usage', ...opt.usage.split(',')] : [])]],
];
const variants = [{ name: 'mobility only (no eval)', file: null, bytes: 0 }];
for (const [name, flags] of steps) {
  let file = source;
  if (flags) {
    file = `${dir + name.replace(/[^a-z0-9]+/gi, '-')}.rsev`;
    revsolve('eval', 'compress', source, file, ...flags);
  }
  variants.push({ name, file, bytes: statSync(file).size });
}

const suite = basename(opt.suite, '.obf');
const runs = [];
for (const v of variants) {
  const { rows, summary } = solve(opt.suite, '-h', opt.bits, '-n', '1', ...(v.file ? ['--eval', v.file] : ['--ordering', 'mobility']));
  if (summary.mismatches || summary.errors) throw new Error(`${v.name}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
  runs.push({
    variant: v.name,
    bytes: v.bytes,
    nodes: summary.nodes,
    ms: Math.round(summary.ms),
    nps: summary.nps,
    positions: rows.map((r) => ({
      index: r.index,
      empties: r.empties,
      nodes: r.nodes,
      ms: Math.round(r.ms),
      nps: Math.round((r.nodes * 1000) / Math.max(r.ms, 0.001)),
    })),
  });
  console.log(
    `${v.name}: ${fmt(v.bytes)} bytes; ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(1)} s, ${fmt(summary.nps)} N/s`,
  );
}
saveJson('eval-quantisation.json', {
  experiment: 'eval quantisation',
  suite,
  hashBits: Number(opt.bits),
  weights: opt.eval || 'synthetic (revsolve eval synth --seed 1)',
  ...machine(),
  runs,
});

const full = runs[1];
await saveChart('eval-quantisation.svg', {
  title: `${suite}, -h ${opt.bits}: nodes per position by weights variant`,
  data: { values: runs.flatMap((r) => r.positions.map((p) => ({ variant: r.variant, position: p.index, nodes: p.nodes / 1e6 }))) },
  width: 520,
  height: 260,
  mark: { type: 'line', point: true },
  encoding: {
    x: { field: 'position', type: 'ordinal' },
    y: { field: 'nodes', type: 'quantitative', title: 'nodes (millions)', scale: { type: 'log' } },
    color: { field: 'variant', type: 'nominal', sort: runs.map((r) => r.variant) },
  },
});
updateReadme(
  'eval-quantisation',
  [
    `### Evaluation quantisation (\`npm run bench:eval\`): ${suite}, -h ${opt.bits}, weights: ${opt.eval || 'synthetic (`revsolve eval synth --seed 1`)'}`,
    '',
    'One fresh single-threaded process per variant; ordering by evaluation at 14 empties and more. Ratios against the full weights.',
    '',
    '| variant | file size | nodes | × nodes | time | N/s |',
    '| --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (r) =>
        `| ${r.variant} | ${r.bytes ? `${fmt(r.bytes)} B` : '–'} | ${fmt(r.nodes)} | ${(r.nodes / full.nodes).toFixed(3)} | ${(r.ms / 1000).toFixed(1)} s | ${fmt(r.nps)} |`,
    ),
    '',
    '![eval quantisation](results/eval-quantisation.svg)',
  ].join('\n'),
);

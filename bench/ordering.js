// Move ordering with and without the evaluation: nodes per position at -h 10.
//   npm run bench:ordering [-- --suite file.obf --lines 1-10 --bits 10 --eval weights]
// Default: fforum-40-49 (lines 1-10 of fforum-40-59.obf), the shipped weights.
// Positions run whole, two at a time (--split never), so node counts do not
// depend on timing. Writes bench/results/ordering.json and a table in bench/README.md.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { args, fmt, machine, saveJson, solve, updateReadme } from './experiment.js';

const opt = args({
  suite: new URL('../obf/fforum-40-59.obf', import.meta.url).pathname,
  lines: '1-10',
  bits: '10',
  eval: new URL('../weights/revsolve.rsev', import.meta.url).pathname,
  // 'eval': keep the mobility side of an earlier run of the same suite and lines (it does not depend on the weights)
  only: '',
});
const [from, to] = opt.lines.split('-').map(Number);
const part = join(mkdtempSync(join(tmpdir(), 'revsolve-bench-')), 'part.obf');
writeFileSync(
  part,
  `${readFileSync(opt.suite, 'utf8')
    .split('\n')
    .slice(from - 1, to)
    .join('\n')}\n`,
);
// Edax with its own trained weights at h = 10 (the issue's reference), FFO #40-#49.
const EDAX = { 40: 12.2e6, 41: 31.1e6, 42: 38.9e6, 43: 103e6, 44: 30.1e6, 45: 460e6, 46: 89.8e6, 47: 28.8e6, 48: 212e6, 49: 495e6 };
const firstFfo = opt.suite.includes('fforum-40-59') ? 39 + from : null;

const runs = {};
if (opt.only === 'eval') {
  const old = JSON.parse(readFileSync(new URL('./results/ordering.json', import.meta.url), 'utf8'));
  if (old.lines !== opt.lines || old.hashBits !== Number(opt.bits) || old.suite !== opt.suite.split('/').pop())
    throw new Error('--only eval needs an earlier run of the same suite, lines and -h');
  runs.mobility = old.runs.mobility;
}
for (const [name, flags] of [
  ['mobility', ['--eval', 'none']],
  ['eval', ['--eval', opt.eval]],
]) {
  if (runs[name]) continue;
  const t0 = Date.now();
  const { rows, summary } = solve(part, '-h', opt.bits, '-n', '2', '--split', 'never', ...flags);
  if (summary.mismatches || summary.errors) throw new Error(`${name}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
  runs[name] = {
    nodes: summary.nodes,
    wallMs: Date.now() - t0,
    positions: rows.map((r) => ({ index: r.index, nodes: r.nodes, ms: Math.round(r.ms) })),
  };
  console.log(`${name}: ${fmt(summary.nodes)} nodes, ${((Date.now() - t0) / 1000).toFixed(0)} s wall`);
}
const rows = runs.eval.positions.map((p, i) => {
  const ffo = firstFfo ? firstFfo + i : null;
  const m = runs.mobility.positions[i].nodes;
  const edax = ffo ? EDAX[ffo] : undefined;
  return {
    line: from + i,
    ffo,
    mobility: m,
    eval: p.nodes,
    evalVsMobility: p.nodes / m,
    edax,
    evalVsEdax: edax ? p.nodes / edax : undefined,
  };
});
saveJson('ordering.json', {
  experiment: 'ordering',
  suite: opt.suite.split('/').pop(),
  lines: opt.lines,
  hashBits: Number(opt.bits),
  weights: opt.eval.split('/').slice(-2).join('/'),
  ...machine(),
  runs,
  rows,
});
const tot = (k) => rows.reduce((s, r) => s + (r[k] ?? 0), 0);
updateReadme(
  'ordering',
  [
    `### Move ordering (\`npm run bench:ordering\`): ${opt.suite.split('/').pop()} lines ${opt.lines}, -h ${opt.bits}`,
    '',
    'Nodes with fastest-first ordering alone and with the shipped weights added (positions whole, 2 at a time); Edax with its own weights at h = 10 for reference.',
    '',
    '| position | mobility | eval | eval / mobility | Edax | eval / Edax |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.ffo ? `#${r.ffo}` : `line ${r.line}`} | ${fmt(r.mobility)} | ${fmt(r.eval)} | ${r.evalVsMobility.toFixed(2)} | ${r.edax ? fmt(r.edax) : '–'} | ${r.evalVsEdax ? r.evalVsEdax.toFixed(2) : '–'} |`,
    ),
    `| total | ${fmt(tot('mobility'))} | ${fmt(tot('eval'))} | ${(tot('eval') / tot('mobility')).toFixed(2)} | ${tot('edax') ? fmt(tot('edax')) : '–'} | ${tot('edax') ? (tot('eval') / tot('edax')).toFixed(2) : '–'} |`,
  ].join('\n'),
);

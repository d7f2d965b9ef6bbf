// The ordering study on the exact solver: each ordering technique of the
// endgame search switched off alone (revsolve solve --off T), all of them
// off, and the root strategies side by side (--root), on one suite with
// one thread. A technique's saving: nodes with it off ÷ nodes with all on.
// Everything off grows too fast for the whole suite (its 7th position, 20
// empties, alone took 905 M nodes, and the 22-26-empties ones would take
// hours): that run is on the suite's first lines only (--all-off-lines),
// compared with everything on over the same lines.
// Writes bench/results/ordering-study.json and a table in bench/README.md.
//   npm run bench:ordering-study [-- --suite obf/fforum-20-39.obf --hash 21 --all-off-lines 7]
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDERING_TECHNIQUES, ROOT_STRATEGIES } from '../dist/entries/lab.js';
import { args, fmt, machine, saveJson, solve, updateReadme } from './experiment.js';

const opt = args({ suite: new URL('../obf/fforum-20-39.obf', import.meta.url).pathname, hash: '21', 'all-off-lines': '7' });
const base = [opt.suite, '-n', '1', '-h', opt.hash];
const firstLines = Number(opt['all-off-lines']);
const head = join(mkdtempSync(join(tmpdir(), 'revsolve-study-')), 'head.obf');
writeFileSync(
  head,
  `${readFileSync(opt.suite, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^[%#]/.test(l))
    .slice(0, firstLines)
    .join('\n')}\n`,
);

const runs = [
  { name: 'all on', off: null, root: 'probes' },
  ...ORDERING_TECHNIQUES.map(([name]) => ({ name: `${name} off`, off: name, root: 'probes' })),
  { name: `all off (first ${firstLines} positions)`, off: 'all', root: 'probes', head: true },
  ...ROOT_STRATEGIES.filter((r) => r !== 'probes').map((root) => ({ name: `root: ${root}`, off: null, root })),
];

const rows = [];
for (const r of runs) {
  const a = [...(r.head ? [head, ...base.slice(1)] : base), ...(r.off ? ['--off', r.off] : []), '--root', r.root];
  const t0 = performance.now();
  const { rows: positions, summary } = solve(...a);
  const ms = performance.now() - t0;
  if (summary.mismatches !== 0) throw new Error(`${r.name}: ${summary.mismatches} mismatches`);
  rows.push({
    ...r,
    nodes: summary.nodes,
    ms: summary.ms,
    processMs: Math.round(ms),
    nps: summary.nps,
    perPosition: positions.map((p) => p.nodes),
  });
  console.log(`${r.name}: ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(2)} s`);
}

const meta = machine();
saveJson('ordering-study.json', {
  experiment: 'ordering study: techniques of the exact search off one at a time; root strategies',
  ...meta,
  suite: opt.suite,
  hashBits: Number(opt.hash),
  runs: rows,
});

const all = rows[0];
// Everything on over the first lines only, for the all-off ratio.
const allOnHead = all.perPosition.slice(0, firstLines).reduce((s, n) => s + n, 0);
const table = (list) => [
  '| search | nodes | × all on (the saving) | time | N/s |',
  '| --- | --- | --- | --- | --- |',
  ...list.map(
    (r) =>
      `| ${r.name} | ${fmt(r.nodes)} | ${(r.nodes / (r.head ? allOnHead : all.nodes)).toFixed(r.head ? 1 : 3)}${r.head ? ` (all on: ${fmt(allOnHead)})` : ''} | ${(r.ms / 1000).toFixed(2)} s | ${(r.nps / 1e6).toFixed(2)} M |`,
  ),
];
const suiteName = opt.suite.split('/').pop();
updateReadme(
  'ordering-study',
  [
    '### The ordering study on the exact solver (`npm run bench:ordering-study`)',
    '',
    `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, Node ${meta.node}; \`${meta.command}\`: \`revsolve solve ${suiteName} -n 1 -h ${opt.hash}\` with \`--off T\` / \`--root R\`, one run each (times are one run's wall time on a shared machine; the node counts are exact and repeat). ` +
      "A technique's saving is the nodes with it switched off ÷ the nodes with everything on.",
    '',
    ...table(rows.filter((r) => r.root === 'probes')),
    '',
    'Root strategies after the same first guess (shallow search and selective pre-searches), everything else on:',
    '',
    ...table([all, ...rows.filter((r) => r.root !== 'probes')]),
  ].join('\n'),
);

// The ordering study on the exact solver: each ordering technique of the
// endgame search switched off alone (revsolve solve --off T), all of them
// off, and the root strategies side by side (--root), on one suite with
// one thread. A technique's saving: nodes with it off ÷ nodes with all on.
// Writes bench/results/ordering-study.json and a table in bench/README.md.
//   npm run bench:ordering-study [-- --suite obf/fforum-20-39.obf --hash 21]
import { args, fmt, machine, saveJson, solve, updateReadme } from './experiment.js';
import { ORDERING_TECHNIQUES, ROOT_STRATEGIES } from '../dist/index.js';

const opt = args({ suite: new URL('../obf/fforum-20-39.obf', import.meta.url).pathname, hash: '21' });
const base = [opt.suite, '-n', '1', '-h', opt.hash];

const runs = [
  { name: 'all on', off: null, root: 'probes' },
  ...ORDERING_TECHNIQUES.map(([name]) => ({ name: `${name} off`, off: name, root: 'probes' })),
  { name: 'all off', off: 'all', root: 'probes' },
  ...ROOT_STRATEGIES.filter((r) => r !== 'probes').map((root) => ({ name: `root: ${root}`, off: null, root })),
];

const rows = [];
for (const r of runs) {
  const a = [...base, ...(r.off ? ['--off', r.off] : []), '--root', r.root];
  const t0 = performance.now();
  const { rows: positions, summary } = solve(...a);
  const ms = performance.now() - t0;
  if (summary.mismatches !== 0) throw new Error(`${r.name}: ${summary.mismatches} mismatches`);
  rows.push({ ...r, nodes: summary.nodes, ms: summary.ms, processMs: Math.round(ms), nps: summary.nps, perPosition: positions.map((p) => p.nodes) });
  console.log(`${r.name}: ${fmt(summary.nodes)} nodes, ${(summary.ms / 1000).toFixed(2)} s`);
}

const meta = machine();
saveJson('ordering-study.json', { experiment: 'ordering study: techniques of the exact search off one at a time; root strategies', ...meta, suite: opt.suite, hashBits: Number(opt.hash), runs: rows });

const all = rows[0];
const table = (list) => [
  '| search | nodes | × all on (the saving) | time | N/s |',
  '| --- | --- | --- | --- | --- |',
  ...list.map((r) => `| ${r.name} | ${fmt(r.nodes)} | ${(r.nodes / all.nodes).toFixed(3)} | ${(r.ms / 1000).toFixed(2)} s | ${(r.nps / 1e6).toFixed(2)} M |`),
];
const suiteName = opt.suite.split('/').pop();
updateReadme('ordering-study', [
  '### The ordering study on the exact solver (`npm run bench:ordering-study`)',
  '',
  `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, Node ${meta.node}; \`${meta.command}\`: \`revsolve solve ${suiteName} -n 1 -h ${opt.hash}\` with \`--off T\` / \`--root R\`, one run each (times are one run's wall time on a shared machine; the node counts are exact and repeat). ` +
    'A technique\'s saving is the nodes with it switched off ÷ the nodes with everything on.',
  '',
  ...table(rows.filter((r) => r.root === 'probes')),
  '',
  'Root strategies after the same first guess (shallow search and selective pre-searches), everything else on:',
  '',
  ...table([all, ...rows.filter((r) => r.root !== 'probes')]),
].join('\n'));

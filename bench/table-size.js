// Table-size experiment: solve one suite for each h; nodes, time and N/s against h.
//   npm run bench:table [-- --suite file.obf --bits 10,12,14 --layout board2]
// Writes bench/results/table-size.json, table-size.svg and a table in bench/README.md.
// The --sets form puts each engine beside Edax (same weights, one thread), per position:
//   npm run bench:table -- --sets 60-64 --bits 10,21 [--edax PATH] [--engines wasm,ts] [--rounds 1]
// and writes bench/results/table-sets.json and its own README section.
import { basename } from 'node:path';
import { median, positionName, runEdax, runRevsolve, SETS, setFile, workDir } from './edax-run.js';
import { args, DEFAULT_SUITE, fmt, machine, mib, saveChart, saveJson, solveSuite, updateReadme } from './experiment.js';

const opt = args({
  suite: DEFAULT_SUITE,
  bits: '10,12,14,16,18,20,21,22',
  layout: 'board2',
  sets: '',
  edax: '',
  engines: 'wasm,ts',
  rounds: '1',
});
if (opt.sets) {
  tableSets();
  process.exit(0);
}
const bits = opt.bits.split(',').map(Number);
const runs = [];
for (const h of bits) {
  const { rows, summary } = solveSuite(opt.suite, h, opt.layout);
  if (summary.mismatches || summary.errors) throw new Error(`h=${h}: ${summary.mismatches} mismatches, ${summary.errors} errors`);
  runs.push({
    h,
    bytes: summary.tableBytes,
    nodes: summary.nodes,
    ms: Math.round(summary.ms),
    nps: summary.nps,
    positions: rows.map((r) => ({
      index: r.index,
      nodes: r.nodes,
      ms: Math.round(r.ms),
      hits: r.table.hits,
      probes: r.table.probes,
      overwrites: r.table.overwrites,
    })),
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
    width: 420,
    height: 140,
    mark: { type: 'line', point: true },
    encoding: { x: { field: 'h', type: 'quantitative', scale: { zero: false } }, y: { field: 'value', type: 'quantitative', title: null } },
  },
  resolve: { scale: { y: 'independent' } },
});

updateReadme(
  'table-size',
  [
    `### Table size (\`npm run bench:table\`): ${suite}, layout ${opt.layout}`,
    '',
    `One fresh process per h, single-threaded, table cleared before each position. Ratios are against h = ${ref.h}.`,
    '',
    '| h | table | nodes | × nodes | time | N/s | × N/s |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (r) =>
        `| ${r.h} | ${mib(r.bytes)} | ${fmt(r.nodes)} | ${(r.nodes / ref.nodes).toFixed(2)} | ${(r.ms / 1000).toFixed(1)} s | ${fmt(r.nps)} | ${(r.nps / ref.nps).toFixed(2)} |`,
    ),
    '',
    '![table size](results/table-size.svg)',
  ].join('\n'),
);

/**
 * Each set at each h with Edax (when given) and each engine in turn, A B A B
 * over the rounds: per position nodes, time (the program's own per-position
 * wall time, one thread) and N/s, medians over the rounds.
 */
function tableSets() {
  const bitsList = opt.bits.split(',').map(Number);
  const programs = [...(opt.edax ? ['edax'] : []), ...opt.engines.split(',')];
  const work = workDir();
  const runs = [];
  for (const key of opt.sets.split(',')) {
    const { set, file, edaxFile } = setFile(work.dir, key);
    for (const h of bitsList) {
      const rounds = [];
      for (let i = 0; i < Number(opt.rounds); i++) {
        const round = {};
        for (const p of programs) {
          const r = p === 'edax' ? runEdax(opt.edax, work, edaxFile, h) : runRevsolve(work, file, h, p);
          round[p] = r;
          console.log(`${set.name} h=${h} round ${i + 1}: ${p} ${fmt(r.nodes)} nodes, ${r.cpu.toFixed(2)} s CPU`);
        }
        const engines = programs.filter((p) => p !== 'edax');
        if (new Set(engines.map((p) => round[p].nodes)).size > 1)
          throw new Error(`${set.name} h=${h}: the engines searched different trees`);
        rounds.push(round);
      }
      for (const p of programs) {
        const rows = rounds[0][p].rows.map((row, k) => {
          const seconds = median(rounds.map((r) => r[p].rows[k].seconds));
          return { index: row.index, empties: row.empties, score: row.score, nodes: row.nodes, seconds, nps: row.nodes / seconds };
        });
        runs.push({
          set: set.name,
          key,
          h,
          program: p,
          cpu: median(rounds.map((r) => r[p].cpu)),
          peakMiB: median(rounds.map((r) => r[p].peakMiB)),
          rows,
        });
      }
    }
  }
  saveJson('table-sets.json', {
    experiment: 'table size per position, engines beside Edax (same weights, one thread)',
    edax: opt.edax || null,
    ...machine(),
    runs,
  });

  const name = (p) => (p === 'edax' ? 'Edax' : `revsolve ${p}`);
  const [small, large] = [Math.min(...bitsList), Math.max(...bitsList)];
  const find = (set, h, p) => runs.find((r) => r.set === set && r.h === h && r.program === p);
  const lines = [];
  for (const set of [...new Set(runs.map((r) => r.set))]) {
    for (const p of programs) {
      const a = find(set, small, p);
      const b = find(set, large, p);
      for (let k = 0; k < a.rows.length; k++) {
        const x = a.rows[k];
        const y = b.rows[k];
        lines.push(
          `| ${positionName(SETS[a.key], x.index)} | ${name(p)} | ${fmt(x.nodes)} | ${x.seconds.toFixed(2)} s | ${(x.nps / 1e6).toFixed(1)} M | ${fmt(y.nodes)} | ${y.seconds.toFixed(2)} s | ${(y.nps / 1e6).toFixed(1)} M | ${(x.nodes / y.nodes).toFixed(2)} | ${(x.nps / y.nps).toFixed(2)} |`,
        );
      }
      const sum = (r, f) => r.rows.reduce((t, row) => t + row[f], 0);
      const [na, nb, sa, sb] = [sum(a, 'nodes'), sum(b, 'nodes'), sum(a, 'seconds'), sum(b, 'seconds')];
      lines.push(
        `| ${set} | **${name(p)}** | ${fmt(na)} | ${sa.toFixed(2)} s | ${(na / sa / 1e6).toFixed(1)} M | ${fmt(nb)} | ${sb.toFixed(2)} s | ${(nb / sb / 1e6).toFixed(1)} M | **${(na / nb).toFixed(2)}** | **${(na / sa / (nb / sb)).toFixed(2)}** |`,
      );
    }
  }
  const meta = machine();
  updateReadme(
    'table-sets',
    [
      `### Table size per position, beside Edax (\`npm run bench:table -- --sets ${opt.sets} --bits ${opt.bits}${opt.edax ? ' --edax PATH' : ''}\`)`,
      '',
      `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}; ${opt.rounds} round(s), programs in turn; one thread, same weights (Edax reads the shipped weights exported by \`revsolve eval export\`); time is each program's own per-position time (median of the rounds). The last two columns: h ${small} against h ${large}.`,
      '',
      `| position | program | nodes h ${small} | time | N/s | nodes h ${large} | time | N/s | × nodes | × N/s |`,
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...lines,
    ].join('\n'),
  );
}

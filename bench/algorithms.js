// The search lab's tables: every variant of the 2011 reversi search lab
// (alpha-beta, NegaScout, MTD(f); killers, history, table; deepening by 1
// or 2 plies) at fixed depths 2-10 on FFO #40-#59, with the disc
// evaluation and with the shipped weights. Writes
// bench/results/algorithms.json (per position), algorithms-<eval>.svg
// (total leaves against depth) and the tables in bench/README.md.
//   npm run bench:algorithms [-- --depths 2-10 --evals discs,weights]

import { loadEvaluator } from '../dist/entries/eval.js';
import { LabSearch } from '../dist/entries/lab.js';
import { readObf, SHIPPED_WEIGHTS } from '../dist/index.js';
import { args, fmt, machine, saveChart, saveJson, updateReadme } from './experiment.js';

const opt = args({ depths: '2-10', evals: 'discs,weights', suite: new URL('../obf/fforum-40-59.obf', import.meta.url).pathname });
const [d0, d1] = opt.depths.split('-').map(Number);
const depths = Array.from({ length: d1 - d0 + 1 }, (_, i) => d0 + i);
const suite = readObf(opt.suite).entries;
const TABLE = 18;

const plain = { algorithm: 'alphabeta', deepen: 0, aspiration: 0, killers: 0, history: false, tableBits: 0, guess: 0 };
const VARIANTS = [
  ['alpha-beta', {}],
  ['alpha-beta + killer', { killers: 2 }],
  ['alpha-beta + history', { history: true }],
  ['alpha-beta + table', { tableBits: TABLE }],
  ['alpha-beta + table + killer', { tableBits: TABLE, killers: 2 }],
  ['alpha-beta + table + history', { tableBits: TABLE, history: true }],
  ['NegaScout', { algorithm: 'negascout' }],
  ['NegaScout + killer', { algorithm: 'negascout', killers: 2 }],
  ['NegaScout + table', { algorithm: 'negascout', tableBits: TABLE }],
  ['NegaScout + table + killer', { algorithm: 'negascout', tableBits: TABLE, killers: 2 }],
  ['MTD(f), guess 0', { algorithm: 'mtdf', tableBits: TABLE }],
  ['MTD(f), deepening by 1', { algorithm: 'mtdf', tableBits: TABLE, deepen: 1 }],
  ['MTD(f), deepening by 2', { algorithm: 'mtdf', tableBits: TABLE, deepen: 2 }],
].map(([name, s]) => ({ name, settings: { ...plain, ...s } }));

const results = {};
for (const ev of opt.evals.split(',')) {
  const evaluator = ev === 'discs' ? null : loadEvaluator(ev === 'weights' ? SHIPPED_WEIGHTS : ev);
  const rows = [];
  for (const v of VARIANTS) {
    const search = new LabSearch({ ...v.settings, evaluator });
    const t0 = performance.now();
    for (const depth of depths) {
      for (const [i, e] of suite.entries()) {
        const p = e.position;
        const r = search.search(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo, depth);
        rows.push({
          variant: v.name,
          ffo: 40 + i,
          depth,
          score: r.score,
          move: r.move,
          leaves: r.leaves,
          interior: r.interior,
          ms: Math.round(r.ms * 100) / 100,
        });
      }
    }
    console.log(`${ev}: ${v.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  results[ev] = rows;
}

// Every variant must agree on every score (the lab's promise); stop before writing anything if not.
for (const [ev, rows] of Object.entries(results)) {
  const want = new Map();
  for (const r of rows) {
    const k = `${r.ffo}/${r.depth}`;
    if (!want.has(k)) want.set(k, r.score);
    else if (want.get(k) !== r.score)
      throw new Error(`${ev}: FFO #${r.ffo} depth ${r.depth}: ${r.variant} scores ${r.score}, another variant ${want.get(k)}`);
  }
}

saveJson('algorithms.json', {
  experiment: 'the search lab: fixed-depth searches on FFO #40-#59, every variant (leaves, interior nodes, time per position and depth)',
  ...machine(),
  tableBits: TABLE,
  killers: 2,
  variants: VARIANTS,
  results,
});

const total = (rows, variant, depth, key = 'leaves') =>
  rows.filter((r) => r.variant === variant && r.depth === depth).reduce((s, r) => s + r[key], 0);
const at = (rows, variant, depth, ffo) => rows.find((r) => r.variant === variant && r.depth === depth && r.ffo === ffo).leaves;
const last = depths[depths.length - 1];

/** "a < b" on the depth-10 totals and on how many positions. */
function ranks(rows, better, others) {
  const onTotal = others.every((o) => total(rows, better, last) < total(rows, o, last));
  let positions = 0;
  for (let ffo = 40; ffo < 40 + suite.length; ffo++)
    if (others.every((o) => at(rows, better, last, ffo) < at(rows, o, last, ffo))) positions++;
  return { onTotal, positions, holds: onTotal && positions >= 14 };
}

const FINDINGS = [
  [
    'NegaScout + killer + table is the best of the NegaScout family',
    'NegaScout + table + killer',
    ['NegaScout', 'NegaScout + killer', 'NegaScout + table'],
  ],
  ['NegaScout + killer + table searches fewer leaves than plain alpha-beta', 'NegaScout + table + killer', ['alpha-beta']],
  ['killers help more than history (alpha-beta)', 'alpha-beta + killer', ['alpha-beta + history']],
  ['killers help more than history (alpha-beta + table)', 'alpha-beta + table + killer', ['alpha-beta + table + history']],
  ['MTD(f) deepening by one ply is worse than plain MTD(f)', 'MTD(f), guess 0', ['MTD(f), deepening by 1']],
  [
    'MTD(f) deepening by two plies is the fastest of all',
    'MTD(f), deepening by 2',
    VARIANTS.map((v) => v.name).filter((n) => n !== 'MTD(f), deepening by 2'),
  ],
];

const meta = machine();
const sections = [];
for (const [ev, rows] of Object.entries(results)) {
  const head = `| variant | ${depths.map((d) => `d ${d}`).join(' | ')} | × alpha-beta, leaves d ${last} | interior d ${last} | time d ${last} |`;
  const rule = `| --- | ${depths.map(() => '---').join(' | ')} | --- | --- | --- |`;
  const base = total(rows, 'alpha-beta', last);
  const lines = VARIANTS.map(
    ({ name }) =>
      `| ${name} | ${depths.map((d) => fmt(total(rows, name, d))).join(' | ')} | ${(total(rows, name, last) / base).toFixed(3)} | ${fmt(total(rows, name, last, 'interior'))} | ${(total(rows, name, last, 'ms') / 1000).toFixed(2)} s |`,
  );
  const verdicts = FINDINGS.map(([text, better, others]) => {
    const r = ranks(rows, better, others);
    return `| ${text} | ${r.onTotal ? 'yes' : 'no'} | ${r.positions} of ${suite.length} | **${r.holds ? 'holds' : 'does not hold'}** |`;
  });
  sections.push(
    `#### Evaluation: ${ev === 'discs' ? 'disc difference' : ev === 'weights' ? 'the shipped weights, rounded to discs' : ev}`,
    '',
    `Total leaves over FFO #40-#59 by depth; the ratio, interior nodes and time at depth ${last}.`,
    '',
    head,
    rule,
    ...lines,
    '',
    `![leaves by depth, ${ev}](results/algorithms-${ev}.svg)`,
    '',
    `| finding of the 2011 lab | on the depth-${last} totals | positions where it holds | verdict (totals and ≥ 14 of 20) |`,
    '| --- | --- | --- | --- |',
    ...verdicts,
    '',
  );
  await saveChart(`algorithms-${ev}.svg`, {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: 560,
    height: 340,
    title: `Search lab, FFO #40-#59, ${ev} evaluation: total leaves by depth`,
    data: { values: VARIANTS.flatMap(({ name }) => depths.map((d) => ({ variant: name, depth: d, leaves: total(rows, name, d) }))) },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'depth', type: 'ordinal' },
      y: { field: 'leaves', type: 'quantitative', scale: { type: 'log' }, title: 'leaves (log)' },
      color: { field: 'variant', type: 'nominal', legend: { labelLimit: 260 } },
    },
  });
}

updateReadme(
  'algorithms',
  [
    '### The search lab: algorithms and orderings at fixed depths (`npm run bench:algorithms`)',
    '',
    `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, Node ${meta.node}; \`${meta.command}\`. ` +
      `\`revsolve search\`'s engine (src/lab/lab.ts) on the 20 positions FFO #40-#59, depths ${depths[0]}-${last}; killers: 2 per ply; table 2^${TABLE} entries ` +
      '(bounds cut only at their exact depth); moves otherwise in square order. Every variant returned the same score at every position and depth (checked before writing). ' +
      'Per position and depth: bench/results/algorithms.json.',
    '',
    ...sections,
  ].join('\n'),
);

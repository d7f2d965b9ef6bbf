// The README's "Where it stands" figures (each set's latest run) and
// bench/history.md's (every run), generated from the committed results
// (bench/results/edax*.json) so that neither states a figure the results
// do not hold: `node bench/verified.js` rewrites the tables between
// <!-- verified --> and <!-- /verified -->; test/docs.test.ts fails when
// either differs from what the results give.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const RESULTS = [
  'edax-w2020-r14.json',
  'edax-r14.json',
  'edax-60-64-r13.json',
  'edax-held-out.json',
  'edax-r13.json',
  'edax-r12.json',
  'edax-wthor.json',
  'edax-wasm-r11.json',
  'edax-random5c.json',
  'edax-wasm-65b.json',
  'edax-wasm-66-69.json',
  'edax-wasm-65.json',
  'edax-wasm-60-64.json',
  'edax-wasm-r10.json',
  'edax-random5b.json',
  'edax-wasm-r9.json',
  'edax-random5.json',
  'edax-wasm-r8.json',
  'edax-random4e.json',
  'edax-wasm-r7.json',
  'edax-random4d.json',
  'edax.json',
];

const f2 = (x) => x.toFixed(2);
const m = (x) => `${(x / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} M`;

/**
 * The markdown table of the committed comparisons with Edax: every run's
 * rows, newest first (the history), or with `latest` each set's newest row
 * alone (the README's "Where it stands").
 */
export function verifiedTable({ latest = false } = {}) {
  const rows = [];
  const seen = new Set();
  for (const name of RESULTS) {
    if (!existsSync(new URL(`./results/${name}`, import.meta.url))) continue;
    const r = JSON.parse(readFileSync(new URL(`./results/${name}`, import.meta.url), 'utf8'));
    // One thread against one: a run on several threads (--threads) compares wall times, elsewhere.
    if ((r.threads ?? 1) !== 1) continue;
    const bySet = new Map();
    for (const x of r.results.filter((x) => x.engine && x.edax)) {
      const row = bySet.get(x.set) ?? {
        set: x.set,
        h: x.h,
        nodes: x.revsolve.nodes,
        edax: x.edax.nodes,
        searched: x.edax.searched ?? null,
        ratio: x.ratio.nodes,
        cpu: {},
      };
      row.cpu[x.engine] = x.ratio.cpu;
      bySet.set(x.set, row);
    }
    for (const row of bySet.values()) {
      if (latest && seen.has(row.set)) continue;
      seen.add(row.set);
      const cpu = (e) => (row.cpu[e] ? `${f2(row.cpu[e].median)} (${f2(row.cpu[e].min)}–${f2(row.cpu[e].max)})` : '–');
      const searched = row.searched ? `${m(row.searched)}, ${f2(row.nodes / row.searched)}` : '–';
      rows.push(
        `| ${row.set} | ${row.h} | ${m(row.nodes)} | ${m(row.edax)}, ${f2(row.ratio)} | ${searched} | ${cpu('wasm')} | ${cpu('ts')} | ${r.commit}, ${r.date.slice(0, 10)}, ${r.cpu} (bench/results/${name}) |`,
      );
    }
  }
  return [
    '| set | h | revsolve nodes (either engine) | Edax nodes as Edax counts, revsolve × | Edax searched nodes, revsolve × | CPU × Edax, wasm (median, min–max) | CPU × Edax, ts | measured |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export const README = new URL('../README.md', import.meta.url);
/** Every run against Edax, newest first: the history the README's latest rows come from. */
export const HISTORY = new URL('./history.md', import.meta.url);

/** The README's text with its verified table replaced by `table`. */
export function withTable(text, table) {
  const open = '<!-- verified -->';
  const close = '<!-- /verified -->';
  const i = text.indexOf(open);
  const j = text.indexOf(close);
  if (i < 0 || j < i) throw new Error('README.md has no <!-- verified --> … <!-- /verified --> section');
  return `${text.slice(0, i + open.length)}\n${table}\n${text.slice(j)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8'), verifiedTable({ latest: true })));
  writeFileSync(HISTORY, withTable(readFileSync(HISTORY, 'utf8'), verifiedTable()));
  console.log('README.md and bench/history.md: the verified tables rewritten from bench/results');
}

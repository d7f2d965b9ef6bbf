// Win/loss/draw against the exact score, and df-pn against alpha-beta:
// each FFO position of --from..--to solved three ways, each in a fresh
// process on one thread (`revsolve solve --position P -n 1 -h H --json`):
//   exact   the exact score;
//   ab      --wld (alpha-beta's null-window probes);
//   dfpn    --wld --prover dfpn (proof-number search).
// Nodes, CPU (user + system) and peak memory of the process (GNU time);
// a run over --limit seconds is stopped and shown as such. Then df-pn on
// the largest position it finished, at -h 16 against -h H: how it fares as
// its table fills.
//   npm run bench:wld [-- --from 40 --to 59 --bits 21 --limit 300]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { args, fmt, machine, saveChart, saveJson, updateReadme } from './experiment.js';

const opt = args({ from: '40', to: '59', bits: '21', limit: '300', small: '16' });
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
const lines = readFileSync(new URL('../obf/fforum-40-59.obf', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const MODES = { exact: [], ab: ['--wld'], dfpn: ['--wld', '--prover', 'dfpn'] };

/**
 * One solve in a process of its own: its JSON row, CPU seconds and peak MiB
 * (null when over the limit). The limit is enforced under GNU time, on the
 * solve itself (a timeout on time would leave the solve running on).
 */
function run(line, mode, bits) {
  const argv = [
    '-f',
    '%U %S %M',
    'timeout',
    '-s',
    'KILL',
    opt.limit,
    process.execPath,
    CLI,
    'solve',
    '--position',
    line,
    '-n',
    '1',
    '-h',
    String(bits),
    '--json',
    '--quiet',
    ...MODES[mode],
  ];
  const r = spawnSync('/usr/bin/time', argv, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status === 137 || /terminated by signal 9/.test(r.stderr)) return null;
  if (r.status !== 0) throw new Error(`${mode} ${line}: exit ${r.status}: ${r.stderr}`);
  const [user, sys, kb] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  const row = JSON.parse(r.stdout.trim().split('\n')[0]);
  return {
    nodes: row.nodes,
    cpu: user + sys,
    mib: kb / 1024,
    score: row.score,
    wld: row.wld ?? null,
    ok: row.ok,
    move: row.move,
    table: row.table,
  };
}

const positions = [];
for (let n = Number(opt.from); n <= Number(opt.to); n++) {
  const line = lines[n - 40];
  const p = { ffo: n, empties: (line.slice(0, 64).match(/-/g) ?? []).length };
  for (const mode of Object.keys(MODES)) {
    p[mode] = run(line, mode, opt.bits);
    const r = p[mode];
    console.log(
      `#${n} ${mode}: ${r ? `${r.wld ?? r.score} ${fmt(r.nodes)} nodes ${r.cpu.toFixed(2)} s ${r.mib.toFixed(0)} MiB ok ${r.ok}` : `over ${opt.limit} s`}`,
    );
  }
  positions.push(p);
  saveJson('wld.json', { command: 'in progress', machine: machine(), bits: Number(opt.bits), limit: Number(opt.limit), positions }); // a stopped run keeps what it measured
}

// df-pn as its table fills: the largest position it solved, at a small table and at -h bits.
const done = positions.filter((p) => p.dfpn);
const largest = done.reduce((a, b) => (b.dfpn.nodes > a.dfpn.nodes ? b : a), done[0]);
const fill = [];
if (largest) {
  for (const bits of [Number(opt.small), Number(opt.bits)]) {
    const r = bits === Number(opt.bits) ? largest.dfpn : run(lines[largest.ffo - 40], 'dfpn', bits);
    fill.push({ bits, ...(r ?? { over: true }) });
    console.log(
      `df-pn #${largest.ffo} h ${bits}: ${r ? `${fmt(r.nodes)} nodes ${r.cpu.toFixed(2)} s ${r.mib.toFixed(0)} MiB; entries used ${fmt(r.table.used)} of ${fmt(2 ** bits)}, ${fmt(r.table.overwrites)} overwrites` : 'over the limit'}`,
    );
  }
}

const sum = (mode, key) => positions.filter((p) => p.exact && p.ab && p.dfpn).reduce((s, p) => s + p[mode][key], 0);
const all = positions.filter((p) => p.exact && p.ab && p.dfpn);
const totals = Object.fromEntries(Object.keys(MODES).map((m) => [m, { nodes: sum(m, 'nodes'), cpu: sum(m, 'cpu') }]));
const command = `npm run bench:wld -- --from ${opt.from} --to ${opt.to} --bits ${opt.bits} --limit ${opt.limit}`;
saveJson('wld.json', {
  command,
  machine: machine(),
  bits: Number(opt.bits),
  limit: Number(opt.limit),
  positions,
  fill: { ffo: largest?.ffo ?? null, runs: fill },
  totals,
});

const chart = [];
for (const p of positions)
  for (const mode of Object.keys(MODES)) if (p[mode]) chart.push({ position: `#${p.ffo}`, mode, cpu: Math.max(0.01, p[mode].cpu) });
await saveChart('wld.svg', {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: `CPU seconds per position, one thread, h ${opt.bits} (log scale)`,
  width: 640,
  height: 240,
  data: { values: chart },
  mark: 'bar',
  encoding: {
    x: { field: 'position', type: 'nominal', sort: null, title: 'FFO position' },
    xOffset: { field: 'mode', sort: ['exact', 'ab', 'dfpn'] },
    y: { field: 'cpu', type: 'quantitative', scale: { type: 'log' }, title: 'CPU s (whole process)' },
    color: { field: 'mode', sort: ['exact', 'ab', 'dfpn'], title: 'solve' },
  },
});

const cell = (r) => (r ? `${fmt(r.nodes)} | ${r.cpu.toFixed(2)} | ${r.mib.toFixed(0)}` : `over ${opt.limit} s | | `);
const rows = positions.map(
  (p) =>
    `| #${p.ffo} | ${p.empties} | ${p.exact ? (p.exact.score > 0 ? '+' : '') + p.exact.score : '?'} | ${p.ab?.wld ?? p.dfpn?.wld ?? '?'} | ${cell(p.exact)} | ${cell(p.ab)} | ${cell(p.dfpn)} |`,
);
updateReadme(
  'wld',
  `
### Win/loss/draw, and df-pn beside alpha-beta (\`npm run bench:wld\`)

\`${command}\` (${machine().cpu}; results/wld.json, chart results/wld.svg). Each position solved in a fresh process on one
thread: exact, WLD by alpha-beta (\`--wld\`), WLD by df-pn (\`--wld --prover dfpn\`); nodes, CPU seconds (user + system) and
peak MiB of the whole process (GNU time). Every result checked against the file (exact: the score and move; WLD: by sign).

| FFO | empties | score | result | exact nodes | CPU s | MiB | ab nodes | CPU s | MiB | df-pn nodes | CPU s | MiB |
| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
| all ${all.length} | | | | ${fmt(totals.exact.nodes)} | ${totals.exact.cpu.toFixed(1)} | | ${fmt(totals.ab.nodes)} | ${totals.ab.cpu.toFixed(1)} | | ${fmt(totals.dfpn.nodes)} | ${totals.dfpn.cpu.toFixed(1)} | |

df-pn on #${largest?.ffo ?? '?'} as its table fills: ${fill.map((f) => (f.over ? `h ${f.bits} over the limit` : `h ${f.bits}: ${fmt(f.nodes)} nodes, ${f.cpu.toFixed(2)} s, ${f.mib.toFixed(0)} MiB, ${fmt(f.table.used)} entries used of ${fmt(2 ** f.bits)}, ${fmt(f.table.overwrites)} overwrites`)).join('; ')}.
`,
);
console.log(
  `totals over ${all.length} positions: exact ${fmt(totals.exact.nodes)} nodes ${totals.exact.cpu.toFixed(1)} s; ab ${fmt(totals.ab.nodes)} ${totals.ab.cpu.toFixed(1)} s; dfpn ${fmt(totals.dfpn.nodes)} ${totals.dfpn.cpu.toFixed(1)} s`,
);

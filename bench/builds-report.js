// The tables of bench/builds.js results files (two builds side by side):
// per set the node counts of both builds and their ratio, the CPU of each
// round of each and the paired ratios (A/B per round, their geometric mean
// and range), the busiest the machine was around a run, and per position
// the node ratio of small sets; then the set kinds (a kind's ratio: the
// geometric mean of its sets') and their geometric mean.
//   node bench/builds-report.js FILE.json [FILE.json …] [--kinds 'FFO=20-39,40-49,60-61;random=r4;real=w2016']
//     [--edax r5=7483968795,…]   (Edax's node count of a set, as Edax counts them: the tree ratio against it)
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const files = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--')));
const opt = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : '';
};
const results = files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).results.map((r) => ({ ...r, file: f })));
const meta = JSON.parse(readFileSync(files[0], 'utf8'));
const [A, B] = meta.builds.map((b) => b.name);
const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const f3 = (x) => x.toFixed(3);
const g = (n) => `${(n / 1e9).toFixed(3)} G`;
const edax = Object.fromEntries(
  opt('edax')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=').map((x, i) => (i ? Number(x) : x))),
);

console.log(
  `Machine: ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}; ${meta.date.slice(0, 10)}; builds ${A} and ${B}, engine ${meta.engine}, one thread.`,
);
console.log('');
console.log(
  `| set | h | nodes ${A} | nodes ${B} | nodes ${A}/${B} | CPU ${A} (s, each round) | CPU ${B} (s, each round) | CPU ${A}/${B} per round | geometric mean | busiest (cores) |${Object.keys(edax).length ? ` ${A} / ${B} × Edax's nodes |` : ''}`,
);
console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |${Object.keys(edax).length ? ' --- |' : ''}`);
const ratioOf = new Map();
for (const r of results) {
  const a = r.runs[A];
  const b = r.runs[B];
  const ratios = a.map((x, i) => x.cpu / b[i].cpu);
  ratioOf.set(r.key, geo(ratios));
  const busiest = Math.max(...[...a, ...b].flatMap((x) => [x.load.before.busyCores, x.load.after.busyCores]));
  const e = edax[r.key];
  console.log(
    `| ${r.set} | ${r.h} | ${g(r.nodes[A])} | ${g(r.nodes[B])} | ${f3(r.nodes.ratio)} | ${a.map((x) => x.cpu.toFixed(1)).join(', ')} | ${b.map((x) => x.cpu.toFixed(1)).join(', ')} | ${ratios.map(f3).join(', ')} | **${f3(geo(ratios))}** | ${busiest.toFixed(2)} |${e ? ` ${f3(r.nodes[A] / e)} / ${f3(r.nodes[B] / e)} |` : Object.keys(edax).length ? ' |' : ''}`,
  );
}
console.log('');
for (const r of results.filter((x) => x.perPosition.ratios.length <= 10)) {
  console.log(`${r.set}, nodes ${A}/${B} per position: ${r.perPosition.ratios.map(f3).join(', ')}`);
}
const perPos = results.filter((x) => x.perPosition.ratios.length > 10);
for (const r of perPos) {
  const p = r.perPosition;
  console.log(`${r.set}, nodes ${A}/${B} per position: geometric mean ${f3(p.geometricMean)} (${f3(p.min)}–${f3(p.max)})`);
}
const kinds = opt('kinds');
if (kinds) {
  console.log('');
  const values = [];
  for (const part of kinds.split(';')) {
    const [name, sets] = part.split('=');
    const xs = sets.split(',').map((k) => {
      if (!ratioOf.has(k)) throw new Error(`--kinds: no set ${k} in the files`);
      return ratioOf.get(k);
    });
    values.push(geo(xs));
    console.log(`kind ${name} (${sets}): CPU ${A}/${B} ${f3(geo(xs))}`);
  }
  console.log(`geometric mean over the kinds: **${f3(geo(values))}**`);
}

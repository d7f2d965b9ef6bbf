// Two builds of revsolve side by side, one thread, the same sets: A B A B …
// (the order turned each round), CPU = user + system of the whole process
// (GNU time), the node count of each (one tree per build: it must not move
// between rounds), per position the nodes of both, the load before and after
// each run. For a compile-time constant of the search (SHALLOW_MAX …): build
// the second copy in a worktree with the constant changed and name its CLI.
//   node bench/builds.js --a DIR_A --b DIR_B [--sets 20-39,40-49,60-61,r4,w2016] [--rounds 3]
//     [--engine wasm] --out FILE.json
// DIR_A and DIR_B are checkouts whose dist/ is built (npm run build). The
// sets are bench/edax-run.js's. The results file is written whole after each
// set (a stopped run keeps the finished sets) and never over another file.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { perPosition, runRevsolve, SETS, setFile, spread, workDir } from './edax-run.js';
import { args, machine, machineLoad } from './experiment.js';

const opt = args({ a: '', b: '', sets: '20-39,40-49,60-61', rounds: '3', engine: 'wasm', out: '', label: 'A,B' });
const fail = (text) => {
  console.error(`bench/builds.js: ${text}`);
  process.exit(2);
};
if (!opt.a || !opt.b || !opt.out) fail('--a DIR --b DIR --out FILE.json are needed');
const cli = (dir) => {
  const path = join(resolve(dir), 'dist/cli/main.js');
  if (!existsSync(path)) fail(`${path}: no such file (build that checkout first: npm run build)`);
  return path;
};
const builds = [
  { name: opt.label.split(',')[0], cli: cli(opt.a), dir: resolve(opt.a) },
  { name: opt.label.split(',')[1], cli: cli(opt.b), dir: resolve(opt.b) },
];
if (existsSync(opt.out)) fail(`${opt.out} exists: give a new --out`);
const rounds = Number(opt.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1)) fail(`--rounds ${opt.rounds}: a whole number of at least 1`);
const keys = opt.sets.split(',');
for (const k of keys) if (!SETS[k]) fail(`--sets: no set ${k}; sets: ${Object.keys(SETS).join(', ')}`);

const work = workDir();
const results = [];
const meta = { ...machine(), builds: builds.map(({ name, dir }) => ({ name, dir })), engine: opt.engine };
for (const key of keys) {
  const { set, file } = setFile(work.dir, key);
  const runs = { [builds[0].name]: [], [builds[1].name]: [] };
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? builds : [builds[1], builds[0]];
    for (const b of order) {
      const before = machineLoad(1000);
      const r = runRevsolve(work, file, set.h, opt.engine, 1, b.cli);
      const after = machineLoad(1000);
      runs[b.name].push({ nodes: r.nodes, cpu: r.cpu, wall: r.wall, rows: r.rows, load: { before, after } });
      console.log(
        `${set.name} round ${i + 1} ${b.name}: ${r.nodes} nodes, ${r.cpu.toFixed(2)} s CPU (busy cores ${before.busyCores} / ${after.busyCores})`,
      );
    }
  }
  const [A, B] = builds.map((b) => runs[b.name]);
  for (const [name, rs] of Object.entries(runs))
    if (new Set(rs.map((x) => x.nodes)).size !== 1) fail(`${set.name}: ${name}'s node count moved between rounds`);
  const ratios = A.map((x, i) => x.cpu / B[i].cpu);
  results.push({
    key,
    set: set.name,
    h: set.h,
    nodes: { [builds[0].name]: A[0].nodes, [builds[1].name]: B[0].nodes, ratio: A[0].nodes / B[0].nodes },
    cpu: { [builds[0].name]: spread(A.map((x) => x.cpu)), [builds[1].name]: spread(B.map((x) => x.cpu)), ratio: spread(ratios) },
    perPosition: perPosition(A[0].rows, B[0].rows),
    runs,
  });
  writeFileSync(opt.out, `${JSON.stringify({ experiment: 'two builds, one thread, alternating', ...meta, results }, null, 1)}\n`);
  const last = results.at(-1);
  console.log(
    `${set.name}: nodes ${builds[0].name}/${builds[1].name} ${last.nodes.ratio.toFixed(3)}, CPU ${last.cpu.ratio.median.toFixed(3)} (${last.cpu.ratio.min.toFixed(3)}–${last.cpu.ratio.max.toFixed(3)})`,
  );
}

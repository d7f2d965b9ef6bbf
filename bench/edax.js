// revsolve against Edax with the same weights, one thread each, the same h:
// exports the shipped weights to a temporary eval.dat, then solves each set
// with Edax and with revsolve in turn (A B A B …), and reports nodes, CPU
// time (user + system of the whole process, /usr/bin/time), N/s, peak memory
// and the ratios per round (median, min, max).
//   npm run bench:edax -- --edax /path/to/lEdax-x86-64-v3 [--rounds 3] [--sets 20-39,40-49,60-61]
//     [--engines wasm,ts] [--threads N] [--out edax.json --tag edax --title T]   (the results file in bench/results, the README section and its title)
// Each round runs Edax, then revsolve with each engine in turn (the same
// tree: the node counts must agree, or the bench fails).
// --edax3: a second Edax built with `#define COUNT_NODES 3` in src/stats.h
// (the same search; only searched nodes counted, not the children scored
// for ordering or looked up for ETC): its node count is revsolve's unit, and
// the table gives the ratio in both units (Edax's nodes and searched nodes).
// Without --edax it measures revsolve alone. The repository holds no Edax:
// build your own from its public source and give its path.
// The machine's load is read before and after each round (busy cores over
// two seconds, and the 1-minute load average) and kept with the results; a
// round that starts on a busy machine (more than IDLE_BUSY_CORES) stops the
// bench before anything is written, unless --loaded says to go on (the
// results then say "loaded": not a result to quote).

import { median, perPosition, runEdax, runRevsolve, setFile, spread, workDir } from './edax-run.js';
import { args, fmt, IDLE_BUSY_CORES, machine, machineLoad, saveJson, updateReadme } from './experiment.js';

const opt = args({
  edax: '',
  edax3: '',
  rounds: '3',
  sets: '20-39,40-49,60-61',
  engines: 'wasm,ts',
  out: 'edax.json',
  tag: 'edax',
  title: 'The FFO sets, both engines',
  loaded: '',
  threads: '1',
});
// --threads N: Edax -n N against revsolve -n N (N workers); wall time is then the figure that counts.
const THREADS = Number(opt.threads);
if (!(Number.isInteger(THREADS) && THREADS >= 1)) {
  console.error(`bench:edax: --threads ${opt.threads}: not a whole number of at least 1`);
  process.exit(2);
}
const goOnLoaded = opt.loaded !== '';
const ENGINES = opt.engines.split(',');
const work = workDir();

const results = [];
for (const key of opt.sets.split(',')) {
  const { set, file, edaxFile } = setFile(work.dir, key);
  const rounds = [];
  for (let i = 0; i < Number(opt.rounds); i++) {
    const before = machineLoad();
    if (before.busyCores > IDLE_BUSY_CORES && !goOnLoaded) {
      console.error(
        `bench:edax: ${set.name} round ${i + 1}: the machine is busy (${before.busyCores} cores busy, load ${before.loadavg1}): nothing written; run it again when it is idle (or --loaded 1 to measure anyway, marked loaded)`,
      );
      process.exit(3);
    }
    const e = opt.edax ? runEdax(opt.edax, work, edaxFile, set.h, THREADS) : null;
    const round = { edax: e && { nodes: e.nodes, cpu: e.cpu, wall: e.wall, peakMiB: e.peakMiB, rows: e.rows } };
    for (const engine of ENGINES) {
      const r = runRevsolve(work, file, set.h, engine, THREADS);
      round[engine] = { nodes: r.nodes, cpu: r.cpu, wall: r.wall, peakMiB: r.peakMiB, rows: r.rows };
      console.log(
        `${set.name} round ${i + 1}: ${e ? `Edax ${fmt(e.nodes)} nodes ${e.cpu.toFixed(2)} s; ` : ''}revsolve --engine ${engine} ${fmt(r.nodes)} nodes ${r.cpu.toFixed(2)} s`,
      );
    }
    round.load = { before, after: machineLoad() };
    console.log(`${set.name} round ${i + 1}: busy cores before ${before.busyCores}, after ${round.load.after.busyCores}`);
    const counts = new Set(ENGINES.map((engine) => round[engine].nodes));
    // On several threads the tree varies from run to run: only one thread's is the engines' one tree.
    if (THREADS === 1 && counts.size !== 1)
      throw new Error(`${set.name}: the engines searched ${[...counts].join(' and ')} nodes: not the same tree`);
    rounds.push(round);
  }
  const ed = opt.edax ? rounds.map((x) => x.edax) : null;
  // Searched nodes only: one run (a node count does not vary).
  const edax3 = opt.edax3 ? runEdax(opt.edax3, work, edaxFile, set.h) : null;
  const searched = edax3 ? edax3.nodes : null;
  for (const engine of ENGINES) {
    const rv = rounds.map((x) => x[engine]);
    results.push({
      set: set.name,
      file: set.file,
      lines: set.lines,
      h: set.h,
      engine,
      revsolve: {
        nodes: rv[0].nodes,
        cpu: spread(rv.map((x) => x.cpu)),
        wall: spread(rv.map((x) => x.wall)),
        nps: median(rv.map((x) => x.nodes / x.cpu)),
        peakMiB: median(rv.map((x) => x.peakMiB)),
      },
      edax: ed && {
        nodes: ed[0].nodes,
        searched,
        cpu: spread(ed.map((x) => x.cpu)),
        wall: spread(ed.map((x) => x.wall)),
        nps: median(ed.map((x) => x.nodes / x.cpu)),
        peakMiB: median(ed.map((x) => x.peakMiB)),
      },
      ratio: ed && {
        nodes: rv[0].nodes / ed[0].nodes,
        searched: searched && rv[0].nodes / searched,
        cpu: spread(rounds.map((x) => x[engine].cpu / x.edax.cpu)),
        wall: spread(rounds.map((x) => x[engine].wall / x.edax.wall)),
        perPosition: perPosition(rv[0].rows, ed[0].rows),
        perPositionSearched: edax3 && perPosition(rv[0].rows, edax3.rows),
      },
    });
  }
  results.push({ set: set.name, rounds });
}

saveJson(opt.out, {
  experiment: `revsolve against Edax, same weights, ${THREADS === 1 ? 'one thread' : `${THREADS} threads (Edax -n ${THREADS}, revsolve -n ${THREADS})`}`,
  threads: THREADS,
  edax: opt.edax || null,
  weights: 'weights/revsolve.rsev exported by eval export',
  ...machine(),
  loaded: goOnLoaded && results.some((r) => r.rounds?.some((x) => x.load.before.busyCores > IDLE_BUSY_CORES)),
  results,
});

const f2 = (x) => x.toFixed(2);
const geo = (p) => `${f2(p.geometricMean)} (${f2(p.min)}–${f2(p.max)})`;
const m = (x) => `${(x / 1e6).toFixed(1)} M`;
const rows = results
  .filter((r) => r.engine)
  .map((r) =>
    r.edax
      ? `| ${r.set} | ${r.engine} | ${r.h} | ${m(r.edax.nodes)} | ${r.edax.searched ? m(r.edax.searched) : '–'} | ${f2(r.edax.cpu.median)} s | ${m(r.edax.nps)} | ${m(r.revsolve.nodes)} | ${f2(r.revsolve.cpu.median)} s | ${m(r.revsolve.nps)} | ${f2(r.ratio.nodes)} | ${r.ratio.searched ? f2(r.ratio.searched) : '–'} | ${geo(r.ratio.perPosition)} | ${r.ratio.perPositionSearched ? geo(r.ratio.perPositionSearched) : '–'} | ${f2(r.ratio.cpu.median)} (${f2(r.ratio.cpu.min)}–${f2(r.ratio.cpu.max)}) |${wallCells(r)} ${Math.round(r.edax.peakMiB)} / ${Math.round(r.revsolve.peakMiB)} MiB |`
      : `| ${r.set} | ${r.engine} | ${r.h} | | | | | ${m(r.revsolve.nodes)} | ${f2(r.revsolve.cpu.median)} s | ${m(r.revsolve.nps)} | | | | | | – / ${Math.round(r.revsolve.peakMiB)} MiB |`,
  );
/** On several threads, the wall times and their ratio (the figure that counts there). */
function wallCells(r) {
  return THREADS === 1
    ? ''
    : ` ${f2(r.edax.wall.median)} s | ${f2(r.revsolve.wall.median)} s | ${f2(r.ratio.wall.median)} (${f2(r.ratio.wall.min)}–${f2(r.ratio.wall.max)}) |`;
}
const meta = machine();
/** The busy cores read before or after the rounds: their range. */
const loads = (when) => {
  const xs = results.filter((r) => r.rounds).flatMap((r) => r.rounds.map((x) => x.load[when].busyCores));
  return `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
};
updateReadme(
  opt.tag,
  [
    `### ${opt.title} (\`npm run bench:edax -- --edax PATH${opt.tag === 'edax' ? '' : ` --sets ${opt.sets} --rounds ${opt.rounds} --out ${opt.out} --tag ${opt.tag} --title "${opt.title}"`}${THREADS === 1 ? '' : ` --threads ${THREADS}`}\`)`,
    '',
    `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}; busy cores before the rounds ${loads('before')}, after ${loads('after')}${goOnLoaded ? ' (**run with --loaded: not a result to quote**)' : ''}; ${opt.rounds} rounds, Edax and revsolve's engines (${ENGINES.join(', ')}) in turn; CPU = user + system time of the whole process (median of the rounds; the time ratio is the median of the per-round ratios, min–max). Edax: \`-n ${THREADS} -l 60 -h H -eval-file <the shipped weights exported by revsolve eval export> -solve\`, as shipped (COUNT_NODES 7: the children scored for ordering and the ETC look-ups count as nodes) and${opt.edax3 ? '' : ' (not given here)'} built with COUNT_NODES 3 (searched nodes only); revsolve: \`solve -n ${THREADS} -h H --engine E\` (default search; ${THREADS === 1 ? 'both engines search the same tree' : "on several threads the tree and the node counts vary from run to run: the nodes are the first round's"}).`,
    '',
    `| set | engine | h | Edax nodes (as counted) | Edax searched nodes | Edax CPU | Edax N/s | revsolve nodes | revsolve CPU | revsolve N/s | nodes × (as counted) | nodes × (searched) | per position × (as counted): geometric mean (min–max) | per position × (searched) | time × |${THREADS === 1 ? '' : ' Edax wall | revsolve wall | wall × |'} peak memory (Edax / revsolve) |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |${THREADS === 1 ? '' : ' --- | --- | --- |'} --- |`,
    ...rows,
  ].join('\n'),
);

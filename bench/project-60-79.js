// The headline job, `revsolve solve fforum-60-79.obf -h 10`, projected from
// measured per-position work: Edax's published node counts of each position
// (results/edax-fforum-60-79.json), scaled by revsolve's measured node ratio
// to Edax (same weights, one thread, h 10: results/edax.json) and divided by
// revsolve's measured N/s at h 10. No fit over small positions: the deep
// positions' trees are not those of the small ones grown.
//
//   node bench/project-60-79.js [--split 1.29]
//   node bench/project-60-79.js --measured fforum-60-69-h10.json --out projection-60-79-measured.json
//   node bench/project-60-79.js --run edax-60-64-r13.json --speedup 1.4 --out projection-60-79-r13.json
// --run: a bench:edax result of FFO positions at h 10 as the measured run
// (its first round's rows, its median CPU); --speedup: two workers' wall
// time against one thread's CPU on one machine, measured (bench:edax
// --threads 2), for the two-worker line.
//
// --measured: revsolve's own run of some of the positions at h 10
// (results/fforum-60-69-h10.json): those count as measured, the rest as
// Edax's published nodes times revsolve's per-position ratio to them on the
// measured ones (geometric mean; best and worst ratio for the range), all
// at the measured run's N/s.
//
// --split: how much faster the largest position is when split over one
// machine's two threads through the queue (FFO #45: 27.3 s alone, 21.2 s
// on one worker of two threads, bench/README "Parallel"). Writes
// results/projection-60-79.json and prints the README table.
import { readFileSync, writeFileSync } from 'node:fs';
import { args, RESULTS } from './experiment.js';

const opt = args({ split: '1.29', out: 'projection-60-79.json', measured: '', run: '', speedup: '' });
const edax = JSON.parse(readFileSync(new URL('edax-fforum-60-79.json', RESULTS), 'utf8'));
const measured = JSON.parse(readFileSync(new URL('edax.json', RESULTS), 'utf8'));

/** A bench:edax result of FFO positions at h 10 (one thread) as a measured run: its first round's rows, its median CPU. */
function fromBench(file) {
  const b = JSON.parse(readFileSync(new URL(file, RESULTS), 'utf8'));
  const r = b.results.find((x) => x.engine && x.h === 10);
  const set = b.results.find((x) => x.rounds && x.set === r.set);
  const first = Number(/#(\d+)/.exec(r.set)[1]);
  return {
    commit: `${b.commit}, ${b.date.slice(0, 10)}, ${b.cpu}`,
    cpuSeconds: r.revsolve.cpu.median,
    rows: set.rounds[0][r.engine].rows.map((x) => ({ ffo: first + x.index - 1, nodes: x.nodes, seconds: x.seconds })),
  };
}

if (opt.measured || opt.run) {
  const run = opt.run ? fromBench(opt.run) : JSON.parse(readFileSync(new URL(opt.measured, RESULTS), 'utf8'));
  const mine = new Map(run.rows.map((r) => [r.ffo, r.nodes]));
  const published = new Map(edax.rows.map((p) => [p.ffo, p.h10.nodes]));
  const ratios = run.rows.map((r) => r.nodes / published.get(r.ffo));
  const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  const nps = run.rows.reduce((a, r) => a + r.nodes, 0) / run.cpuSeconds;
  const at = (r) => edax.rows.map((p) => (mine.get(p.ffo) ?? p.h10.nodes * r) / nps / 3600);
  const sum = (xs) => xs.reduce((a, x) => a + x, 0);
  const [low, mid, high] = [Math.min(...ratios), geo, Math.max(...ratios)].map(at);
  const i76 = edax.rows.findIndex((p) => p.ffo === 76);
  const result = {
    experiment:
      "fforum-60-79 at h 10: the measured positions as run, the others Edax's published nodes x revsolve's per-position ratio to them, at the run's N/s",
    command: `node bench/project-60-79.js ${opt.run ? `--run ${opt.run}` : `--measured ${opt.measured}`}${opt.speedup ? ` --speedup ${opt.speedup}` : ''} --out ${opt.out}`,
    measured: run.commit,
    nps,
    ratios: Object.fromEntries(run.rows.map((r, i) => [r.ffo, ratios[i]])),
    ratio: { low: Math.min(...ratios), geometricMean: geo, high: Math.max(...ratios) },
    hours: { low: sum(low), mid: sum(mid), high: sum(high) },
    largest: { ffo: 76, hours: { low: low[i76], mid: mid[i76], high: high[i76] } },
    // Two workers: the one-thread hours over the measured speed-up of two workers (wall) on one machine.
    twoWorkers: opt.speedup
      ? {
          speedup: Number(opt.speedup),
          hours: { low: sum(low) / Number(opt.speedup), mid: sum(mid) / Number(opt.speedup), high: sum(high) / Number(opt.speedup) },
        }
      : null,
  };
  writeFileSync(new URL(opt.out, RESULTS), `${JSON.stringify(result, null, 1)}\n`);
  console.log(
    `ratio ${result.ratio.low.toFixed(2)} / ${geo.toFixed(2)} / ${result.ratio.high.toFixed(2)} (best / geometric mean / worst), ${(nps / 1e6).toFixed(1)} M N/s`,
  );
  console.log(
    `one thread: ${sum(mid).toFixed(1)} h in all (${sum(low).toFixed(1)}-${sum(high).toFixed(1)} h); FFO #76 ${mid[i76].toFixed(1)} h (${low[i76].toFixed(1)}-${high[i76].toFixed(1)} h)`,
  );
  if (result.twoWorkers) {
    const t = result.twoWorkers.hours;
    console.log(`two workers (÷${opt.speedup}): ${t.mid.toFixed(1)} h of wall time (${t.low.toFixed(1)}-${t.high.toFixed(1)} h)`);
  }
  process.exit(0);
}

// revsolve's node ratio to Edax and its N/s, at h 10, on the FFO sets measured with the same weights.
const h10 = measured.results.filter((r) => r.h === 10);
const ratios = h10.map((r) => r.ratio.nodes);
const nps = h10.map((r) => r.revsolve.nps);
const range = (xs) => ({ low: Math.min(...xs), high: Math.max(...xs) });
const ratio = range(ratios);
const speed = range(nps);

const hours = (nodes, r, n) => (nodes * r) / n / 3600;
const perPosition = edax.rows.map((p) => ({
  ffo: p.ffo,
  empties: p.empties,
  edaxNodes: p.h10.nodes,
  // Best case: the lowest node ratio at the highest N/s; worst: the highest at the lowest.
  hours: { low: hours(p.h10.nodes, ratio.low, speed.high), high: hours(p.h10.nodes, ratio.high, speed.low) },
}));
const total = { low: perPosition.reduce((s, p) => s + p.hours.low, 0), high: perPosition.reduce((s, p) => s + p.hours.high, 0) };
const largest = perPosition.reduce((a, b) => (b.edaxNodes > a.edaxNodes ? b : a));
const split = Number(opt.split);
const machines = [1, 4, 16, 64].map((m) => ({
  machines: m,
  hours: {
    low: Math.max(total.low / (2 * m), largest.hours.low / split),
    high: Math.max(total.high / (2 * m), largest.hours.high / split),
  },
}));

const result = {
  experiment:
    "fforum-60-79 at h 10 projected from per-position work (Edax's published nodes x revsolve's measured node ratio / revsolve's measured N/s)",
  command: `node bench/project-60-79.js --split ${opt.split}`,
  inputs: {
    edax: `results/edax-fforum-60-79.json (${edax.source.slice(0, 60)}...)`,
    revsolve: `results/edax.json, commit ${measured.commit}: h 10 sets ${h10.map((r) => r.set).join(', ')}`,
    nodeRatio: ratio,
    nps: speed,
    split,
  },
  perPosition,
  total,
  largest: { ffo: largest.ffo, empties: largest.empties, hours: largest.hours },
  machines,
};
writeFileSync(new URL(opt.out, RESULTS), `${JSON.stringify(result, null, 1)}\n`);

const h = (x) => `${x.low.toFixed(1)}–${x.high.toFixed(1)} h`;
console.log(
  `node ratio ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}, ${(speed.low / 1e6).toFixed(1)}–${(speed.high / 1e6).toFixed(1)} M N/s`,
);
console.log(`one thread: ${h(total)} in all; the largest, FFO #${largest.ffo} (${largest.empties} empties): ${h(largest.hours)}`);
console.log(`| machines (2 cores) | ${machines.map((m) => m.machines).join(' | ')} |`);
console.log(`| --- |${machines.map(() => ' --- |').join('')}`);
console.log(`| expected wall time | ${machines.map((m) => h(m.hours)).join(' | ')} |`);

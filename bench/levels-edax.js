// revsolve's levels against Edax's, with the same weights (exported to an
// eval.dat), one thread each, the same table size, the book off:
//   speed      at each --levels level on --file (default the held-out
//              obf/wthor-2020-2021-36.obf): per position, revsolve's CPU
//              time and nodes over Edax's (each position's own time, as
//              both programs print it), their geometric mean; whole
//              processes' CPU too; --rounds rounds, A B A B.
//   agreement  how often both choose the same move, and the mean |score
//              difference|.
//   accuracy   with --accuracy: on obf/wthor-2020-2021-24.obf (WTHOR's
//              theoretical scores), the mean |error| of each program's
//              score at each --accuracy-levels level.
//   node bench/levels-edax.js --edax /path/to/lEdax-x86-64-v3 [--levels 8,12,16] [--rounds 2]
//     [--accuracy yes --accuracy-levels 2,4,6,8,10,12] [--out levels-edax.json]
// The repository holds no Edax: build your own from its public source.
// A round started on a busy machine stops the bench unless --loaded yes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, timed, workDir } from './edax-run.js';
import { args, IDLE_BUSY_CORES, machine, machineLoad, saveJson } from './experiment.js';

const opt = args({
  edax: '',
  levels: '8,12,16',
  rounds: '2',
  h: '21',
  file: 'obf/wthor-2020-2021-36.obf',
  accuracy: '',
  'accuracy-levels': '2,4,6,8,10,12',
  out: 'levels-edax.json',
  loaded: '',
});
if (!opt.edax) throw new Error('--edax /path/to/lEdax: the Edax binary to measure against (build it from its public source)');
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
const ROOT = new URL('..', import.meta.url).pathname;

/** The positions of an OBF file (comments dropped), and their answers' scores (*:score) when given. */
function positions(file) {
  const lines = readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^[%#]/.test(l));
  return lines.map((l) => {
    const [board, ...answers] = l.split(';');
    const score = answers.map((a) => /\*:([+-]?\d+)/.exec(a)).find(Boolean);
    return { board: board.trim(), exact: score ? Number(score[1]) : null };
  });
}

/** Edax -l L -solve: per position its depth, confidence, score, seconds, nodes and move. */
function edaxRun(work, file, level) {
  const r = timed(work.dir, opt.edax, [
    '-n',
    '1',
    '-l',
    String(level),
    '-h',
    opt.h,
    '-book-usage',
    'off',
    '-eval-file',
    work.evalDat,
    '-solve',
    file,
  ]);
  // " 1|12@73%  +02        0:00.026        536431   20631962 c1 B1 c2 …" (the depth alone when exact).
  const rows = [...r.out.matchAll(/^[ \t]*(\d+)\|[ \t]*(\d+)(?:@(\d+)%)?[ \t]+([+-]\d+)[ \t]+(\S+)[ \t]+(\d+)[ \t]+\d*[ \t]*(\S*)/gm)].map(
    (m) => ({
      index: Number(m[1]),
      depth: Number(m[2]),
      confidence: m[3] ? Number(m[3]) : 100,
      score: Number(m[4]),
      seconds: m[5].split(':').reduce((a, x) => a * 60 + Number(x), 0),
      nodes: Number(m[6]),
      move: (m[7] || '--').toLowerCase(),
    }),
  );
  return { cpu: r.cpu, rows };
}

/** revsolve solve --level L on one worker: the same fields per position. */
function revsolveRun(work, file, level) {
  const r = timed(work.dir, process.execPath, [CLI, 'solve', file, '--level', String(level), '-n', '1', '-h', opt.h, '--json', '--quiet']);
  const lines = r.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  lines.pop();
  const rows = lines.map((x) => ({
    index: x.index,
    depth: x.depth,
    confidence: x.confidence,
    score: x.score,
    seconds: x.ms / 1000,
    nodes: x.nodes,
    move: x.move ?? 'ps',
  }));
  return { cpu: r.cpu, rows };
}

const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
/** Edax prints times to the millisecond: a position below it counts as half of one. */
const floorMs = (s) => Math.max(s, 0.0005);

function checkIdle() {
  const load = machineLoad();
  if (load.busyCores > IDLE_BUSY_CORES && !opt.loaded)
    throw new Error(`the machine is busy (${load.busyCores} cores): not a result (--loaded yes to go on)`);
  return load;
}

const work = workDir();
const list = positions(opt.file);
const file = join(work.dir, 'set.obf');
writeFileSync(file, `${list.map((p) => p.board).join('\n')}\n`);
const speed = [];
for (const level of opt.levels.split(',').map(Number)) {
  const runs = { edax: [], revsolve: [] };
  const loads = [];
  for (let round = 0; round < Number(opt.rounds); round++) {
    loads.push(checkIdle());
    runs.edax.push(edaxRun(work, file, level));
    runs.revsolve.push(revsolveRun(work, file, level));
  }
  const e = runs.edax[0].rows;
  const r = runs.revsolve[0].rows;
  if (e.length !== list.length || r.length !== list.length)
    throw new Error(`level ${level}: ${e.length} Edax rows, ${r.length} revsolve rows, of ${list.length}`);
  // Per position: the median over rounds of each program's own time.
  const secs = (k, i) => median(runs[k].map((x) => floorMs(x.rows[i].seconds)));
  const cpuRatios = list.map((_, i) => secs('revsolve', i) / secs('edax', i));
  const nodeRatios = list.map((_, i) => r[i].nodes / e[i].nodes);
  const same = list.filter((_, i) => r[i].move === e[i].move).length;
  const diff = list.reduce((a, _, i) => a + Math.abs(r[i].score - e[i].score), 0) / list.length;
  const row = {
    level,
    positions: list.length,
    depths: {
      edax: [...new Set(e.map((x) => `${x.depth}@${x.confidence}`))],
      revsolve: [...new Set(r.map((x) => `${x.depth}@${x.confidence}`))],
    },
    nodes: { edax: e.reduce((a, x) => a + x.nodes, 0), revsolve: r.reduce((a, x) => a + x.nodes, 0) },
    positionSeconds: {
      edax: list.reduce((a, _, i) => a + secs('edax', i), 0),
      revsolve: list.reduce((a, _, i) => a + secs('revsolve', i), 0),
    },
    processCpu: { edax: median(runs.edax.map((x) => x.cpu)), revsolve: median(runs.revsolve.map((x) => x.cpu)) },
    cpuRatio: { geometricMean: geomean(cpuRatios), min: Math.min(...cpuRatios), max: Math.max(...cpuRatios) },
    nodeRatio: { geometricMean: geomean(nodeRatios), min: Math.min(...nodeRatios), max: Math.max(...nodeRatios) },
    sameMove: same / list.length,
    meanScoreDifference: diff,
    perPosition: list.map((_, i) => ({
      index: i + 1,
      edax: { nodes: e[i].nodes, seconds: secs('edax', i), move: e[i].move, score: e[i].score },
      revsolve: { nodes: r[i].nodes, seconds: secs('revsolve', i), move: r[i].move, score: r[i].score },
    })),
    loads,
  };
  speed.push(row);
  console.log(
    `level ${level}: CPU ratio ${row.cpuRatio.geometricMean.toFixed(2)} (geometric mean per position; ${row.cpuRatio.min.toFixed(2)}-${row.cpuRatio.max.toFixed(2)}), ` +
      `nodes ${row.nodeRatio.geometricMean.toFixed(2)}; position seconds ${row.positionSeconds.revsolve.toFixed(2)} / ${row.positionSeconds.edax.toFixed(2)}; ` +
      `process CPU ${row.processCpu.revsolve.toFixed(2)} / ${row.processCpu.edax.toFixed(2)} s; same move ${(100 * row.sameMove).toFixed(1)} %, mean |score difference| ${diff.toFixed(2)}`,
  );
}

const accuracy = [];
if (opt.accuracy) {
  const truth = positions('obf/wthor-2020-2021-24.obf');
  const tfile = join(work.dir, 'truth.obf');
  writeFileSync(tfile, `${truth.map((p) => p.board).join('\n')}\n`);
  for (const level of opt['accuracy-levels'].split(',').map(Number)) {
    checkIdle();
    const error = (rows) => rows.reduce((a, x, i) => a + Math.abs(x.score - truth[i].exact), 0) / rows.length;
    const e = edaxRun(work, tfile, level).rows;
    const r = revsolveRun(work, tfile, level).rows;
    const row = { level, positions: truth.length, edax: error(e), revsolve: error(r) };
    accuracy.push(row);
    console.log(
      `accuracy, level ${level}: mean |error| Edax ${row.edax.toFixed(2)}, revsolve ${row.revsolve.toFixed(2)} discs (${truth.length} positions)`,
    );
  }
}
saveJson(opt.out, { ...machine(), edax: opt.edax, h: Number(opt.h), file: opt.file, speed, accuracy });
rmSync(work.dir, { recursive: true, force: true });

// The distributed queue against the local pool, on this machine: a
// redis-server of its own (Debian's package) on a free loopback port, and two
// worker processes of one thread each, started beforehand.
//   1. fforum-20-39 through the queue against the local pool with -n 2: the
//      same -h, weights and split settings (--split never: whole positions);
//      the coordinator's wall time from start to exit, alternating rounds.
//   2. One position split across the workers (FFO #45, 24 empties): through the
//      queue (subtree tasks of --leaf empties) on two worker processes of one
//      thread and on one of two threads (whose threads share a table), against
//      the local split (-n 2, one shared table, subtrees of 19).
//   3. Task sizes for the scaling model: FFO #60 and #61 at h 10 split through
//      the queue, solved to the end (and alone on one thread, for the work),
//      and time-capped samples of harder positions (#62-#65): tasks, their
//      durations, and how many were out at once.
//   npm run bench:queue [-- --rounds 3 --bits 21 --leaf 22 --cap 60]
// Writes bench/results/queue.json and a section of bench/README.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { args, fmt, machine, saveJson, updateReadme } from './experiment.js';

const opt = args({ rounds: '3', bits: '21', leaf: '22', cap: '60', 'model-bits': '10' });
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
const OBF = new URL('../obf/', import.meta.url).pathname;
const SUITE = join(OBF, 'fforum-20-39.obf');
const ffo = (n) => {
  const file = n < 60 ? 'fforum-40-59.obf' : 'fforum-60-79.obf';
  const lines = readFileSync(join(OBF, file), 'utf8')
    .split('\n')
    .filter((l) => /^[-XO]{64}/.test(l));
  return lines[n - (n < 60 ? 40 : 60)];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const url = `redis://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'revsolve-bench-queue-'));
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
  stdio: 'ignore',
});
for (let up = false; !up; ) {
  up = await new Promise((resolve) => {
    const c = connect(port, '127.0.0.1', () => {
      c.end();
      resolve(true);
    });
    c.on('error', () => resolve(false));
  });
  if (!up) await sleep(50);
}

/** Worker processes (default two of one thread each); their stderr (--verbose: a line per task) is kept. */
function startWorkers(bits, processes = 2, threads = 1) {
  return Array.from({ length: processes }, () => {
    const w = {
      log: '',
      proc: spawn(process.execPath, [CLI, 'worker', '--queue', url, '-n', String(threads), '-h', String(bits), '--verbose'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    };
    w.proc.stderr.on('data', (d) => (w.log += d.toString()));
    return w;
  });
}
async function stopWorkers(ws) {
  for (const w of ws) {
    w.proc.kill('SIGINT');
    await new Promise((r) => w.proc.once('exit', r));
  }
}

/** Runs `revsolve solve …` to its end (or to `capMs`, then SIGINT); wall ms from start to exit, the summary, stderr. */
function timed(solveArgs, capMs = 0) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const p = spawn(process.execPath, [CLI, 'solve', ...solveArgs, '--json', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    const cap = capMs ? setTimeout(() => p.kill('SIGINT'), capMs) : undefined;
    p.on('exit', (code) => {
      clearTimeout(cap);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const rows = out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      const summary = rows.find((r) => r.summary);
      if (!capMs && (code !== 0 || !summary || summary.mismatches))
        return reject(new Error(`solve ${solveArgs.join(' ')} exited ${code}: ${err}`));
      resolve({ ms, summary, rows: rows.filter((r) => !r.summary), err });
    });
  });
}

const taskLine =
  /split through the queue: (\d+) tasks \(subtrees of (\d+) empties or fewer\), ([\d.]+) out on average, (\d+) at most; (\d+) copies raced on idle threads, (\d+) answered first; cancelled on cuts and races: (\d+) waiting, (\d+) running(?: \(stopped (\d+) ms after the cancel at the median, (\d+) ms at most\))?/;
function taskStats(err) {
  const m = err.match(taskLine);
  if (!m) return null;
  return {
    tasks: +m[1],
    leaf: +m[2],
    meanOut: +m[3],
    peakOut: +m[4],
    copies: +m[5],
    copiesWon: +m[6],
    cancelledWaiting: +m[7],
    cancelledRunning: +m[8],
    cancelMedianMs: m[9] ? +m[9] : null,
    cancelMaxMs: m[10] ? +m[10] : null,
  };
}
/** Durations (ms) of the tasks of a run the workers ended, from their logs. */
function taskDurations(workers, run) {
  const re = new RegExp(`ended ${run.replace(/[.]/g, '\\.')}\\.\\d+\\.[0-9a-f]+\\.\\d+ in (\\d+) ms`, 'g');
  return workers.flatMap((w) => [...w.log.matchAll(re)].map((m) => Number(m[1])));
}
const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : null);

const bits = opt.bits;
const rounds = Number(opt.rounds);
let runNo = 0;
const runName = (what) => `bench-${what}-${process.pid}-${runNo++}`;
const results = { suite: [], split: [], model: [] };

// 1 and 2: alternating rounds, local first then the queue, each round.
let workers = startWorkers(bits);
await sleep(1500);
for (let r = 0; r < rounds; r++) {
  const local = await timed([SUITE, '-h', bits, '-n', '2', '--split', 'never']);
  const queued = await timed([SUITE, '-h', bits, '--queue', url, '--run', runName('suite'), '--split', 'never']);
  results.suite.push({
    round: r + 1,
    localMs: Math.round(local.ms),
    queueMs: Math.round(queued.ms),
    ratio: queued.ms / local.ms,
    nodes: queued.summary.nodes,
  });
  console.log(
    `fforum-20-39 round ${r + 1}: local -n 2 ${(local.ms / 1000).toFixed(2)} s, queue ${(queued.ms / 1000).toFixed(2)} s (${(queued.ms / local.ms).toFixed(3)}x)`,
  );
}
await stopWorkers(workers);
// The split position: the local split, then the queue with two processes of
// one thread (no table shared: as two machines), then one process of two
// threads (one table for its threads: as one machine of two cores).
for (let r = 0; r < rounds; r++) {
  const local = await timed(['--position', ffo(45), '-h', bits, '-n', '2', '--split', 'always']);
  const row = { round: r + 1, localMs: Math.round(local.ms), localNodes: local.summary.nodes };
  for (const [layout, processes, threads] of [
    ['2x1', 2, 1],
    ['1x2', 1, 2],
  ]) {
    workers = startWorkers(bits, processes, threads);
    await sleep(1500);
    const run = runName(`ffo45-${layout}`);
    const queued = await timed(['--position', ffo(45), '-h', bits, '--queue', url, '--run', run, '--queue-leaf', opt.leaf]);
    const t = taskStats(queued.err);
    const d = taskDurations(workers, run);
    row[layout] = {
      queueMs: Math.round(queued.ms),
      ratio: queued.ms / local.ms,
      queueNodes: queued.summary.nodes,
      ...t,
      taskMedianMs: pct(d, 0.5),
      taskP90Ms: pct(d, 0.9),
      taskMaxMs: pct(d, 1),
    };
    await stopWorkers(workers);
    console.log(
      `FFO #45 round ${r + 1}: local split ${(local.ms / 1000).toFixed(2)} s, queue split on ${layout} ${(queued.ms / 1000).toFixed(2)} s (${(queued.ms / local.ms).toFixed(3)}x); ${t?.tasks} tasks, ${t?.copies} copies (${t?.copiesWon} won), cancel ${t?.cancelMedianMs} ms`,
    );
  }
  results.split.push(row);
}
workers = startWorkers(bits);
await stopWorkers(workers);

// 3: the scaling model's measurements, at the model's h.
const mb = opt['model-bits'];
workers = startWorkers(mb);
await sleep(1500);
for (const n of [60, 61]) {
  const one = await timed(['--position', ffo(n), '-h', mb, '-n', '1']);
  const run = runName(`ffo${n}`);
  const queued = await timed(['--position', ffo(n), '-h', mb, '--queue', url, '--run', run, '--queue-leaf', opt.leaf]);
  const d = taskDurations(workers, run);
  results.model.push({
    position: n,
    empties: queued.rows[0].empties,
    capped: false,
    oneThreadMs: Math.round(one.ms),
    oneThreadNodes: one.summary.nodes,
    queueMs: Math.round(queued.ms),
    queueNodes: queued.summary.nodes,
    ...taskStats(queued.err),
    taskMedianMs: pct(d, 0.5),
    taskP90Ms: pct(d, 0.9),
    taskMaxMs: pct(d, 1),
    taskSumMs: d.reduce((a, b) => a + b, 0),
  });
  console.log(
    `FFO #${n} h ${mb}: one thread ${(one.ms / 1000).toFixed(1)} s, queue split ${(queued.ms / 1000).toFixed(1)} s; ${d.length} tasks, median ${pct(d, 0.5)} ms`,
  );
}
for (const n of [62, 63, 64, 65]) {
  const run = runName(`ffo${n}`);
  const capped = await timed(
    ['--position', ffo(n), '-h', mb, '--queue', url, '--run', run, '--queue-leaf', opt.leaf],
    Number(opt.cap) * 1000,
  );
  await sleep(500);
  const d = taskDurations(workers, run);
  results.model.push({
    position: n,
    capped: true,
    capMs: Number(opt.cap) * 1000,
    ...taskStats(capped.err),
    tasksEnded: d.length,
    taskMedianMs: pct(d, 0.5),
    taskP90Ms: pct(d, 0.9),
    taskMaxMs: pct(d, 1),
    taskSumMs: d.reduce((a, b) => a + b, 0),
  });
  console.log(
    `FFO #${n} h ${mb}, capped at ${opt.cap} s: ${d.length} tasks ended, median ${pct(d, 0.5)} ms, ${taskStats(capped.err)?.meanOut} out on average`,
  );
}
await stopWorkers(workers);
redis.kill('SIGTERM');

const suiteRatio = median(results.suite.map((r) => r.ratio));
const splitRatio = median(results.split.map((r) => r['2x1'].ratio));
const splitRatioShared = median(results.split.map((r) => r['1x2'].ratio));
saveJson('queue.json', {
  experiment: 'queue',
  hashBits: Number(bits),
  leaf: Number(opt.leaf),
  modelBits: Number(mb),
  ...machine(),
  suiteRatio,
  splitRatio,
  splitRatioShared,
  ...results,
});

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
updateReadme(
  'queue',
  [
    `\`npm run bench:queue\` (${machine().cores} cores, ${machine().date.slice(0, 10)}, commit ${machine().commit}): a redis-server on loopback and two worker processes of one thread each, started beforehand, against the local pool with \`-n 2\`; -h ${bits}, the shipped weights; the coordinator's wall time from start to exit, ${rounds} alternating rounds.`,
    '',
    '| round | fforum-20-39 local -n 2 | through the queue | ratio |',
    '|---|---|---|---|',
    ...results.suite.map((r) => `| ${r.round} | ${s(r.localMs)} | ${s(r.queueMs)} | ${r.ratio.toFixed(3)} |`),
    '',
    `FFO #45 (24 empties) split: the local split (-n 2, one shared table, subtrees of 19) against the queue (subtrees of ${opt.leaf}) on two worker processes of one thread (2x1: no table shared, as two machines) and on one process of two threads (1x2: one table for its threads, as one machine of two cores):`,
    '',
    '| round | local split | queue 2x1 | ratio | tasks | copies raced (won) | out (mean / max) | cancel → stop (median) | queue 1x2 | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.split.map(
      (p) =>
        `| ${p.round} | ${s(p.localMs)} | ${s(p['2x1'].queueMs)} | ${p['2x1'].ratio.toFixed(3)} | ${p['2x1'].tasks} | ${p['2x1'].copies} (${p['2x1'].copiesWon}) | ${p['2x1'].meanOut} / ${p['2x1'].peakOut} | ${p['2x1'].cancelMedianMs ?? '-'} ms | ${s(p['1x2'].queueMs)} | ${p['1x2'].ratio.toFixed(3)} |`,
    ),
    '',
    `Medians of the per-round ratios: the suite **${suiteRatio.toFixed(3)}×** the local pool's wall time; the split position **${splitRatio.toFixed(3)}×** on 2x1, **${splitRatioShared.toFixed(3)}×** on 1x2.`,
    '',
    `Task sizes at h ${mb} (FFO #60 and #61 to the end, #62-#65 capped at ${opt.cap} s):`,
    '',
    '| position | one thread | queue split (2 workers) | tasks | out on average / at most | task median / p90 / max |',
    '|---|---|---|---|---|---|',
    ...results.model.map(
      (m) =>
        `| #${m.position} | ${m.capped ? '-' : `${s(m.oneThreadMs)}, ${fmt(m.oneThreadNodes)} N`} | ${m.capped ? `capped at ${opt.cap} s (${m.tasksEnded} tasks ended)` : `${s(m.queueMs)}, ${fmt(m.queueNodes)} N`} | ${m.tasks ?? '-'} | ${m.meanOut ?? '-'} / ${m.peakOut ?? '-'} | ${m.taskMedianMs} / ${m.taskP90Ms} / ${m.taskMaxMs} ms |`,
    ),
  ].join('\n'),
);

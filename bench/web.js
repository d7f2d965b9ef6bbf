// The page's solve against the command line's, same machine, same engine:
// FFO #40 at h 21 on one worker and on every worker, alternating rounds,
// medians. The page's time runs from the Solve click with its workers ready
// and the weights loaded (a first solve of FFO #39 at the same settings
// starts the workers and makes their tables, the split's shared one too);
// the command line's is its row's time (the search, after its workers and
// table are made). The
// page's start-up (load, engine and weights; workers) is reported apart.
// --screenshot FILE: the page as it stands after the last solve on every
// worker (the README's picture), only when asked.
//   npm run bench:web -- [--rounds 3] [--engine wasm] [--screenshot bench/results/web-page.png]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, launchChromium } from '../web/chromium.mjs';
import { args, machine, saveJson, servePage, updateReadme } from './experiment.js';

const opt = args({ rounds: '3', engine: 'wasm', screenshot: '' });
const rounds = Number(opt.rounds);
const engine = opt.engine;
const shot = opt.screenshot || null;
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
const line = readFileSync(new URL('../obf/fforum-40-59.obf', import.meta.url), 'utf8').split('\n')[0];
const dir = mkdtempSync(join(tmpdir(), 'revsolve-web-'));
const FFO40 = join(dir, 'ffo40.obf');
writeFileSync(FFO40, `${line}\n`);
const chromium = findChromium();
if (!chromium) throw new Error('no Chromium (/usr/bin/chromium or $CHROMIUM)');

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function cli(workers) {
  const r = spawnSync(process.execPath, [CLI, 'solve', FFO40, '-h', '21', '-n', String(workers), '--engine', engine, '--json', '--quiet'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  const row = JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{"index"')));
  return { ms: row.ms, nodes: row.nodes, score: row.score };
}

const { server, url } = await servePage();
const browser = await launchChromium(chromium);

async function page(workers) {
  const p = await browser.newPage({ viewport: { width: 1280, height: 660 } });
  const t0 = Date.now();
  await p.goto(url);
  await p.locator('#env[data-ready="1"]').waitFor({ timeout: 30_000 });
  const loadMs = Date.now() - t0;
  await p.fill('#bits', '21');
  await p.fill('#workers', String(workers));
  await p.selectOption('#engine', engine);
  const solve = async (ffo) => {
    await p.selectOption('#ffo', String(ffo - 1));
    await p.click('#solve');
    await p.locator('#result:is([data-state=done],[data-state=error])').waitFor({ timeout: 600_000 });
    if ((await p.locator('#result').getAttribute('data-state')) !== 'done') throw new Error(await p.locator('#message').textContent());
    return {
      ms: Number(await p.locator('#result').getAttribute('data-ms')),
      startupMs: Number(await p.locator('#result').getAttribute('data-startup-ms')),
      nodes: Number(await p.locator('#progress').getAttribute('data-nodes')),
      score: Number(await p.locator('#result').getAttribute('data-score')),
      engine: await p.locator('#result').getAttribute('data-engine'),
    };
  };
  // FFO #39 (26 empties, 0.1 M nodes): split on several workers, so that its shared table and the workers' engines on it are made.
  const warm = await solve(39);
  const r = await solve(40);
  if (r.engine !== engine) throw new Error(`the page ran ${r.engine}, not ${engine}`);
  if (shot && workers > 1) await p.screenshot({ path: shot });
  await p.close();
  return { ...r, loadMs, workersMs: warm.startupMs };
}

const all = Math.min(31, cpus().length);
const results = [];
for (const workers of [...new Set([1, all])]) {
  const rows = [];
  for (let i = 0; i < rounds; i++) {
    const c = cli(workers);
    const w = await page(workers);
    if (w.score !== c.score) throw new Error(`FFO #40: the page says ${w.score}, the command line ${c.score}`);
    rows.push({
      cliMs: c.ms,
      cliNodes: c.nodes,
      pageMs: w.ms,
      pageNodes: w.nodes,
      ratio: w.ms / c.ms,
      loadMs: w.loadMs,
      workersMs: w.workersMs,
    });
    console.log(
      `workers ${workers} round ${i + 1}: cli ${(c.ms / 1000).toFixed(2)} s (${c.nodes} nodes), page ${(w.ms / 1000).toFixed(2)} s (${w.nodes} nodes), ratio ${(w.ms / c.ms).toFixed(3)}; page load ${w.loadMs} ms, workers ${Math.round(w.workersMs)} ms`,
    );
  }
  results.push({
    workers,
    rounds: rows,
    median: {
      cliMs: median(rows.map((r) => r.cliMs)),
      pageMs: median(rows.map((r) => r.pageMs)),
      ratio: median(rows.map((r) => r.ratio)),
      loadMs: median(rows.map((r) => r.loadMs)),
      workersMs: median(rows.map((r) => r.workersMs)),
    },
  });
}
const version = browser.version();
await browser.close();
server.kill('SIGINT');
const meta = machine();
saveJson('web.json', {
  experiment: "the page's solve against the command line's",
  browser: `Chromium ${version}`,
  engine,
  position: 'FFO #40, h 21',
  ...meta,
  results,
});
const s = (ms) => (ms / 1000).toFixed(2);
updateReadme(
  'web',
  [
    '### The page against the command line (`npm run bench:web`)',
    '',
    `Commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}, headless Chromium ${version}; FFO #40 (20 empties) at h 21, engine ${engine}, ${rounds} alternating rounds (command line, then page), medians. Page: from the Solve click, its workers ready and a first solve (FFO #39, split on several workers) made their tables; command line: the position's row time (\`solve -h 21 -n W --engine ${engine}\`). Same score; the same nodes on one worker (a split run's vary from run to run).`,
    '',
    '| workers | command line | page | page / command line | page load (engine, weights) | workers start |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.workers} | ${s(r.median.cliMs)} s | ${s(r.median.pageMs)} s | ${r.median.ratio.toFixed(2)} (${Math.min(...r.rounds.map((x) => x.ratio)).toFixed(2)}–${Math.max(...r.rounds.map((x) => x.ratio)).toFixed(2)}) | ${Math.round(r.median.loadMs)} ms | ${Math.round(r.median.workersMs)} ms |`,
    ),
  ].join('\n'),
);
for (const r of results)
  console.log(
    `FFO #40 h 21, ${engine}, ${r.workers} worker(s): cli ${s(r.median.cliMs)} s, page ${s(r.median.pageMs)} s, page/cli ${r.median.ratio.toFixed(3)} (median of ${rounds})`,
  );

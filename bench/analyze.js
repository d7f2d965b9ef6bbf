// Analysing a whole game against its --from position alone: `count` random
// complete games (legal moves drawn by a seeded generator), each analysed
// from --from empties (`revsolve analyze REC --from 22 -n 1`), against two
// measures of its --from position alone: its best move and score (`revsolve
// solve --position P -n 1`) and every move's exact score (`revsolve analyze`
// of the record cut after that position's move: one position analysed).
// Each command a fresh process, one after the other; nodes and wall time.
// --page K: the first K games also analysed in the page (headless Chromium,
// the WebAssembly engine) on 1 and on 2 workers, from the Analyse click to
// the analysis done, the page loaded and its workers started before.
// (The README's pictures of the page: bench/page-shots.js.)
//   npm run bench:analyze [-- --count 20 --from 22 --bits 21 --seed 1 --page 5]
import { spawnSync } from 'node:child_process';
import { emptyCount, formatPosition, legalMoves, moveName, PASS, play, recordMoves, replayGame, START_POSITION } from '../dist/index.js';
import { findChromium, launchChromium } from '../web/chromium.mjs';
import { args, fmt, machine, saveJson, servePage, updateReadme } from './experiment.js';

const opt = args({ count: '20', from: '22', bits: '21', seed: '1', page: '0' });
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
let state = Number(opt.seed) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0; // mulberry32
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A random game to its end, as a record. */
function randomGame() {
  let p = START_POSITION;
  let record = '';
  for (;;) {
    let moves = legalMoves(p);
    if (moves.length === 0) {
      p = play(p, PASS);
      moves = legalMoves(p);
      if (moves.length === 0) return record;
    }
    const x = moves[Math.floor(random() * moves.length)];
    record += moveName(x);
    p = play(p, x);
  }
}

function timed(argv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...argv], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`revsolve ${argv.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return {
    lines: r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l)),
    ms,
  };
}

const from = Number(opt.from);
const games = [];
while (games.length < Number(opt.count)) {
  const record = randomGame();
  const at = replayGame(record).moves.find((m) => emptyCount(m.position) === from);
  if (!at) continue; // a game that ended before it reached `from` empties
  const alone = timed(['solve', '--position', formatPosition(at.position), '-n', '1', '-h', opt.bits, '--json', '--quiet']);
  // The record up to the move played at `from` empties: its one analysed position is that position, every move solved.
  const upTo = recordMoves(record).slice(0, at.number).map(moveName).join('');
  const every = timed(['analyze', upTo, '--from', opt.from, '-n', '1', '-h', opt.bits, '--json']);
  const analysed = timed(['analyze', record, '--from', opt.from, '-n', '1', '-h', opt.bits, '--json']);
  const summary = analysed.lines.at(-1);
  const g = {
    record,
    position: formatPosition(at.position),
    moves: legalMoves(at.position).length,
    alone: { nodes: alone.lines.at(-1).nodes, ms: alone.ms },
    every: { nodes: every.lines.at(-1).nodes, ms: every.ms },
    analysed: { positions: summary.positions, nodes: summary.nodes, ms: analysed.ms },
  };
  games.push(g);
  console.log(
    `game ${games.length}: ${g.moves} moves at ${from} empties; alone ${fmt(g.alone.nodes)} nodes ${(g.alone.ms / 1000).toFixed(2)} s; every move ${fmt(g.every.nodes)} nodes ${(g.every.ms / 1000).toFixed(2)} s; analysed ${g.analysed.positions} positions ${fmt(g.analysed.nodes)} nodes ${(g.analysed.ms / 1000).toFixed(2)} s; ${(g.analysed.ms / g.alone.ms).toFixed(2)}x, ${(g.analysed.ms / g.every.ms).toFixed(2)}x`,
  );
}

const pageRuns = Number(opt.page) > 0 ? await inPage(games.slice(0, Number(opt.page))) : [];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (f) => games.reduce((s, g) => s + f(g), 0);
const total = {
  aloneMs: sum((g) => g.alone.ms),
  everyMs: sum((g) => g.every.ms),
  analysedMs: sum((g) => g.analysed.ms),
  aloneNodes: sum((g) => g.alone.nodes),
  everyNodes: sum((g) => g.every.nodes),
  analysedNodes: sum((g) => g.analysed.nodes),
};
saveJson('analyze.json', {
  experiment: `analyse a game from ${from} empties against its ${from}-empty position alone (best move; every move)`,
  ...machine(),
  games,
  total,
  page: pageRuns,
});
const meta = machine();
const row = (what, a, b, ratio, show) => {
  const rs = games.map(ratio).sort((x, y) => x - y);
  return `| ${what} | ${show(a)} / ${show(b)} = ${(a / b).toFixed(2)}× | ${median(rs).toFixed(2)}× | ${rs[0].toFixed(2)}–${rs.at(-1).toFixed(2)}× |`;
};
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;
const lines = [
  `${games.length} random complete games (seed ${opt.seed}), -h ${opt.bits}, one worker, each command a fresh process; commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}. Time: the whole process's wall time. "Best move": \`solve --position\` of the ${from}-empty position; "every move": the exact score of each of its moves (\`analyze\` of the record cut after it).`,
  '',
  '| | total | median per game | min–max |',
  '| --- | --- | --- | --- |',
  row('wall time, analysis / best move alone', total.analysedMs, total.aloneMs, (g) => g.analysed.ms / g.alone.ms, sec),
  row('wall time, analysis / every move alone', total.analysedMs, total.everyMs, (g) => g.analysed.ms / g.every.ms, sec),
  row('nodes, analysis / best move alone', total.analysedNodes, total.aloneNodes, (g) => g.analysed.nodes / g.alone.nodes, fmt),
  row('nodes, analysis / every move alone', total.analysedNodes, total.everyNodes, (g) => g.analysed.nodes / g.every.nodes, fmt),
  `| legal moves at ${from} empties | ${sum((g) => g.moves)} | ${median(games.map((g) => g.moves))} | |`,
];
if (pageRuns.length > 0) {
  lines.push(
    '',
    `In the page (\`--page ${pageRuns.length}\`: the first ${pageRuns.length} games, headless Chromium, WebAssembly engine, h ${opt.bits}, from ${from} empties; the Analyse click to the analysis done, workers started before):`,
    '',
    `| game | moves at ${from} | command line, 1 worker | page, 1 worker | page, 2 workers |`,
    '| --- | --- | --- | --- | --- |',
  );
  for (const [i, r] of pageRuns.entries())
    lines.push(`| ${i + 1} | ${games[i].moves} | ${sec(games[i].analysed.ms)} | ${sec(r.ms[1])} | ${sec(r.ms[2])} |`);
  const t = (w) => pageRuns.reduce((s, r) => s + r.ms[w], 0);
  lines.push(`| all | | ${sec(pageRuns.reduce((s, _, i) => s + games[i].analysed.ms, 0))} | ${sec(t(1))} | ${sec(t(2))} |`);
}
updateReadme('analyze', lines.join('\n'));

/** Each game analysed in the page on 1 and on 2 workers: milliseconds from the Analyse click to done. */
async function inPage(list) {
  const chromium = findChromium();
  if (!chromium) throw new Error('no Chromium (/usr/bin/chromium or $CHROMIUM)');
  const { server, url } = await servePage();
  const browser = await launchChromium(chromium);
  try {
    const runs = [];
    for (const g of list) {
      const ms = {};
      for (const workers of [1, 2]) {
        const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await p.goto(url);
        await p.locator('#env[data-ready="1"]').waitFor({ timeout: 30_000 });
        await p.fill('#bits', opt.bits);
        await p.fill('#workers', String(workers));
        await p.selectOption('#engine', 'wasm');
        await p.fill('#text', g.record);
        await p.click('#set');
        await p.fill('#analyse-from', opt.from);
        const t0 = Date.now();
        await p.click('#analyse');
        await p.locator('#analysis-box:is([data-state=done],[data-state=error])').waitFor({ timeout: 1_800_000 });
        ms[workers] = Date.now() - t0;
        if ((await p.locator('#analysis-box').getAttribute('data-state')) !== 'done')
          throw new Error(await p.locator('#message').textContent());
        await p.close();
        console.log(`page, game ${runs.length + 1}, ${workers} worker${workers > 1 ? 's' : ''}: ${(ms[workers] / 1000).toFixed(2)} s`);
      }
      runs.push({ record: g.record, ms });
    }
    return runs;
  } finally {
    await browser.close();
    server.kill();
  }
}

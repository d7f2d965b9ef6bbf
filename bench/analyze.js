// Analysing a whole game against solving its 22-empty position alone:
// `count` random complete games (legal moves drawn by a seeded generator),
// each analysed from --from empties (`revsolve analyze REC --from 22 -n 1`)
// and its --from position solved alone (`revsolve solve --position P -n 1`),
// each in a fresh process, one after the other; nodes and wall time.
//   npm run bench:analyze [-- --count 20 --from 22 --bits 21 --seed 1]
import { spawnSync } from 'node:child_process';
import { args, machine, saveJson, updateReadme, fmt } from './experiment.js';
import { START_POSITION, emptyCount, formatPosition, legalMoves, moveName, play, PASS, replayGame } from '../dist/index.js';

const opt = args({ count: '20', from: '22', bits: '21', seed: '1' });
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
  return { lines: r.stdout.trim().split('\n').map((l) => JSON.parse(l)), ms };
}

const from = Number(opt.from);
const games = [];
while (games.length < Number(opt.count)) {
  const record = randomGame();
  const at = replayGame(record).moves.find((m) => emptyCount(m.position) === from);
  if (!at) continue; // a game that ended before it reached `from` empties
  const alone = timed(['solve', '--position', formatPosition(at.position), '-n', '1', '-h', opt.bits, '--json', '--quiet']);
  const analysed = timed(['analyze', record, '--from', opt.from, '-n', '1', '-h', opt.bits, '--json']);
  const summary = analysed.lines.at(-1);
  const g = { record, position: formatPosition(at.position), moves: legalMoves(at.position).length, alone: { nodes: alone.lines.at(-1).nodes, ms: alone.ms }, analysed: { positions: summary.positions, nodes: summary.nodes, ms: analysed.ms } };
  games.push(g);
  console.log(`game ${games.length}: ${g.moves} moves at ${from} empties; alone ${fmt(g.alone.nodes)} nodes ${(g.alone.ms / 1000).toFixed(2)} s; analysed ${g.analysed.positions} positions ${fmt(g.analysed.nodes)} nodes ${(g.analysed.ms / 1000).toFixed(2)} s; ${(g.analysed.ms / g.alone.ms).toFixed(2)}x`);
}

const ratios = games.map((g) => g.analysed.ms / g.alone.ms).sort((a, b) => a - b);
const nodeRatios = games.map((g) => g.analysed.nodes / g.alone.nodes).sort((a, b) => a - b);
const median = (xs) => xs[Math.floor(xs.length / 2)];
const sum = (f) => games.reduce((s, g) => s + f(g), 0);
const total = { aloneMs: sum((g) => g.alone.ms), analysedMs: sum((g) => g.analysed.ms), aloneNodes: sum((g) => g.alone.nodes), analysedNodes: sum((g) => g.analysed.nodes) };
saveJson('analyze.json', { experiment: `analyse a game from ${from} empties against solving its ${from}-empty position alone`, ...machine(), games, total });
const meta = machine();
updateReadme('analyze', [
  `${games.length} random complete games (seed ${opt.seed}), -h ${opt.bits}, one worker, each command a fresh process; commit ${meta.commit}, ${meta.date.slice(0, 10)}, ${meta.cpu}. Time: the whole process's wall time.`,
  '',
  '| | total | median per game | min–max |',
  '| --- | --- | --- | --- |',
  `| wall time, analysis / position alone | ${(total.analysedMs / 1000).toFixed(1)} s / ${(total.aloneMs / 1000).toFixed(1)} s = ${(total.analysedMs / total.aloneMs).toFixed(2)}× | ${median(ratios).toFixed(2)}× | ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}× |`,
  `| nodes, analysis / position alone | ${fmt(total.analysedNodes)} / ${fmt(total.aloneNodes)} = ${(total.analysedNodes / total.aloneNodes).toFixed(2)}× | ${median(nodeRatios).toFixed(2)}× | ${nodeRatios[0].toFixed(2)}–${nodeRatios.at(-1).toFixed(2)}× |`,
  `| legal moves at ${from} empties | ${sum((g) => g.moves)} | ${median(games.map((g) => g.moves).sort((a, b) => a - b))} | |`,
].join('\n'));

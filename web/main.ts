/**
 * The page: a board to set up, the solver's settings, the solve and its
 * progress, the answer on the board. The position lives in the address
 * (?p=<64 squares><side>), so that a link opens it. Everything the tests
 * read is in the DOM (data- attributes) or in window.revsolve.
 */

import ffo1 from '../obf/fforum-1-19.obf';
import ffo2 from '../obf/fforum-20-39.obf';
import ffo3 from '../obf/fforum-40-59.obf';
import ffo4 from '../obf/fforum-60-79.obf';
import type { WeightsBytes } from '../src/eval/format.js';
import { engineFor } from '../src/pool/policy.js';
import { parseObf } from '../src/position/obf.js';
import { START_POSITION } from '../src/position/perft.js';
import { emptyCount, finalScore, formatPosition, legalMoves, moveName, PASS, type Position, play } from '../src/position/position.js';
import { NO_MOVE, tableBytes } from '../src/search/table.js';
import { DEFAULT_LAYOUT, SettingProblem, setting } from '../src/settings.js';
import type { EngineName } from '../src/wasm/engine.js';
import { MAX_SPLIT_WORKERS, WASM_MAX_BITS } from '../src/wasm/layout.js';
import { type AnalysisRow, analysisCsv, analysisJson, analysisRow, blackScores } from './analysis.js';
import { PageSolver, type Progress, Stopped } from './solve.js';
import { cycleSquare, emptyBoard, isGameRecord, otherSide, positionKey, readGameLine, readPositionText } from './text.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const FFO = [ffo1, ffo2, ffo3, ffo4].flatMap((text) => parseObf(text).entries);
/** Empties from which the page warns before a solve that it may take hours. */
const WARN_EMPTIES = 30;

// --- state a reader can see: the position and its history, the answers known, the solve running
let history: Position[] = [START_POSITION];
/** The move that led to each history entry (null: set, not played). */
let played: (number | null)[] = [null];
let at = 0;
const position = () => history[at];
/** Exact scores found this session, by position (they depend on neither h nor the engine). */
const known = new Map<string, { score: number; move: number; pv: readonly number[] }>();
/** Every move's score for the position shown, by square, while it is shown. */
let moveScores = new Map<number, number>();
let pvView: { from: Position; pv: readonly number[]; step: number } | null = null;
let solver: PageSolver | null = null;
let running = false;
let warnedFor = '';
let engineModule: WebAssembly.Module | null = null;
let engineWhy = '';
let weights: WeightsBytes | null = null;
const isolated = globalThis.crossOriginIsolated === true;
const stats = { engine: '', workers: 0, lastNodes: 0, solves: 0 };

// --- the board, with its coordinates: files a-h above, ranks 1-8 on the left
const squares: HTMLButtonElement[] = [];
const coord = (text: string) => {
  const c = document.createElement('span');
  c.className = 'coord';
  c.textContent = text;
  return c;
};
$('board').append(coord(''), ...'abcdefgh'.split('').map(coord));
for (let x = 0; x < 64; x++) {
  if (x % 8 === 0) $('board').append(coord(String(x / 8 + 1)));
  const b = document.createElement('button');
  b.className = 'sq';
  b.dataset.square = moveName(x);
  b.setAttribute('aria-label', moveName(x));
  b.innerHTML = '<span class="disc"></span><span class="score"></span>';
  b.addEventListener('click', () => clickSquare(x));
  squares.push(b);
  $('board').append(b);
}

function shown(): Position {
  if (!pvView) return position();
  let p = pvView.from;
  for (let i = 0; i < pvView.step; i++) p = play(p, pvView.pv[i]);
  return p;
}

function render(): void {
  const p = shown();
  const [board, side] = formatPosition(p).split(' ');
  const legal = new Set(legalMoves(p));
  // The best move is marked once every move's score is known, not before.
  const best = moveScores.size > 0 && moveScores.size === legalMoves(position()).length ? Math.max(...moveScores.values()) : null;
  const next = pvView && pvView.step < pvView.pv.length ? pvView.pv[pvView.step] : NO_MOVE;
  const last = pvView ? (pvView.step > 0 ? pvView.pv[pvView.step - 1] : played[at]) : played[at];
  squares.forEach((b, x) => {
    b.className = `sq ${board[x] === '-' ? '' : board[x]}${legal.has(x) ? ' legal' : ''}${x === next ? ' pv-next' : ''}${x === last ? ' last' : ''}`;
    const s = pvView ? undefined : moveScores.get(x);
    (b.lastChild as HTMLElement).textContent = s === undefined ? '' : (s > 0 ? '+' : '') + s;
    if (s !== undefined && s === best) b.classList.add('best');
    b.dataset.score = s === undefined ? '' : String(s);
  });
  const black = [...board].filter((c) => c === 'X').length;
  const white = [...board].filter((c) => c === 'O').length;
  $('side').textContent = `${side === 'X' ? 'black' : 'white'} to move ·`;
  $('side').dataset.side = side === 'X' ? 'black' : 'white';
  $('discs').textContent = `black ${black}, white ${white}, ${64 - black - white} empties`;
  const over = legal.size === 0 && legalMoves(otherSide(p)).length === 0;
  $('final').textContent = over
    ? `game over: final score ${signed(finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo))} for ${side === 'X' ? 'black' : 'white'}`
    : '';
  $('final').dataset.over = over ? '1' : '';
  ($('pass') as HTMLButtonElement).disabled = running || legal.size > 0 || over;
  ($('undo') as HTMLButtonElement).disabled = running || at === 0;
  ($('redo') as HTMLButtonElement).disabled = running || at === history.length - 1;
  for (const id of [
    'toggle-side',
    'start',
    'clear',
    'set',
    'text',
    'ffo',
    'click-mode',
    'bits',
    'workers',
    'engine',
    'analyse',
    'analyse-from',
  ])
    ($(id) as HTMLInputElement).disabled = running;
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=mode]')) r.disabled = running;
  // The FFO list names the position shown, or none.
  const ffo = FFO.findIndex((e) => positionKey(e.position) === positionKey(position()));
  ($('ffo') as HTMLSelectElement).value = ffo >= 0 ? String(ffo) : '';
  renderMoves();
  const pvn = pvView ? pvView.pv.length : 0;
  for (const [id, off] of [
    ['pv-first', !pvView || pvView.step === 0],
    ['pv-back', !pvView || pvView.step === 0],
    ['pv-next', !pvView || pvView.step === pvn],
    ['pv-last', !pvView || pvView.step === pvn],
  ] as const) {
    ($(id) as HTMLButtonElement).disabled = off;
  }
  $('pv-at').textContent = pvView ? `PV ${pvView.step} / ${pvn}` : '';
  $('pv-at').dataset.step = pvView ? String(pvView.step) : '';
  $('pv-at').dataset.length = String(pvn);
  const empties = emptyCount(position());
  $('warning').textContent = empties >= WARN_EMPTIES ? `${empties} empties: an exact solve may take hours.` : '';
  $('memory').textContent = `tables ${Math.round(tableMemory() / 2 ** 20)} MiB`;
}

const signed = (s: number) => (s > 0 ? '+' : '') + s;

/** The game's moves, one button each (the position after it); the one shown is marked. */
function renderMoves(): void {
  const list = $('moves');
  const items: HTMLElement[] = [];
  for (let i = 1; i < history.length; i++) {
    const b = document.createElement('button');
    const m = played[i];
    b.textContent = `${i}. ${m === null ? 'set' : moveName(m)}`;
    b.dataset.at = String(i);
    b.className = i === at ? 'at' : '';
    b.disabled = running;
    b.onclick = () => {
      if (running) return;
      at = i;
      setPosition(position(), false);
    };
    items.push(b);
  }
  list.replaceChildren(...items);
  list.dataset.length = String(history.length - 1);
  list.dataset.at = String(at);
}

/** The tables' memory the settings ask for: a table per worker, and a shared one to split (what the next solve takes). */
function tableMemory(): number {
  try {
    const { bits, workers } = settings();
    return tableBytes(bits, DEFAULT_LAYOUT) * (workers + (isolated && workers > 1 ? 1 : 0));
  } catch {
    return 0;
  }
}

/** A new position: in the history (dropping what was undone), the address and the text box. */
function setPosition(p: Position, record = true, move: number | null = null): void {
  if (record) {
    history = history.slice(0, at + 1);
    played = played.slice(0, at + 1);
    history.push(p);
    played.push(move);
    at = history.length - 1;
  }
  moveScores = new Map();
  pvView = null;
  warnedFor = '';
  showPositionText();
  clearResult();
  render();
}

function showPositionText(): void {
  ($('text') as HTMLInputElement).value = formatPosition(position());
  $('text').dataset.position = positionKey(position());
  const url = new URL(location.href);
  url.searchParams.set('p', positionKey(position()));
  window.history.replaceState(null, '', url);
}

function clearResult(): void {
  $('result').textContent = '';
  $('result').dataset.state = 'none';
  $('progress').textContent = '';
  say('');
}

function say(message: string): void {
  $('message').textContent = message;
}

/** Leaves the PV's playback: the position it shows becomes the game's (its moves added), so that a move plays from there. */
function leavePv(): void {
  if (!pvView) return;
  const { from, pv, step } = pvView;
  pvView = null;
  let p = from;
  for (let i = 0; i < step; i++) {
    p = play(p, pv[i]);
    setPosition(p, true, pv[i]);
  }
}

function clickSquare(x: number): void {
  if (running) return;
  leavePv();
  const mode = ($('click-mode') as HTMLSelectElement).value;
  if (mode === 'edit') {
    setPosition(cycleSquare(position(), x));
    return;
  }
  if (legalMoves(position()).includes(x)) setPosition(play(position(), x), true, x);
}

// --- controls
$('undo').onclick = () => {
  if (at > 0 && !running) {
    at--;
    setPosition(position(), false);
  }
};
$('redo').onclick = () => {
  if (at < history.length - 1 && !running) {
    at++;
    setPosition(position(), false);
  }
};
$('pass').onclick = () => {
  if (running) return;
  leavePv();
  if (legalMoves(position()).length === 0) setPosition(play(position(), PASS), true, PASS);
};
$('toggle-side').onclick = () => {
  if (!running) setPosition(otherSide(position()));
};
$('start').onclick = () => {
  if (!running) setPosition(START_POSITION);
};
$('clear').onclick = () => {
  if (!running) setPosition(emptyBoard());
};
$('set').onclick = () => setFromText();
$('text').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') setFromText();
});
$('copy').onclick = () => {
  const text = formatPosition(position());
  navigator.clipboard?.writeText(text).then(
    () => say(''),
    () => say('the browser refused the clipboard: select the text box and copy'),
  );
  ($('text') as HTMLInputElement).value = text;
  ($('text') as HTMLInputElement).select();
};
FFO.forEach((e, i) => {
  const o = document.createElement('option');
  o.value = String(i);
  o.textContent = `#${i + 1} (${emptyCount(e.position)} empties)`;
  $('ffo').append(o);
});
for (const id of ['bits', 'workers']) $(id).addEventListener('input', () => render());
$('ffo').onchange = () => {
  const i = ($('ffo') as HTMLSelectElement).value;
  if (i !== '' && !running) setPosition(FFO[Number(i)].position);
};
$('pv-first').onclick = () => stepPv(-Infinity);
$('pv-back').onclick = () => stepPv(-1);
$('pv-next').onclick = () => stepPv(1);
$('pv-last').onclick = () => stepPv(Infinity);
$('solve').onclick = () => void solve();
$('analyse').onclick = () => void analyse();
$('export-json').onclick = () =>
  analysis && download('revsolve-analysis.json', analysisJson(analysis.record, analysis.from, analysis.rows), 'application/json');
$('export-csv').onclick = () => analysis && download('revsolve-analysis.csv', analysisCsv(analysis.rows), 'text/csv');
$('stop').onclick = () => solver?.stop();

function setFromText(): void {
  if (running) return;
  const text = ($('text') as HTMLInputElement).value;
  try {
    if (isGameRecord(text)) {
      // A game: every position of it in the history, to step through.
      const { positions, moves } = readGameLine(text);
      history = [START_POSITION, ...positions];
      played = [null, ...moves];
      at = history.length - 1;
      setPosition(position(), false);
      restoreAnalysis();
      return;
    }
    setPosition(readPositionText(text));
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    $('message').dataset.bad = '1';
  }
}

function stepPv(by: number): void {
  if (!pvView) return;
  pvView.step = Math.max(0, Math.min(pvView.pv.length, pvView.step + by));
  render();
}

// --- the engine and the weights, once
async function loadEngine(): Promise<void> {
  try {
    engineModule = await WebAssembly.compileStreaming(fetch('revsolve.wasm'));
    // A shared memory and atomics: what the engine's module needs.
    new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
  } catch (e) {
    engineModule = null;
    engineWhy = engineFor('wasm', 10, DEFAULT_LAYOUT, e instanceof Error ? e.message : String(e)).why ?? '';
  }
  const r = await fetch('revsolve.rsev');
  if (!r.ok) throw new Error(`revsolve.rsev: HTTP ${r.status}`);
  const raw = new Uint8Array(await r.arrayBuffer());
  // Shared where it can be, so that tasks carry the weights without a copy.
  const bytes = isolated ? new Uint8Array(new SharedArrayBuffer(raw.length)) : new Uint8Array(raw.length);
  bytes.set(raw);
  const digest = crypto.subtle
    ? Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', raw)), (b) => b.toString(16).padStart(2, '0')).join('')
    : `revsolve.rsev ${raw.length}`;
  weights = { file: 'revsolve.rsev', bytes, digest };
}

/** A setting of the page's form, parsed and checked by the settings table (settings.ts); `max`: the page's engine's own limit. */
function pageSetting(key: 'hashBits' | 'workers', id: string, label: string, max: number): number {
  const text = ($(id) as HTMLInputElement).value.trim();
  let v: number;
  try {
    v = setting(key).parse(text) as number;
  } catch (e) {
    throw new Error(`${label}: ${e instanceof SettingProblem ? e.message : String(e)}`);
  }
  if (v > max) throw new Error(`${label}: at most ${max} here, not ${text}`);
  return v;
}

function settings(): { bits: number; workers: number; engine: EngineName } {
  const bits = pageSetting('hashBits', 'bits', 'h', WASM_MAX_BITS);
  const workers = pageSetting('workers', 'workers', 'workers', MAX_SPLIT_WORKERS);
  const asked = setting('engine').check(($('engine') as HTMLSelectElement).value) as EngineName;
  return { bits, workers, engine: engineFor(asked, bits, DEFAULT_LAYOUT, engineModule ? null : engineWhy).engine };
}

/** The solver for the settings asked (kept while they stay the same: its workers and tables stay). */
async function solverFor(s: { bits: number; workers: number; engine: EngineName }): Promise<PageSolver> {
  const same = solver && solver.settings.bits === s.bits && solver.settings.workers === s.workers && solver.settings.engine === s.engine;
  if (!same) {
    solver?.terminate();
    solver = new PageSolver(s, isolated, s.engine === 'wasm' ? engineModule : null, weights!, new URL('worker.js', import.meta.url));
    await solver.pool.whenReady();
    $('result').textContent = 'making the tables…';
    await solver.prepare();
    $('result').textContent = '';
  }
  stats.engine = s.engine;
  stats.workers = s.workers;
  $('env').dataset.engine = s.engine;
  $('env').dataset.workers = String(s.workers);
  $('env').textContent =
    `${isolated ? 'cross-origin isolated' : 'not isolated: one table per worker, Stop ends the workers'} · engine ${s.engine} · ${s.workers} worker${s.workers > 1 ? 's' : ''}${s.engine === 'ts' && engineWhy ? ` · ${engineWhy}` : ''}`;
  return solver!;
}

/** The proven bounds of the running solve, as last read: what a stop leaves (never a score). */
let lastBounds: { lower: number; upper: number; move: number } | null = null;

function showProgress(p: Progress, t0: number): () => void {
  lastBounds = null;
  const tick = () => {
    const ms = performance.now() - t0;
    const nodes = p.nodes();
    const b = p.bounds();
    lastBounds = b;
    stats.lastNodes = nodes;
    $('progress').dataset.nodes = String(nodes);
    $('progress').textContent =
      `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s  score in [${signed(b.lower)}, ${signed(b.upper)}]${b.move >= 0 && b.move < 64 ? `  best so far ${moveName(b.move)}` : ''}`;
  };
  const timer = setInterval(tick, 200);
  return () => clearInterval(timer);
}

/** The progress line once a solve has ended: its own figures (the workers' live slots are free by then). */
function finalProgress(nodes: number, ms: number, score: number): void {
  stats.lastNodes = nodes;
  $('progress').dataset.nodes = String(nodes);
  $('progress').textContent =
    `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s  score ${signed(score)}`;
}

async function solve(): Promise<void> {
  if (running) return;
  say('');
  const p = position();
  const key = positionKey(p);
  const mode = (document.querySelector('input[name=mode]:checked') as HTMLInputElement).value;
  if (legalMoves(p).length === 0 && legalMoves(otherSide(p)).length === 0) return render();
  if (emptyCount(p) >= WARN_EMPTIES && warnedFor !== key) {
    warnedFor = key;
    $('warning').textContent = `${emptyCount(p)} empties: an exact solve may take hours. Click Solve again to start.`;
    return;
  }
  if (mode === 'every' && legalMoves(p).length === 0)
    return say('no legal move here: the side to move passes (the pass button), then every move can be solved');
  const cached = known.get(key);
  if (mode === 'best' && cached) return showBest(p, cached.score, cached.move, cached.pv, 'known', 0, 0);
  let s: { bits: number; workers: number; engine: EngineName };
  try {
    s = settings();
  } catch (e) {
    return say((e as Error).message);
  }
  running = true;
  render(); // the controls that cannot act during a solve are disabled
  ($('solve') as HTMLButtonElement).disabled = true;
  ($('stop') as HTMLButtonElement).disabled = false;
  $('result').dataset.state = 'running';
  $('result').textContent = 'starting the workers…';
  let stopTicking = () => {};
  try {
    const t1 = performance.now();
    const sv = await solverFor(s);
    $('result').dataset.startupMs = String(performance.now() - t1);
    $('result').textContent = 'solving…';
    $('progress').dataset.state = 'running';
    const t0 = performance.now();
    if (mode === 'every') {
      // Children solved before in this session answer at once; the others go to the workers.
      moveScores = new Map();
      const todo: number[] = [];
      for (const m of legalMoves(p)) {
        const child = known.get(positionKey(play(p, m)));
        if (child) moveScores.set(m, -child.score);
        else todo.push(m);
      }
      render();
      let nodes = 0;
      await sv.solveEvery(
        p,
        todo,
        (move, r) => {
          nodes += r.nodes;
          known.set(positionKey(play(p, move)), { score: r.score, move: r.move, pv: r.pv });
          moveScores.set(move, -r.score);
          render();
        },
        (pr) => (stopTicking = showProgress(pr, t0)),
      );
      stopTicking();
      const best = Math.max(...moveScores.values());
      const bestMoves = [...moveScores].filter(([, v]) => v === best).map(([m]) => moveName(m));
      finalProgress(nodes, performance.now() - t0, best);
      const first = [...moveScores].find(([, v]) => v === best)![0];
      known.set(key, { score: best, move: first, pv: [first, ...(known.get(positionKey(play(p, first)))?.pv ?? [])] });
      $('result').dataset.state = 'done';
      $('result').dataset.score = String(best);
      $('result').dataset.move = bestMoves[0];
      $('result').textContent =
        `every move solved: best ${bestMoves.join(', ')} ${signed(best)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)  (${((performance.now() - t0) / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes)`;
    } else {
      const r = await sv.solveBest(p, (pr) => (stopTicking = showProgress(pr, t0)));
      stopTicking();
      // The search's own time: making or clearing a large table is not solving.
      finalProgress(r.nodes, r.ms, r.score);
      known.set(key, { score: r.score, move: r.move, pv: r.pv });
      showBest(p, r.score, r.move, r.pv, r.engine, r.nodes, r.ms);
    }
    stats.solves++;
  } catch (e) {
    stopTicking();
    if (e instanceof Stopped) {
      // A stopped search has no score: only the bounds its finished probes proved.
      const b = lastBounds;
      $('result').dataset.state = 'stopped';
      delete $('result').dataset.score;
      delete $('result').dataset.move;
      $('result').textContent =
        b && (b.lower > -64 || b.upper < 64)
          ? `stopped: score in [${signed(b.lower)}, ${signed(b.upper)}]${b.move >= 0 && b.move < 64 ? `, best so far ${moveName(b.move)}` : ''} (not proven exact)`
          : 'stopped before any bound was proven';
    } else {
      $('result').dataset.state = 'error';
      $('result').textContent = '';
      say(e instanceof Error ? e.message : String(e));
    }
  } finally {
    running = false;
    $('progress').dataset.state = 'idle';
    ($('solve') as HTMLButtonElement).disabled = false;
    ($('stop') as HTMLButtonElement).disabled = true;
    render();
  }
}

function showBest(p: Position, score: number, move: number, pv: readonly number[], engine: string, nodes: number, ms: number): void {
  $('result').dataset.state = 'done';
  $('result').dataset.score = String(score);
  $('result').dataset.move = move >= 0 && move < 64 ? moveName(move) : move === PASS ? 'pass' : '';
  $('result').dataset.engine = engine;
  $('result').dataset.ms = String(ms);
  const how =
    engine === 'known'
      ? 'known from this session'
      : `${(ms / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes, ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s, engine ${engine}`;
  $('result').textContent =
    `best ${$('result').dataset.move || '—'}  score ${signed(score)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)\nPV ${pv.map((m) => (m === PASS ? 'pass' : moveName(m))).join(' ')}\n(${how})`;
  pvView = pv.length > 0 ? { from: p, pv, step: 0 } : null;
  render();
}

// --- the game's analysis: every move of its positions from `from` empties on, on the workers
let analysis: { record: string; from: number; rows: AnalysisRow[] } | null = null;
/** The plies of the evaluator's search that estimates the moves before the analysed empties. */
const ESTIMATE_DEPTH = 6;

/** The game's record as played so far in the history (passes implied, as the command line reads it), or '' when a position was set in it. */
function gameRecord(): string {
  if (history.length < 2 || played.slice(1).some((m) => m === null)) return '';
  return played
    .slice(1)
    .filter((m) => m !== PASS)
    .map((m) => moveName(m!))
    .join('');
}

/** The record's number of the move at history step i (passes are steps of the history, not moves of the record). */
function moveNumber(i: number): number {
  return played.slice(1, i + 1).filter((m) => m !== PASS).length;
}

/** The history step of the record's move `number` (-1: none). */
function stepOf(number: number): number {
  for (let i = 1; i < history.length; i++) if (played[i] !== PASS && moveNumber(i) === number) return i;
  return -1;
}

function download(name: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function renderAnalysis(): void {
  const rows = analysis?.rows ?? [];
  const body = $('analysis').querySelector('tbody')!;
  body.replaceChildren(
    ...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.move = String(r.number);
      tr.dataset.loss = String(r.loss);
      tr.title = `move ${r.number}, ${r.side}`;
      if (r.estimate !== undefined) tr.dataset.estimate = String(r.estimate);
      const about = r.estimate !== undefined ? '≈' : '';
      for (const t of [
        String(r.number),
        r.side,
        r.played,
        about + signed(r.scores[r.played]),
        `${about}${signed(r.best)} ${r.bestMoves.join(' ')}`,
        about + String(r.loss),
      ]) {
        const td = document.createElement('td');
        td.textContent = t;
        tr.append(td);
      }
      tr.onclick = () => {
        const step = stepOf(r.number);
        if (running || step < 1) return;
        at = step - 1; // the position the move was played in
        setPosition(position(), false);
      };
      return tr;
    }),
  );
  const points = blackScores(rows);
  const graph = $('graph');
  const x0 = points[0]?.number ?? 0;
  const span = Math.max(1, (points.at(-1)?.number ?? 1) - x0);
  const y = (v: number) => 50 - (v * 50) / 64;
  graph.innerHTML = `<line x1="0" y1="50" x2="300" y2="50"></line>${points.length > 0 ? `<polyline points="${points.map((p) => `${((p.number - x0) * 300) / span},${y(p.score)}`).join(' ')}"></polyline>` : ''}`;
  ($('export-json') as HTMLButtonElement).disabled = rows.length === 0 || running;
  ($('export-csv') as HTMLButtonElement).disabled = rows.length === 0 || running;
  const exact = rows.filter((r) => r.estimate === undefined);
  const lost = (side: string) => exact.filter((r) => r.side === side).reduce((t, r) => t + r.loss, 0);
  const estimated = rows.length - exact.length;
  $('analysis-status').textContent =
    rows.length === 0
      ? ''
      : `exact over ${exact.length} moves: black lost ${lost('black')}, white lost ${lost('white')} discs${estimated > 0 ? `; ${estimated} earlier moves estimated (≈, ${ESTIMATE_DEPTH}-ply search)` : ''}`;
}

/** Analyses the game in the history from the analysed empties on; kept in local storage with its record. */
async function analyse(): Promise<void> {
  if (running) return;
  const record = gameRecord();
  if (!record) return say('no game to analyse: play moves from the start position, or paste a game record');
  const from = Math.round(Number(($('analyse-from') as HTMLInputElement).value));
  if (!(from >= 1 && from <= 40)) return say('analyse from 1 to 40 empties');
  let s: { bits: number; workers: number; engine: EngineName };
  try {
    s = settings();
  } catch (e) {
    return say((e as Error).message);
  }
  say('');
  analysis = { record, from, rows: [] };
  running = true;
  render();
  ($('solve') as HTMLButtonElement).disabled = true;
  ($('analyse') as HTMLButtonElement).disabled = true;
  ($('stop') as HTMLButtonElement).disabled = false;
  $('analysis-box').dataset.state = 'running';
  try {
    const sv = await solverFor(s);
    // Before the analysed empties, in the order played: every move estimated, not proven (a search of ESTIMATE_DEPTH plies with the evaluator).
    for (let i = 1; i < history.length; i++) {
      const before = history[i - 1];
      const m = played[i];
      if (m === null || m === PASS || emptyCount(before) <= from) continue;
      const guesses = new Map<number, number>();
      await sv.estimateEvery(before, legalMoves(before), ESTIMATE_DEPTH, (move, score) => guesses.set(move, 0 - score));
      analysis.rows.push(analysisRow(moveNumber(i), before, m, guesses, ESTIMATE_DEPTH));
      renderAnalysis();
    }
    // From the analysed empties on, from the end back: the move played leads to the position analysed just
    // before (after the opponent's pass, when it has no move), whose best is that move's score: not solved twice.
    let later: { position: Position; best: number } | null = null;
    for (let i = history.length - 1; i >= 1; i--) {
      const before = history[i - 1];
      const m = played[i];
      if (m === null || m === PASS || emptyCount(before) > from) continue;
      const scores = new Map<number, number>();
      const child = play(before, m);
      if (later && positionKey(later.position) === positionKey(child)) scores.set(m, 0 - later.best);
      else if (later && legalMoves(child).length === 0 && positionKey(later.position) === positionKey(play(child, PASS)))
        scores.set(m, later.best);
      const todo: number[] = [];
      for (const x of legalMoves(before)) {
        if (scores.has(x)) continue;
        const cached = known.get(positionKey(play(before, x)));
        if (cached) scores.set(x, -cached.score);
        else todo.push(x);
      }
      await sv.solveEvery(
        before,
        todo,
        (move, r) => {
          known.set(positionKey(play(before, move)), { score: r.score, move: r.move, pv: r.pv });
          scores.set(move, -r.score);
        },
        () => undefined,
      );
      const row = analysisRow(moveNumber(i), before, m, scores);
      later = { position: before, best: row.best };
      analysis.rows.push(row);
      analysis.rows.sort((a, b) => a.number - b.number);
      renderAnalysis();
    }
    $('analysis-box').dataset.state = 'done';
    localStorage.setItem(`revsolve-analysis:${record}:${from}`, JSON.stringify(analysis.rows));
  } catch (e) {
    $('analysis-box').dataset.state = e instanceof Stopped ? 'stopped' : 'error';
    if (!(e instanceof Stopped)) say(e instanceof Error ? e.message : String(e));
  } finally {
    running = false;
    ($('solve') as HTMLButtonElement).disabled = false;
    ($('analyse') as HTMLButtonElement).disabled = false;
    ($('stop') as HTMLButtonElement).disabled = true;
    render();
    renderAnalysis();
  }
}

/** A game's analysis kept from before (local storage), shown when its game is set again. */
function restoreAnalysis(): void {
  const record = gameRecord();
  const from = Math.round(Number(($('analyse-from') as HTMLInputElement).value));
  const kept = record ? localStorage.getItem(`revsolve-analysis:${record}:${from}`) : null;
  analysis = kept ? { record, from, rows: JSON.parse(kept) as AnalysisRow[] } : null;
  $('analysis-box').dataset.state = kept ? 'done' : 'none';
  renderAnalysis();
}

// --- start: the position of the address, the workers' defaults, the engine
($('workers') as HTMLInputElement).max = String(MAX_SPLIT_WORKERS);
($('bits') as HTMLInputElement).max = String(WASM_MAX_BITS);
($('workers') as HTMLInputElement).value = String(Math.max(1, Math.min(MAX_SPLIT_WORKERS, navigator.hardwareConcurrency || 1)));
$('env').dataset.isolated = isolated ? '1' : '0';
const address = location.href;
const fromUrl = new URL(address).searchParams.get('p');
let badAddress = '';
if (fromUrl) {
  try {
    history = [readPositionText(fromUrl)];
  } catch (e) {
    badAddress = `the address's position (?p=${fromUrl}): ${(e as Error).message}; the start position is shown`;
  }
}
setPosition(position(), false);
if (badAddress) {
  // Said, and the address left as it was given.
  say(badAddress);
  $('message').dataset.bad = '1';
  window.history.replaceState(null, '', address);
}
$('result').dataset.state = 'loading';
$('result').textContent = 'loading the engine and the weights…';
loadEngine().then(
  () => {
    $('result').dataset.state = 'none';
    $('result').textContent = '';
    $('env').dataset.ready = '1';
    $('env').textContent =
      `${isolated ? 'cross-origin isolated' : 'not isolated: one table per worker, Stop ends the workers'} · engine ${engineModule ? 'wasm' : 'ts'}${engineWhy ? ` · ${engineWhy}` : ''}`;
  },
  (e) => {
    $('result').dataset.state = 'error';
    say(`cannot load: ${(e as Error).message}`);
  },
);

declare global {
  interface Window {
    revsolve: object;
  }
}
/** For the tests and the curious: what ran, how many workers are busy. */
window.revsolve = {
  stats,
  busy: () => solver?.pool.busy() ?? 0,
  isolated,
};

/**
 * The page, wired from its concerns: the board (board.ts), the game
 * (game.ts), what is known of each position (known.ts) and what the page
 * shows (state.ts), the engine (engine-host.ts), solving (solving.ts), the
 * analysis (analysis-view.ts), the controls and the keyboard (controls.ts).
 * The game lives in the address (address.ts): a reload or a link brings it
 * back, and the browser's Back and Forward step through what the player did.
 * The tests read the DOM (data- attributes) and window.revsolve.
 */

import ffo1 from '../obf/fforum-1-19.obf';
import ffo2 from '../obf/fforum-20-39.obf';
import ffo3 from '../obf/fforum-40-59.obf';
import ffo4 from '../obf/fforum-60-79.obf';
import { RecordError, recordMoves, sideName } from '../src/game/record.js';
import { parseObf } from '../src/position/obf.js';
import { START_POSITION } from '../src/position/perft.js';
import { emptyCount, formatPosition, legalMoves, moveName, type Position } from '../src/position/position.js';
import { defaultOf, setting } from '../src/settings.js';
import { MAX_SPLIT_WORKERS, WASM_MAX_BITS } from '../src/wasm/layout.js';
import { gameAddress, readAddress } from './address.js';
import { AnalysisView } from './analysis-view.js';
import { BoardView } from './board.js';
import { wireControls } from './controls.js';
import { $, download, enable, say } from './dom.js';
import { EngineHost } from './engine-host.js';
import {
  type FileGame,
  fileNameOf,
  type GameHeader,
  gameGgf,
  gamesOfFiles,
  gameTranscript,
  headerLine,
  headerOf,
  type OpenedFile,
} from './files.js';
import type { GameSnapshot } from './game.js';
import { Solving, WARN_EMPTIES } from './solving.js';
import { type Page, PageState } from './state.js';
import { cycleSquare, isGameRecord, otherSide, positionKey, readPositionText } from './text.js';

const FFO = [ffo1, ffo2, ffo3, ffo4].flatMap((text) => parseObf(text).entries);
/** The controls a solve or an analysis disables while it runs. */
const LOCKED = [
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
  'open-file',
  'game-list',
  'first',
  'back',
  'forward',
  'last',
];
/** What Ctrl+Z can take back, at most. */
const UNDO_LIMIT = 200;

class PageApp implements Page {
  readonly state = new PageState();
  readonly engine = new EngineHost();
  readonly board = new BoardView((x) => this.clickSquare(x));
  readonly solving = new Solving(this);
  readonly analysis = new AnalysisView(this);
  /** The games before each change (Ctrl+Z), and those taken back (Ctrl+Y). */
  private readonly undone: GameSnapshot[] = [];
  private readonly redone: GameSnapshot[] = [];
  /** The games of the game files opened last. */
  private fileGames: FileGame[] = [];
  /** What the file said of the game on the board (players, event, date, result), or null: shown above the board, written back when saved. */
  private header: GameHeader | null = null;

  render(): void {
    const { state } = this;
    const { game, pvView, running } = state;
    const p = state.shown();
    this.board.render(state);
    enable('pass', !running && legalMoves(p).length === 0 && legalMoves(otherSide(p)).length > 0);
    for (const id of LOCKED) enable(id, !running);
    enable('first', !running && game.at > 0);
    enable('back', !running && game.at > 0);
    enable('forward', !running && game.at < game.length - 1);
    enable('last', !running && game.at < game.length - 1);
    // A record of no move is nothing to copy or save.
    enable('copy-record', game.moves.length > 0);
    enable('save-record', !running && game.moves.length > 0);
    enable('undo', !running && this.undone.length > 0);
    enable('redo', !running && this.redone.length > 0);
    enable('solve', !running);
    for (const r of document.querySelectorAll<HTMLInputElement>('input[name=mode]')) r.disabled = running;
    // The FFO list names the position shown, or none.
    const ffo = FFO.findIndex((e) => positionKey(e.position) === positionKey(game.position));
    ($('ffo') as HTMLSelectElement).value = ffo >= 0 ? String(ffo) : '';
    this.board.renderMoves(state, this.analysis.rowsByMove(), (step) => this.goTo(step));
    this.analysis.render();
    const pvn = pvView ? pvView.pv.length : 0;
    enable('pv-first', !!pvView && pvView.step > 0);
    enable('pv-back', !!pvView && pvView.step > 0);
    enable('pv-next', !!pvView && pvView.step < pvn);
    enable('pv-last', !!pvView && pvView.step < pvn);
    $('pv-at').textContent = pvView ? `PV ${pvView.step} / ${pvn}` : '';
    $('pv-at').dataset.step = pvView ? String(pvView.step) : '';
    $('pv-at').dataset.length = String(pvn);
    const empties = emptyCount(game.position);
    if (state.warnedFor === '')
      $('warning').textContent = empties >= WARN_EMPTIES ? `${empties} empties: an exact solve may take hours.` : '';
    $('memory').textContent = `tables ${Math.round(this.engine.tableMemory() / 2 ** 20)} MiB`;
  }

  /** The position shown changed (a step, a move, a new game): what is known of it shown, the address written. */
  private shown(push: boolean): void {
    const { state } = this;
    const p = state.game.position;
    state.pvView = null;
    state.warnedFor = '';
    ($('text') as HTMLInputElement).value = formatPosition(p);
    $('text').dataset.position = positionKey(p);
    const address = `${location.pathname}${gameAddress(state.game)}`;
    if (push) window.history.pushState(null, '', address);
    else window.history.replaceState(null, '', address);
    $('result').textContent = '';
    $('result').dataset.state = 'none';
    $('progress').textContent = '';
    say('');
    const known = state.known.get(p);
    const bounds = state.known.boundsOf(p);
    if (known) this.solving.showBest(p, known.score, known.move, known.pv, 'known', 0, 0);
    else if (bounds) this.solving.showStopped(bounds, 'bounds');
    this.render();
  }

  /** Shows step `step` of the game (the address follows, without a new entry in the browser's history). */
  goTo(step: number): void {
    if (this.state.running) return;
    this.leavePv();
    this.state.game.at = Math.max(0, Math.min(this.state.game.length - 1, step));
    this.shown(false);
  }

  /** Changes the game (a move, an edit, a new game): undoable, a new entry in the browser's history. */
  private change(f: () => void): void {
    const before = this.state.game.snapshot();
    f();
    this.undone.push(before);
    if (this.undone.length > UNDO_LIMIT) this.undone.shift();
    this.redone.length = 0;
    this.analysis.restore();
    this.shown(true);
  }

  play(move: number): void {
    this.change(() => this.state.game.push(move));
  }

  /** A new game from `start` ("empty board", "start position", an edit, a position pasted or picked). */
  newGame(start: Position): void {
    this.setHeader(null);
    this.change(() => this.state.game.begin(start));
  }

  private setHeader(h: GameHeader | null): void {
    this.header = h;
    const line = headerLine(h);
    $('game-header').textContent = line;
    $('game-header').hidden = line === '';
  }

  /** Ctrl+Z: the game before the last move or edit; Ctrl+Y: again. */
  undo(back = true): void {
    if (this.state.running) return;
    const from = back ? this.undone : this.redone;
    const to = back ? this.redone : this.undone;
    const s = from.pop();
    if (!s) return;
    to.push(this.state.game.snapshot());
    this.state.game.restore(s);
    this.analysis.restore();
    this.shown(true);
  }

  /** Leaves the PV's playback: the moves it showed become the game's, so that a move plays from there. */
  leavePv(): void {
    const pvView = this.state.pvView;
    if (!pvView) return;
    this.state.pvView = null;
    if (pvView.step === 0) return;
    this.change(() => {
      for (const m of pvView.pv.slice(0, pvView.step)) this.state.game.push(m);
    });
  }

  private clickSquare(x: number): void {
    if (this.state.running) return;
    this.leavePv();
    const p = this.state.game.position;
    if (($('click-mode') as HTMLSelectElement).value === 'edit') this.newGame(cycleSquare(p, x));
    else if (legalMoves(p).includes(x)) this.play(x);
    else say(`${moveName(x)} is not a legal move for ${sideName(p.toMove)}`);
  }

  /** The text box: a game (every position of it, to step through) or a position. */
  setFromText(): void {
    if (this.state.running) return;
    const text = ($('text') as HTMLInputElement).value;
    try {
      if (isGameRecord(text)) {
        const squares = recordMoves(text);
        // Replayed first: a record that does not replay leaves the game as it was.
        readPositionText(text);
        this.change(() => this.state.game.load(START_POSITION, squares));
        return;
      }
      this.newGame(readPositionText(text));
    } catch (e) {
      say(e instanceof RecordError ? `the game record: ${e.message}` : e instanceof Error ? e.message : String(e), true);
    }
  }

  stepPv(by: number): void {
    const pvView = this.state.pvView;
    if (!pvView) return;
    pvView.step = Math.max(0, Math.min(pvView.pv.length, pvView.step + by));
    this.render();
  }

  /** The game of the address (a reload, a link, Back or Forward), its analysis and what is known of it. */
  fromAddress(): void {
    const { game } = this.state;
    try {
      const a = readAddress(location.search);
      game.load(a.start, a.squares, a.at);
    } catch (e) {
      game.begin(START_POSITION);
      this.analysis.restore();
      const address = location.href;
      this.shown(false);
      // Said, and the address left as it was given.
      say(`${e instanceof RecordError ? `the address's game: ${e.message}` : (e as Error).message}; the start position is shown`, true);
      window.history.replaceState(null, '', address);
      return;
    }
    this.analysis.restore();
    this.shown(false);
  }

  /** The form's limits, the address's game, the engine. */
  start(): void {
    ($('workers') as HTMLInputElement).max = String(MAX_SPLIT_WORKERS);
    // The form's limits and defaults: the settings table's, within the page's engine's (WASM_MAX_BITS, MAX_SPLIT_WORKERS).
    const [bitsMin] = setting('hashBits').range as readonly [number, number];
    const [fromMin, fromMax] = setting('from').range as readonly [number, number];
    ($('bits') as HTMLInputElement).min = String(bitsMin);
    ($('bits') as HTMLInputElement).max = String(WASM_MAX_BITS);
    ($('analyse-from') as HTMLInputElement).min = String(fromMin);
    ($('analyse-from') as HTMLInputElement).max = String(fromMax);
    ($('analyse-from') as HTMLInputElement).value = String(defaultOf('from'));
    ($('workers') as HTMLInputElement).value = String(Math.max(1, Math.min(MAX_SPLIT_WORKERS, navigator.hardwareConcurrency || 1)));
    $('env').dataset.isolated = this.engine.isolated ? '1' : '0';
    this.state.flipped = localStorage.getItem('revsolve-flipped') === '1';
    this.fromAddress();
    window.addEventListener('popstate', () => {
      if (this.state.running) this.engine.solver?.stop();
      this.fromAddress();
    });
    $('result').dataset.state = 'loading';
    $('result').textContent = 'loading the engine and the weights…';
    this.engine.load().then(
      () => {
        $('result').dataset.state = 'none';
        $('result').textContent = '';
        // What is known of the position shown, once the page can act on it.
        const p = this.state.game.position;
        const known = this.state.known.get(p);
        if (known) this.solving.showBest(p, known.score, known.move, known.pv, 'known', 0, 0);
        $('env').dataset.ready = '1';
        $('env').textContent = this.engine.describe();
      },
      (e) => {
        $('result').dataset.state = 'error';
        say(`cannot load: ${(e as Error).message}`, true);
      },
    );
  }

  /** The board turned over (h8 at the top left), kept for the next visit. */
  flip(): void {
    this.state.flipped = !this.state.flipped;
    localStorage.setItem('revsolve-flipped', this.state.flipped ? '1' : '0');
    this.render();
  }

  /** Game files opened together: their games listed (one alone is loaded), what is wrong in them said. */
  openFiles(files: readonly OpenedFile[]): void {
    const { games, problems } = gamesOfFiles(files);
    this.fileGames = games;
    const list = $('game-list') as HTMLSelectElement;
    const head = document.createElement('option');
    head.value = '';
    head.textContent = `${games.length} game${games.length === 1 ? '' : 's'}: pick one…`;
    list.replaceChildren(
      head,
      ...games.map((g, i) => {
        const o = document.createElement('option');
        o.value = String(i);
        o.textContent = g.label;
        return o;
      }),
    );
    list.hidden = games.length < 2;
    if (games.length === 1) this.openGame(0);
    if (problems.length > 0) say(`${problems.length > 1 ? `${problems.length} problems: ` : ''}${problems.slice(0, 3).join('; ')}`, true);
    else if (games.length > 1) say(`${games.length} games opened: pick one from the list`);
  }

  /** A game of the files opened, shown from its start (its last move shown). */
  openGame(index: number): void {
    const g = this.fileGames[index];
    if (!g || this.state.running) return;
    this.change(() => this.state.game.load(g.start, g.moves));
    this.setHeader(headerOf(g.read));
    ($('game-list') as HTMLSelectElement).value = String(index);
  }

  /** The game saved as a file: GGF (from its start), or its record (from the usual start only). */
  save(kind: 'ggf' | 'record'): void {
    const { game } = this.state;
    if (kind === 'ggf') download(fileNameOf(this.header, 'ggf'), gameGgf(game, this.header), 'text/plain');
    else if (positionKey(game.start) !== positionKey(START_POSITION))
      say('a record starts from the usual start position: this game starts from another, save it as GGF', true);
    else download(fileNameOf(this.header, 'txt'), gameTranscript(game, this.header), 'text/plain');
  }

  /** Copies `text` to the clipboard, and says so (or why not). */
  copy(text: string, what: string): void {
    const done = () => say(`${what} copied`);
    if (!navigator.clipboard) {
      say(`the browser gives no clipboard here: ${text}`);
      return;
    }
    navigator.clipboard.writeText(text).then(done, () => say(`the browser refused the clipboard: ${text}`, true));
  }
}

declare global {
  interface Window {
    revsolve: object;
  }
}

const app = new PageApp();
wireControls(app, FFO);
app.start();
/** For the tests and the curious: what ran, how many workers are busy. */
window.revsolve = {
  stats: app.engine.stats,
  busy: () => app.engine.solver?.pool.busy() ?? 0,
  isolated: app.engine.isolated,
};

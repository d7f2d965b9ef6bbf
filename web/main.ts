/**
 * The page, wired from its concerns: the board (board.ts), the game
 * (game.ts) and what the page knows (state.ts), the engine
 * (engine-host.ts), solving (solving.ts), the analysis (analysis-view.ts).
 * The position lives in the address (?p=<64 squares><side>). The tests read
 * the DOM (data- attributes) and window.revsolve.
 */

import ffo1 from '../obf/fforum-1-19.obf';
import ffo2 from '../obf/fforum-20-39.obf';
import ffo3 from '../obf/fforum-40-59.obf';
import ffo4 from '../obf/fforum-60-79.obf';
import { parseObf } from '../src/position/obf.js';
import { emptyCount, formatPosition, legalMoves, type Position, play } from '../src/position/position.js';
import { defaultOf, setting } from '../src/settings.js';
import { MAX_SPLIT_WORKERS, WASM_MAX_BITS } from '../src/wasm/layout.js';
import { AnalysisView } from './analysis-view.js';
import { BoardView } from './board.js';
import { wireControls } from './controls.js';
import { $, enable, say } from './dom.js';
import { EngineHost } from './engine-host.js';
import { Solving, WARN_EMPTIES } from './solving.js';
import { type Page, PageState } from './state.js';
import { cycleSquare, isGameRecord, otherSide, positionKey, readGameLine, readPositionText } from './text.js';

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
];

class PageApp implements Page {
  readonly state = new PageState();
  readonly engine = new EngineHost();
  readonly board = new BoardView((x) => this.clickSquare(x));
  readonly solving = new Solving(this);
  readonly analysis = new AnalysisView(this);

  render(): void {
    const { state } = this;
    const { game, pvView, running } = state;
    const p = state.shown();
    this.board.render(state);
    const legal = legalMoves(p);
    const over = legal.length === 0 && legalMoves(otherSide(p)).length === 0;
    enable('pass', !running && legal.length === 0 && !over);
    enable('undo', !running && game.at > 0);
    enable('redo', !running && game.at < game.length - 1);
    for (const id of LOCKED) enable(id, !running);
    for (const r of document.querySelectorAll<HTMLInputElement>('input[name=mode]')) r.disabled = running;
    // The FFO list names the position shown, or none.
    const ffo = FFO.findIndex((e) => positionKey(e.position) === positionKey(game.position));
    ($('ffo') as HTMLSelectElement).value = ffo >= 0 ? String(ffo) : '';
    this.board.renderMoves(state, (step) => this.goTo(step));
    const pvn = pvView ? pvView.pv.length : 0;
    enable('pv-first', !!pvView && pvView.step > 0);
    enable('pv-back', !!pvView && pvView.step > 0);
    enable('pv-next', !!pvView && pvView.step < pvn);
    enable('pv-last', !!pvView && pvView.step < pvn);
    $('pv-at').textContent = pvView ? `PV ${pvView.step} / ${pvn}` : '';
    $('pv-at').dataset.step = pvView ? String(pvView.step) : '';
    $('pv-at').dataset.length = String(pvn);
    const empties = emptyCount(game.position);
    $('warning').textContent = empties >= WARN_EMPTIES ? `${empties} empties: an exact solve may take hours.` : '';
    $('memory').textContent = `tables ${Math.round(this.engine.tableMemory() / 2 ** 20)} MiB`;
  }

  setPosition(p: Position, record = true, move: number | null = null): void {
    const { state } = this;
    if (record) state.game.push(p, move);
    state.moveScores = new Map();
    state.pvView = null;
    state.warnedFor = '';
    this.showPositionText();
    this.clearResult();
    this.render();
  }

  /** Shows step `step` of the game. */
  goTo(step: number): void {
    if (this.state.running) return;
    this.state.game.at = step;
    this.setPosition(this.state.game.position, false);
  }

  private showPositionText(): void {
    const p = this.state.game.position;
    ($('text') as HTMLInputElement).value = formatPosition(p);
    $('text').dataset.position = positionKey(p);
    const url = new URL(location.href);
    url.searchParams.set('p', positionKey(p));
    window.history.replaceState(null, '', url);
  }

  private clearResult(): void {
    $('result').textContent = '';
    $('result').dataset.state = 'none';
    $('progress').textContent = '';
    say('');
  }

  /** Leaves the PV's playback: the position it shows becomes the game's (its moves added), so that a move plays from there. */
  leavePv(): void {
    const pvView = this.state.pvView;
    if (!pvView) return;
    const { from, pv, step } = pvView;
    this.state.pvView = null;
    let p = from;
    for (let i = 0; i < step; i++) {
      p = play(p, pv[i]);
      this.setPosition(p, true, pv[i]);
    }
  }

  private clickSquare(x: number): void {
    if (this.state.running) return;
    this.leavePv();
    const p = this.state.game.position;
    if (($('click-mode') as HTMLSelectElement).value === 'edit') this.setPosition(cycleSquare(p, x));
    else if (legalMoves(p).includes(x)) this.setPosition(play(p, x), true, x);
  }

  /** The text box: a game (every position of it, to step through) or a position. */
  setFromText(): void {
    if (this.state.running) return;
    const text = ($('text') as HTMLInputElement).value;
    try {
      if (isGameRecord(text)) {
        const { positions, moves } = readGameLine(text);
        this.state.game.load(positions, moves);
        this.setPosition(this.state.game.position, false);
        this.analysis.restore();
        return;
      }
      this.setPosition(readPositionText(text));
    } catch (e) {
      say(e instanceof Error ? e.message : String(e));
      $('message').dataset.bad = '1';
    }
  }

  stepPv(by: number): void {
    const pvView = this.state.pvView;
    if (!pvView) return;
    pvView.step = Math.max(0, Math.min(pvView.pv.length, pvView.step + by));
    this.render();
  }

  /** The position of the address, the workers' defaults, the engine. */
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
    const address = location.href;
    const fromUrl = new URL(address).searchParams.get('p');
    let badAddress = '';
    if (fromUrl) {
      try {
        this.state.game.start(readPositionText(fromUrl));
      } catch (e) {
        badAddress = `the address's position (?p=${fromUrl}): ${(e as Error).message}; the start position is shown`;
      }
    }
    this.setPosition(this.state.game.position, false);
    if (badAddress) {
      // Said, and the address left as it was given.
      say(badAddress);
      $('message').dataset.bad = '1';
      window.history.replaceState(null, '', address);
    }
    $('result').dataset.state = 'loading';
    $('result').textContent = 'loading the engine and the weights…';
    this.engine.load().then(
      () => {
        $('result').dataset.state = 'none';
        $('result').textContent = '';
        $('env').dataset.ready = '1';
        $('env').textContent = this.engine.describe();
      },
      (e) => {
        $('result').dataset.state = 'error';
        say(`cannot load: ${(e as Error).message}`);
      },
    );
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

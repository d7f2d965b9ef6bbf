/**
 * The page, wired from its concerns: the board (board.ts), the game
 * (game.ts), what is known of each position (known.ts) and what the page
 * shows (state.ts), the engine (engine-host.ts), solving (solve-view.ts), the
 * analysis (analysis-view.ts), the controls and the keyboard (controls.ts),
 * what they enable (render.ts), clicks and the text box (input.ts), the
 * position shown and the address (shown.ts, address.ts: a reload or a link
 * brings the game back, Back and Forward step through what the player
 * did), taking back (undo.ts), game files (files-view.ts), the start
 * (startup.ts). The tests read the DOM (data- attributes) and
 * window.revsolve.
 */

import ffo1 from '../obf/fforum-1-19.obf';
import ffo2 from '../obf/fforum-20-39.obf';
import ffo3 from '../obf/fforum-40-59.obf';
import ffo4 from '../obf/fforum-60-79.obf';
import { parseObf } from '../src/position/obf.js';
import type { Position } from '../src/position/position.js';
import { AnalysisView } from './analysis-view.js';
import { BoardView } from './board.js';
import { wireControls } from './controls.js';
import { EngineHost } from './engine-host.js';
import type { GameHeader } from './files.js';
import { FilesView } from './files-view.js';
import { clickSquare } from './input.js';
import { renderPage } from './render.js';
import { showPosition } from './shown.js';
import { Solving } from './solve-view.js';
import { startPage } from './startup.js';
import { type Page, PageState } from './state.js';
import { UndoStack } from './undo.js';

const FFO = [ffo1, ffo2, ffo3, ffo4].flatMap((text) => parseObf(text).entries);
class PageApp implements Page {
  readonly state = new PageState();
  readonly engine = new EngineHost();
  readonly board = new BoardView((x) => clickSquare(this, x));
  readonly solving = new Solving(this);
  readonly analysis = new AnalysisView(this);
  readonly undoStack = new UndoStack();
  readonly files = new FilesView(this);

  render(): void {
    renderPage(this, FFO);
  }

  /** Shows step `step` of the game (the address follows, without a new entry in the browser's history). */
  goTo(step: number): void {
    // While the engine works the game cannot change: a PV shown is left without taking its moves.
    if (this.state.running) this.state.pvView = null;
    else this.leavePv();
    this.state.game.at = Math.max(0, Math.min(this.state.game.length - 1, step));
    showPosition(this, false);
  }

  /** Changes the game (a move, an edit, a new game; with `header`, another game's names): undoable, a new entry in the browser's history. */
  change(f: () => void, header?: GameHeader | null): void {
    const before = { game: this.state.game.snapshot(), header: this.files.current };
    // The header first: the address the change writes carries it.
    if (header !== undefined) this.files.setHeader(header);
    f();
    this.undoStack.record(before);
    this.analysis.restore();
    showPosition(this, true);
  }

  /** A move: the line's own next move steps forward; another opens a side line (GameHistory.playMove). */
  play(move: number): void {
    if (this.state.game.next === move) this.goTo(this.state.game.at + 1);
    else this.change(() => this.state.game.playMove(move));
  }

  /** Back to the main line from a side line. */
  toMain(): void {
    if (!this.state.running) this.change(() => this.state.game.toMain());
  }

  /** A new game from `start` ("empty board", "start position", an edit, a position pasted or picked). */
  newGame(start: Position): void {
    this.change(() => this.state.game.begin(start), null);
  }

  /** Ctrl+Z: the game before the last move or edit; Ctrl+Y: again. */
  undo(back = true): void {
    if (this.state.running) return;
    const s = this.undoStack.take(back, { game: this.state.game.snapshot(), header: this.files.current });
    if (!s) return;
    this.state.game.restore(s.game);
    this.files.setHeader(s.header);
    this.analysis.restore();
    showPosition(this, true);
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

  stepPv(by: number): void {
    const pvView = this.state.pvView;
    if (!pvView) return;
    pvView.step = Math.max(0, Math.min(pvView.pv.length, pvView.step + by));
    this.render();
  }

  start(): void {
    startPage(this);
  }

  /** The board turned over (h8 at the top left), kept for the next visit. */
  flip(): void {
    this.state.flipped = !this.state.flipped;
    localStorage.setItem('revsolve-flipped', this.state.flipped ? '1' : '0');
    this.render();
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

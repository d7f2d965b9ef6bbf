/**
 * The page's controls drawn from its state: the board and the move list,
 * which buttons can act (nothing that would change the game while a solve
 * or an analysis runs; stepping through it does not), the PV's steps, the FFO list's choice, the
 * warning for a long solve, the tables' memory.
 */
import type { ObfEntry } from '../src/position/obf.js';
import { emptyCount, legalMoves } from '../src/position/position.js';
import type { AnalysisView } from './analysis-view.js';
import type { BoardView } from './board.js';
import { $, enable } from './dom.js';
import type { EngineHost } from './engine-host.js';
import { WARN_EMPTIES } from './solve-view.js';
import type { PageState } from './state.js';
import { otherSide, positionKey } from './text.js';
import type { UndoStack } from './undo.js';

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
];

/** What rendering reads of the page. */
export interface Rendered {
  readonly state: PageState;
  readonly board: BoardView;
  readonly analysis: AnalysisView;
  readonly engine: EngineHost;
  readonly undoStack: UndoStack;
  goTo(step: number): void;
}

export function renderPage(page: Rendered, ffo: readonly ObfEntry[]): void {
  const { state } = page;
  const { game, pvView, running } = state;
  const p = state.shown();
  page.board.render(state);
  enable('pass', !running && legalMoves(p).length === 0 && legalMoves(otherSide(p)).length > 0);
  for (const id of LOCKED) enable(id, !running);
  // The game's steps stay free while the engine works.
  enable('first', game.at > 0);
  enable('back', game.at > 0);
  enable('forward', game.at < game.length - 1);
  enable('last', game.at < game.length - 1);
  // A record of no move is nothing to copy or save.
  enable('copy-record', game.moves.length > 0);
  enable('save-record', !running && game.moves.length > 0);
  enable('save-game', !running && game.moves.length > 0);
  enable('undo', !running && page.undoStack.can(true));
  enable('redo', !running && page.undoStack.can(false));
  enable('solve', !running);
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=mode]')) r.disabled = running;
  // The FFO list names the position shown, or none.
  const i = ffo.findIndex((e) => positionKey(e.position) === positionKey(game.position));
  ($('ffo') as HTMLSelectElement).value = i >= 0 ? String(i) : '';
  page.board.renderMoves(state, page.analysis.rowsByMove(), (step) => page.goTo(step));
  page.analysis.render();
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
  $('memory').textContent = `tables ${Math.round(page.engine.tableMemory() / 2 ** 20)} MiB`;
}

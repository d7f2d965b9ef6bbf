/**
 * The page's controls and what each does: the game's steps, the pass, the
 * position's edits, the text box, the FFO list, the PV's steps, solve,
 * analyse, export, stop. A control acts only while nothing runs.
 */
import type { ObfEntry } from '../src/position/obf.js';
import { START_POSITION } from '../src/position/perft.js';
import { emptyCount, formatPosition, legalMoves, PASS, play } from '../src/position/position.js';
import type { AnalysisView } from './analysis-view.js';
import { $, say } from './dom.js';
import type { Solving } from './solving.js';
import type { Page } from './state.js';
import { emptyBoard, otherSide } from './text.js';

/** The page as its controls drive it. */
export interface Controlled extends Page {
  readonly solving: Solving;
  readonly analysis: AnalysisView;
  goTo(step: number): void;
  leavePv(): void;
  setFromText(): void;
  stepPv(by: number): void;
}

/** Gives every control its handler; `ffo` fills the FFO list. */
export function wireControls(app: Controlled, ffo: readonly ObfEntry[]): void {
  const { state } = app;
  const idle = (f: () => void) => () => {
    if (!state.running) f();
  };
  $('undo').onclick = idle(() => state.game.at > 0 && app.goTo(state.game.at - 1));
  $('redo').onclick = idle(() => state.game.at < state.game.length - 1 && app.goTo(state.game.at + 1));
  $('pass').onclick = idle(() => {
    app.leavePv();
    if (legalMoves(state.game.position).length === 0) app.setPosition(play(state.game.position, PASS), true, PASS);
  });
  $('toggle-side').onclick = idle(() => app.setPosition(otherSide(state.game.position)));
  $('start').onclick = idle(() => app.setPosition(START_POSITION));
  $('clear').onclick = idle(() => app.setPosition(emptyBoard()));
  $('set').onclick = () => app.setFromText();
  $('text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') app.setFromText();
  });
  $('copy').onclick = () => {
    const text = formatPosition(state.game.position);
    navigator.clipboard?.writeText(text).then(
      () => say(''),
      () => say('the browser refused the clipboard: select the text box and copy'),
    );
    ($('text') as HTMLInputElement).value = text;
    ($('text') as HTMLInputElement).select();
  };
  ffo.forEach((e, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = `#${i + 1} (${emptyCount(e.position)} empties)`;
    $('ffo').append(o);
  });
  for (const id of ['bits', 'workers']) $(id).addEventListener('input', () => app.render());
  $('ffo').onchange = idle(() => {
    const i = ($('ffo') as HTMLSelectElement).value;
    if (i !== '') app.setPosition(ffo[Number(i)].position);
  });
  $('pv-first').onclick = () => app.stepPv(-Infinity);
  $('pv-back').onclick = () => app.stepPv(-1);
  $('pv-next').onclick = () => app.stepPv(1);
  $('pv-last').onclick = () => app.stepPv(Infinity);
  $('solve').onclick = () => void app.solving.solve();
  $('analyse').onclick = () => void app.analysis.analyse();
  $('export-json').onclick = () => app.analysis.exportJson();
  $('export-csv').onclick = () => app.analysis.exportCsv();
  $('stop').onclick = () => app.engine.solver?.stop();
}

/**
 * The page's controls and keys, and what each does: the game's steps
 * (←/→, Home/End), taking back (Ctrl+Z, Ctrl+Y), the pass, the position's
 * edits, the text box, the FFO list, the PV's steps, solve, analyse,
 * export, stop, copy, flip. A control acts only while nothing runs (Stop
 * excepted); a key acts only outside the text fields.
 */
import type { ObfEntry } from '../src/position/obf.js';
import { START_POSITION } from '../src/position/perft.js';
import { emptyCount, formatPosition, legalMoves, PASS, type Position } from '../src/position/position.js';
import type { AnalysisView } from './analysis-view.js';
import { $ } from './dom.js';
import { copyText, type FilesView } from './files-view.js';
import { type InputHost, setFromText } from './input.js';
import type { Solving } from './solve-view.js';
import type { Page } from './state.js';
import { emptyBoard, otherSide } from './text.js';

/** The page as its controls drive it. */
export interface Controlled extends Page, InputHost {
  readonly solving: Solving;
  readonly analysis: AnalysisView;
  play(move: number): void;
  newGame(start: Position): void;
  undo(back?: boolean): void;
  leavePv(): void;
  stepPv(by: number): void;
  flip(): void;
  toMain(): void;
  readonly files: FilesView;
}

/** Gives every control its handler and the page its keys; `ffo` fills the FFO list. */
export function wireControls(app: Controlled, ffo: readonly ObfEntry[]): void {
  const { state } = app;
  const idle = (f: () => void) => () => {
    if (!state.running) f();
  };
  // Stepping through the game is free while the engine works (the solve and the analysis keep to their positions).
  const step = (by: number) => () => app.goTo(state.game.at + by);
  $('first').onclick = () => app.goTo(0);
  $('back').onclick = step(-1);
  $('forward').onclick = step(1);
  $('last').onclick = () => app.goTo(state.game.length - 1);
  $('undo').onclick = () => app.undo(true);
  $('redo').onclick = () => app.undo(false);
  $('pass').onclick = idle(() => {
    app.leavePv();
    if (legalMoves(state.game.position).length === 0) app.play(PASS);
  });
  $('flip').onclick = () => app.flip();
  $('main-line').onclick = idle(() => app.toMain());
  $('toggle-side').onclick = idle(() => app.newGame(otherSide(state.game.position)));
  $('start').onclick = idle(() => app.newGame(START_POSITION));
  $('clear').onclick = idle(() => app.newGame(emptyBoard()));
  $('set').onclick = () => setFromText(app);
  $('text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') setFromText(app);
  });
  $('copy').onclick = () => copyText(formatPosition(state.game.position), 'position');
  $('copy-record').onclick = () => copyText(state.game.record(), 'record');
  $('copy-link').onclick = () => copyText(location.href, 'link');
  ffo.forEach((e, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = `#${i + 1} (${emptyCount(e.position)} empties)`;
    $('ffo').append(o);
  });
  for (const id of ['bits', 'workers']) $(id).addEventListener('input', () => app.render());
  // A pick from a list hands the keys back to the board: the arrows step through the game, not through the list.
  const toBoard = () => $('board').focus({ preventScroll: true });
  $('ffo').onchange = idle(() => {
    const i = ($('ffo') as HTMLSelectElement).value;
    if (i !== '') app.newGame(ffo[Number(i)].position);
    toBoard();
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
  $('analysis-stop').onclick = () => app.engine.solver?.stop();
  $('graph').addEventListener('click', (e) => {
    const n = (e.target as Element).closest('[data-jump]')?.getAttribute('data-jump');
    if (n) app.analysis.jump(Number(n));
  });
  // Game files: chosen, or dropped on the page.
  const open = async (list: FileList) => {
    const files = await Promise.all([...list].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
    if (files.length > 0 && !state.running) app.files.open(files);
  };
  $('open-file').onchange = () => void open(($('open-file') as HTMLInputElement).files as FileList);
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    if (e.dataTransfer?.files.length) void open(e.dataTransfer.files);
  });
  $('save-ggf').onclick = () => app.files.save('ggf');
  $('save-record').onclick = () => app.files.save('record');
  $('save-game').onclick = () => app.files.save('game');
  // A square typed on the focused board ("d3"): its file, waiting for its rank.
  let file = '';
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, select, textarea') || e.altKey || e.metaKey) return;
    const ctrl = e.ctrlKey;
    if (!ctrl && t.closest('#board')) {
      const key = e.key.toLowerCase();
      if (/^[a-h]$/.test(key)) {
        file = key;
        return;
      }
      if (file && /^[1-8]$/.test(key)) {
        $('board').querySelector<HTMLButtonElement>(`[data-square="${file}${key}"]`)?.click();
        file = '';
        return;
      }
      file = '';
    }
    const keys: Record<string, () => void> = ctrl
      ? { z: () => app.undo(true), Z: () => app.undo(false), y: () => app.undo(false) }
      : {
          ArrowLeft: step(-1),
          ArrowRight: step(1),
          Home: () => app.goTo(0),
          End: () => app.goTo(state.game.length - 1),
        };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  });
}

/**
 * The position shown changed (a step, a move, a new game, the address): the
 * text box and the address follow it (a new entry in the browser's history
 * for a change, none for a step), the last solve's words are cleared, and
 * what is known of the position (proven, or a stopped solve's bounds) is
 * shown at once, with no search. And the game of the address, on a reload,
 * a link, Back or Forward.
 */
import { RecordError } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { formatPosition } from '../src/position/position.js';
import { gameAddress, readAddress } from './address.js';
import type { AnalysisView } from './analysis-view.js';
import { $, say } from './dom.js';
import type { GameHeader } from './files.js';
import type { Solving } from './solve-view.js';
import type { PageState } from './state.js';
import { positionKey } from './text.js';

/** What showing a position asks of the page. */
export interface ShownHost {
  readonly state: PageState;
  readonly solving: Solving;
  readonly analysis: AnalysisView;
  /** The header of the game on the board (a file's), carried in the address. */
  readonly files: { readonly current: GameHeader | null; setHeader(h: GameHeader | null): void; follow(): void };
  render(): void;
}

export function showPosition(page: ShownHost, push: boolean): void {
  const { state } = page;
  const p = state.game.position;
  state.pvView = null;
  state.warnedFor = '';
  ($('text') as HTMLInputElement).value = formatPosition(p);
  $('text').dataset.position = positionKey(p);
  const address = `${location.pathname}${gameAddress(state.game, page.files.current)}`;
  if (push) window.history.pushState(null, '', address);
  else window.history.replaceState(null, '', address);
  page.files.follow();
  if (state.running) {
    // The running solve's words stay (it says which position it solves); the board shows what is known here.
    page.render();
    return;
  }
  $('result').textContent = '';
  $('result').dataset.state = 'none';
  $('progress').textContent = '';
  say('');
  const known = state.known.get(p);
  const bounds = state.known.boundsOf(p);
  if (known) page.solving.showBest(p, known.score, known.move, known.pv, 'known', 0, 0);
  else if (bounds) page.solving.showStopped(bounds, 'bounds');
  page.render();
}

/** The game of the address, its analysis and what is known of it; an address that holds no game is said, the start position shown. */
export function showAddressGame(page: ShownHost): void {
  const { game } = page.state;
  let cut: string | null = null;
  try {
    const a = readAddress(location.search);
    game.load(a.start, a.squares, null, a.main);
    if (a.at !== null) {
      const step = game.stepNamed(a.at);
      if (step === null) cut = `the address's step (at=${a.at}): this game has no such move; its last move is shown`;
      else game.at = step;
    }
    page.files.setHeader(a.header ?? null);
    cut = cut ?? a.cut ?? null;
  } catch (e) {
    game.begin(START_POSITION);
    page.analysis.restore();
    const address = location.href;
    showPosition(page, false);
    // Said, and the address left as it was given.
    say(`${e instanceof RecordError ? `the address's game: ${e.message}` : (e as Error).message}; the start position is shown`, true);
    window.history.replaceState(null, '', address);
    return;
  }
  page.analysis.restore();
  showPosition(page, false);
  if (cut) say(cut, true);
}

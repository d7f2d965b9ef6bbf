/**
 * The page's start: the form's limits and defaults (the settings table's,
 * within the page's engine's), the board's side kept from the last visit,
 * the game of the address (and Back and Forward), the engine and weights
 * loaded, then what is known of the position shown.
 */
import { $, say } from './dom.js';
import type { EngineHost } from './engine-host.js';
import { fillForm } from './form.js';
import { type ShownHost, showAddressGame } from './shown.js';

/** What starting asks of the page. */
export interface Started extends ShownHost {
  readonly engine: EngineHost;
}

export function startPage(page: Started): void {
  const { state, engine } = page;
  fillForm();
  $('env').dataset.isolated = engine.isolated ? '1' : '0';
  state.flipped = localStorage.getItem('revsolve-flipped') === '1';
  showAddressGame(page);
  window.addEventListener('popstate', () => {
    if (state.running) engine.solver?.stop();
    showAddressGame(page);
  });
  $('result').dataset.state = 'loading';
  $('result').textContent = 'loading the engine and the weights…';
  engine.load().then(
    () => {
      $('result').dataset.state = 'none';
      $('result').textContent = '';
      // What is known of the position shown, once the page can act on it.
      const p = state.game.position;
      const known = state.known.get(p);
      const bounds = state.known.boundsOf(p);
      if (known) page.solving.showBest(p, known.score, known.move, known.pv, 'known', 0, 0);
      else if (bounds) page.solving.showStopped(bounds, 'bounds'); // a stopped solve's bounds, at once after a reload

      $('env').dataset.ready = '1';
      $('env').textContent = engine.describe();
    },
    (e) => {
      $('result').dataset.state = 'error';
      say(`cannot load: ${(e as Error).message}`, true);
    },
  );
}

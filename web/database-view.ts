/**
 * The page's game database panel: files opened go to its worker, which
 * reads and indexes them (progress shown) and keeps a collection in
 * IndexedDB for the next visit; the panel filters by player, tournament,
 * year and result, and (ticked) by the board shown, in any symmetry, with
 * the moves played from it and how their games ended; the list of games
 * found is virtualised (the rows in view, whatever its length); a game
 * picked is loaded with its names, at the position asked when there is one.
 */

import type { NextMove } from '../src/game/database.js';
import type { IndexedGame } from '../src/game/game-index.js';
import { type GameIndex, type IndexFound, type IndexQuery, transformPosition } from '../src/game/game-index.js';
import type { Position } from '../src/position/position.js';
import { type FromDatabase, gameOf, headerOfGame, nextText, queryOf, rowText, type ToDatabase } from './database.js';
import { $, say } from './dom.js';
import type { GameHeader, OpenedFile } from './files.js';
import type { PageState } from './state.js';
import { positionKey } from './text.js';

/** A row's height in pixels (the CSS's .db-row): the list's scroll height is rows × this. */
const ROW = 28;
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 6;

/** What the panel asks of the page. */
export interface DatabaseHost {
  readonly state: PageState;
  /** A change of the game, with the header of the game it loads. */
  change(f: () => void, header?: GameHeader | null): void;
  goTo(step: number): void;
  play(move: number): void;
}

export class DatabaseView {
  private readonly worker: Worker;
  private index: GameIndex | null = null;
  private found: IndexFound | null = null;
  /** The position the list was searched for (null: no position filter). */
  private asked: Position | null = null;
  private next: NextMove[] = [];
  private searchId = 0;
  private picked = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The files of the collection, and whether it came from IndexedDB. */
  private files: string[] = [];
  private restored = false;
  private sentAt = 0;

  constructor(private readonly page: DatabaseHost) {
    this.worker = new Worker(new URL('database.js', import.meta.url), { type: 'module', name: 'revsolve games' });
    this.worker.onmessage = (e: MessageEvent<FromDatabase>) => this.answer(e.data);
    this.worker.onerror = (e) => this.status(`the games' worker failed: ${e.message}`, 'error');
    this.send({ type: 'restore' });
    for (const id of ['db-player', 'db-tournament', 'db-year']) $(id).addEventListener('input', () => this.later());
    for (const id of ['db-result', 'db-position']) $(id).addEventListener('change', () => this.search());
    $('db-forget').onclick = () => this.send({ type: 'forget' });
    $('db-list').addEventListener('scroll', () => this.draw());
    $('db-list').addEventListener('click', (e) => {
      const row = (e.target as Element).closest('[data-row]');
      if (row) this.pick(Number(row.getAttribute('data-row')));
    });
    $('db-next').addEventListener('click', (e) => {
      const m = (e.target as Element).closest('[data-move]')?.getAttribute('data-move');
      if (m !== undefined && m !== null && Number(m) >= 0 && !this.page.state.running) this.page.play(Number(m));
    });
  }

  private send(m: ToDatabase): void {
    this.worker.postMessage(m);
  }

  private status(text: string, state: 'idle' | 'indexing' | 'ready' | 'error'): void {
    $('db-status').textContent = text;
    $('db-status').dataset.state = state;
  }

  /** Game files opened: read and indexed by the worker (one game alone goes to the board). */
  open(files: readonly OpenedFile[]): void {
    $('database').hidden = false;
    this.status(`reading ${files.map((f) => f.name).join(', ')}…`, 'indexing');
    this.send({ type: 'open', files: [...files] });
  }

  private answer(m: FromDatabase): void {
    if (m.type === 'progress') {
      const bar = $('db-progress') as HTMLProgressElement;
      bar.hidden = false;
      bar.max = m.of;
      bar.value = m.files;
      this.status(`indexing ${m.file}: ${m.files} of ${m.of} files, ${m.games.toLocaleString('en')} games`, 'indexing');
    } else if (m.type === 'read') this.read(m.game, m.problems, m.names);
    else if (m.type === 'ready') this.ready(m);
    else if (m.type === 'empty') {
      this.index = null;
      this.found = null;
      $('database').hidden = true;
      this.status('', 'idle');
      this.draw();
    } else if (m.type === 'found') {
      if (m.id !== this.searchId) return; // an older search, overtaken
      // The same games (the board followed a game picked): the list keeps its place.
      const same = this.found !== null && sameGames(this.found.games, m.found.games);
      this.found = m.found;
      this.next = m.next;
      this.showFound(same);
    } else this.status(m.message, 'error');
  }

  /** Files of one game or none: the game on the board, the database as it was. */
  private read(game: IndexedGame | null, problems: string[], names: string[]): void {
    ($('db-progress') as HTMLElement).hidden = true;
    $('database').hidden = this.index === null;
    this.status(this.index ? this.summary() : '', this.index ? 'ready' : 'idle');
    if (game) this.load(game, null);
    if (problems.length > 0) say(`${problems.length > 1 ? `${problems.length} problems: ` : ''}${problems.slice(0, 3).join('; ')}`, true);
    else if (!game)
      say(
        names.length > 0
          ? `${names.join(', ')}: the names of a WTHOR database, no game: open ${names.length === 1 ? 'it' : 'them'} together with a year's .wtb file`
          : 'no game in the files opened',
        true,
      );
  }

  private summary(): string {
    const n = this.index?.count ?? 0;
    const f = this.files.filter((x) => !/\.(jou|trn)$/i.test(x));
    const names = f.length <= 3 ? f.join(', ') : `${f[0]} … ${f.at(-1)} (${f.length} files)`;
    return `${n.toLocaleString('en')} games from ${names}${this.restored ? ' (kept from your last visit)' : ''}`;
  }

  private ready(m: Extract<FromDatabase, { type: 'ready' }>): void {
    this.index = m.index;
    this.files = m.files;
    this.restored = m.restored;
    this.picked = -1;
    ($('db-progress') as HTMLElement).hidden = true;
    $('database').hidden = false;
    $('database').dataset.games = String(m.index.count);
    if (!m.restored) $('database').dataset.indexMs = String(Math.round(m.ms));
    this.status(`${this.summary()}${m.kept ? '' : ' (this browser did not keep them: a reload asks for the files again)'}`, 'ready');
    if (!m.restored) {
      if (m.problems.length > 0)
        say(`${m.problems.length > 1 ? `${m.problems.length} problems: ` : ''}${m.problems.slice(0, 3).join('; ')}`, true);
      else say(`${m.index.count.toLocaleString('en')} games opened: filter them and pick one in the games panel`);
    }
    this.search();
  }

  /** A search a moment after the last key typed. */
  private later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.search(), 150);
  }

  /** The board changed: with the position filter on, the list follows it. */
  follow(): void {
    if (this.index && ($('db-position') as HTMLInputElement).checked) this.later();
  }

  /** Searches the filters' games (and the board's, ticked). */
  search(): void {
    if (!this.index) return;
    const q = queryOf({
      player: ($('db-player') as HTMLInputElement).value,
      tournament: ($('db-tournament') as HTMLInputElement).value,
      year: ($('db-year') as HTMLInputElement).value,
      result: ($('db-result') as HTMLSelectElement).value,
    });
    if ('problem' in q) {
      $('db-count').textContent = q.problem;
      $('db-count').dataset.bad = '1';
      return;
    }
    this.asked = ($('db-position') as HTMLInputElement).checked ? this.page.state.game.position : null;
    const query: IndexQuery = this.asked ? { ...q, position: this.asked } : q;
    this.sentAt = performance.now();
    this.send({ type: 'search', id: ++this.searchId, query });
  }

  private showFound(keepPlace: boolean): void {
    const n = this.found?.games.length ?? 0;
    const total = this.index?.count ?? 0;
    $('db-count').dataset.bad = '';
    $('db-count').dataset.found = String(n);
    $('db-count').textContent =
      n === 0
        ? `no game of the ${total.toLocaleString('en')} matches${this.asked ? ' (the board shown, any symmetry, with its side to move)' : ''}`
        : `${n.toLocaleString('en')} of ${total.toLocaleString('en')} games${this.asked ? ' reached the board shown' : ''}`;
    const body = $('db-next').querySelector('tbody') as HTMLElement;
    body.replaceChildren(
      ...this.next.slice(0, 12).map((x) => {
        const tr = document.createElement('tr');
        tr.dataset.move = String(x.move);
        if (x.move >= 0) tr.title = 'play this move';
        for (const t of nextText(x)) {
          const td = document.createElement('td');
          td.textContent = t;
          tr.append(td);
        }
        return tr;
      }),
    );
    $('db-next').hidden = this.next.length === 0;
    if (!keepPlace) $('db-list').scrollTop = 0;
    this.draw();
    // For the page's bench: the search's time from the query sent to the list drawn.
    $('database').dataset.searchMs = (performance.now() - this.sentAt).toFixed(1);
  }

  /** The rows in view (and a few around them), placed at their offsets in a list of full height. */
  private draw(): void {
    const list = $('db-list');
    const rows = $('db-rows');
    const n = this.index ? (this.found?.games.length ?? 0) : 0;
    rows.style.height = `${n * ROW}px`;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(n, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + OVERSCAN);
    const found = this.found;
    const out: HTMLElement[] = [];
    if (this.index && found)
      for (let i = first; i < last; i++) {
        const g = found.games[i];
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'db-row';
        b.dataset.row = String(i);
        b.style.top = `${i * ROW}px`;
        b.setAttribute('role', 'option');
        b.setAttribute('aria-selected', g === this.picked ? 'true' : 'false');
        b.textContent = rowText(gameOf(this.index, g), found.at ? found.at[i] : null);
        out.push(b);
      }
    rows.replaceChildren(...out);
  }

  /** Row i of the list: its game on the board (at the position asked, when there is one), its names above it. */
  pick(i: number): void {
    const found = this.found;
    if (!this.index || !found || this.page.state.running) return;
    const g = found.games[i];
    if (g === undefined) return;
    const t0 = performance.now();
    this.picked = g;
    const asked = this.asked && found.symmetry ? transformPosition(this.asked, found.symmetry[i]) : null;
    this.load(gameOf(this.index, g), asked);
    this.draw();
    $('board').focus({ preventScroll: true });
    // For the page's bench: a pick's time, the game loaded and the board drawn.
    $('database').dataset.pickMs = (performance.now() - t0).toFixed(1);
  }

  /** A game on the board with its header: at `at` (the game's position), or its last move. */
  private load(g: IndexedGame, at: Position | null): void {
    const { game } = this.page.state;
    this.page.change(() => game.load(g.start, g.moves), headerOfGame(g));
    if (at) {
      const key = positionKey(at);
      for (let s = 0; s < game.length; s++) {
        game.at = s;
        if (positionKey(game.position) === key) break;
      }
      this.page.goTo(game.at);
    }
  }
}

function sameGames(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

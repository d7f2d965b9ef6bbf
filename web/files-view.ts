/**
 * The page's game files: files opened together listed (one game alone is
 * loaded), a game picked from the list, the game shown saved (GGF, or its
 * record) and copied; the header a file gave the game on the board (players,
 * event, date, result) shown above the board and written back when saved.
 */
import { START_POSITION } from '../src/position/perft.js';
import { $, download, say } from './dom.js';
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
import type { PageState } from './state.js';
import { positionKey } from './text.js';

/** What the files' view asks of the page: its state, and a change of the game (undoable, in the address). */
export interface FilesHost {
  readonly state: PageState;
  change(f: () => void): void;
}

export class FilesView {
  /** The games of the game files opened last. */
  private games: FileGame[] = [];
  /** What the file said of the game on the board, or null. */
  private header: GameHeader | null = null;

  constructor(private readonly page: FilesHost) {}

  /** The header of the game on the board (null: a game of no file). */
  get current(): GameHeader | null {
    return this.header;
  }

  /** The header of the game on the board: null for a game of no file (a new game, an edit). */
  setHeader(h: GameHeader | null): void {
    this.header = h;
    const line = headerLine(h);
    $('game-header').textContent = line;
    $('game-header').hidden = line === '';
  }

  /** Game files opened together: their games listed (one alone is loaded), what is wrong in them said. */
  open(files: readonly OpenedFile[]): void {
    const { games, problems } = gamesOfFiles(files);
    this.games = games;
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
    if (games.length === 1) this.pick(0);
    if (problems.length > 0) say(`${problems.length > 1 ? `${problems.length} problems: ` : ''}${problems.slice(0, 3).join('; ')}`, true);
    else if (games.length > 1) say(`${games.length} games opened: pick one from the list`);
    else if (games.length === 0) {
      // Names alone (a WTHOR.JOU or .TRN): no game, and never the last message left standing over an empty list.
      const names = files.filter((f) => /\.(jou|trn)$/i.test(f.name));
      say(
        names.length === files.length
          ? `${names.map((f) => f.name).join(', ')}: the names of a WTHOR database, no game: open ${names.length === 1 ? 'it' : 'them'} together with a year's .wtb file`
          : `${files.map((f) => f.name).join(', ')}: no game`,
        true,
      );
    }
  }

  /** A game of the files opened, shown from its start (its last move shown). */
  pick(index: number): void {
    const g = this.games[index];
    if (!g || this.page.state.running) return;
    // The header first: the address the change writes carries it.
    this.setHeader(headerOf(g.read));
    this.page.change(() => this.page.state.game.load(g.start, g.moves));
    ($('game-list') as HTMLSelectElement).value = String(index);
  }

  /** The game saved as a file: GGF (from its start), or its record (from the usual start only). */
  save(kind: 'ggf' | 'record'): void {
    const { game } = this.page.state;
    if (kind === 'ggf') download(fileNameOf(this.header, 'ggf'), gameGgf(game, this.header), 'text/plain');
    else if (positionKey(game.start) !== positionKey(START_POSITION))
      say('a record starts from the usual start position: this game starts from another, save it as GGF', true);
    else download(fileNameOf(this.header, 'txt'), gameTranscript(game, this.header), 'text/plain');
  }
}

/** Copies `text` to the clipboard, and says so (or why not). */
export function copyText(text: string, what: string): void {
  const done = () => say(`${what} copied`);
  if (!navigator.clipboard) {
    say(`the browser gives no clipboard here: ${text}`);
    return;
  }
  navigator.clipboard.writeText(text).then(done, () => say(`the browser refused the clipboard: ${text}`, true));
}

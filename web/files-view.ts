/**
 * The page's game files: files opened go to the games panel
 * (database-view.ts: one game alone is loaded), the game shown saved (GGF,
 * or its record) and copied; the header a file gave the game on the board (players,
 * event, date, result) shown above the board and written back when saved.
 */
import { START_POSITION } from '../src/position/perft.js';
import { DatabaseView } from './database-view.js';
import { $, download, say } from './dom.js';
import { fileNameOf, type GameHeader, gameGgf, gameTranscript, headerLine, type OpenedFile } from './files.js';
import type { PageState } from './state.js';
import { positionKey } from './text.js';

/** What the files' view asks of the page: its state, and a change of the game (undoable, in the address). */
export interface FilesHost {
  readonly state: PageState;
  change(f: () => void): void;
  goTo(step: number): void;
  play(move: number): void;
}

export class FilesView {
  /** What the file said of the game on the board, or null. */
  private header: GameHeader | null = null;

  /** The games panel: the files opened, indexed and searched. */
  readonly database: DatabaseView;

  constructor(private readonly page: FilesHost) {
    this.database = new DatabaseView({
      state: page.state,
      change: (f) => page.change(f),
      goTo: (s) => page.goTo(s),
      play: (m) => page.play(m),
      setHeader: (h) => this.setHeader(h),
    });
  }

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

  /** Game files opened together: read and indexed by the games panel's worker (one game alone is loaded). */
  open(files: readonly OpenedFile[]): void {
    this.database.open(files);
  }

  /** The board changed: the games panel follows it (its position filter). */
  follow(): void {
    this.database.follow();
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

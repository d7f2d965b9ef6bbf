/**
 * The page's game files: files opened go to the games panel
 * (database-view.ts: one game alone is loaded), the game shown saved (GGF,
 * or its record) and copied; the header a file gave the game on the board (players,
 * event, date, result) shown above the board and written back when saved.
 */

import { isGameFile, readGameFile, writeGameFile } from '../src/game/game-file.js';
import { formatRecord } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { keepAnalysis, keptAnalysis } from './analysis-view.js';
import { DatabaseView } from './database-view.js';
import { $, download, say } from './dom.js';
import { fileNameOf, type GameHeader, gameGgf, gameTranscript, headerLine, type OpenedFile } from './files.js';
import type { GameHistory } from './game.js';
import type { PageState } from './state.js';
import { positionKey } from './text.js';

/** What the files' view asks of the page: its state, and a change of the game (undoable, in the address). */
export interface FilesHost {
  readonly state: PageState;
  change(f: () => void, header?: GameHeader | null): void;
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
      change: (f, h) => page.change(f, h),
      goTo: (s) => page.goTo(s),
      play: (m) => page.play(m),
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

  /** Game files opened together: a revsolve game file is loaded with its lines and analyses; others go to the games panel's worker (one game alone is loaded). */
  open(files: readonly OpenedFile[]): void {
    const text = files.length === 1 && !files[0].bytes.includes(0) ? new TextDecoder().decode(files[0].bytes) : '';
    if (text && isGameFile(text)) this.openGame(text, files[0].name);
    else this.database.open(files);
  }

  /** A revsolve game file: its lines, the move shown, its header, and each line's analysis (kept as the page keeps its own). */
  private openGame(text: string, name: string): void {
    let g: ReturnType<typeof readGameFile>;
    try {
      g = readGameFile(text, name);
    } catch (e) {
      say((e as Error).message, true);
      return;
    }
    if (this.page.state.running) return;
    for (const a of g.analyses) keepAnalysis(g.start, a);
    const { game } = this.page.state;
    this.page.change(() => {
      game.load(g.start, g.line ?? g.main, null, g.line ? g.main : null);
      if (g.at !== null) game.at = game.stepNamed(g.at) ?? game.at;
    }, g.header);
    say(`${name}: opened, ${g.line ? 'a side line shown, ' : ''}${g.analyses.length} analys${g.analyses.length === 1 ? 'is' : 'es'}`);
  }

  /** The board changed: the games panel follows it (its position filter). */
  follow(): void {
    this.database.follow();
  }

  /** The game saved as a file: GGF (from its start, the main line), its record (from the usual start only), or a revsolve game file (its lines, the move shown, the header, each line's analysis). */
  save(kind: 'ggf' | 'record' | 'game'): void {
    const { game } = this.page.state;
    if (kind === 'game') {
      const main = game.main ?? game.moves;
      const line = game.main ? game.moves : null;
      const analyses = [main, ...(line ? [line] : [])]
        .map((m) => keptAnalysis(game.start, formatRecord(m)))
        .filter((a): a is NonNullable<typeof a> => a !== null);
      const file = { start: game.start, main, line, at: game.stepName(game.at), header: this.header, analyses };
      download(fileNameOf(this.header, 'revsolve.json'), writeGameFile(file), 'application/json');
      return;
    }
    // GGF holds no side line: the main line, with its header.
    if (kind === 'ggf') download(fileNameOf(this.header, 'ggf'), gameGgf(mainLine(game), this.header), 'text/plain');
    else if (positionKey(game.start) !== positionKey(START_POSITION))
      say('a record starts from the usual start position: this game starts from another, save it as GGF', true);
    else download(fileNameOf(this.header, 'txt'), gameTranscript(mainLine(game), this.header), 'text/plain');
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

/** The game's main line (its moves and passes as the steps hold them): what GGF and a record hold, whichever line is shown. */
function mainLine(game: GameHistory): { start: GameHistory['start']; moves: number[] } {
  return { start: game.start, moves: game.main ?? game.moves };
}

/**
 * What the player gives the page by hand: a click on a square (a move, or
 * an edit of the position in edit mode) and the text box (a game to step
 * through, a GGF game, or a position). A move that is not legal, or a
 * text that is none of these, is said; the game stays as it was.
 */
import { isGgf } from '../src/game/ggf.js';
import { RecordError, recordMoves, sideName } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { legalMoves, moveName, type Position } from '../src/position/position.js';
import { $, say } from './dom.js';
import type { OpenedFile } from './files.js';
import type { PageState } from './state.js';
import { cycleSquare, isGameRecord, readPositionText } from './text.js';

/** What the input asks of the page. */
export interface InputHost {
  readonly state: PageState;
  change(f: () => void, header?: null): void;
  play(move: number): void;
  newGame(start: Position): void;
  leavePv(): void;
  /** Game files opened (a GGF pasted in the text box is opened as one). */
  readonly files: { open(files: readonly OpenedFile[]): void };
}

/** A click on square x: a move (edit mode: the square's disc cycled, a new game from there). */
export function clickSquare(page: InputHost, x: number): void {
  if (page.state.running) return;
  page.leavePv();
  const p = page.state.game.position;
  if (($('click-mode') as HTMLSelectElement).value === 'edit') page.newGame(cycleSquare(p, x));
  else if (legalMoves(p).includes(x)) page.play(x);
  else say(`${moveName(x)} is not a legal move for ${sideName(p.toMove)}`);
}

/** The text box: a game (every position of it, to step through) or a position. */
export function setFromText(page: InputHost): void {
  if (page.state.running) return;
  const text = ($('text') as HTMLInputElement).value;
  try {
    // A GGF game pasted: read as the file it is, header and all.
    if (isGgf(text)) {
      page.files.open([{ name: 'the pasted GGF', bytes: new TextEncoder().encode(text) }]);
      return;
    }
    if (isGameRecord(text)) {
      const squares = recordMoves(text);
      // Replayed first: a record that does not replay leaves the game as it was.
      readPositionText(text);
      // A record pasted is no file's game: no header.
      page.change(() => page.state.game.load(START_POSITION, squares), null);
      return;
    }
    page.newGame(readPositionText(text));
  } catch (e) {
    say(e instanceof RecordError ? `the game record: ${e.message}` : e instanceof Error ? e.message : String(e), true);
  }
}

/**
 * Taking back and putting back what the player did (Ctrl+Z, Ctrl+Y): the
 * games before each change (with their headers), and those taken back, at
 * most UNDO_LIMIT.
 */

import type { GameHeader } from './files.js';
import type { GameSnapshot } from './game.js';

/** What a change can take back: the game, and the header a file gave it. */
export interface PageSnapshot {
  readonly game: GameSnapshot;
  readonly header: GameHeader | null;
}

/** What Ctrl+Z can take back, at most. */
const UNDO_LIMIT = 200;

export class UndoStack {
  private readonly undone: PageSnapshot[] = [];
  private readonly redone: PageSnapshot[] = [];

  /** A change is made: the game before it can be taken back; what was taken back cannot be put back any more. */
  record(before: PageSnapshot): void {
    this.undone.push(before);
    if (this.undone.length > UNDO_LIMIT) this.undone.shift();
    this.redone.length = 0;
  }

  can(back: boolean): boolean {
    return (back ? this.undone : this.redone).length > 0;
  }

  /** The game to show instead of `current` (back: the one before; else the one taken back), or null; `current` goes to the other side. */
  take(back: boolean, current: PageSnapshot): PageSnapshot | null {
    const s = (back ? this.undone : this.redone).pop();
    if (!s) return null;
    (back ? this.redone : this.undone).push(current);
    return s;
  }
}

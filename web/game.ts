/**
 * The game the page holds: the positions in order, the move that led to
 * each (null: set by hand, not played), and the step shown; its record as
 * the command line reads it, and the record's move numbers (passes are
 * steps of the history, not moves of the record). No DOM.
 */
import { START_POSITION } from '../src/position/perft.js';
import { moveName, PASS, type Position } from '../src/position/position.js';

export class GameHistory {
  positions: Position[] = [START_POSITION];
  /** The move that led to each position (null: set, not played). */
  played: (number | null)[] = [null];
  /** The step shown. */
  at = 0;

  get position(): Position {
    return this.positions[this.at];
  }

  get length(): number {
    return this.positions.length;
  }

  /** A new step after the one shown (what was undone is dropped). */
  push(p: Position, move: number | null): void {
    this.positions = this.positions.slice(0, this.at + 1);
    this.played = this.played.slice(0, this.at + 1);
    this.positions.push(p);
    this.played.push(move);
    this.at = this.positions.length - 1;
  }

  /** A whole game from the start position, the last step shown. */
  load(positions: readonly Position[], moves: readonly (number | null)[]): void {
    this.positions = [START_POSITION, ...positions];
    this.played = [null, ...moves];
    this.at = this.positions.length - 1;
  }

  /** A lone position (the address's). */
  start(p: Position): void {
    this.positions = [p];
    this.played = [null];
    this.at = 0;
  }

  /** The record as played so far (passes implied, as the command line reads it), or '' when a position was set in it. */
  record(): string {
    if (this.positions.length < 2 || this.played.slice(1).some((m) => m === null)) return '';
    return this.played
      .slice(1)
      .filter((m): m is number => m !== PASS && m !== null)
      .map((m) => moveName(m))
      .join('');
  }

  /** The record's number of the move at step i. */
  moveNumber(i: number): number {
    return this.played.slice(1, i + 1).filter((m) => m !== PASS).length;
  }

  /** The step of the record's move `number` (-1: none). */
  stepOf(number: number): number {
    for (let i = 1; i < this.positions.length; i++) if (this.played[i] !== PASS && this.moveNumber(i) === number) return i;
    return -1;
  }
}

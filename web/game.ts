/**
 * The game the page holds: its start position (the usual one, or one set
 * by hand), the moves played from it (a pass is a step of its own, PASS),
 * the positions they lead to, and the step shown; its record as the command
 * line reads it (passes implied) and the record's move numbers (passes are
 * not numbered). An edit of the board is not a move: it begins a new game
 * from the edited position. No DOM.
 */
import { firstNumber, formatRecord, replayMoves } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { PASS, type Position, play } from '../src/position/position.js';

/** A game as it can be put back: start, moves, the step shown. */
export interface GameSnapshot {
  readonly start: Position;
  readonly moves: readonly number[];
  readonly at: number;
}

export class GameHistory {
  /** positions[0] is the start; positions[i] the position after step i. */
  positions: Position[] = [START_POSITION];
  /** The move of each step (played[0] is null: the start was not played). */
  played: (number | null)[] = [null];
  /** The step shown. */
  at = 0;

  get position(): Position {
    return this.positions[this.at];
  }

  get start(): Position {
    return this.positions[0];
  }

  /** Steps, the start counted: 1 + the moves and passes. */
  get length(): number {
    return this.positions.length;
  }

  /** The moves and passes from the start, in order. */
  get moves(): number[] {
    return this.played.slice(1) as number[];
  }

  /** A move played after the step shown (what followed it is dropped). */
  push(move: number): void {
    const p = play(this.position, move);
    this.positions = this.positions.slice(0, this.at + 1);
    this.played = this.played.slice(0, this.at + 1);
    this.positions.push(p);
    this.played.push(move);
    this.at = this.positions.length - 1;
  }

  /** A new game from `start`, no move played. */
  begin(start: Position): void {
    this.positions = [start];
    this.played = [null];
    this.at = 0;
  }

  /**
   * A game from `start` by a record's squares (passes written or implied;
   * a RecordError names the first that does not replay), `at` shown (the
   * last step when null).
   */
  load(start: Position, squares: readonly number[], at: number | null = null): void {
    this.begin(start);
    for (const m of replayMoves(squares, start).moves) {
      // An implied pass: its own step, so that each position is followed by the move its side to move played.
      if (m.position.toMove !== this.position.toMove) this.push(PASS);
      this.push(m.move);
    }
    this.at = at === null ? this.length - 1 : Math.max(0, Math.min(this.length - 1, at));
  }

  snapshot(): GameSnapshot {
    return { start: this.start, moves: this.moves, at: this.at };
  }

  restore(s: GameSnapshot): void {
    this.begin(s.start);
    for (const m of s.moves) this.push(m);
    this.at = s.at;
  }

  /** The record from the start (passes implied, as the command line reads it). */
  record(): string {
    return formatRecord(this.moves);
  }

  /**
   * The number of the move of step i, as the command line numbers it
   * (firstNumber: from a set position, on from its discs); passes are not
   * numbered (a pass step has its last move's). Step 0: the number before
   * the first move.
   */
  moveNumber(i: number): number {
    return firstNumber(this.start) - 1 + this.played.slice(1, i + 1).filter((m) => m !== PASS).length;
  }

  /** The step of the record's move `number` (-1: none). */
  stepOf(number: number): number {
    for (let i = 1; i < this.positions.length; i++) if (this.played[i] !== PASS && this.moveNumber(i) === number) return i;
    return -1;
  }
}

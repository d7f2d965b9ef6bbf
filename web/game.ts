/**
 * The game the page holds: its start position (the usual one, or one set
 * by hand), the moves played from it (a pass is a step of its own, PASS),
 * the positions they lead to, and the step shown; its record as the command
 * line reads it (passes implied) and the record's move numbers (passes are
 * not numbered); a side line beside the main line (playMove). An edit of
 * the board is not a move: it begins a new game from the edited position.
 * No DOM.
 */
import { firstNumber, formatRecord, replayMoves } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { PASS, type Position, play } from '../src/position/position.js';

/** A game as it can be put back: start, moves, the step shown, and the main line when the moves are a side line. */
export interface GameSnapshot {
  readonly start: Position;
  readonly moves: readonly number[];
  readonly at: number;
  readonly main?: readonly number[] | null;
}

export class GameHistory {
  /** positions[0] is the start; positions[i] the position after step i. */
  positions: Position[] = [START_POSITION];
  /** The move of each step (played[0] is null: the start was not played). */
  played: (number | null)[] = [null];
  /** The step shown. */
  at = 0;
  /**
   * The main line's moves and passes, when the moves shown are a side line
   * (a move other than the game's own was played from one of its
   * positions); null on the main line.
   */
  main: number[] | null = null;

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

  /** The move that follows the step shown on its line (null: the line ends there). */
  get next(): number | null {
    return this.at + 1 < this.length ? (this.played[this.at + 1] as number) : null;
  }

  /**
   * A move played from the step shown, as a player expects it: the line's
   * own next move steps forward; the main line's next move from a side
   * line's branch goes back to the main line; any other move in the middle
   * of the main line opens a side line (the main line kept), and in the
   * middle of a side line replaces the rest of it.
   */
  playMove(move: number): void {
    if (this.next === move) {
      this.at++;
      return;
    }
    const main = this.main;
    if (main !== null && this.at < main.length && main[this.at] === move && this.branch() >= this.at) {
      const at = this.at;
      this.restore({ start: this.start, moves: main, at: at + 1 });
      return;
    }
    if (main === null && this.next !== null) this.main = this.moves;
    this.push(move);
  }

  /** The steps a side line shares with the main line (its moves up to the branch); the whole line on the main line. */
  branch(): number {
    const main = this.main;
    if (main === null) return this.length - 1;
    let k = 0;
    while (k < main.length && k + 1 < this.length && main[k] === this.played[k + 1]) k++;
    return k;
  }

  /** Back to the main line, at the side line's branch (or the step shown, when before it). */
  toMain(): void {
    if (this.main === null) return;
    const at = Math.min(this.at, this.branch());
    this.restore({ start: this.start, moves: this.main, at });
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
    this.main = null;
  }

  /**
   * A game from `start` by a record's squares (passes written or implied;
   * a RecordError names the first that does not replay), `at` shown (the
   * last step when null).
   */
  load(start: Position, squares: readonly number[], at: number | null = null, main: readonly number[] | null = null): void {
    if (main) {
      // The main line first, replayed as a game is (its implied passes made steps), then the side line.
      this.load(start, main);
      const mainSteps = this.moves;
      this.load(start, squares, at);
      this.main = mainSteps;
      return;
    }
    this.begin(start);
    for (const m of replayMoves(squares, start).moves) {
      // An implied pass: its own step, so that each position is followed by the move its side to move played.
      if (m.position.toMove !== this.position.toMove) this.push(PASS);
      this.push(m.move);
    }
    this.at = at === null ? this.length - 1 : Math.max(0, Math.min(this.length - 1, at));
  }

  snapshot(): GameSnapshot {
    return { start: this.start, moves: this.moves, at: this.at, main: this.main && [...this.main] };
  }

  restore(s: GameSnapshot): void {
    this.begin(s.start);
    for (const m of s.moves) this.push(m);
    this.at = s.at;
    this.main = s.main ? [...s.main] : null;
  }

  /** The main line's record (passes implied): this record on the main line. */
  mainRecord(): string {
    return formatRecord(this.main ?? this.moves);
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

  /** The step as the address names it: the number of the move it follows ("44"), with "p" for the pass after that move ("44p"). */
  stepName(i: number): string {
    return `${this.moveNumber(i)}${this.played[i] === PASS ? 'p' : ''}`;
  }

  /** The step an address's name gives (stepName), or null when this game has none such. */
  stepNamed(name: string): number | null {
    for (let i = 0; i < this.positions.length; i++) if (this.stepName(i) === name) return i;
    return null;
  }

  /** The step of the record's move `number` (-1: none). */
  stepOf(number: number): number {
    for (let i = 1; i < this.positions.length; i++) if (this.played[i] !== PASS && this.moveNumber(i) === number) return i;
    return -1;
  }
}

/**
 * What the page knows and shows, in one object that main.ts owns and the
 * views read: the game, the exact scores found this session, every move's
 * score for the position shown, the principal variation being stepped
 * through, whether a solve or an analysis runs. And what a view asks of
 * the page (Page).
 */
import { type Position, play } from '../src/position/position.js';
import type { EngineHost } from './engine-host.js';
import { GameHistory } from './game.js';

/** An exact result found this session (scores depend on neither h nor the engine). */
export interface Known {
  readonly score: number;
  readonly move: number;
  readonly pv: readonly number[];
}

/** A principal variation being stepped through, from the position it was solved in. */
export interface PvView {
  readonly from: Position;
  readonly pv: readonly number[];
  step: number;
}

export class PageState {
  readonly game = new GameHistory();
  /** Exact results found this session, by position (positionKey). */
  readonly known = new Map<string, Known>();
  /** Every move's score for the position shown, by square, while it is shown. */
  moveScores = new Map<number, number>();
  pvView: PvView | null = null;
  /** A solve or an analysis runs: the controls that cannot act meanwhile are disabled. */
  running = false;
  /** The position whose long solve was warned of (a second click starts it). */
  warnedFor = '';

  /** The position on the board: the game's, or the PV's step. */
  shown(): Position {
    if (!this.pvView) return this.game.position;
    let p = this.pvView.from;
    for (let i = 0; i < this.pvView.step; i++) p = play(p, this.pvView.pv[i]);
    return p;
  }
}

/** What a view asks of the page. */
export interface Page {
  readonly state: PageState;
  readonly engine: EngineHost;
  render(): void;
  /** A new position shown: recorded in the game (after the step shown) unless `record` is false. */
  setPosition(p: Position, record?: boolean, move?: number | null): void;
}

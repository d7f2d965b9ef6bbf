/**
 * What the page knows and shows, in one object that main.ts owns and the
 * views read: the game, what was proven of each position (KnownStore: kept
 * across reloads), the principal variation being stepped through, whether a
 * solve or an analysis runs, which way up the board is. And what a view asks
 * of the page (Page).
 */
import { type Position, play } from '../src/position/position.js';
import type { EngineHost } from './engine-host.js';
import { GameHistory } from './game.js';
import { KnownStore } from './known.js';

/** A principal variation being stepped through, from the position it was solved in. */
export interface PvView {
  readonly from: Position;
  readonly pv: readonly number[];
  step: number;
}

export class PageState {
  readonly game = new GameHistory();
  /** What was proven of each position, this session and before. */
  readonly known = new KnownStore();
  pvView: PvView | null = null;
  /** A solve or an analysis runs: the controls that cannot act meanwhile are disabled. */
  running = false;
  /** What was warned of before a long solve or analysis (a second click starts it). */
  warnedFor = '';
  /** The board seen from white's side (h8 at the top left). */
  flipped = false;

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
  /** Shows step `step` of the game. */
  goTo(step: number): void;
}

/**
 * What the page has proven, per position, kept across reloads in the
 * browser's local storage: a position's exact score with its best move and
 * PV, and the bounds of a solve that was stopped (never a score). Every
 * move's score is read from its child's entry, so a "best move" solve, an
 * "every move" solve and an analysis all add to the same knowledge. Exact
 * scores depend on neither the table nor the engine: nothing is dropped
 * when those settings change. The oldest entries go first past LIMIT.
 */
import { legalMoves, type Position, play } from '../src/position/position.js';
import { positionKey } from './text.js';

/** An exact result. */
export interface Known {
  readonly score: number;
  readonly move: number;
  readonly pv: readonly number[];
}

/** The bounds a stopped solve proved, and its best move so far (-1: none). */
export interface Bounds {
  readonly lower: number;
  readonly upper: number;
  readonly move: number;
}

/** Positions kept: about 150 bytes each, well inside the 5 MB a browser gives a page. */
export const LIMIT = 5_000;
const STORE = 'revsolve-known';

type Kept = [string, number, number, number[]] | [string, 'b', number, number, number];

export class KnownStore {
  private readonly exact = new Map<string, Known>();
  private readonly bounds = new Map<string, Bounds>();
  private saving = 0;

  constructor(private readonly storage: Storage | null = globalThis.localStorage ?? null) {
    let kept: Kept[] = [];
    try {
      kept = JSON.parse(storage?.getItem(STORE) ?? '[]') as Kept[];
    } catch {
      // A store written by something else: started afresh.
    }
    for (const k of Array.isArray(kept) ? kept : []) {
      if (k[1] === 'b') this.bounds.set(k[0], { lower: k[2], upper: k[3], move: k[4] as number });
      else this.exact.set(k[0], { score: k[1], move: k[2], pv: k[3] as number[] });
    }
  }

  get(p: Position): Known | undefined {
    return this.exact.get(positionKey(p));
  }

  boundsOf(p: Position): Bounds | undefined {
    return this.exact.has(positionKey(p)) ? undefined : this.bounds.get(positionKey(p));
  }

  /** An exact result; the child of its best move is known too (its score negated, the PV's tail). */
  set(p: Position, k: Known): void {
    this.put(positionKey(p), k);
    if (k.pv.length > 0 && k.pv[0] === k.move && k.move >= 0)
      this.put(positionKey(play(p, k.move)), { score: -k.score, move: k.pv[1] ?? -1, pv: k.pv.slice(1) });
    this.save();
  }

  /** What a stopped solve proved (kept unless the position is known exactly). */
  setBounds(p: Position, b: Bounds): void {
    const key = positionKey(p);
    if (this.exact.has(key)) return;
    this.bounds.delete(key);
    this.bounds.set(key, b);
    this.save();
  }

  /** Every legal move's exact score known for the side to move, by square. */
  moveScores(p: Position): Map<number, number> {
    const scores = new Map<number, number>();
    for (const m of legalMoves(p)) {
      const child = this.exact.get(positionKey(play(p, m)));
      if (child) scores.set(m, -child.score);
    }
    return scores;
  }

  private put(key: string, k: Known): void {
    this.exact.delete(key); // the newest last: the oldest go first
    this.exact.set(key, k);
    this.bounds.delete(key);
  }

  /** Written once the current task ends (many results can arrive together). */
  private save(): void {
    if (!this.storage || this.saving) return;
    this.saving = 1;
    queueMicrotask(() => {
      this.saving = 0;
      while (this.exact.size + this.bounds.size > LIMIT) {
        const oldest = this.bounds.size > 0 ? this.bounds : this.exact;
        oldest.delete(oldest.keys().next().value as string);
      }
      const kept: Kept[] = [
        ...[...this.exact].map(([key, k]): Kept => [key, k.score, k.move, [...k.pv]]),
        ...[...this.bounds].map(([key, b]): Kept => [key, 'b', b.lower, b.upper, b.move]),
      ];
      try {
        this.storage?.setItem(STORE, JSON.stringify(kept));
      } catch {
        // Storage full or refused: kept for this page only.
      }
    });
  }
}

/**
 * Results put back in input order: each is handed on as soon as it and
 * every earlier one are known. Positions finish out of order (the pool
 * starts the largest first), so a result may wait here; `drain` hands on
 * what still waits when the run stops early, so that nothing finished is
 * lost.
 */
export class InputOrder<T> {
  private readonly waiting = new Map<number, T | null>();
  private next = 1;

  /** `emit` gets each index with its result (null: the position was given up). */
  constructor(private readonly emit: (index: number, result: T | null) => void) {}

  /** A result (or null) for the 1-based `index`. */
  place(index: number, result: T | null): void {
    this.waiting.set(index, result);
    while (this.waiting.has(this.next)) {
      const r = this.waiting.get(this.next)!;
      this.waiting.delete(this.next);
      this.emit(this.next++, r);
    }
  }

  /** How many results wait for an earlier one. */
  get held(): number {
    return this.waiting.size;
  }

  /** Hands on every waiting result, by index, out of input order; returns how many. */
  drain(): number {
    const rest = [...this.waiting].sort((a, b) => a[0] - b[0]);
    this.waiting.clear();
    for (const [index, r] of rest) this.emit(index, r);
    return rest.length;
  }
}

/**
 * Win/loss/draw: who wins, not by how much. Two null-window probes at most
 * decide it (scores are even): "score >= 2?" (a win) and "score >= 0?"
 * (not a loss), the likelier first by the first guess. Each answer is a
 * fail-soft bound, so a win is proven with a lower bound (>= +2 or more)
 * and a loss with an upper one (<= -2 or less); a draw is exactly 0.
 */

export type Wld = 'win' | 'draw' | 'loss';

/** What proves a WLD result: alpha-beta's probes (WldProbes), or proof-number search (dfpn.ts). */
export type Prover = 'ab' | 'dfpn';
export const PROVERS: readonly Prover[] = ['ab', 'dfpn'];
export const WLD_RESULTS: readonly Wld[] = ['win', 'draw', 'loss'];

/** The result an exact score means. */
export function wldOf(score: number): Wld {
  return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
}

/** The probes of a WLD solve: next() gives g, search (g - 1, g), answer(g, r) takes the fail-soft r; as ScoreProbes, until done. */
export class WldProbes {
  lower = -64;
  upper = 64;

  constructor(private readonly guess = 0) {}

  get done(): boolean {
    return this.lower > 0 || this.upper < 0 || (this.lower >= 0 && this.upper <= 0);
  }

  /** The next probe: 2 (a win?) or 0 (at least a draw?), the one the guess makes likelier first. */
  next(): number {
    if (this.lower >= 0) return 2; // not a loss: a win or a draw
    if (this.upper <= 0) return 0; // not a win: a draw or a loss
    return this.guess > 0 ? 2 : 0;
  }

  answer(g: number, r: number): void {
    if (r >= g) this.lower = Math.max(this.lower, r);
    else this.upper = Math.min(this.upper, r);
  }

  /** Once done: the result. */
  get result(): Wld {
    return this.lower > 0 ? 'win' : this.upper < 0 ? 'loss' : 'draw';
  }

  /** Once done: the proven bound a result shows (the lower bound of a win, the upper of a loss, 0 for a draw). */
  get bound(): number {
    return this.lower > 0 ? this.lower : Math.min(this.upper, 0);
  }
}

/**
 * What the side to move is proven to reach, as the least score of a move
 * the line must keep: a win +1, a draw 0, a loss nothing (-65: any move).
 * After a move or a pass the other side's is the mirror: the loser of a
 * won position wins nothing, the winner of a lost one keeps a win.
 */
export const KEEP_NOTHING = -65;
export function keepOf(result: Wld): number {
  return result === 'win' ? 1 : result === 'draw' ? 0 : KEEP_NOTHING;
}
export function otherKeep(keep: number): number {
  return keep === 1 ? KEEP_NOTHING : keep === 0 ? 0 : 1;
}

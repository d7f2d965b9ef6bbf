/**
 * Progress of `revsolve analyze`, on stderr: on a terminal one live line
 * (games and positions done, the game running, nodes, elapsed), redrawn in
 * place and kept under the rows printed; off a terminal that line every
 * `every` ms; nothing with --quiet. It hears the workers' positions (a
 * Watcher): the nodes shown are the finished positions' and those of the
 * moves being solved.
 */
import type { Running, Watcher } from '../internal.js';
import { mega, nowMs } from './progress.js';
import { formatTime } from './report.js';

export class AnalyzeProgress implements Watcher {
  private readonly running = new Map<number, Running>();
  private readonly t0 = nowMs();
  private readonly timer: NodeJS.Timeout;
  private gamesDone = 0;
  private positionsDone = 0;
  private nodesDone = 0;
  private game = '';
  private shown = false;

  constructor(
    private readonly tty: boolean,
    private readonly games: number,
    private readonly positions: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    every = 10_000,
  ) {
    this.timer = setInterval(() => (tty ? this.draw() : this.stream.write(`progress: ${this.line()}\n`)), tty ? 500 : every);
    this.timer.unref();
  }

  /** The game being analysed now (its label). */
  startGame(label: string): void {
    this.game = label;
    if (this.tty) this.draw();
  }

  gameDone(): void {
    this.gamesDone++;
  }

  positionDone(nodes: number): void {
    this.positionsDone++;
    this.nodesDone += nodes;
  }

  started(r: Running): void {
    this.running.set(r.index, r);
  }

  ended(index: number): void {
    this.running.delete(index);
  }

  /** Writes a line of the results: on a terminal, above the live line. */
  print(text: string, out: (s: string) => void): void {
    if (this.tty && this.shown) this.stream.write('\r\x1b[2K');
    out(text);
    if (this.tty) this.draw();
  }

  line(): string {
    const ms = nowMs() - this.t0;
    const live = [...this.running.values()].reduce((t, r) => t + r.nodes(), 0);
    const nodes = this.nodesDone + live;
    return `${this.gamesDone}/${this.games} games, ${this.positionsDone}/${this.positions} positions done; ${this.game}: ${this.running.size} move${this.running.size === 1 ? '' : 's'} solving; ${mega(nodes)} nodes, ${formatTime(ms)}`;
  }

  /**
   * The live line, cut to the terminal's width (the stream's columns, else
   * COLUMNS, else 80) so that it never wraps: a wrapped line cannot be
   * erased in place and leaves a stale fragment on every redraw.
   */
  private draw(): void {
    const width = this.stream.columns || Number(process.env.COLUMNS) || 80;
    const text = this.line();
    this.stream.write(`\r\x1b[2K${text.length < width ? text : `${text.slice(0, Math.max(1, width - 2))}…`}`);
    this.shown = true;
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.tty && this.shown) this.stream.write('\r\x1b[2K');
    this.shown = false;
  }
}

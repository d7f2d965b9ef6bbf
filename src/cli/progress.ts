/**
 * Progress of a run, on stderr: on a terminal a live line per running
 * position (elapsed, nodes, N/s, the bounds of its score and best move so
 * far) under an overall bar of positions done (cli-progress); off a
 * terminal a plain line when a position starts and a status line every
 * `every` ms; or nothing (--quiet).
 */
import { MultiBar, type SingleBar } from 'cli-progress';
import { moveName, NO_MOVE, type Running, type Watcher } from '../internal.js';
import { formatScore, formatTime } from './report.js';

export type ProgressMode = 'tty' | 'log' | 'none';

/** Milliseconds of a monotonic clock. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** A count in millions or billions: "152.3 M", "1.25 G". */
export function mega(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(2)} G` : `${(n / 1e6).toFixed(1)} M`;
}

/** One running position in a line: "#38 24 empties 0:12.340 152.3 M nodes 12.3 M N/s score +02..+64 best c8". */
export function describe(r: Running, now = nowMs()): string {
  const ms = now - r.startMs;
  const nodes = r.nodes();
  const { lower, upper, move } = r.bounds();
  const score = lower === upper ? formatScore(lower) : lower === -64 && upper === 64 ? '?' : `${formatScore(lower)}..${formatScore(upper)}`;
  const best = move !== NO_MOVE && move >= 0 && move < 64 ? ` best ${moveName(move)}` : '';
  // A level's estimate: the depth finished so far, its score an estimate at that depth.
  const depth = r.depth?.() ?? 0;
  const shown = depth > 0 ? `depth ${depth}, estimate ${formatScore(lower)}` : `score ${score}`;
  return `#${r.index} ${r.empties} empties${r.split ? ' (split)' : ''}  ${formatTime(ms)}  ${mega(nodes)} nodes  ${mega(ms > 0 ? (nodes * 1000) / ms : 0)} N/s  ${shown}${best}`;
}

export class Progress implements Watcher {
  private readonly running = new Map<number, Running>();
  private readonly lines = new Map<number, SingleBar>();
  private readonly bars?: MultiBar;
  private readonly overall?: SingleBar;
  private readonly timer?: NodeJS.Timeout;
  private readonly t0 = nowMs();
  private finished: number;

  constructor(
    readonly mode: ProgressMode,
    private readonly total: number,
    done: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    every = 10_000,
  ) {
    this.finished = done;
    if (mode === 'tty') {
      this.bars = new MultiBar({
        stream,
        hideCursor: true,
        clearOnComplete: true,
        forceRedraw: true,
        autopadding: true,
        format: 'positions [{bar}] {value}/{total}  {time}',
        barsize: 30,
      });
      this.overall = this.bars.create(total, done, { time: formatTime(0) });
      this.timer = setInterval(() => this.redraw(), 500);
    } else if (mode === 'log') {
      this.timer = setInterval(() => this.status(), every);
    }
    this.timer?.unref();
  }

  started(r: Running): void {
    this.running.set(r.index, r);
    if (this.bars) this.lines.set(r.index, this.bars.create(1, 0, { line: describe(r) }, { format: '  {line}' }));
    else if (this.mode === 'log')
      this.stream.write(`progress: started #${r.index} (${r.empties} empties${r.split ? ', split across the workers' : ''})\n`);
  }

  ended(index: number): void {
    this.running.delete(index);
    const line = this.lines.get(index);
    if (line) {
      this.bars!.remove(line);
      this.lines.delete(index);
    }
  }

  /** A position finished (solved or given up). */
  done(): void {
    this.finished++;
    this.overall?.update(this.finished, { time: formatTime(nowMs() - this.t0) });
  }

  /** Writes a line of the results: above the live lines on a terminal. */
  print(text: string, out: (s: string) => void): void {
    if (this.bars && process.stdout.isTTY) this.bars.log(`${text}\n`);
    else out(text);
  }

  private redraw(): void {
    const now = nowMs();
    for (const [index, line] of this.lines) line.update(0, { line: describe(this.running.get(index)!, now) });
    this.overall!.update(this.finished, { time: formatTime(now - this.t0) });
  }

  private status(): void {
    const now = nowMs();
    const parts = [...this.running.values()].map((r) => describe(r, now));
    this.stream.write(
      `progress: ${this.finished}/${this.total} done, ${formatTime(now - this.t0)}${parts.length > 0 ? `; ${parts.join('; ')}` : ''}\n`,
    );
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.bars?.stop();
  }
}

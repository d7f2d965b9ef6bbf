/**
 * `revsolve nboard`: the NBoard protocol (weltyc/ntest, instructions/
 * Protocol.htm) on standard input and output, as `edax -nboard` speaks it
 * to the NBoard GUI. One command a line, every reply a line written at
 * once. Searches run on the worker pool (solveSuite at the level `set
 * depth` gave), so that reading goes on while one runs: `ping`, and any
 * command that changes the position, stop it at once. A bad game, move or
 * command is one `status` line; the last good position stays.
 */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import {
  emptyCount,
  finalScore,
  legalMoves,
  MAX_LEVEL,
  moveName,
  type ObfEntry,
  PASS,
  type Position,
  type PositionResult,
  play,
  type ResolvedOptions,
  type Running,
  readGgf,
  replayMoves,
  START_POSITION,
  solveSuite,
  squareOrPass,
} from '../internal.js';
import { addSettingOptions, searchSettings } from './options.js';
import type { StopSignals } from './signals.js';

export function addNboardCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('nboard')
    .description('speak the NBoard protocol on standard input and output: revsolve as an engine of the NBoard GUI (as edax -nboard)')
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'nboard');
  command.action(async (opts: object) => {
    process.exitCode = await runNboard(searchSettings(opts, 'nboard'), stop);
  });
}

/** The level before any `set depth` (the GUI sends one before its first hint or go). */
const FIRST_LEVEL = 10;
/** How often `nodestats` reports a running search, in ms. */
const NODESTATS_EVERY = 500;

/** Commands that leave a running search alone: the others stop it first. */
const HARMLESS = new Set(['nboard', 'learn']);

/** Reads commands until the end of input or a signal; each reply a line on standard output. */
async function runNboard(search: ResolvedOptions, stop: StopSignals): Promise<number> {
  const session = new NboardSession(search, (line) => process.stdout.write(`${line}\n`));
  const input = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  const ended = new Promise<void>((resolve) => {
    input.on('close', resolve);
    stop.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  input.on('line', (line) => session.receive(line));
  await ended;
  input.close();
  await session.close();
  return stop.exitCode;
}

/** A search under way: how to stop it. */
interface Search {
  readonly controller: AbortController;
}

export class NboardSession {
  private position: Position = START_POSITION;
  private level = FIRST_LEVEL;
  private readonly queue: string[] = [];
  private pumping: Promise<void> | null = null;
  private running: Search | null = null;
  private closed = false;

  constructor(
    private readonly search: ResolvedOptions,
    private readonly send: (line: string) => void,
  ) {}

  /** A line from the GUI: a running search is stopped first unless the command leaves it alone; then the line waits its turn. */
  receive(line: string): void {
    if (this.closed) return;
    const cmd = line.trim().split(/\s+/)[0] ?? '';
    const setting = /^set\s+(depth|contempt|myname)\b/.test(line.trim());
    if (this.running && !HARMLESS.has(cmd) && !setting) this.running.controller.abort();
    this.queue.push(line);
    this.pumping ??= this.pump();
  }

  /** Stops any search and waits until every line taken is handled. */
  async close(): Promise<void> {
    this.closed = true;
    this.running?.controller.abort();
    await this.pumping;
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0) {
      const line = this.queue.shift()!;
      try {
        await this.handle(line.trim());
      } catch (e) {
        this.send(`status revsolve: ${(e as Error).message}`);
      }
    }
    this.pumping = null;
  }

  private async handle(line: string): Promise<void> {
    if (line === '') return;
    const [cmd, ...rest] = line.split(/\s+/);
    const arg = rest.join(' ');
    switch (cmd) {
      case 'nboard':
        if (arg !== '1') this.send(`status revsolve speaks NBoard protocol 1; version ${arg || '(none)'} taken as 1`);
        return;
      case 'set':
        return this.set(rest[0] ?? '', line.slice(line.indexOf(rest[0] ?? '') + (rest[0] ?? '').length).trim());
      case 'move':
        return this.move(arg);
      case 'hint':
        return this.hint(Number.parseInt(arg, 10) || 1);
      case 'go':
        return this.go();
      case 'ping':
        this.send(`pong ${arg}`);
        return;
      case 'learn':
        // No book to learn into: the game is acknowledged, as the protocol asks.
        this.send('learned');
        return;
      case 'quit':
        this.closed = true;
        process.stdin.destroy();
        return;
      default:
        // An older GUI's bare move ("F5"); anything else is ignored, said in a status line.
        if (/^([a-h][1-8]|pa|ps)(\/.*)?$/i.test(cmd)) return this.move(cmd);
        this.send(`status revsolve: unknown command "${line.slice(0, 40)}", ignored`);
    }
  }

  private set(what: string, value: string): void {
    if (what === 'depth') {
      const n = Number.parseInt(value, 10);
      if (!Number.isInteger(n) || n < 1) {
        this.send(`status revsolve: set depth ${value}: a depth (a level) from 1 to ${MAX_LEVEL}`);
        return;
      }
      this.level = Math.min(n, MAX_LEVEL);
      this.send(`set myname revsolve${this.level}`);
    } else if (what === 'game') this.setGame(value);
    // set contempt (and anything else set): accepted; revsolve has no contempt (a draw is worth 0 to both sides).
  }

  /** `set game GGF`: the position after the game's moves, from its set start (BO) or the usual one. */
  private setGame(ggf: string): void {
    const { games, errors } = readGgf(ggf, 'set game');
    if (games.length === 0) {
      this.send(
        `status revsolve: set game: ${errors[0]?.message.replace(/^set game:\s*/, '') ?? 'no game in it'}; the position stays as it was`,
      );
      return;
    }
    const g = games[0];
    this.position = replayMoves(g.moves, g.start).final;
  }

  /** `move F5[/eval/time]`, `move PA`: played if legal (a pass the GUI left out is made first), else a status line. */
  private move(text: string): void {
    const name = text.split('/')[0];
    const m = squareOrPass(name);
    const p = this.position;
    if (m === -2) {
      this.send(`status revsolve: move ${text}: not a square (a1 … h8) nor a pass (PA)`);
      return;
    }
    const legal = legalMoves(p);
    if (m === PASS ? legal.length === 0 && !over(p) : legal.includes(m)) {
      this.position = play(p, m);
      return;
    }
    // The GUI may leave a pass out: the move is then the other side's.
    if (m !== PASS && legal.length === 0 && !over(p) && legalMoves(play(p, PASS)).includes(m)) {
      this.position = play(play(p, PASS), m);
      return;
    }
    this.send(
      `status revsolve: move ${name.toUpperCase()} is not legal here (${legal.length ? `legal: ${legal.map((x) => moveName(x).toUpperCase()).join(' ')}` : 'the side to move must pass'}); the position stays as it was`,
    );
  }

  /** The pool's search of `entries` at `level`: each result as it finishes, none once stopped; nodestats meanwhile. */
  private async searchEach(entries: ObfEntry[], level: number, each: (r: PositionResult) => void): Promise<boolean> {
    const controller = new AbortController();
    this.running = { controller };
    const t0 = performance.now();
    const live: Running[] = [];
    const timer = setInterval(() => {
      if (controller.signal.aborted) return;
      const nodes = live.reduce((a, r) => a + r.nodes(), 0);
      this.send(`nodestats ${nodes} ${((performance.now() - t0) / 1000).toFixed(2)}`);
    }, NODESTATS_EVERY);
    const s = this.search;
    try {
      for await (const r of solveSuite(entries, {
        level,
        ...(s.moveTime !== undefined ? { moveTime: s.moveTime } : {}),
        hashBits: s.hashBits,
        engine: s.engine,
        workers: s.workers,
        weights: s.weights?.file ?? null,
        order: 'finished',
        signal: controller.signal,
        watcher: { started: (r) => live.push(r), ended: () => undefined },
      }))
        if (!controller.signal.aborted) each(r);
      return !controller.signal.aborted;
    } catch (e) {
      if (controller.signal.aborted) return false;
      throw e;
    } finally {
      clearInterval(timer);
      this.running = null;
    }
  }

  /** `go`: the move the level plays, `=== F5/eval/time` (`=== PA` for a forced pass); nothing when stopped. */
  private async go(): Promise<void> {
    const p = this.position;
    if (over(p)) {
      this.send('status revsolve: the game is over: no move to play');
      return;
    }
    if (legalMoves(p).length === 0) {
      this.send('=== PA');
      return;
    }
    const t0 = performance.now();
    this.send('status revsolve is thinking');
    let result: PositionResult | null = null;
    const finished = await this.searchEach([{ line: 0, position: p, answers: [] }], this.level, (r) => {
      result = r;
    });
    if (!finished || result === null) return;
    const r: PositionResult = result;
    this.send(`=== ${moveName(r.move).toUpperCase()}/${r.score}/${((performance.now() - t0) / 1000).toFixed(2)}`);
    this.send(`status revsolve: ${describeDepth(r)}`);
  }

  /** `hint N`: every move's child searched a level below, a `search` line as each finishes (about the best N, and the others). */
  private async hint(n: number): Promise<void> {
    const p = this.position;
    if (over(p)) {
      this.send('status revsolve: the game is over: no move to hint');
      return;
    }
    const moves = legalMoves(p);
    const tried = moves.length > 0 ? moves : [PASS];
    this.send(`status revsolve is thinking (${Math.min(n, tried.length)} best of ${tried.length} moves, level ${this.level})`);
    const entries = tried.map((m) => ({ line: 0, position: play(p, m), answers: [] }));
    // Each child one level below, so that a hint's depth is go's (level L: L plies in all, below the end range).
    const finished = await this.searchEach(entries, Math.max(1, this.level - 1), (r) => {
      const m = tried[r.index - 1];
      const child = entries[r.index - 1].position;
      const over_ = over(child);
      const score = over_ ? 0 - finalOf(child) : 0 - r.score;
      const pv = [m, ...(over_ ? [] : r.pv)].map((x, i) => (x === PASS ? 'PA' : i % 2 ? moveName(x) : moveName(x).toUpperCase())).join('');
      const depth = r.estimate ? r.estimate.depth + 1 : emptyCount(p);
      this.send(`search ${pv} ${score} 0 ${depth} ${r.estimate ? `${r.estimate.confidence}%` : 'exact'}`);
    });
    if (finished) this.send('status');
  }
}

/** Whether neither side has a move. */
function over(p: Position): boolean {
  return legalMoves(p).length === 0 && legalMoves(play(p, PASS)).length === 0;
}

/** A finished game's score for its side to move (empties to the winner). */
function finalOf(p: Position): number {
  return finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo);
}

/** What `go`'s search was: "exact" or its depth and confidence. */
function describeDepth(r: PositionResult): string {
  return r.estimate
    ? `estimate at depth ${r.estimate.depth}${r.estimate.confidence < 100 ? `@${r.estimate.confidence}%` : ''}, ${r.nodes} nodes`
    : `exact, ${r.nodes} nodes`;
}

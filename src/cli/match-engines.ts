/**
 * The players of `revsolve match`: revsolve's own search at a level, in a
 * thread of its own (`level:N`), or any program that speaks NBoard, started
 * by its command line (`"lEdax-x86-64-v3 -nboard -n 1"`, `revsolve nboard`).
 * A player asked for a move gives one, or a Forfeit saying why it gave none
 * (it died, said nothing in time, or said something that is no move).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { formatPosition, PASS, type Position, squareOrPass, writeGgf } from '../internal.js';
import type { LevelRequest } from './level-thread.js';
import { UsageError } from './options.js';

/** What a player is asked: the game so far (its start, its moves) and the position to move in. */
export interface Turn {
  readonly start: Position;
  readonly moves: readonly number[];
  readonly position: Position;
}

export interface Played {
  readonly move: number;
  readonly nodes: number;
}

/** A player that gave no move: the game is lost by forfeit, for this reason. */
export class Forfeit extends Error {}

export interface Player {
  readonly name: string;
  play(turn: Turn): Promise<Played>;
  close(): void;
}

/** How a player is made: its name, and a fresh player for each game. */
export interface PlayerSpec {
  readonly name: string;
  make(): Player;
}

/** The settings an in-process player searches with. */
export interface LevelSettings {
  readonly hashBits: number;
  readonly engine: 'wasm' | 'ts';
  readonly weights: string | null;
}

/** `level:N` or a command line: the spec of a player (a level out of 1-60 is one line of usage). */
export function playerSpec(text: string, depth: number, moveLimitMs: number, s: LevelSettings): PlayerSpec {
  const m = /^level:(\d+)$/.exec(text.trim());
  if (m) {
    const level = Number(m[1]);
    if (level < 1 || level > 60) throw new UsageError(`${text}: a level from 1 to 60`);
    return { name: `revsolve level ${level}`, make: () => new LevelPlayer(level, s, moveLimitMs) };
  }
  if (/^(level|time):/.test(text.trim())) throw new UsageError(`${text}: an engine is level:N (1-60) or a command that speaks NBoard`);
  return { name: text.trim(), make: () => new NboardPlayer(text.trim(), depth, moveLimitMs) };
}

/** revsolve's search at a level, on a thread of its own (kept for the game: its engine and table are made once). */
class LevelPlayer implements Player {
  readonly name: string;
  private readonly worker: Worker;
  private next = 0;

  constructor(
    private readonly level: number,
    private readonly s: LevelSettings,
    private readonly limitMs: number,
  ) {
    this.name = `revsolve level ${level}`;
    this.worker = new Worker(new URL('./level-thread.js', import.meta.url));
    this.worker.unref();
  }

  play(turn: Turn): Promise<Played> {
    const id = ++this.next;
    const q: LevelRequest = {
      id,
      position: formatPosition(turn.position),
      level: this.level,
      hashBits: this.s.hashBits,
      engine: this.s.engine,
      weights: this.s.weights,
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Forfeit(`no move within ${this.limitMs / 1000} s`)), this.limitMs);
      const onMessage = (a: { id: number; move?: number; nodes?: number; error?: string }) => {
        if (a.id !== id) return;
        if (a.error !== undefined) done(new Forfeit(`its search failed: ${a.error}`));
        else done(null, { move: a.move!, nodes: a.nodes ?? 0 });
      };
      const onExit = () => done(new Forfeit('its thread ended'));
      const done = (e: Error | null, p?: Played) => {
        clearTimeout(timer);
        this.worker.off('message', onMessage);
        this.worker.off('exit', onExit);
        if (e) reject(e);
        else resolve(p!);
      };
      this.worker.on('message', onMessage);
      this.worker.once('exit', onExit);
      this.worker.postMessage(q);
    });
  }

  close(): void {
    void this.worker.terminate();
  }
}

/**
 * A program that speaks NBoard, started for the game: `nboard 1` and `set
 * depth N` once, then for each move `set game` (the game so far, as GGF)
 * and `go`, its `=== F5[/eval/time]` (or Edax's `=== f5 eval time`) read
 * back. It forfeits when it exits, says nothing in time, or answers
 * something that is no move.
 */
export class NboardPlayer implements Player {
  private readonly child: ChildProcess;
  private buffered = '';
  private readonly waiting: ((line: string | null) => void)[] = [];
  private readonly lines: string[] = [];
  private ended = false;
  /** Its standard error, kept short: what a failure to start says. */
  stderr = '';
  private nodes = 0;

  constructor(
    readonly name: string,
    depth: number,
    private readonly limitMs: number,
  ) {
    this.child = spawn('sh', ['-c', `exec ${name}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => this.take(d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => {
      if (this.stderr.length < 2000) this.stderr += d.toString();
    });
    this.child.once('exit', () => this.end());
    this.child.once('error', () => this.end());
    this.child.stdin!.on('error', () => undefined); // a dead engine's pipe: its exit says so
    this.send('nboard 1');
    this.send(`set depth ${depth}`);
  }

  private take(text: string): void {
    this.buffered += text;
    const parts = this.buffered.split('\n');
    this.buffered = parts.pop()!;
    for (const l of parts) {
      const line = l.trim();
      const nodes = /^nodestats (\d+)/.exec(line);
      if (nodes) this.nodes = Number(nodes[1]);
      const w = this.waiting.shift();
      if (w) w(line);
      else this.lines.push(line);
    }
  }

  private end(): void {
    this.ended = true;
    for (const w of this.waiting.splice(0)) w(null);
  }

  private send(line: string): void {
    if (!this.ended) this.child.stdin!.write(`${line}\n`);
  }

  /** The next line it says, or null when it ended, within `ms`. */
  private nextLine(ms: number): Promise<string | null | 'timeout'> {
    const ready = this.lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(got);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve('timeout');
      }, ms);
      const got = (line: string | null) => {
        clearTimeout(timer);
        resolve(line);
      };
      this.waiting.push(got);
    });
  }

  /** Whether it answers a ping within `ms`: that it started and speaks the protocol. */
  async ready(ms: number): Promise<boolean> {
    this.send('ping 1');
    const deadline = Date.now() + ms;
    for (;;) {
      const line = await this.nextLine(Math.max(1, deadline - Date.now()));
      if (line === null || line === 'timeout') return false;
      if (line === 'pong 1') return true;
    }
  }

  async play(turn: Turn): Promise<Played> {
    this.nodes = 0;
    this.lines.length = 0;
    this.send(`set game ${writeGgf({ start: turn.start, moves: turn.moves })}`);
    this.send('go');
    const deadline = Date.now() + this.limitMs;
    for (;;) {
      const line = await this.nextLine(Math.max(1, deadline - Date.now()));
      if (line === null) throw new Forfeit(`it exited${this.stderr ? ` (${this.stderr.trim().split('\n')[0]})` : ''}`);
      if (line === 'timeout') throw new Forfeit(`no move within ${this.limitMs / 1000} s`);
      if (!line.startsWith('===')) continue;
      const text = line.slice(3).trim().split(/[\s/]/)[0] ?? '';
      const move = squareOrPass(text);
      if (move === -2) throw new Forfeit(`it answered "${line.slice(0, 40)}", not a move`);
      return { move: move === PASS ? PASS : move, nodes: this.nodes };
    }
  }

  close(): void {
    this.send('quit');
    this.child.stdin!.end();
    setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
  }
}

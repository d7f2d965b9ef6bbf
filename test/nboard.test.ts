/**
 * `revsolve nboard` (issue 88) driven as the NBoard GUI drives an engine,
 * through a recorded session: every reply's form, every move's legality, a
 * `ping` that stops a long `go` (its `pong` within a second, no `===` after
 * it), bad input answered by a `status` line, the last good position kept.
 * The GGF games are written by hand from the format's description.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { legalMoves, moveName, PASS, type Position, parsePosition, play } from '../dist/index.js';
import { CLI, runIn } from './processes.js';

const ROOT = new URL('..', import.meta.url).pathname;

/** FFO #1 (14 empties, black to move; G8 +18 is its best move), as GGF writes a board: * black, O white. */
const FFO1 = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
const FFO1_BO = '8 --*****--OOO**-O-OOO**O*-O*O*O**O***O***--*O*O**-***OOO--OOOOO-- *';

/** A running `revsolve nboard`: lines sent, replies collected, waits on a condition (bounded). */
class Engine {
  readonly lines: string[] = [];
  readonly proc: ChildProcess;
  private buffered = '';
  readonly exited: Promise<number | null>;

  constructor() {
    this.proc = spawn(process.execPath, [CLI, 'nboard', '-n', '1', '-h', '16'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d: Buffer) => {
      this.buffered += d.toString();
      const parts = this.buffered.split('\n');
      this.buffered = parts.pop()!;
      this.lines.push(...parts);
    });
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
  }

  send(line: string): void {
    this.proc.stdin!.write(`${line}\n`);
  }

  /** Waits until a reply from `from` on matches, and returns its index. */
  async waitFor(re: RegExp, from = 0, ms = 60_000): Promise<number> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.lines.findIndex((l, k) => k >= from && re.test(l));
      if (i >= 0) return i;
      if (Date.now() > deadline)
        throw new Error(`no reply matching ${re} within ${ms} ms; replies: ${JSON.stringify(this.lines.slice(from))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

let engine: Engine | null = null;
afterEach(() => {
  engine?.proc.kill('SIGKILL');
  engine = null;
});

/** A square's index from its name (a1 = 0, h8 = 63; PA a pass). */
function square(name: string): number {
  return name.toLowerCase() === 'pa' ? PASS : name.toLowerCase().charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);
}
const named = (p: Position) => legalMoves(p).map((m) => moveName(m).toUpperCase());

describe('revsolve nboard', () => {
  it('a recorded session: replies of the protocol’s forms, legal moves, a ping that stops a long go, bad input answered by status', async () => {
    engine = new Engine();
    const e = engine;
    e.send('nboard 1');
    e.send('set depth 6');
    await e.waitFor(/^set myname revsolve6$/);
    // A set start (FFO #1) and one move of black's: white to move at 13 empties.
    e.send(`set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[${FFO1_BO}]B[G8];)`);
    let p = play(parsePosition(FFO1), square('g8'));
    let from = e.lines.length;
    e.send('hint 3');
    const end = await e.waitFor(/^status$/, from);
    const searches = e.lines.slice(from, end).filter((l) => l.startsWith('search '));
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const l of searches) {
      // search PV EVAL 0 DEPTH TEXT: the PV without spaces, its first move legal here.
      expect(l).toMatch(/^search ([A-H][1-8]|PA)([a-hA-H][1-8]|PA)* -?\d+ 0 \d+ (exact|\d+%)$/);
      expect(named(p)).toContain(l.split(' ')[1].slice(0, 2));
    }
    from = e.lines.length;
    e.send('go');
    const go = e.lines[await e.waitFor(/^===/, from)];
    expect(go).toMatch(/^=== [A-H][1-8]\/-?\d+\/[\d.]+$/);
    expect(named(p)).toContain(go.slice(4, 6));
    // A long go (level 40 from the start), stopped by a ping: pong within a second, no === after it.
    e.send(
      'set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)',
    );
    e.send('set depth 40');
    from = e.lines.length;
    e.send('go');
    await e.waitFor(/^nodestats \d+ [\d.]+$/, from);
    const t0 = Date.now();
    e.send('ping 5');
    const pong = await e.waitFor(/^pong 5$/, from, 5_000);
    expect(Date.now() - t0).toBeLessThan(1_000);
    e.send('ping 6');
    const pong6 = await e.waitFor(/^pong 6$/, pong);
    expect(e.lines.slice(from, pong6).some((l) => l.startsWith('==='))).toBe(false);
    // Moves: "move F5/eval/time", then a bare one, then go from there.
    e.send('set depth 6');
    p = parsePosition('---------------------------OX------XO--------------------------- X');
    e.send('move F5/0.00/1.5');
    p = play(p, square('f5'));
    e.send('D6');
    p = play(p, square('d6'));
    from = e.lines.length;
    e.send('go');
    const second = e.lines[await e.waitFor(/^===/, from)];
    expect(named(p)).toContain(second.slice(4, 6));
    // learn, junk, an unknown command, an illegal move: learned, then a status line each; the position stays.
    from = e.lines.length;
    e.send('learn');
    await e.waitFor(/^learned$/, from);
    e.send('%% not a command');
    await e.waitFor(/^status revsolve: unknown command "%% not a command", ignored$/, from);
    e.send('frobnicate 7');
    await e.waitFor(/^status revsolve: unknown command "frobnicate 7", ignored$/, from);
    e.send('move A1');
    await e.waitFor(/^status revsolve: move A1 is not legal here/, from);
    // A malformed game, then go: a status line, then a legal move of the last good position.
    e.send('set game (;GM[Othello]BO[8 nonsense *]B[Z9];)');
    await e.waitFor(/^status revsolve: set game: .*; the position stays as it was$/, from);
    from = e.lines.length;
    e.send('go');
    const third = e.lines[await e.waitFor(/^===/, from)];
    expect(named(p)).toContain(third.slice(4, 6));
    // Every line is one of the protocol's replies.
    for (const l of e.lines) expect(l).toMatch(/^(set myname revsolve\d+|status( .*)?|search .+|=== .+|nodestats .+|pong \d+|learned)$/);
    // The end of input ends the process cleanly.
    e.proc.stdin!.end();
    expect(await e.exited).toBe(0);
  }, 120_000);

  it('at 12 empties with set depth 6 (exact there), go plays a move the exact solver proves best, its eval the exact score', async () => {
    // FFO #1, then black G8 and white's first legal reply: black to move at 12 empties.
    const afterG8 = play(parsePosition(FFO1), square('g8'));
    const reply = legalMoves(afterG8)[0];
    const p = play(afterG8, reply);
    const best = new Map<number, number>();
    for (const m of legalMoves(p)) {
      const child = play(p, m);
      const r = runIn(ROOT, ['solve', '--position', formatted(child), '--json', '--quiet', '-n', '1', '-h', '16']);
      expect(r.code, r.err).toBe(0);
      best.set(m, 0 - JSON.parse(r.out.trim().split('\n')[0]).score);
    }
    const exact = Math.max(...best.values());
    engine = new Engine();
    const e = engine;
    e.send('nboard 1');
    e.send('set depth 6');
    e.send(`set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[${FFO1_BO}]B[G8]W[${moveName(reply).toUpperCase()}];)`);
    e.send('go');
    const go = e.lines[await e.waitFor(/^===/)];
    const [, move, score] = /^=== ([A-H][1-8])\/(-?\d+)\//.exec(go)!;
    expect(best.get(square(move))).toBe(exact);
    expect(Number(score)).toBe(exact);
    e.proc.stdin!.end();
    expect(await e.exited).toBe(0);
  }, 120_000);
});

/** A position as OBF writes it (64 squares, X or O to move). */
function formatted(p: Position): string {
  let s = '';
  for (let sq = 0; sq < 64; sq++) {
    const bit = (w: { hi: number; lo: number }) => (sq < 32 ? (w.lo >>> sq) & 1 : (w.hi >>> (sq - 32)) & 1);
    const mine = bit(p.player);
    const theirs = bit(p.opponent);
    const black = p.toMove === 'X' ? mine : theirs;
    const white = p.toMove === 'X' ? theirs : mine;
    s += black ? 'X' : white ? 'O' : '-';
  }
  return `${s} ${p.toMove}`;
}

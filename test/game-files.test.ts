/**
 * Game files (issue 60): GGF read from files written by hand from the
 * format's description (test/fixtures/ggf/README.md), written and read
 * back; the same game as WTHOR, transcript and GGF analysed alike; and
 * `revsolve analyze` over many games: --player, the summaries per game and
 * per player, the run's size said first, progress off a terminal, --quiet,
 * ties that keep the table's columns.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GgfError, readGgf, writeGgf } from '../src/game/ggf.js';
import { formatRecord, replayGame, replayMoves } from '../src/game/record.js';
import { readWthorGames, readWthorNames } from '../src/game/wthor.js';
import { START_POSITION } from '../src/position/perft.js';
import { emptyCount, finalScore, formatPosition, PASS, parseMove } from '../src/position/position.js';
import { CLI, Proc } from './processes.js';
import { tempDir } from './tmp.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const GGF = join(FIXTURES, 'ggf');
const WTB = join(FIXTURES, 'wthor', 'WTH_2019.wtb');
// Issue 59's G3: black passes before white's moves 59 and 60.
const G3 = 'f5f4g3f6f3h2c4c5c6c3h3c7e6g2b3b4f2d6b5g4c2h4d3a4b8b1g7c8a3g6g5d7c1b6e3b2g1h1a7a5e2h8f7f1a6d1d8e1h7b7a8h5a2e7a1h6f8d2g8e8';

/** Every JSON line of an output, in order (rows, summaries, players). */
const jsonLines = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'analyze', ...args], { encoding: 'utf8' });
const final = (p: ReturnType<typeof replayGame>['final']) => finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo);

describe('GGF', () => {
  it('reads games written by hand: players, result, passes written as PA, squares in any case with evaluations and times, a set start', () => {
    const { games, errors } = readGgf(readFileSync(join(GGF, 'games.ggf'), 'utf8'), 'games.ggf');
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.number, g.black, g.white])).toEqual([
      [1, 'Anna Black', 'Bert White'],
      [2, 'Anna Black', 'Carl Green'],
    ]);
    const g3 = replayGame(G3);
    // Game 1: G3 with its two passes written.
    const one = games[0];
    expect(one.properties.PC).toBe('Club night');
    expect(one.moves.filter((m) => m === PASS)).toHaveLength(2);
    expect(formatRecord(one.moves)).toBe(G3);
    const replayed = replayMoves(one.moves, one.start);
    expect(formatPosition(replayed.final)).toBe(formatPosition(g3.final));
    expect(one.result).toBe(final(g3.final) * (g3.final.toMove === 'X' ? 1 : -1)); // RE is black's
    expect(replayed.moves.filter((m) => m.move !== PASS).map((m) => m.number)).toEqual(g3.moves.map((m) => m.number));
    // Game 2: from G3's position after 50 moves; its moves numbered on from there (51…60).
    const two = games[1];
    expect(formatPosition(two.start)).toBe(formatPosition(g3.moves[50].position));
    const fromThere = replayMoves(two.moves, two.start).moves.filter((m) => m.move !== PASS);
    expect(fromThere.map((m) => m.number)).toEqual(g3.moves.slice(50).map((m) => m.number));
    expect(fromThere[0].number).toBe(51);
  });

  it('a bad game is one error naming the file, its line and game number; the others are read', () => {
    const { games, errors } = readGgf(readFileSync(join(GGF, 'bad.ggf'), 'utf8'), 'bad.ggf');
    expect(games.map((g) => g.number)).toEqual([1]);
    expect(errors.map((e) => e.message)).toEqual([
      'bad.ggf:2: game 2: move 2: f5 is not a legal move for white',
      'bad.ggf:3: game 3: move 2: B[d6], but white is to move',
      'bad.ggf:4: game 4: BO[8 ----O*---- *]: not an 8×8 board (8, 64 squares of -, * and O, then * or O to move)',
    ]);
    expect(errors.every((e) => e instanceof GgfError)).toBe(true);
    expect(() => readGgf('f5d6c3', 'x.txt')).toThrow(/x\.txt: not a GGF file/);
    expect(readGgf('(;GM[Othello]B[f5]', 'open.ggf').errors[0].message).toBe(
      'open.ggf:1: game 1: no ";)" closes it (or a value\'s "[" has no "]")',
    );
    expect(readGgf('(;GM[Chess]B[e4];)', 'chess.ggf').errors[0].message).toMatch(/GM\[Chess\]: not an Othello game/);
  });

  it('written and read back: every pass written, a set start kept, names with "]" escaped', () => {
    const g3 = replayGame(G3);
    const text = writeGgf({ moves: g3.moves.map((m) => m.move), black: 'A [x]', white: 'B', result: -18 });
    expect(text).toMatch(/^\(;GM\[Othello\]PB\[A \[x\\\]\]PW\[B\]RE\[-18\.00\]TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[f5\]W\[f4\]/);
    expect(text.match(/B\[PA\]/g)).toHaveLength(2);
    const back = readGgf(text, 'w.ggf').games[0];
    expect(back.black).toBe('A [x]');
    expect(formatRecord(back.moves)).toBe(G3);
    const start = g3.moves[50].position;
    const tail = writeGgf({ start, moves: g3.moves.slice(50).map((m) => m.move) });
    const read = readGgf(tail, 't.ggf').games[0];
    expect(formatPosition(read.start)).toBe(formatPosition(start));
    expect(formatPosition(replayMoves(read.moves, read.start).final)).toBe(formatPosition(g3.final));
    expect(formatPosition(readGgf('(;GM[Othello];)', 'e.ggf').games[0].start)).toBe(formatPosition(START_POSITION));
  });
});

describe('the same game as WTHOR, transcript and GGF', () => {
  it('gives the same analyze --from 22 --json rows (WTHOR 2019 game 1, typed as a numbered transcript and as GGF)', () => {
    const { games } = readWthorGames(readFileSync(WTB), WTB);
    const transcript = join(GGF, 'wthor-2019-game-1.txt');
    const typed = readFileSync(transcript, 'utf8')
      .replace(/\d+\.\s*/g, '')
      .replace(/\s+/g, '');
    expect(typed).toBe(formatRecord(games[0].moves));
    const r = run(
      WTB,
      '--game',
      '1',
      transcript,
      join(GGF, 'wthor-2019-game-1.ggf'),
      '--from',
      '22',
      '--json',
      '-n',
      '2',
      '-h',
      '20',
      '--quiet',
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    const rows = jsonLines(r.stdout).filter((x) => x.move !== undefined);
    const of = (game: number) => rows.filter((x) => x.game === game).map(({ game: _g, nodes: _n, ...rest }) => rest);
    expect(of(1)).toHaveLength(22);
    expect(of(2)).toEqual(of(1));
    expect(of(3)).toEqual(of(1));
    // The names: from WTHOR.JOU beside the .wtb, and from the GGF's PB and PW.
    const names = readWthorNames(readFileSync(join(FIXTURES, 'wthor', 'WTHOR.JOU')), 'WTHOR.JOU', 'players');
    const summaries = jsonLines(r.stdout).filter((x) => x.summary);
    expect(summaries.map((s) => [s.blackPlayer, s.whitePlayer])).toEqual([
      [names[games[0].black], names[games[0].white]],
      [undefined, undefined],
      ['Chen Xun', 'Chen Kai'],
    ]);
  }, 120_000);
});

describe('revsolve analyze over many games', () => {
  it("--player: only that player's games (any case, part of the name); a summary per game and one per player", () => {
    const { games } = readWthorGames(readFileSync(WTB), WTB);
    const names = readWthorNames(readFileSync(join(FIXTURES, 'wthor', 'WTHOR.JOU')), 'WTHOR.JOU', 'players');
    const theirs = games.slice(0, 40).filter((g) => [names[g.black], names[g.white]].includes('Chen Xun'));
    expect(theirs.length).toBeGreaterThan(1);
    const r = run(WTB, '--game', '1-40', '--player', 'chen xun', '--from', '8', '--json', '-n', '2', '-h', '14', '--quiet');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const lines = jsonLines(r.stdout);
    const summaries = lines.filter((x) => x.summary);
    expect(summaries.map((s) => s.label)).toEqual(theirs.map((g) => `${WTB} game ${g.number}`));
    const rows = lines.filter((x) => x.move !== undefined);
    // The player's line: their moves and losses summed over their games, each game's side by its names.
    const player = lines.find((x) => x.player === 'Chen Xun')!;
    const mine = rows.filter((x) => {
      const s = summaries.find((y) => y.game === x.game)!;
      return (x.side === 'black' ? s.blackPlayer : s.whitePlayer) === 'Chen Xun';
    });
    expect(player).toMatchObject({
      games: theirs.length,
      moves: mine.length,
      totalLoss: mine.reduce((t, x) => t + (x.loss as number), 0),
      largestLoss: Math.max(0, ...mine.map((x) => x.loss as number)),
    });
    // A name nobody has: one line, exit 2.
    const none = run(WTB, '--game', '1-3', '--player', 'Nobody Here', '--quiet');
    expect([none.status, none.stderr]).toEqual([2, 'revsolve: --player Nobody Here: no game of a player of that name among the 3 given\n']);
    const unnamed = run(G3, '--player', 'x', '--quiet');
    expect(unnamed.stderr).toMatch(/^revsolve: --player x: the games given have no players' names/);
  }, 120_000);

  it('says its size first; off a terminal a progress line every --progress-every seconds; --quiet says nothing', async () => {
    const p = new Proc(['analyze', WTB, '--game', '1-3', '--from', '20', '-n', '1', '-h', '16', '--progress-every', '1']);
    try {
      const size = await p.waitFor(/^analyzing 3 games: (\d+) positions of 20 empties or fewer, (\d+) moves to solve/m, 30_000);
      const { games } = readWthorGames(readFileSync(WTB), WTB);
      const positions = games
        .slice(0, 3)
        .reduce((t, g) => t + replayMoves(g.moves).moves.filter((m) => emptyCount(m.position) <= 20).length, 0);
      expect(Number(size[1])).toBe(positions);
      await p.waitFor(
        /^progress: \d+\/3 games, \d+\/\d+ positions done; \S+ game \d+: \d+ moves? solving; [\d.]+ [MG] nodes, \d+:\d\d\.\d{3}$/m,
        60_000,
      );
      expect(await p.exited).toBe(0);
    } finally {
      await p.end();
    }
    const quiet = run(WTB, '--game', '1', '--from', '12', '-n', '1', '-h', '14', '--quiet');
    expect([quiet.status, quiet.stderr]).toEqual([0, '']);
  }, 120_000);

  it('on a terminal: a live line redrawn in place (games, positions, the game running), cleared before each row', () => {
    // `script` gives the command a terminal (util-linux, in every Debian).
    const cmd = `${process.execPath} ${CLI} analyze ${WTB} --game 1-2 --from 10 -n 1 -h 14`;
    // A terminal wide enough for the whole live line (a narrower one cuts it: test/bad-input-usage.test.ts).
    const r = spawnSync('script', ['-qfec', cmd, '/dev/null'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '200' } });
    expect(r.status).toBe(0);
    // The terminal's "clear the line" (ESC [2K), after a carriage return: split on it rather than match a control character.
    const CLEAR = `\r${String.fromCharCode(27)}[2K`;
    const parts = r.stdout.split(CLEAR);
    expect(
      parts.some((x) => /^0\/2 games, 0\/20 positions done; \S+ game 1: \d+ moves? solving; [\d.]+ [MG] nodes, \d+:\d\d\.\d{3}$/.test(x)),
    ).toBe(true);
    // Every row and summary is whole, on a line of its own once the live line is cleared: a part without a line end was a live line, overwritten.
    const text = parts
      .filter((x, i) => i === 0 || /\n/.test(x))
      .join('')
      .replace(/\r/g, '');
    expect(text.split('\n').filter((l) => /^\s+\d+\s+\d+\s+(black|white)\s/.test(l))).toHaveLength(20);
    expect(text).toMatch(/^black \(Chen Xun\): \d+ moves/m);
  });

  it('--results keeps each game done; --resume goes on from the games not done, its rows as a run in one go gives them', () => {
    const dir = tempDir('analyze-results');
    const file = join(dir, 'games.jsonl');
    const first = run(WTB, '--game', '1-2', '--from', '10', '--json', '-n', '2', '-h', '14', '--quiet', '--results', file);
    expect(first.status).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    // An existing file is not overwritten without --force.
    const again = run(WTB, '--game', '1-3', '--from', '10', '--quiet', '--results', file);
    expect([again.status, again.stderr]).toEqual([
      2,
      `revsolve: --results ${file} exists: add --resume to go on with it, or add --force to overwrite it\n`,
    ]);
    const resumed = run(WTB, '--game', '1-3', '--from', '10', '--json', '-n', '2', '-h', '14', '--results', file, '--resume');
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toMatch(/^resuming: 2 games read from /m);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    const whole = run(WTB, '--game', '1-3', '--from', '10', '--json', '-n', '1', '-h', '16', '--quiet');
    const exact = (out: string) => jsonLines(out).map(({ nodes: _n, ...rest }) => rest);
    expect(exact(resumed.stdout)).toEqual(exact(whole.stdout));
    expect(run(G3, '--resume', '--quiet').stderr).toBe('revsolve: --resume needs --results <file.jsonl>\n');
  }, 120_000);

  it('ties do not break the table: the best moves come last, every loss in one column', () => {
    // WTHOR 2019 game 1 from 12 empties has positions with two best moves and with one.
    const r = run(WTB, '--game', '1', '--from', '12', '-n', '1', '-h', '14', '--quiet');
    const rows = r.stdout.split('\n').filter((l) => /^\s+\d+\s+\d+\s+(black|white)\s/.test(l));
    const head = r.stdout.split('\n').find((l) => l.includes('played'))!;
    expect(head).toBe(' ply empties  side   played score  best  loss  best moves');
    const lossEnd = head.indexOf('loss') + 4;
    expect(rows.some((l) => l.slice(lossEnd).trim().split(' ').length > 1)).toBe(true);
    for (const l of rows) {
      expect(l[lossEnd - 1], l).toMatch(/\d/);
      expect(l.slice(lossEnd, lossEnd + 2), l).toBe('  ');
      for (const m of l.slice(lossEnd).trim().split(' ')) expect(parseMove(m)).toBeGreaterThanOrEqual(0);
    }
  });
});

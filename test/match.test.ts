/**
 * `revsolve match` (issue 89): two engines from real openings, each played
 * twice with colours swapped; every game a legal game (replayed by the GGF
 * reader), the summary the sum of its games; a stopped match resumed
 * without replaying a game; engines that cheat or die forfeit by name;
 * bad input one line, exit 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalMoves, PASS, play, readGgf, replayMoves } from '../dist/index.js';
import { CLI, runIn } from './processes.js';

const ROOT = new URL('..', import.meta.url).pathname;
const WTB = join(ROOT, 'test/fixtures/wthor/WTH_2019.wtb');
const dir = mkdtempSync(join(tmpdir(), 'revsolve-match-'));
const run = (args: string[]) => runIn(ROOT, ['match', ...args], 300_000);
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

/** A game's GGF replayed: its moves legal (the reader refuses others), and whether it ended (neither side can move). */
function replayed(ggf: string): { moves: number; ended: boolean } {
  const { games, errors } = readGgf(ggf, 'game');
  expect(errors).toEqual([]);
  const g = replayMoves(games[0].moves, games[0].start);
  const p = g.final;
  return {
    moves: games[0].moves.filter((m) => m !== PASS).length,
    ended: legalMoves(p).length === 0 && legalMoves(play(p, PASS)).length === 0,
  };
}

/** A stand-in NBoard engine: a shell script answering ping, and `go` as `onGo` says. */
function standIn(name: string, onGo: string): string {
  const f = join(dir, name);
  writeFileSync(
    f,
    `#!/bin/sh\nwhile read line; do case "$line" in ping*) echo "pong \${line#ping }";; go) ${onGo};; quit) exit 0;; esac; done\n`,
    { mode: 0o755 },
  );
  return f;
}

describe('revsolve match', () => {
  it('level 2 against level 4 on 10 openings: 20 complete legal games, the summary the sum of its lines', () => {
    const results = join(dir, 'l2-l4.jsonl');
    const r = run(['level:2', 'level:4', '--openings', WTB, '--count', '10', '-n', '2', '-h', '16', '--results', results, '--quiet']);
    expect(r.code, r.err).toBe(0);
    // 20 games on one signal: each game's stop listener goes with it (none piles up).
    expect(r.err).not.toMatch(/MaxListenersExceeded/);
    const games = lines(results);
    expect(games).toHaveLength(20);
    expect(new Set(games.map((g) => g.game)).size).toBe(20);
    for (const g of games) {
      expect(g.forfeit).toBeUndefined();
      expect(replayed(g.ggf).ended).toBe(true);
      // Each opening twice, colours swapped.
      expect(
        games
          .filter((x) => x.opening === g.opening)
          .map((x) => x.aPlays)
          .sort(),
      ).toEqual(['black', 'white']);
    }
    const summary = JSON.parse(r.out.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ summary: true, games: 20 });
    expect(summary.points).toBe(games.reduce((a, g) => a + g.aScore, 0));
    expect(summary.wins + summary.draws + summary.losses).toBe(20);
    expect(summary.scoreLow).toBeLessThanOrEqual(summary.score);
    expect(summary.scoreHigh).toBeGreaterThanOrEqual(summary.score);
  }, 300_000);

  it('SIGINT during the match, then --resume: it finishes without playing a finished game again', async () => {
    const results = join(dir, 'resume.jsonl');
    const args = [
      'match',
      'level:2',
      'level:4',
      '--openings',
      WTB,
      '--count',
      '10',
      '-n',
      '1',
      '-h',
      '16',
      '--results',
      results,
      '--quiet',
    ];
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    while (!(existsSync(results) && readFileSync(results, 'utf8').split('\n').filter(Boolean).length >= 2)) {
      if (Date.now() > deadline) throw new Error('no game finished within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const kept = readFileSync(results, 'utf8').trim().split('\n');
    expect(kept.length).toBeLessThan(20);
    const r = runIn(ROOT, [...args, '--resume'], 300_000);
    expect(r.code, r.err).toBe(0);
    const all = readFileSync(results, 'utf8').trim().split('\n');
    expect(all).toHaveLength(20);
    expect(all.slice(0, kept.length)).toEqual(kept);
    expect(new Set(all.map((l) => JSON.parse(l).game)).size).toBe(20);
  }, 300_000);

  it('an engine that plays an illegal move, and one that exits mid-game, forfeit each game by name; the match completes', () => {
    for (const [name, onGo, reason] of [
      ['illegal', 'echo "=== A1"', /not a legal move/],
      ['dies', 'exit 3', /it exited/],
    ] as const) {
      const engine = standIn(name, onGo);
      const results = join(dir, `${name}.jsonl`);
      const r = run(['level:2', engine, '--openings', WTB, '--count', '2', '-n', '1', '-h', '16', '--results', results, '--quiet']);
      expect(r.code, r.err).toBe(0);
      const games = lines(results);
      expect(games).toHaveLength(4);
      for (const g of games) {
        expect(g.forfeit).toMatchObject({ engine });
        expect(g.forfeit.reason).toMatch(reason);
        expect(g.aScore).toBe(1);
      }
    }
  }, 120_000);

  it.each([
    [
      ['level:2', 'no-such-engine-here -nboard', '--openings', WTB, '--count', '2'],
      /no-such-engine-here -nboard: does not start or does not answer "ping"/,
    ],
    [['level:2', 'level:4', '--openings', WTB, '--count', '0'], /--count 0: a whole number from 1/],
    [['level:2', 'level:4', '--openings', WTB, '--count', '5000'], /distinct openings after 20 moves in .*, fewer than --count 5000/],
    [['level:2', 'level:99', '--openings', WTB], /level:99: a level from 1 to 60/],
  ])(
    'refuses %j in one line, exit 2',
    (args, message) => {
      const r = run(args);
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    },
    60_000,
  );
});

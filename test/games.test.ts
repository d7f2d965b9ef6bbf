/**
 * `revsolve games` and the library's search (issue 74) on WTHOR 2019 (the
 * fixture), each count checked against a second reader written here: the
 * .wtb, .JOU and .TRN bytes read by hand from the format, and the games
 * replayed on a small board of this file's own, so that a position's games
 * are counted without the library.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from './processes.js';

const DIR = fileURLToPath(new URL('./fixtures/wthor/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'games', ...args], { encoding: 'utf8', cwd: DIR, timeout: 120_000 });
const jsonGames = (...args: string[]) => {
  const r = run(...args, '--json', '--limit', '100000');
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((x) => x.label);
};

// The second reader: WTHOR's layout (16-byte header; names of 20 bytes, tournaments of 26; games of 68 bytes).
const wtb = readFileSync(join(DIR, 'WTH_2019.wtb'));
const names = (file: string, width: number) => {
  const b = readFileSync(join(DIR, file));
  const n = b.readUInt16LE(8);
  return Array.from({ length: n }, (_, i) =>
    b
      .toString('latin1', 16 + width * i, 16 + width * (i + 1))
      .replace(/\0.*$/s, '')
      .trim(),
  );
};
const players = names('WTHOR.JOU', 20);
const tournaments = names('WTHOR.TRN', 26);
const raw = Array.from({ length: wtb.readUInt32LE(4) }, (_, g) => {
  const at = 16 + 68 * g;
  const moves = [...wtb.subarray(at + 8, at + 68)].filter((x) => x !== 0).map((x) => (Math.floor(x / 10) - 1) * 8 + (x % 10) - 1);
  return { number: g + 1, tournament: wtb.readUInt16LE(at), black: wtb.readUInt16LE(at + 2), white: wtb.readUInt16LE(at + 4), moves };
});

// A small board of the test's own: 64 cells, 1 black, 2 white; a move flips in the 8 directions; a side with no move passes.
const DIRS = [-9, -8, -7, -1, 1, 7, 8, 9];
function flipsOf(b: number[], s: number, me: number): number[] {
  if (b[s] !== 0) return [];
  const out: number[] = [];
  for (const d of DIRS) {
    const line: number[] = [];
    let t = s;
    for (;;) {
      const f = t % 8;
      t += d;
      if (t < 0 || t > 63 || Math.abs((t % 8) - f) > 1) break;
      if (b[t] === 3 - me) line.push(t);
      else {
        if (b[t] === me && line.length > 0) out.push(...line);
        break;
      }
    }
  }
  return out;
}
function afterPlies(moves: readonly number[], plies: number): { board: number[]; toMove: number } {
  const b = Array(64).fill(0);
  b[27] = b[36] = 2;
  b[28] = b[35] = 1;
  let me = 1;
  for (const s of moves.slice(0, plies)) {
    if (flipsOf(b, s, me).length === 0) me = 3 - me; // a pass, implied
    for (const t of flipsOf(b, s, me)) b[t] = me;
    b[s] = me;
    me = 3 - me;
  }
  if (!b.some((_, s) => flipsOf(b, s, me).length > 0)) me = 3 - me; // the side to move passes
  return { board: b, toMove: me };
}
/** The 8 symmetries of a board, as cell arrays. */
function symmetries(b: number[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < 8; k++)
    out.push(
      Array.from({ length: 64 }, (_, s) => {
        let f = s & 7;
        let r = s >> 3;
        if (k & 1) f = 7 - f;
        if (k & 2) r = 7 - r;
        if (k & 4) [f, r] = [r, f];
        return b[f + 8 * r];
      }).join(''),
    );
  return out;
}

describe('revsolve games', () => {
  it("a player's games, either colour", () => {
    const who = players.indexOf('Tastet Marc');
    const expected = raw.filter((g) => g.black === who || g.white === who).map((g) => g.number);
    expect(expected.length).toBeGreaterThan(50);
    const found = jsonGames('WTH_2019.wtb', '--player', 'tastet marc');
    expect(found.map((g) => g.index)).toEqual(expected);
    expect(found.every((g) => g.black === 'Tastet Marc' || g.white === 'Tastet Marc')).toBe(true);
  });

  it('one tournament', () => {
    const t = tournaments.indexOf('Championnat de France');
    expect(t).toBeGreaterThanOrEqual(0);
    const found = jsonGames('WTH_2019.wtb', '--tournament', 'championnat de france');
    expect(found.map((g) => g.index)).toEqual(
      raw.filter((g) => tournaments[g.tournament].toLowerCase().includes('championnat de france')).map((g) => g.number),
    );
    expect(found.every((g) => g.tournament === 'Championnat de France')).toBe(true);
  });

  it('the games through a 10-move position, in any symmetry, counted by the second reader', () => {
    const { board, toMove } = afterPlies(raw[0].moves, 10);
    const text = `${board.map((c) => '-XO'[c]).join('')} ${toMove === 1 ? 'X' : 'O'}`;
    const wanted = new Set(symmetries(board));
    // A game reaches it at ply 10 (the disc count is fixed), with the same side to move.
    const expected = raw
      .filter((g) => g.moves.length >= 10)
      .filter((g) => {
        const p = afterPlies(g.moves, 10);
        return p.toMove === toMove && wanted.has(p.board.join(''));
      })
      .map((g) => g.number);
    expect(expected.length).toBeGreaterThan(1);
    const found = jsonGames('WTH_2019.wtb', '--position', text);
    expect(found.map((g) => g.index)).toEqual(expected);
    expect(found.every((g) => g.ply === 10)).toBe(true);
    // The moves played from it, each counted once per game, named on the position asked.
    const r = run('WTH_2019.wtb', '--position', text, '--json', '--limit', '1');
    const next = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}').nextMoves as { move: string; games: number }[];
    expect(next.reduce((s, n) => s + n.games, 0)).toBe(expected.length);
    const game1Next = 'abcdefgh'[raw[0].moves[10] % 8] + (Math.floor(raw[0].moves[10] / 8) + 1);
    expect(next.map((n) => n.move)).toContain(game1Next);
  });

  it('a year, a result, a filter that matches nothing, a position that is not one', () => {
    expect(jsonGames('WTH_2019.wtb', '--year', '2019')).toHaveLength(raw.length);
    const none = run('WTH_2019.wtb', '--year', '1990-1999');
    // Nothing matched: one line, exit 2, in games as in analyze (issue 83).
    expect([none.status, none.stdout]).toEqual([2, '']);
    expect(none.stderr.trim().split('\n')).toEqual(['revsolve: no game matches --year 1990-1999 among the 1,949 games read']);
    const black = jsonGames('WTH_2019.wtb', '--result', 'black');
    expect(black.length).toBeGreaterThan(0);
    expect(black.every((g) => g.result > 0)).toBe(true);
    for (const bad of ['---- X', `${'-'.repeat(64)} Z`]) {
      const r = run('WTH_2019.wtb', '--position', bad);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^revsolve: --position: /)]);
    }
  });

  it('a damaged year among others is named, and the others are read', () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `d=$(mktemp -d); cp WTH_2019.wtb WTHOR.JOU WTHOR.TRN "$d"; head -c 500 WTH_2019.wtb > "$d/WTH_2018.wtb"; "${process.execPath}" "${CLI}" games "$d/WTH_2018.wtb" "$d/WTH_2019.wtb" --player tastet --limit 1; echo "rc=$?"; rm -r "$d"`,
      ],
      {
        encoding: 'utf8',
        cwd: DIR,
      },
    );
    expect(r.stderr).toMatch(/^error: .*WTH_2018\.wtb: a damaged WTHOR games file: 500 bytes/m);
    expect(r.stdout).toMatch(/^188 of 1,949 games match --player tastet/m);
    expect(r.stdout).toMatch(/rc=2/);
  });
});

describe('the same filters on analyze', () => {
  it('--tournament picks the games revsolve games finds; a filter matching nothing is one line, exit 2', () => {
    const t = tournaments.indexOf('Championnat de France');
    const first = raw.find((g) => g.tournament === t);
    expect(first).toBeDefined();
    const game = String(first?.number);
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'analyze',
        'WTH_2019.wtb',
        '--game',
        `1-${game}`,
        '--tournament',
        'championnat de france',
        '--from',
        '2',
        '-h',
        '12',
        '-n',
        '1',
        '--quiet',
      ],
      {
        encoding: 'utf8',
        cwd: DIR,
        timeout: 120_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.match(/^WTH_2019\.wtb game \d+/gm)).toEqual([`WTH_2019.wtb game ${game}`]);
    const none = spawnSync(process.execPath, [CLI, 'analyze', 'WTH_2019.wtb', '--game', '1-3', '--year', '1990'], {
      encoding: 'utf8',
      cwd: DIR,
    });
    expect(none.status).toBe(2);
    expect(none.stderr.trim().split('\n')).toEqual(['revsolve: no game matches --year 1990 among the 3 games given']);
  });
});

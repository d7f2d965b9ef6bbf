/**
 * The WTHOR reader (src/game/wthor.ts) on the federation's real 2019 file
 * (test/fixtures/wthor/README.md says where it comes from), against a
 * second reader written here from the format's description; the games
 * replay legally; the theoretical score of a game at the header's depth is
 * the exact score of that position; bad files are one error naming the
 * file and the game.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayMoves } from '../src/game/record.js';
import { discDifference, isWthorGames, readWthorGames, readWthorNames, WthorError } from '../src/game/wthor.js';
import { emptyCount, formatPosition, legalMoves, moveName, play } from '../src/position/position.js';
import { Solver } from '../src/solve/solver.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const DIR = fileURLToPath(new URL('./fixtures/wthor/', import.meta.url));
const WTB = readFileSync(join(DIR, 'WTH_2019.wtb'));
const JOU = readFileSync(join(DIR, 'WTHOR.JOU'));
const TRN = readFileSync(join(DIR, 'WTHOR.TRN'));

/** A second reader, from the format's description alone: game g's header fields and its moves as text ("f5d6…"). */
function independent(
  bytes: Buffer,
  g: number,
): { tournament: number; black: number; white: number; discs: number; theoretical: number; record: string } {
  const at = 16 + 68 * g;
  const u16 = (k: number) => bytes[k] + 256 * bytes[k + 1];
  let record = '';
  for (let k = 0; k < 60; k++) {
    const b = bytes[at + 8 + k];
    if (b === 0) break;
    record += 'abcdefgh'[(b % 10) - 1] + String(Math.floor(b / 10));
  }
  return { tournament: u16(at), black: u16(at + 2), white: u16(at + 4), discs: bytes[at + 6], theoretical: bytes[at + 7], record };
}

const { header, games } = readWthorGames(WTB, 'WTH_2019.wtb');
const dir = tempDir('wthor');

describe('WTHOR: the 2019 file', () => {
  it('its header: the year, 1,949 games, the theoretical scores at 24 empties', () => {
    expect(header).toMatchObject({ year: 2019, games: 1949, depth: 24 });
    expect(games).toHaveLength(1949);
    expect(isWthorGames(WTB)).toBe(true);
    expect(isWthorGames(JOU)).toBe(false);
  });

  it('the first 50 games are what a second reader written from the description reads', () => {
    for (let g = 0; g < 50; g++) {
      const x = independent(WTB, g);
      const r = games[g];
      expect([r.number, r.tournament, r.black, r.white, r.blackDiscs, r.theoreticalDiscs], `game ${g + 1}`).toEqual([
        g + 1,
        x.tournament,
        x.black,
        x.white,
        x.discs,
        x.theoretical,
      ]);
      expect(r.moves.map(moveName).join(''), `game ${g + 1}`).toBe(x.record);
    }
    // The first game opens f5 (56: rank 5, file 6), as every WTHOR game is recorded from black's f5.
    expect(moveName(games[0].moves[0])).toBe('f5');
  });

  it('every game replays legally (passes implied), and a finished game ends with black holding the discs the file says', () => {
    let finished = 0;
    for (const g of games) {
      const { final } = replayMoves(g.moves);
      const over = legalMoves(final).length === 0 && legalMoves(play(final, -1)).length === 0;
      if (!over) continue;
      finished++;
      const board = formatPosition(final);
      const black = [...board.slice(0, 64)].filter((c) => c === 'X').length;
      const white = [...board.slice(0, 64)].filter((c) => c === 'O').length;
      // As played, the empty squares of a finished game counted to its winner.
      const counted = black > white ? 64 - white : black < white ? black : 32;
      expect(g.blackDiscs, `game ${g.number}`).toBe(counted);
    }
    expect(finished).toBeGreaterThan(1800);
  });

  it("a game's theoretical score is the exact score of its position at 24 empties (3 games)", () => {
    const solver = new Solver({ hashBits: 18 });
    let checked = 0;
    for (const g of games) {
      const at = replayMoves(g.moves).moves.find((m) => emptyCount(m.position) === header.depth);
      if (!at) continue;
      const r = solver.solve(at.position);
      const forBlack = at.position.toMove === 'X' ? r.score : 0 - r.score;
      expect(forBlack, `game ${g.number}`).toBe(discDifference(g.theoreticalDiscs));
      if (++checked === 3) break;
    }
    expect(checked).toBe(3);
  }, 120_000);

  it("the names of the first game's players and tournament", () => {
    const players = readWthorNames(JOU, 'WTHOR.JOU', 'players');
    const tournaments = readWthorNames(TRN, 'WTHOR.TRN', 'tournaments');
    expect(players).toHaveLength(3884);
    expect(tournaments).toHaveLength(439);
    expect(players[games[0].black]).toMatch(/\S/);
    expect(players[games[0].white]).toMatch(/\S/);
    expect(tournaments[games[0].tournament]).toMatch(/\S/);
  });
});

describe('WTHOR: what is not a WTHOR file, or not a game', () => {
  it('a names file decodes Latin-1 (older files), padded with zeros', () => {
    const bytes = new Uint8Array(16 + 20);
    bytes[8] = 1; // N2 = 1 name
    bytes.set([0x4c, 0xe9, 0x6f], 16); // "Léo"
    expect(readWthorNames(bytes, 'old.JOU', 'players')).toEqual(['Léo']);
  });

  it("a file whose size is not its header's count: one error for the file; a byte that is no square, a move after the end: the game named in damaged, the others read", () => {
    expect(() => readWthorGames(new Uint8Array(10), 'short.wtb')).toThrow(/short\.wtb: not a WTHOR file: 10 bytes/);
    const cut = WTB.subarray(0, 16 + 68 * 3 + 5);
    expect(() => readWthorGames(cut, 'cut.wtb')).toThrow(/cut\.wtb: not a WTHOR games file: 225 bytes, and its header says 1949 games/);
    const bad = Buffer.from(WTB);
    bad[16 + 68 * 4 + 8 + 2] = 99; // game 5, move 3
    const read = readWthorGames(bad, 'bad.wtb');
    // Issue 83: one damaged byte costs its game, not the file.
    expect(read.damaged).toEqual([new WthorError('bad.wtb', 5, 'move 3 is byte 99, not a square (11 = a1 … 88 = h8)')]);
    expect(read.damaged[0].message).toBe('bad.wtb: game 5: move 3 is byte 99, not a square (11 = a1 … 88 = h8)');
    expect(read.games).toHaveLength(games.length - 1);
    expect(read.games.find((x) => x.number === 6)?.moves).toEqual(games[5].moves);
    const late = Buffer.from(WTB);
    const g = games.findIndex((x) => x.moves.length < 59); // a 0 byte before the last slot
    late[16 + 68 * g + 8 + 59] = 11; // a move in the last slot of a game that ended before it
    expect(readWthorGames(late, 'late.wtb').damaged.map((e) => e.message)).toEqual([
      `late.wtb: game ${g + 1}: move 60 comes after the game's end (a 0 byte)`,
    ]);
  });
});

describe('revsolve analyze on a WTHOR file', () => {
  /** A .wtb of some of the 2019 file's games (their numbers from 1 in the new file), its header's count set. */
  const subset = (numbers: readonly number[], change?: (bytes: Buffer) => void): string => {
    const bytes = Buffer.concat([WTB.subarray(0, 16), ...numbers.map((n) => WTB.subarray(16 + 68 * (n - 1), 16 + 68 * n))]);
    bytes.writeUInt32LE(numbers.length, 4);
    change?.(bytes);
    const file = join(dir, `subset-${numbers.join('-')}${change ? '-changed' : ''}.wtb`);
    writeFileSync(file, bytes);
    return file;
  };
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'analyze', ...args], { encoding: 'utf8', timeout: 120_000 });
  // Games 1-5 reach 24 empties; game 161 ends after 32 moves, with 28 empties: nothing to check.
  const GAMES = [1, 2, 3, 4, 5, 161];
  expect(games[160].moves).toHaveLength(32);

  it("bench's real-games set maker: a game's answer is its theoretical byte, by hand; the checker reads the *:score answers", async () => {
    const { wthorSet } = await import('../bench/wthor-set.js');
    const lines: string[] = wthorSet(WTB, 'WTH_2019.wtb', 1, 1948);
    expect(lines).toHaveLength(2 * 1948); // every game but 161 reaches 24 empties
    // Game 1 (Chen Xun - Chen Kai): its theoretical byte is 47, read here by hand at byte 16 + 7: black's 47 discs are +30 for black.
    expect(WTB[16 + 7]).toBe(47);
    const at = lines.indexOf('% WTH_2019.wtb game 1: theoretical 47 black discs');
    const game1 = replayMoves(readWthorGames(WTB, 'x').games[0].moves).moves.find((m) => emptyCount(m.position) === 24)!.position;
    expect(lines[at + 1]).toBe(`${formatPosition(game1)}; *:${game1.toMove === 'X' ? '+30' : '-30'};`);
    // The same seed, the same set; another seed, another.
    expect(wthorSet(WTB, 'WTH_2019.wtb', 1, 5)).toEqual(wthorSet(WTB, 'WTH_2019.wtb', 1, 5));
    expect(wthorSet(WTB, 'WTH_2019.wtb', 2, 5)).not.toEqual(wthorSet(WTB, 'WTH_2019.wtb', 1, 5));
    // `revsolve solve` checks a line's score against its *:score answer, and says a wrong one.
    const file = join(tempDir('wthor-set'), 'set.obf');
    const position = lines[at + 1].split(';')[0];
    writeFileSync(file, `${lines[at + 1]}\n${position}; *:+64;\n`);
    const r = spawnSync(process.execPath, [CLI, 'solve', file, '-h', '20', '-n', '2', '--json', '--quiet'], { encoding: 'utf8' });
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((x) => !x.summary)
      .sort((a, b) => a.index - b.index);
    expect(rows.map((x) => x.ok)).toEqual([true, false]);
    expect(r.status).toBe(1);
  }, 60_000);

  it('--check-theoretical: every game that reaches the depth agrees; one that never does is counted as not checkable', () => {
    const r = run(subset(GAMES), '--check-theoretical', '-h', '18', '-n', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("5 of 5 checked: 5 agree, 0 disagree; 1 not checkable (the game ends before its file's depth)");
  }, 120_000);

  it('--check-theoretical on a copy with one theoretical byte changed: that game alone is named, exit 1', () => {
    // Game 2 of the new file: its theoretical byte (offset 7 of its 68) two discs more for black.
    const file = subset(GAMES, (b) => b.writeUInt8(b[16 + 68 + 7] + 2, 16 + 68 + 7));
    const r = run(file, '--check-theoretical', '-h', '18', '-n', '2');
    expect(r.status, r.stderr).toBe(1);
    const named = r.stdout.split('\n').filter((l) => l.includes("the file's theoretical score"));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} game 2: the file's theoretical score is [+-]\\d\\d for black, the exact score of its position at 24 empties [+-]\\d\\d$`,
      ),
    );
    expect(r.stdout).toContain('5 of 5 checked: 4 agree, 1 disagree; 1 not checkable');
  }, 120_000);

  it('--game picks games by number; a game that does not replay is named with its file and number, the others analysed, exit 2', () => {
    const file = subset([1, 2, 3], (b) => b.writeUInt8(11, 16 + 68 * 2 + 8)); // game 3's first move a1: not legal
    const r = run(file, '--from', '4', '-h', '14', '-n', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`error: ${file}: game 3: move 1: a1 is not a legal move for black`);
    expect(r.stdout.match(/^.* game [12]$/gm)).toEqual([`${file} game 1`, `${file} game 2`]);
    const one = run(file, '--game', '2', '--from', '4', '-h', '14', '-n', '1', '--json');
    expect(one.status, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout.trim().split('\n').at(-1)!)).toMatchObject({ summary: true, positions: 4 });
  }, 120_000);
});

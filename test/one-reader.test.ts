/**
 * One reader for the command line and the page (issue 69): every game file
 * of test/fixtures, and a corrupt .wtb made here, read by `analyze`'s path
 * (files on disk, the WTHOR.JOU and .TRN found beside a .wtb) and by the
 * page's (the files handed over together), give the same games, labels,
 * players and problems.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gamesOf } from '../dist/cli/analyze.js';
import { gamesOfFiles } from '../web/files.js';
import { tempDir } from './tmp.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const dir = tempDir('one-reader');

/** A folder of its own for each game file, with the WTHOR names files beside a .wtb. */
function placed(name: string, bytes: Uint8Array, wthorNames: boolean): string {
  const folder = join(dir, `${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(join(folder, name), bytes);
  if (wthorNames) for (const f of ['WTHOR.JOU', 'WTHOR.TRN']) copyFileSync(join(FIXTURES, 'wthor', f), join(folder, f));
  return join(folder, name);
}

/** What each path reads of a file, with the folder left out of its names (the page sees bare names). */
function both(name: string, bytes: Uint8Array, wthorNames = false) {
  const path = placed(name, bytes, wthorNames);
  const bare = (text: string) => text.split(`${join(path, '..')}/`).join('');
  const bad: string[] = [];
  let cliGames: ReturnType<typeof gamesOf> = [];
  let cliRefused: string | null = null;
  try {
    cliGames = gamesOf(path, undefined, bad);
  } catch (e) {
    cliRefused = bare((e as Error).message);
  }
  const names = wthorNames ? ['WTHOR.JOU', 'WTHOR.TRN'].map((f) => ({ name: f, bytes: readFileSync(join(FIXTURES, 'wthor', f)) })) : [];
  const page = gamesOfFiles([{ name, bytes }, ...names]);
  return {
    cli: {
      games: cliGames.map((g) => ({ label: bare(g.label), moves: g.game.moves.map((m) => m.move), black: g.black, white: g.white })),
      problems: cliRefused ? [cliRefused] : bad.map(bare),
    },
    page: {
      games: page.games.map((g) => ({
        label: g.read.label,
        moves: g.read.game.moves.map((m) => m.move),
        black: g.read.black,
        white: g.read.white,
      })),
      problems: page.problems.filter((p) => !/no WTHOR\.JOU with it/.test(p)),
    },
  };
}

describe('one reader: the command line and the page read the same games', () => {
  const files = readdirSync(join(FIXTURES, 'ggf'))
    .filter((f) => !f.endsWith('.md'))
    .map((f) => join(FIXTURES, 'ggf', f));

  it.each(files.map((f) => [basename(f), f]))('%s', (name, path) => {
    const { cli, page } = both(name, readFileSync(path));
    expect(cli).toEqual(page);
    expect(cli.games.length + cli.problems.length).toBeGreaterThan(0);
  });

  it('WTH_2019.wtb with its players and tournaments', () => {
    const { cli, page } = both('WTH_2019.wtb', readFileSync(join(FIXTURES, 'wthor', 'WTH_2019.wtb')), true);
    expect(cli).toEqual(page);
    expect(cli.games).toHaveLength(1949);
    expect(cli.games[0].black).not.toBe('');
  });

  it('a corrupt .wtb: a game that does not replay is a problem naming it in both, never a game that fails when picked', () => {
    const wtb = Buffer.from(readFileSync(join(FIXTURES, 'wthor', 'WTH_2019.wtb')));
    wtb[16 + 68 * 2 + 8] = 11; // game 3's first move: a1, not legal from the start
    const { cli, page } = both('corrupt.wtb', wtb, true);
    expect(cli).toEqual(page);
    expect(cli.problems).toEqual(['corrupt.wtb: game 3: move 1: a1 is not a legal move for black']);
    expect(cli.games).toHaveLength(1948);
    expect(cli.games.map((g) => g.label)).not.toContain('corrupt.wtb game 3');
  });

  it('a damaged .wtb (cut short): the same one line in both', () => {
    const { cli, page } = both('cut.wtb', readFileSync(join(FIXTURES, 'wthor', 'WTH_2019.wtb')).subarray(0, 500));
    expect(cli).toEqual(page);
    expect(cli.problems).toEqual(['cut.wtb: a damaged WTHOR games file: 500 bytes, and its header says 1949 games (132548 bytes)']);
  });
});

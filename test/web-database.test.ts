/**
 * The page's games panel (issue 74), in headless Chromium: two WTHOR years
 * opened with their players' names (the fixture's 2019 and the same games
 * written as 2020), indexed by the panel's worker; filtered by player and
 * by the board shown (any symmetry), each count checked against a count
 * made here from the reader's replayed games with a symmetry of this
 * file's own; a game picked is on the board with its names; the list keeps
 * 200 rows or fewer in the DOM while scrolled; a reload finds the games
 * again (IndexedDB) without asking for the files; a phone's width holds it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { replayMoves } from '../src/game/record.js';
import { readWthorGames, readWthorNames } from '../src/game/wthor.js';
import { formatPosition, type Position } from '../src/position/position.js';
import { chromiumForTests, ready, servedPage, watch, whenReady } from './page.js';

const chromium = chromiumForTests('test/web-database.test.ts');
const DIR = join(new URL('./fixtures/wthor/', import.meta.url).pathname);
const y2019 = readFileSync(join(DIR, 'WTH_2019.wtb'));
// The same games as another year: the header's year (bytes 10-11) set to 2020.
const y2020 = Buffer.from(y2019);
y2020.writeUInt16LE(2020, 10);
const jou = readFileSync(join(DIR, 'WTHOR.JOU'));
const games = readWthorGames(y2019, 'WTH_2019.wtb').games;
const players = readWthorNames(jou, 'WTHOR.JOU', 'players');

/** A position's 64 squares as text and its side: the 8 symmetries by this file's own square maps. */
function variants(p: Position): Set<string> {
  const [board, side] = formatPosition(p).split(' ');
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [c, r],
    (r, c) => [7 - r, 7 - c],
    (r, c) => [7 - c, 7 - r],
    (r, c) => [r, 7 - c],
    (r, c) => [7 - r, c],
    (r, c) => [c, 7 - r],
    (r, c) => [7 - c, r],
  ];
  return new Set(
    maps.map((f) => {
      const out = Array<string>(64);
      for (let s = 0; s < 64; s++) {
        const [r, c] = f(Math.floor(s / 8), s % 8);
        out[r * 8 + c] = board[s];
      }
      return `${out.join('')} ${side}`;
    }),
  );
}

const text = (p: Position) => formatPosition(p);

describe.skipIf(!chromium)('the games panel (issue 74), in headless Chromium', () => {
  const served = servedPage(chromium!);

  const open = async (page: Page) => {
    await page.setInputFiles('#open-file', [
      { name: 'WTH_2019.wtb', mimeType: 'application/octet-stream', buffer: y2019 },
      { name: 'WTH_2020.wtb', mimeType: 'application/octet-stream', buffer: y2020 },
      { name: 'WTHOR.JOU', mimeType: 'application/octet-stream', buffer: jou },
    ]);
    await page.locator(`#db-count[data-found="${2 * games.length}"]`).waitFor({ timeout: 60_000 });
  };
  const found = async (page: Page) => Number(await page.locator('#db-count').getAttribute('data-found'));
  const rowsInDom = (page: Page) => page.locator('#db-rows .db-row').count();

  it('two years: by player, by year, by the board shown; a game picked; the list virtualised; kept over a reload', async () => {
    const page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watch(page);
    await ready(page, served.url);
    await open(page);
    expect(await page.locator('#db-status').textContent()).toBe(
      `${(2 * games.length).toLocaleString('en')} games from WTH_2019.wtb, WTH_2020.wtb`,
    );
    expect(await rowsInDom(page)).toBeLessThanOrEqual(200);

    // A player, either colour: the first game's black player, counted from the file.
    const name = players[games[0].black];
    const theirs = games.filter((g) => players[g.black] === name || players[g.white] === name).length;
    expect(theirs).toBeGreaterThan(1);
    await page.fill('#db-player', name);
    await page.locator(`#db-count[data-found="${2 * theirs}"]`).waitFor({ timeout: 10_000 });
    await page.fill('#db-year', '2020');
    await page.locator(`#db-count[data-found="${theirs}"]`).waitFor({ timeout: 10_000 });
    await page.fill('#db-year', '');
    await page.fill('#db-player', '');
    await page.locator(`#db-count[data-found="${2 * games.length}"]`).waitFor({ timeout: 10_000 });

    // Scrolled to the middle: the rows there are drawn, and still few.
    await page.locator('#db-list').evaluate((e) => {
      e.scrollTop = e.scrollHeight / 2;
    });
    await page.locator(`.db-row[data-row="${games.length}"]`).waitFor({ timeout: 10_000 });
    expect(await rowsInDom(page)).toBeLessThanOrEqual(200);

    // The board after game 5's first 10 moves, ticked: the games through it in any symmetry, counted from the replayed games.
    const record = games[4].moves.slice(0, 10);
    const asked = replayMoves(record).final;
    const want = variants(asked);
    const through = games.filter((g) => {
      const r = replayMoves(g.moves);
      return [...r.moves.map((m) => m.position), r.final].some((p) => want.has(text(p)));
    }).length;
    expect(through).toBeGreaterThan(1);
    await page.fill('#text', record.map((m) => 'abcdefgh'[m % 8] + String(Math.floor(m / 8) + 1)).join(''));
    await page.click('#set');
    await page.check('#db-position');
    await page.locator(`#db-count[data-found="${2 * through}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator('#db-count').textContent()).toMatch(/reached the board shown/);
    // The next moves: each game through the board counted once.
    const counts = await page.locator('#db-next tbody tr td:nth-child(2)').allTextContents();
    expect(counts.reduce((a, b) => a + Number(b), 0)).toBe(2 * through);

    // A game picked: on the board at the position asked (in its own symmetry), its names above.
    await page.click('.db-row[data-row="1"]');
    const shown = (await page.locator('#text').inputValue()) as string;
    expect(want.has(shown)).toBe(true);
    const header = (await page.locator('#game-header').textContent()) as string;
    expect(header).toMatch(/ \(black\) – .* \(white\) · 2019 · result /);
    expect(await found(page)).toBe(2 * through); // the list followed the board, the same games
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('board');
    // Ctrl+Z: back to the game shown before the pick (issue 73's Deliver).
    await page.keyboard.press('Control+z');
    expect(await page.locator('#text').inputValue()).toBe(text(asked));
    expect(await page.locator('#game-header').isHidden()).toBe(true);

    // A reload: the games are found again without the files.
    await page.reload();
    await whenReady(page);
    await page.locator('#db-status[data-state="ready"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#db-status').textContent()).toMatch(/kept from your last visit/);
    expect(await page.locator('#database').getAttribute('data-games')).toBe(String(2 * games.length));
    await page.click('#db-forget');
    await page.locator('#database[hidden]').waitFor({ state: 'attached', timeout: 10_000 });
    expect(seen.errors).toEqual([]);
    await page.close();
  }, 180_000);

  it("a phone's width: the panel within the screen, a game picked from it", async () => {
    const page = await served.browser.newPage({ viewport: { width: 390, height: 844 } });
    const seen = watch(page);
    await ready(page, served.url);
    await open(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.fill('#db-tournament', 'zzz-no-such-tournament');
    await page.locator('#db-count[data-found="0"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('#db-count').textContent()).toMatch(/^no game of the /);
    await page.fill('#db-tournament', '');
    await page.locator(`#db-count[data-found="${2 * games.length}"]`).waitFor({ timeout: 10_000 });
    await page.click('.db-row[data-row="0"]');
    const replayed = replayMoves(games[0].moves);
    expect(await page.locator('#text').inputValue()).toBe(text(replayed.final));
    // The keys go to the board after a pick (issue 73, point 2): ← steps the game back, the list stays.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('board');
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('#text').inputValue()).toBe(text(replayed.moves.at(-1)!.position));
    expect(await page.locator('.db-row[aria-selected="true"]').getAttribute('data-row')).toBe('0');
    expect(await page.locator('#game-header').textContent()).toMatch(
      new RegExp(`^${players[games[0].black]} \\(black\\) – ${players[games[0].white]} \\(white\\) · 2019 · `),
    );
    expect(seen.errors).toEqual([]);
    await page.close();
  }, 180_000);
});

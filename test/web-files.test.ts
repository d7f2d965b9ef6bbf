/**
 * Game files in the page (issue 60), in headless Chromium: a GGF file
 * written by hand opened (its set start, its passes), a WTHOR .wtb opened
 * with its WTHOR.JOU (the games panel's list with the players, one chosen), a
 * transcript dropped on the page, the game saved as GGF and as a record
 * and read back by the library's reader, a file that is no game said.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readGgf } from '../src/game/ggf.js';
import { formatRecord, replayGame, replayMoves } from '../src/game/record.js';
import { readWthorGames, readWthorNames } from '../src/game/wthor.js';
import { formatPosition } from '../src/position/position.js';
import { chromiumForTests, ready, servedPage, watch } from './page.js';

const chromium = chromiumForTests('test/web-files.test.ts');
const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const G3 = 'f5f4g3f6f3h2c4c5c6c3h3c7e6g2b3b4f2d6b5g4c2h4d3a4b8b1g7c8a3g6g5d7c1b6e3b2g1h1a7a5e2h8f7f1a6d1d8e1h7b7a8h5a2e7a1h6f8d2g8e8';

const position = (page: Page) => page.locator('#text').getAttribute('data-position');
const key = (p: Parameters<typeof formatPosition>[0]) => formatPosition(p).replace(' ', '');

describe.skipIf(!chromium)('game files in the page', () => {
  const served = servedPage(chromium!);

  it('opens GGF (a list of its games; one with a set start and passes), WTHOR with its players, a dropped transcript; saves GGF and a record', async () => {
    const page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watch(page);
    await ready(page, served.url);
    const g3 = replayGame(G3);
    // GGF: two games, listed; the second starts from G3 after 50 moves and passes twice.
    await page.setInputFiles('#open-file', join(FIXTURES, 'ggf', 'games.ggf'));
    await page.locator('#db-count[data-found="2"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('.db-row').allTextContents()).toEqual([
      '2026.11.20 · Anna Black – Bert White · Club night · −18',
      'Anna Black – Carl Green · Study',
    ]);
    await page.click('.db-row[data-row="1"]');
    expect(await page.locator('#moves button').allTextContents()).toEqual([
      '51. a8',
      '52. h5',
      '53. a2',
      '54. e7',
      '55. a1',
      '56. h6',
      '57. f8',
      '58. d2',
      'pass',
      '59. g8',
      'pass',
      '60. e8',
    ]);
    expect(await position(page)).toBe(key(g3.final));
    // The pick hands the keys to the board (issue 73, point 2): Home steps the game, not the list.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('board');
    await page.keyboard.press('Home');
    expect(await position(page)).toBe(key(g3.moves[50].position));
    expect(await page.locator('.db-row[aria-selected="true"]').getAttribute('data-row')).toBe('1');
    await page.keyboard.press('End');
    expect(await position(page)).toBe(key(g3.final));
    await page.click('#first');
    expect(await position(page)).toBe(key(g3.moves[50].position));
    // Saved as GGF: the library reads back the same start and moves.
    const [ggf] = await Promise.all([page.waitForEvent('download'), page.click('#save-ggf')]);
    const back = readGgf(readFileSync((await ggf.path())!, 'utf8'), 'saved.ggf').games[0];
    expect(formatPosition(back.start)).toBe(formatPosition(g3.moves[50].position));
    expect(formatRecord(back.moves)).toBe(G3.slice(100));
    // Its header kept (issue 73, point 3): shown above the board, written back, the file named after the players.
    expect(await page.locator('#game-header').textContent()).toBe('Anna Black (black) – Carl Green (white) · Study');
    expect([back.black, back.white, back.properties.PC]).toEqual(['Anna Black', 'Carl Green', 'Study']);
    expect(ggf.suggestedFilename()).toBe('Anna Black - Carl Green.ggf');
    // A record is from the usual start: said, nothing saved.
    await page.click('#save-record');
    expect(await page.locator('#message').textContent()).toMatch(/save it as GGF/);

    // WTHOR with its players: the list names them; a game chosen is the file's.
    await page.setInputFiles('#open-file', [join(FIXTURES, 'wthor', 'WTH_2019.wtb'), join(FIXTURES, 'wthor', 'WTHOR.JOU')]);
    const wtb = readWthorGames(readFileSync(join(FIXTURES, 'wthor', 'WTH_2019.wtb')), 'WTH_2019.wtb');
    const names = readWthorNames(readFileSync(join(FIXTURES, 'wthor', 'WTHOR.JOU')), 'WTHOR.JOU', 'players');
    await page.locator(`#db-count[data-found="${wtb.games.length}"]`).waitFor({ timeout: 30_000 });
    const g7 = wtb.games[6];
    const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)}`;
    expect(await page.locator('.db-row[data-row="6"]').textContent()).toBe(
      `2019 · ${names[g7.black]} – ${names[g7.white]} · ${signed(g7.blackDiscs * 2 - 64)} (th ${signed(g7.theoreticalDiscs * 2 - 64)})`,
    );
    await page.click('.db-row[data-row="6"]');
    expect(await position(page)).toBe(key(replayMoves(g7.moves).final));
    const [record] = await Promise.all([page.waitForEvent('download'), page.click('#save-record')]);
    // The record, under its header as a comment (a reader of records skips it), the file named after the players.
    expect(readFileSync((await record.path())!, 'utf8')).toBe(
      `# ${names[g7.black]} (black) – ${names[g7.white]} (white) · 2019 · result ${g7.blackDiscs * 2 - 64 > 0 ? '+' : g7.blackDiscs * 2 - 64 < 0 ? '−' : '±'}${Math.abs(g7.blackDiscs * 2 - 64)} for black · theoretical ${g7.theoreticalDiscs * 2 - 64 > 0 ? '+' : g7.theoreticalDiscs * 2 - 64 < 0 ? '−' : '±'}${Math.abs(g7.theoreticalDiscs * 2 - 64)}\n${formatRecord(g7.moves)}\n`,
    );
    expect(record.suggestedFilename()).toBe(`${names[g7.black]} - ${names[g7.white]} 2019.txt`);

    // A numbered transcript over several lines, dropped on the page.
    const transcript = readFileSync(join(FIXTURES, 'ggf', 'wthor-2019-game-1.txt'), 'utf8');
    const drop = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'game.txt', { type: 'text/plain' }));
      return dt;
    }, transcript);
    await page.dispatchEvent('body', 'drop', { dataTransfer: drop });
    await page.locator('#moves[data-length="60"]').waitFor({ timeout: 10_000 });
    expect(await position(page)).toBe(key(replayMoves(wtb.games[0].moves).final));

    // Not a game file: said, the game kept.
    await page.setInputFiles('#open-file', { name: 'x.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([1, 0, 2]) });
    await page.locator('#message', { hasText: 'x.bin: a binary file, not game records' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#moves').getAttribute('data-length')).toBe('60');
    expect(seen.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a corrupt WTHOR game (issue 69): the message names it, the game on the board is kept, the others are listed and open', async () => {
    const page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watch(page);
    await ready(page, served.url);
    await page.fill('#text', G3);
    await page.click('#set');
    await page.locator('#moves button').first().waitFor({ timeout: 10_000 });
    const before = await position(page);
    expect(before).toBe(key(replayGame(G3).final));
    const wtb = Buffer.from(readFileSync(join(FIXTURES, 'wthor', 'WTH_2019.wtb')));
    const names = readWthorNames(readFileSync(join(FIXTURES, 'wthor', 'WTHOR.JOU')), 'WTHOR.JOU', 'players');
    wtb[16 + 68 * 2 + 8] = 11; // game 3's first move: a1, not legal from the start
    await page.setInputFiles('#open-file', [
      { name: 'corrupt.wtb', mimeType: 'application/octet-stream', buffer: wtb },
      { name: 'WTHOR.JOU', mimeType: 'application/octet-stream', buffer: readFileSync(join(FIXTURES, 'wthor', 'WTHOR.JOU')) },
    ]);
    await page
      .locator('#message', { hasText: 'corrupt.wtb: game 3: move 1: a1 is not a legal move for black' })
      .waitFor({ timeout: 10_000 });
    expect(await position(page), 'the game on the board before').toBe(before);
    // 1,948 games listed, game 3 not among them: the list's third row is game 4.
    await page.locator('#db-count[data-found="1948"]').waitFor({ timeout: 30_000 });
    const g4 = readWthorGames(wtb, 'corrupt.wtb').games[3];
    await page.click('.db-row[data-row="2"]');
    expect(await page.locator('#game-header').textContent()).toMatch(new RegExp(`^${names[g4.black]} \\(black\\)`));
    expect(await position(page)).toBe(key(replayMoves(g4.moves).final));
    expect(seen.errors).toEqual([]);
    await page.close();
  }, 120_000);
});

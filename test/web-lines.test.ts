/**
 * Side lines on the page (issue 73, point 1), in headless Chromium at a
 * desktop's size and a phone's: the game's own next move steps forward,
 * another move opens a side line with the main line kept, Ctrl+Z takes back
 * that move only, "back to the main line" returns with the analysis intact,
 * and a reload keeps both lines (the address's `m`).
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGgf } from '../src/game/ggf.js';
import { formatRecord, recordMoves, replayGame } from '../src/game/record.js';
import { legalMoves, moveName } from '../src/position/position.js';
import { chromiumForTests, ready, type Seen, servedPage, watch, whenReady } from './page.js';

const chromium = chromiumForTests('test/web-lines.test.ts');

// A game without a pass (web-player.test.ts's G1): each move is a step.
const G1 = 'f5f4c3c4d3f6b3d6g4c2e2h4f3e3f7g3c1b4e6d2g2g6b2g8g5a3d7a1g7d8c7f2c6b8e7h8a4b6g1h5b7h2b1c5a7a8a2d1e1a5h3f8h7e8h6f1h1b5c8a6';
const squares = recordMoves(G1);
const game = replayGame(G1);
const own = moveName(squares[40]); // the game's move 41
const next = moveName(squares[41]); // its move 42
/** Another legal move than the game's 42nd, in the position it was played in. */
const other = moveName(legalMoves(game.moves[41].position).find((x) => x !== squares[41])!);

const rowsText = (page: Page) => page.locator('#analysis tbody tr').allTextContents();
const moves = (page: Page, name: string) => page.locator('#moves').getAttribute(name);

describe.skipIf(!chromium)('side lines (issue 73), in headless Chromium', () => {
  const served = servedPage(chromium!);

  describe.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('at $width×$height', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    let seen: Seen;
    beforeAll(async () => {
      context = await served.browser.newContext({ viewport });
    });
    afterAll(async () => {
      await context?.close();
    });

    it("the game's own move steps on; another opens a side line; Ctrl+Z takes back that move only; the main line comes back with its analysis", async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, `${served.url}?g=${G1}&at=40`);
      await page.fill('#analyse-from', '8');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 120_000 });
      const rows = await rowsText(page);
      expect(rows.length).toBe(60);
      await page.click('#moves button[data-at="40"]');
      if (viewport.width === 1280) {
        // The board and the analysis's current row in view together, the page not scrolled (issue 73, point 7).
        const inView = await page.evaluate(() => {
          const within = (e: Element | null) => {
            const r = e?.getBoundingClientRect();
            return !!r && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
          };
          return [scrollY, within(document.querySelector('#board')), within(document.querySelector('#analysis tr.current'))];
        });
        expect(inView).toEqual([0, true, true]);
      }

      // The game's own move 41: a step forward, nothing lost.
      await page.click(`.sq[data-square=${own}]`);
      expect([await moves(page, 'data-length'), await moves(page, 'data-at'), await moves(page, 'data-side')]).toEqual(['60', '41', '']);
      expect(await page.locator('#line-row').isHidden()).toBe(true);
      expect(await rowsText(page)).toEqual(rows);
      expect(new URL(page.url()).searchParams.get('g')).toBe(G1);

      // Another move than the game's 42nd: a side line, the main line named and kept.
      await page.click(`.sq[data-square=${other}]`);
      expect([await moves(page, 'data-length'), await moves(page, 'data-at'), await moves(page, 'data-side')]).toEqual(['42', '42', '41']);
      expect(await page.locator('#moves button[data-side="1"]').count()).toBe(1);
      expect(await page.locator('#line-info').textContent()).toBe(`side line from move 42; the game went 42. ${next} (19 moves on)`);
      expect(new URL(page.url()).searchParams.get('m')).toBe(G1);
      expect(new URL(page.url()).searchParams.get('g')).toBe(`${G1.slice(0, 82)}${other}`);

      // Ctrl+Z: that move only; the main line and its rows as they were.
      await page.click('#board');
      await page.keyboard.press('Control+z');
      await page.locator('#moves[data-length="60"]').waitFor({ timeout: 10_000 });
      expect([await moves(page, 'data-at'), await moves(page, 'data-side')]).toEqual(['41', '']);
      expect(await rowsText(page)).toEqual(rows);

      // Ctrl+Y puts the side line back; a reload keeps it and its main line; "back to the main line" returns there, rows intact.
      await page.keyboard.press('Control+y');
      await page.locator('#moves[data-length="42"]').waitFor({ timeout: 10_000 });
      await page.reload();
      await whenReady(page);
      expect([await moves(page, 'data-length'), await moves(page, 'data-side')]).toEqual(['42', '41']);
      await page.click('#main-line');
      await page.locator('#moves[data-length="60"]').waitFor({ timeout: 10_000 });
      expect(await moves(page, 'data-at')).toBe('41');
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('done');
      expect(await rowsText(page)).toEqual(rows);
      // From the side line's branch, the game's own move goes back to the main line too.
      await page.click(`.sq[data-square=${other}]`);
      await page.locator('#moves[data-length="42"]').waitFor({ timeout: 10_000 });
      await page.click('#moves button[data-at="41"]');
      await page.click(`.sq[data-square=${next}]`);
      expect([await moves(page, 'data-length'), await moves(page, 'data-at'), await moves(page, 'data-side')]).toEqual(['60', '42', '']);
      expect(seen.errors).toEqual([]);
      await page.close();
    }, 240_000);

    it('estimates are written one way and never coloured; a reload in the middle of an analysis keeps its rows, said interrupted (points 5, 8)', async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, `${served.url}?g=${G1}`);
      // Exact from 20 empties: the estimated rows come quickly, the exact ones take a while; reload once some are in.
      await page.fill('#analyse-from', '20');
      await page.click('#analyse');
      await page.locator('#analysis tbody tr:nth-child(6)').waitFor({ timeout: 120_000 });
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('running');
      // The counter says which move is being solved, its nodes and its time (point 8).
      await page.locator('#analysis-progress', { hasText: 'solving move' }).waitFor({ timeout: 120_000 });
      const counter = /^analysing: \d+ of 60 moves · solving move (\d+) \((\d+) empties\): [\d,]+ nodes, \d+\.\d s · \d+\.\d s$/.exec(
        (await page.locator('#analysis-progress').textContent()) ?? '',
      );
      // The move played from a position of E empties is move 61 - E in a game from the usual start without a pass.
      expect(counter && Number(counter[1]) + Number(counter[2])).toBe(61);
      const estimates = page.locator('#analysis tbody tr[data-estimate]');
      const texts = await estimates.evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(3).map((td) => td.textContent)));
      for (const [score, best, loss] of texts) {
        expect(score).toMatch(/^≈[+-]\d+\.\d$/);
        expect(best).toMatch(/^≈[+-]\d+\.\d [a-h][1-8]/);
        expect(loss).toMatch(/^≈\d+\.\d$/);
      }
      // Not one estimate coloured, in the table or the move list.
      const red = await estimates.evaluateAll(
        (trs) => trs.filter((tr) => getComputedStyle(tr.lastElementChild!).color === 'rgb(176, 0, 32)').length,
      );
      expect(red).toBe(0);
      expect(await page.locator('#moves button[data-estimate][class*="loss-"]').count()).toBe(0);
      const kept = await page.locator('#analysis tbody tr').count();
      await page.reload();
      await whenReady(page);
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('stopped');
      expect(await page.locator('#analysis tbody tr').count()).toBeGreaterThanOrEqual(kept);
      expect(await page.locator('#analysis-status').textContent()).toMatch(/^interrupted \(the page was reloaded or left; Analyse goes on/);
      expect(seen.errors).toEqual([]);
      await page.close();
    }, 240_000);

    it('a revsolve game file keeps the lines, the move shown, the names and the analysis; GGF keeps the main line and the names', async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, `${served.url}?g=${G1}&at=40&pb=Anna%20Black&pw=Bert%20White&pc=Club`);
      await page.fill('#analyse-from', '8');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 120_000 });
      const mainRows = await rowsText(page);
      await page.click('#moves button[data-at="41"]');
      await page.click(`.sq[data-square=${other}]`);
      const shown = {
        length: await moves(page, 'data-length'),
        at: await moves(page, 'data-at'),
        side: await moves(page, 'data-side'),
        info: await page.locator('#line-info').textContent(),
        header: await page.locator('#game-header').textContent(),
        position: await page.locator('#text').getAttribute('data-position'),
      };
      const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
      expect(saved.suggestedFilename()).toBe('Anna Black - Bert White.revsolve.json');
      const path = (await saved.path())!;
      // The file as the format says: the main line, the side line, the move shown, the names, the main line's analysis.
      const file = JSON.parse(readFileSync(path, 'utf8'));
      expect([file.format, file.version, file.main, file.line, file.at]).toEqual([
        'revsolve-game',
        1,
        G1,
        `${G1.slice(0, 82)}${other}`,
        '42',
      ]);
      expect(file.header).toEqual({ black: 'Anna Black', white: 'Bert White', event: 'Club' });
      expect(file.analyses.map((a: { record: string; moves: unknown[] }) => [a.record, a.moves.length])).toEqual([[G1, 60]]);
      // GGF: the main line with its names, whatever line is shown.
      const [ggf] = await Promise.all([page.waitForEvent('download'), page.click('#save-ggf')]);
      const back = readGgf(readFileSync((await ggf.path())!, 'utf8'), 'saved.ggf').games[0];
      expect([formatRecord(back.moves), back.black, back.white, back.properties.PC]).toEqual([G1, 'Anna Black', 'Bert White', 'Club']);
      await page.close();

      // Opened in a browser that never saw the game (its own storage): the same lines, move, names and analysis.
      const fresh = await served.browser.newContext({ viewport });
      const again = await fresh.newPage();
      const seenAgain = watch(again);
      await ready(again, served.url);
      await again.setInputFiles('#open-file', path);
      await again.locator(`#moves[data-length="${shown.length}"]`).waitFor({ timeout: 10_000 });
      expect({
        length: await moves(again, 'data-length'),
        at: await moves(again, 'data-at'),
        side: await moves(again, 'data-side'),
        info: await again.locator('#line-info').textContent(),
        header: await again.locator('#game-header').textContent(),
        position: await again.locator('#text').getAttribute('data-position'),
      }).toEqual(shown);
      await again.click('#main-line');
      expect(await again.locator('#analysis-box').getAttribute('data-state')).toBe('done');
      expect(await rowsText(again)).toEqual(mainRows);
      // A file that is not a good one: named, the game kept.
      await again.setInputFiles('#open-file', {
        name: 'bad.revsolve.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format": "revsolve-game", "version": 1, "start": "x"}'),
      });
      await again.locator('#message', { hasText: 'bad.revsolve.json: start: ' }).waitFor({ timeout: 10_000 });
      expect(await moves(again, 'data-length')).toBe('60');
      expect(seenAgain.errors).toEqual([]);
      await fresh.close();
    }, 240_000);

    it('a link cut in the middle of a square opens the moves before the cut, and says so (point 9)', async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, `${served.url}?g=f5d6c`);
      expect(await moves(page, 'data-length')).toBe('2');
      expect(await page.locator('#message').textContent()).toBe(
        `the address's game ends in the middle of a move ("c"): its first 2 moves are shown`,
      );
      await page.close();
    });

    it('a GGF game pasted in the text box opens as the file would, header and all (point 9)', async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, served.url);
      const ggf = readFileSync(fileURLToPath(new URL('./fixtures/ggf/wthor-2019-game-1.ggf', import.meta.url)), 'utf8');
      await page.fill('#text', ggf.trim());
      await page.click('#set');
      await page.locator('#moves[data-length="60"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('#message').textContent()).not.toMatch(/squares/);
      expect(await page.locator('#game-header').textContent()).toMatch(/^Chen Xun \(black\) – Chen Kai \(white\)/);
      // The names live in the address too: a reload (or the link) keeps them (point 3).
      expect(new URL(page.url()).searchParams.get('pb')).toBe('Chen Xun');
      const header = await page.locator('#game-header').textContent();
      await page.reload();
      await whenReady(page);
      expect(await page.locator('#game-header').textContent()).toBe(header);
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it('WTHOR.JOU opened alone says it holds names, not games, over no stale message (point 9)', async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, served.url);
      await page.setInputFiles('#open-file', fileURLToPath(new URL('./fixtures/wthor/WTHOR.JOU', import.meta.url)));
      await page.locator('#message:not(:empty)').waitFor({ timeout: 10_000 });
      expect(await page.locator('#message').textContent()).toBe(
        "WTHOR.JOU: the names of a WTHOR database, no game: open it together with a year's .wtb file",
      );
      expect(await page.locator('#database').isHidden()).toBe(true);
      await page.close();
    });

    it("a stopped solve's bounds show at once after a reload (point 5)", async () => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, `${served.url}?g=${G1}&at=33`);
      // Bounds as a stopped solve leaves them in the page's store (web/known.ts: [position, 'b', lower, upper, move]).
      const key = await page.locator('#text').getAttribute('data-position');
      await page.evaluate((k) => localStorage.setItem('revsolve-known', JSON.stringify([[k, 'b', -4, 10, -1]])), key);
      await page.reload();
      await whenReady(page);
      expect(await page.locator('#result').getAttribute('data-state')).toBe('bounds');
      expect(await page.locator('#result').textContent()).toBe('an earlier solve was stopped: score in [-04, +10] (not proven exact)');
      await page.close();
    });

    it('the game can be stepped through while a solve or an analysis runs, its progress in view; each keeps to its position (points 4, 6)', async () => {
      page = await context.newPage();
      seen = watch(page);
      // Step 33: 27 empties, seconds of search at least.
      await ready(page, `${served.url}?g=${G1}&at=33`);
      const solvedAt = await page.locator('#text').getAttribute('data-position');
      await page.click('#solve');
      await page.locator('#result[data-state=running]').waitFor({ timeout: 30_000 });
      // Its progress in view while it runs, on the phone too (point 6).
      await page.locator('#progress[data-state=running]').waitFor({ timeout: 30_000 });
      const box = await page.locator('#progress').boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await page.locator('#board').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await moves(page, 'data-at')).toBe('32');
      expect(await page.locator('#text').getAttribute('data-position')).not.toBe(solvedAt);
      await page.click('#moves button[data-at="20"]');
      expect(await moves(page, 'data-at')).toBe('20');
      expect(await page.locator('#result').getAttribute('data-state')).toBe('running');
      // Moves are not played meanwhile: the board's clicks wait.
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('60');
      await page.click('#stop');
      await page.locator('#result[data-state=stopped]').waitFor({ timeout: 30_000 });
      expect(await page.locator('#result').textContent()).toMatch(/^stopped \(step 33's position\)/);
      // An analysis: Home while it runs, and it still analyses the whole game.
      await page.fill('#analyse-from', '8');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=running]').waitFor({ timeout: 30_000 });
      await page.locator('#board').focus();
      await page.keyboard.press('Home');
      expect(await moves(page, 'data-at')).toBe('0');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 120_000 });
      expect(await page.locator('#analysis tbody tr').count()).toBe(60);
      expect(seen.errors).toEqual([]);
      await page.close();
    }, 240_000);
  });
});

/**
 * The page as a club player comes back to it (issue 59), in a real headless
 * Chromium at a desktop's size and a phone's: what it computed stays with
 * each position (every move's score drawn again on stepping back, "best"
 * then "every" adding up); the game lives in the address (a reload keeps
 * game, move shown, analysis and scores; Back and Forward step through what
 * the player did; links and records copied); edits are not moves; passes are
 * not numbered; the analysis is tied to the board (current row, losses in the
 * move list, a graph with axes and a marker, progress "n of m" with Stop);
 * the keyboard; the game's end said plainly; a long solve's estimate and best
 * move so far. The scores asserted come from plain negamax
 * (test/helpers.ts) or from `revsolve analyze` in another process.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayGame } from '../src/game/record.js';
import { emptyCount, formatPosition, legalMoves, moveName, parsePosition } from '../src/position/position.js';
import { referenceAnswers } from './helpers.js';
import { chromiumForTests, ready, type Seen, servedPage, solved, watch, whenReady } from './page.js';
import { CLI, jsonRows } from './processes.js';

const chromium = chromiumForTests('test/web-player.test.ts');

// The club player's games (issue 59): G1 has no pass; G3 has two passes left implied, before its moves 59 and 60.
const G1 = 'f5f4c3c4d3f6b3d6g4c2e2h4f3e3f7g3c1b4e6d2g2g6b2g8g5a3d7a1g7d8c7f2c6b8e7h8a4b6g1h5b7h2b1c5a7a8a2d1e1a5h3f8h7e8h6f1h1b5c8a6';
const G3 = 'f5f4g3f6f3h2c4c5c6c3h3c7e6g2b3b4f2d6b5g4c2h4d3a4b8b1g7c8a3g6g5d7c1b6e3b2g1h1a7a5e2h8f7f1a6d1d8e1h7b7a8h5a2e7a1h6f8d2g8e8';
const g1 = replayGame(G1);
const g3 = replayGame(G3);
/** The position in which G1's move n was played. */
const playedIn = (n: number) => g1.moves[n - 1].position;
const FFO64 = 63; // the FFO list's index of #64: minutes of search here

type Viewport = { width: number; height: number };
const VIEWPORTS: Viewport[] = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const squareScores = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.sq')]
        .filter((b) => b.dataset.score !== '' && b.dataset.score !== undefined)
        .map((b) => [b.dataset.square!, Number(b.dataset.score)]),
    ),
  );

const solves = (page: Page) =>
  page.evaluate(() => (window as unknown as { revsolve: { stats: { solves: number } } }).revsolve.stats.solves);

/** Pastes a game record and sets it. */
async function paste(page: Page, record: string): Promise<void> {
  await page.fill('#text', record);
  await page.click('#set');
}

/** Whether `inner`'s box lies inside `outer`'s visible box (both on screen). */
async function inside(page: Page, inner: string, outer: string): Promise<boolean> {
  return page.evaluate(
    ([i, o]) => {
      const a = document.querySelector(i)!.getBoundingClientRect();
      const b = document.querySelector(o)!.getBoundingClientRect();
      return a.height > 0 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.left >= b.left - 1 && a.right <= b.right + 1;
    },
    [inner, outer],
  );
}

describe.skipIf(!chromium)('the page a player comes back to (issue 59), in headless Chromium', () => {
  const served = servedPage(chromium!);

  describe.each(VIEWPORTS)('at $width×$height', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    let seen: Seen;
    beforeAll(async () => {
      // A context of its own (its own storage), with the clipboard allowed as a user allows it.
      context = await served.browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    });
    afterAll(async () => {
      await context?.close();
    });
    const open = async (address = served.url) => {
      page = await context.newPage();
      seen = watch(page);
      await ready(page, address);
      return page;
    };

    it('best move then every move: every square scored (as plain negamax), the PV kept; stepping away and back shows them again without a search (defect 1)', async () => {
      await open();
      await paste(page, G1);
      // The position before G1's move 53 (8 empties, black to move: a6 draws).
      await page.click('#moves button[data-at="52"]');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(formatPosition(playedIn(53)).replace(' ', ''));
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      const pvLength = await page.locator('#pv-at').getAttribute('data-length');
      await page.check('input[name=mode][value=every]');
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      const expected = Object.fromEntries(referenceAnswers(playedIn(53)).map((a) => [moveName(a.move), a.score]));
      expect(await squareScores(page)).toEqual(expected);
      expect(await page.locator('.sq[data-square=a6] .score').textContent()).toBe('+00');
      expect(await page.locator('.sq.best').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.square))).toEqual(['a6']);
      // The PV of the best move is still there to step through.
      expect(await page.locator('#pv-at').getAttribute('data-length')).toBe(pvLength);
      // Away and back: drawn again from what is known, no search.
      const n = await solves(page);
      await page.click('#moves button[data-at="40"]');
      expect(await squareScores(page)).toEqual({});
      await page.click('#moves button[data-at="52"]');
      expect(await squareScores(page)).toEqual(expected);
      expect(await solves(page)).toBe(n);
      // And "best" after "every": known at once.
      await page.check('input[name=mode][value=best]');
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      expect(await page.locator('#result').getAttribute('data-engine')).toBe('known');
      expect(await page.locator('#result').getAttribute('data-score')).toBe('0');
      expect(await page.locator('#result').textContent()).toMatch(/score \+00 for black/);
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it('the game in the address: a reload keeps the game, the move shown, its analysis and the scores found; Back and Forward step through what was done (defect 2)', async () => {
      await open();
      await paste(page, G3);
      await page.fill('#analyse-from', '8');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 60_000 });
      const rows = await page.locator('#analysis tbody tr').count();
      await page.click('#moves button[data-at="50"]');
      await page.check('input[name=mode][value=every]');
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      const scores = await squareScores(page);
      expect(Object.keys(scores).length).toBeGreaterThan(0);
      const steps = await page.locator('#moves').getAttribute('data-length');
      const shown = await page.locator('#text').getAttribute('data-position');
      expect(new URL(page.url()).searchParams.get('g')).toBe(G3);
      await page.reload();
      await whenReady(page);
      expect(await page.locator('#moves').getAttribute('data-length')).toBe(steps);
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('50');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(shown);
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('done');
      expect(await page.locator('#analysis tbody tr').count()).toBe(rows);
      expect(await squareScores(page)).toEqual(scores);
      expect(await solves(page)).toBe(0);

      // Back and Forward: a new game, two moves; Back shows the first, Forward the second again.
      await page.click('#start');
      await page.click('.sq[data-square=f5]');
      await page.click('.sq[data-square=d6]');
      expect(new URL(page.url()).searchParams.get('g')).toBe('f5d6');
      await page.goBack();
      await page.locator('#moves[data-length="1"]').waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('g')).toBe('f5');
      await page.goForward();
      await page.locator('#moves[data-length="2"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('.sq.last').getAttribute('data-square')).toBe('d6');

      // "copy link" and "copy record": the record as `revsolve analyze` reads it, the link opening the same game.
      await page.click('#copy-record');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('f5d6');
      await page.click('#copy-link');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      const other = await context.newPage();
      await ready(other, link);
      expect(await other.locator('#moves').getAttribute('data-length')).toBe('2');
      expect(await other.locator('.sq.last').getAttribute('data-square')).toBe('d6');
      await other.close();
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it('edits are not moves: "empty board" and "start position" begin a game; a game from an edited position lives in the address; Ctrl+Z takes back an edit (defect 4)', async () => {
      await open();
      await paste(page, 'f5d6c3');
      await page.click('#clear');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('0');
      await page.click('#start');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('0');
      await page.selectOption('#click-mode', 'edit');
      await page.click('.sq[data-square=a1]');
      await page.click('.sq[data-square=h8]');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('0');
      expect(await page.locator('#moves').textContent()).not.toMatch(/set/);
      const edited = await page.locator('#text').getAttribute('data-position');
      await page.selectOption('#click-mode', 'play');
      await page.click('.sq[data-square=f5]');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('1');
      const address = new URL(page.url());
      expect(address.searchParams.get('p')).toBe(edited);
      expect(address.searchParams.get('g')).toBe('f5');
      // Ctrl+Z: the move taken back, then the edit of h8; Ctrl+Y puts them back.
      await page.locator('#board').focus();
      await page.keyboard.press('Control+z');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('0');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(edited);
      await page.keyboard.press('Control+z');
      expect((await page.locator('#text').getAttribute('data-position'))![63]).toBe('-');
      await page.keyboard.press('Control+y');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(edited);
      await page.keyboard.press('Control+y');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('1');
      // A reload: the game from the edited position, its move.
      await page.reload();
      await whenReady(page);
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('1');
      await page.click('#first');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(edited);
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it("passes are not numbered: G3's list ends pass, 59. g8, pass, 60. e8, as analyze numbers them (defect 3)", async () => {
      await open();
      await paste(page, G3);
      const texts = await page.locator('#moves button').allTextContents();
      expect(texts.slice(-4)).toEqual(['pass', '59. g8', 'pass', '60. e8']);
      expect(texts[0]).toBe('1. f5');
      expect(g3.moves.at(-1)!.number).toBe(60);
      await page.close();
    });

    it('the current move in view: a pasted 60-move game shows its last move in the list; the analysis marks and shows the current row (defect 5)', async () => {
      await open();
      await paste(page, G1);
      expect(await page.locator('#moves button.at').textContent()).toBe('60. a6');
      expect(await inside(page, '#moves button.at', '#moves')).toBe(true);
      await page.fill('#analyse-from', '12');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 60_000 });
      // The position before move 58: its row is the current one, scrolled into the table's view.
      await page.click('#moves button[data-at="57"]');
      expect(await page.locator('#analysis tbody tr.current').getAttribute('data-move')).toBe('58');
      expect(await inside(page, '#analysis tbody tr.current', '#analysis')).toBe(true);
      await page.click('#moves button[data-at="49"]');
      expect(await page.locator('#analysis tbody tr.current').getAttribute('data-move')).toBe('50');
      expect(await inside(page, '#analysis tbody tr.current', '#analysis')).toBe(true);
      await page.close();
    });

    it('the game\'s end said plainly ("white wins 35–29"), the column not pushed; Solve at the end says why it does nothing (defect 6)', async () => {
      await open();
      const x0 = (await page.locator('#right').boundingBox())!.x;
      await paste(page, G1);
      const final = g1.final;
      const [board, side] = formatPosition(final).split(' ');
      const black = [...board].filter((c) => c === 'X').length;
      const white = [...board].filter((c) => c === 'O').length;
      expect(side).toBeDefined();
      const said =
        black > white ? `black wins ${black}–${white}` : white > black ? `white wins ${white}–${black}` : `draw ${black}–${white}`;
      expect(await page.locator('#final').textContent()).toBe(said);
      expect(await page.locator('#side-line').textContent()).not.toMatch(/to move/);
      expect((await page.locator('#right').boundingBox())!.x).toBe(x0);
      await page.click('#solve');
      expect(await page.locator('#message').textContent()).toBe(`the game is over: ${said}; nothing to solve`);
      await page.close();
    });

    it('an analysis running says "n of m" and the time, with Stop beside it; stopped, it says it is incomplete and its exports say which rows are exact; a large range asks first (defect 7)', async () => {
      await open();
      await paste(page, G1);
      await page.fill('#analyse-from', '18');
      await page.click('#analyse');
      await page.locator('#analysis-progress[data-state=running]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => /\b\d+ of \d+ moves\b.*\d+\.\d s/.test(document.getElementById('analysis-progress')!.textContent ?? ''),
        null,
        {
          timeout: 30_000,
        },
      );
      expect(await page.locator('#analysis-stop').isEnabled()).toBe(true);
      expect(await inside(page, '#analysis-stop', '#analysis-box')).toBe(true);
      await page.waitForFunction(() => document.querySelectorAll('#analysis tbody tr:not([data-estimate])').length >= 2, null, {
        timeout: 60_000,
      });
      await page.click('#analysis-stop');
      await page.locator('#analysis-box[data-state=stopped]').waitFor({ timeout: 10_000 });
      expect(await page.locator('#analysis-status').textContent()).toMatch(/incomplete/);
      expect(await page.locator('#export-json').isEnabled()).toBe(true);
      const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
      const kept = JSON.parse(readFileSync((await json.path())!, 'utf8'));
      expect(kept.complete).toBe(false);
      expect(kept.moves.every((r: { exact: boolean; estimateDepth: number | null }) => r.exact === (r.estimateDepth === null))).toBe(true);
      expect(kept.moves.some((r: { exact: boolean }) => r.exact)).toBe(true);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
      expect(readFileSync((await csv.path())!, 'utf8').split('\n')[0]).toMatch(/,exact\b/);
      // 30 empties on: the warning Solve gives, and nothing starts before the second click.
      await page.fill('#analyse-from', '30');
      await page.click('#analyse');
      expect(await page.locator('#warning').textContent()).toMatch(/30 empties.*Click Analyse again to start/);
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('stopped');
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it('records pasted with move numbers are read; a bad square is named as the command line names it (defect 8)', async () => {
      await open();
      await paste(page, '1. f5 2. d6 3. c3');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('3');
      await paste(page, '1. f5 d6 2. c3 d3');
      expect(await page.locator('#moves').getAttribute('data-length')).toBe('4');
      await paste(page, 'f5d6c3zz');
      const cli = spawnSync(process.execPath, [CLI, 'analyze', 'f5d6c3zz'], { encoding: 'utf8' });
      expect(cli.status).toBe(2);
      expect(cli.stderr).toContain('"zz" is not a square');
      expect(await page.locator('#message').textContent()).toContain('"zz" is not a square');
      await page.close();
    });

    it('a long solve shows an estimate and the best move so far, and says which is which (defect 9)', async () => {
      await open();
      await page.selectOption('#ffo', String(FFO64));
      await page.click('#solve');
      await page.waitForFunction(() => document.getElementById('progress')!.dataset.estimateMove, null, { timeout: 60_000 });
      const p = page.locator('#progress');
      const estimate = Number(await p.getAttribute('data-estimate'));
      expect(estimate % 2).toBe(0);
      expect(Math.abs(estimate)).toBeLessThanOrEqual(64);
      const move = (await p.getAttribute('data-estimate-move'))!;
      const ffo64 = parsePosition(
        readFileSync(new URL('../obf/fforum-60-79.obf', import.meta.url), 'utf8')
          .split('\n')
          .filter((l) => l.trim())[4]
          .split(';')[0],
      );
      expect(legalMoves(ffo64).map(moveName)).toContain(move);
      expect(await p.textContent()).toMatch(new RegExp(`estimate [+-]\\d\\d \\(not exact\\), best so far ${move}`));
      expect(await p.textContent()).toMatch(/exact score in \[/);
      await page.click('#stop');
      expect(await solved(page, 10_000)).toBe('stopped');
      await page.close();
    });

    it('small things: +00, copy position said, an illegal click said, a forced pass said, Solve in the first screen (defect 10)', async () => {
      await open();
      // Solve and its result in the first screen.
      const solve = (await page.locator('#solve').boundingBox())!;
      expect(solve.y + solve.height).toBeLessThanOrEqual(viewport.height);
      await page.click('#start');
      await page.click('.sq[data-square=a1]');
      expect(await page.locator('#message').textContent()).toBe('a1 is not a legal move for black');
      await page.click('#copy');
      await page.locator('#message', { hasText: 'position copied' }).waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(formatPosition(g1.moves[0].position));
      // G3 before its move 59: black has no move.
      await paste(page, G3);
      const passStep = g3.moves.findIndex((m) => m.number === 59);
      expect(g3.moves[passStep].position.toMove).toBe('O');
      const texts = await page.locator('#moves button').allTextContents();
      const at = texts.indexOf('59. g8') - 1; // the pass's button: the position before it is shown by the button before
      await page.click(`#moves button[data-at="${at}"]`);
      expect(await page.locator('#side-line').textContent()).toMatch(/black has no move: black passes/);
      expect(await page.locator('#pass').isEnabled()).toBe(true);
      expect(emptyCount(g3.moves[passStep].position)).toBe(2);
      await page.close();
    });

    it('the analysis tied to the board: losses coloured in the move list, a graph with axes, move numbers, a marker, exact and estimated apart, click to jump', async () => {
      await open();
      await paste(page, G1);
      await page.fill('#analyse-from', '10');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 60_000 });
      const cli = jsonRows(
        spawnSync(process.execPath, [CLI, 'analyze', G1, '--from', '10', '--json', '-n', '1', '-h', '14'], { encoding: 'utf8' }).stdout,
      ).filter((r) => !r.summary);
      for (const r of cli) {
        const b = page.locator(`#moves button[data-at="${r.move}"]`);
        expect(await b.getAttribute('data-loss'), `move ${r.move}`).toBe(String(r.loss));
      }
      // Estimated moves carry their loss too, marked as estimates.
      expect(await page.locator('#moves button[data-at="20"]').getAttribute('data-estimate')).toBe('6');
      expect(await page.locator('#graph .axis').count()).toBeGreaterThanOrEqual(2);
      // The score axis is ±8, 16, 32 or 64, the smallest that holds every score of the analysis table
      // (black's view); the CLI's exact scores are among them.
      const tableRows = await page
        .locator('#analysis tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const blackScores = tableRows.map(([, side, , score]) => (side === 'black' ? 1 : -1) * Number(score.replace('≈', '')));
      expect(tableRows.length).toBe(60);
      for (const r of cli) expect(blackScores[Number(r.move) - 1], `move ${r.move}`).toBe((r.side === 'black' ? 1 : -1) * Number(r.score));
      const most = Math.max(...blackScores.map(Math.abs));
      const span = [8, 16, 32, 64].find((v) => v >= most) ?? 64;
      const labels = await page.locator('#graph text').allTextContents();
      expect(labels).toEqual(expect.arrayContaining([`+${span}`, `-${span}`, '0', '1', '60']));
      expect(labels).not.toContain(`+${span * 2}`);
      expect(await page.locator('#graph polyline.exact').count()).toBe(1);
      expect(await page.locator('#graph polyline.estimate').count()).toBe(1);
      expect(await page.locator('#graph .marker').getAttribute('data-move')).toBe('60');
      await page.click('#graph [data-jump="55"]');
      expect(await page.locator('#text').getAttribute('data-position')).toBe(formatPosition(playedIn(55)).replace(' ', ''));
      expect(await page.locator('#graph .marker').getAttribute('data-move')).toBe('55');
      await page.close();
    });

    it('the keyboard: ←/→, Home/End step the game; Tab reaches the controls with a visible focus; the board flips', async () => {
      await open();
      await paste(page, G1);
      await page.locator('#board').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('59');
      await page.keyboard.press('Home');
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('0');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('2');
      await page.keyboard.press('End');
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('60');
      // The board is one Tab stop, not 64 (issue 73, point 9): Tab goes from it to the step buttons; a square typed on it is played.
      await page.locator('#board').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('first');
      await page.locator('#board').focus();
      await page.keyboard.press('Home');
      await page.keyboard.type(G1.slice(0, 2));
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('1');
      await page.keyboard.press('End');
      // Typing in the text box does not step the game.
      await page.locator('#text').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await page.locator('#moves').getAttribute('data-at')).toBe('60');
      // Tab: focus moves on, visibly.
      await page.locator('#solve').focus();
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const s = getComputedStyle(e);
        return { id: e.id, style: s.outlineStyle, width: s.outlineWidth };
      });
      expect(outline.style).not.toBe('none');
      expect(outline.width).not.toBe('0px');
      // Flipped: h8 at the top left.
      const a1 = (await page.locator('.sq[data-square=a1]').boundingBox())!;
      await page.click('#flip');
      const flipped = (await page.locator('.sq[data-square=a1]').boundingBox())!;
      expect(flipped.x).toBeGreaterThan(a1.x);
      expect(flipped.y).toBeGreaterThan(a1.y);
      expect(await page.locator('#board .coord').first().textContent()).toBe('');
      expect((await page.locator('#board .coord').allTextContents()).slice(1, 3)).toEqual(['h', 'g']);
      await page.close();
    });
  });
});

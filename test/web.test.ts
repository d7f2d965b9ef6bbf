/**
 * The page in a real headless Chromium (playwright-core, Debian's chromium)
 * against `revsolve web` started here on a free port: it loads clean and
 * cross-origin isolated; FFO #1 solves to the file's answer; every move of
 * a 20-empties position gets the score the command line gives its child;
 * edits, moves, links, bad text, the PV's steps; Stop ends a long solve
 * (the workers go idle) and the page solves again; served without the
 * isolation headers, it says so and still solves. Without a Chromium the
 * tests skip with one line, except under CI, where that fails.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayGame } from '../src/game/record.js';
import { formatObfLine, parseObf } from '../src/position/obf.js';
import {
  emptyCount,
  formatPosition,
  legalMoves,
  moveName,
  PASS,
  type Position,
  parseMove,
  parsePosition,
  play,
} from '../src/position/position.js';
import { defaultOf, setting } from '../src/settings/index.js';
import { MAX_SPLIT_WORKERS, WASM_MAX_BITS } from '../src/wasm/layout.js';
import { readGameLine } from '../web/text.js';
import { OBF, rng } from './helpers.js';
import { chromiumForTests, ready, servedPage, solved, watch } from './page.js';
import { CLI, jsonRows, sleep } from './processes.js';
import { tempDir } from './tmp.js';

const chromium = chromiumForTests('test/web.test.ts');

const FFO1 = parseObf(readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8')).entries[0];
// A game record (random legal moves, seed 7), and the position after its first n moves.
// Two passes implied in its last 9 empties (test/analyze.test.ts).
const GAME_PASSES =
  'c4c5e6e3c3f5e2f7g8c2b3e1b6d7f3c6g6a7f2f4d3g1g4g5b7b5f1b8a8g3a5b4h4b2e8d2h6d6h1c7g2h7h5h3c8g7d1e7a6c1h2a4h8a3a2f6d8f8a1b1';
const GAME = 'f5f4e3f6g5g4f7f8c3h6g3d2g7g2h2f3e1e6g8e7g6c1d6c5f2h7e2h5c4d1d7c6e8c7d8h3b1b2a3d3h4g1b8b3h8b7a2b4b5a5c2c8a7h1a6b6f1a8a4a1';
const replay = (record: string, n: number) => readGameLine(record).positions[n - 1];
/** A position whose side to move has no move while the other side has (found along random games). */
const FORCED_PASS = ((): Position => {
  const random = rng(5);
  for (;;) {
    let p = parsePosition(`${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`);
    for (;;) {
      const moves = legalMoves(p);
      const theirs = legalMoves({ player: p.opponent, opponent: p.player, toMove: p.toMove === 'X' ? 'O' : 'X' });
      if (moves.length === 0 && theirs.length > 0 && emptyCount(p) <= 14) return p;
      if (moves.length === 0 && theirs.length === 0) break;
      p = play(p, moves.length === 0 ? PASS : moves[random() % moves.length]);
    }
  }
})();
// A random position of 20 empties (bench's seed-1 set, line 2): its children take well under a second each.
const RANDOM20 = readFileSync(join(OBF, 'random-s1.obf'), 'utf8').split('\n')[1].trim();

describe.skipIf(!chromium)('the web page in headless Chromium', () => {
  const served = servedPage(chromium!);
  const dir = tempDir('web');

  it("loads with no console error, cross-origin isolated, the wasm engine on the browser's cores", async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    expect(await page.locator('#env').getAttribute('data-isolated')).toBe('1');
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.locator('#workers').inputValue()).toBe(String(Math.min(MAX_SPLIT_WORKERS, cores)));
    expect(await page.locator('#workers').getAttribute('max')).toBe(String(MAX_SPLIT_WORKERS));
    expect(await page.locator('#env').textContent()).toMatch(/engine wasm/);
    const fav = await page.request.get(new URL('favicon.svg', served.url).href);
    expect(fav.status()).toBe(200);
    expect(fav.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("the form's defaults and limits are the settings table's (issue 84: the table size was written 20 in the page, 21 in the table)", async () => {
    const page = await served.browser.newPage();
    await ready(page, served.url);
    const [bitsMin] = setting('hashBits').range as readonly [number, number];
    const [fromMin, fromMax] = setting('from').range as readonly [number, number];
    expect(await page.locator('#bits').inputValue()).toBe(String(defaultOf('hashBits')));
    expect(await page.locator('#bits').getAttribute('min')).toBe(String(bitsMin));
    expect(await page.locator('#bits').getAttribute('max')).toBe(String(WASM_MAX_BITS));
    expect(await page.locator('#analyse-from').inputValue()).toBe(String(defaultOf('from')));
    expect(await page.locator('#analyse-from').getAttribute('min')).toBe(String(fromMin));
    expect(await page.locator('#analyse-from').getAttribute('max')).toBe(String(fromMax));
    expect(await page.locator('#engine').inputValue()).toBe(defaultOf('engine'));
    await page.close();
  });

  it("FFO #1 picked and solved: the file's score, a move among its best answers, on wasm with every worker", async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    await page.selectOption('#ffo', '0');
    expect(await page.locator('#text').getAttribute('data-position')).toBe(formatPosition(FFO1.position).replace(' ', ''));
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    const best = Math.max(...FFO1.answers.map((a) => a.score));
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(best);
    const moves = FFO1.answers.filter((a) => a.score === best).map((a) => moveName(a.move));
    expect(moves).toContain(await page.locator('#result').getAttribute('data-move'));
    expect(await page.locator('#result').getAttribute('data-engine')).toBe('wasm');
    expect(await page.locator('#env').getAttribute('data-workers')).toBe(String(await page.evaluate(() => navigator.hardwareConcurrency)));

    // The PV steps through to its end, one move at a time.
    const length = Number(await page.locator('#pv-at').getAttribute('data-length'));
    expect(length).toBeGreaterThan(5);
    for (let i = 1; i <= length; i++) {
      await page.click('#pv-next');
      expect(await page.locator('#pv-at').getAttribute('data-step')).toBe(String(i));
    }
    expect(await page.locator('#pv-next').isDisabled()).toBe(true);
    await page.click('#pv-first');
    expect(await page.locator('#pv-at').getAttribute('data-step')).toBe('0');

    // The TypeScript engine, asked for, runs (FFO #2: +10).
    await page.selectOption('#engine', 'ts');
    await page.selectOption('#ffo', '1');
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    expect(await page.locator('#result').getAttribute('data-engine')).toBe('ts');
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(10);
    await page.selectOption('#ffo', '0');

    // Asked again in the session: at once, from what is known.
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    expect(await page.locator('#result').getAttribute('data-engine')).toBe('known');
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(best);
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('every move of a pasted 20-empties position: the score the command line gives each child', async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    await page.fill('#text', RANDOM20);
    await page.click('#set');
    await page.check('input[name=mode][value=every]');
    await page.click('#solve');
    expect(await solved(page, 90_000)).toBe('done');
    const position = parsePosition(RANDOM20);
    const moves = legalMoves(position);
    const children = join(dir, 'children.obf');
    writeFileSync(children, moves.map((m) => `${formatObfLine(play(position, m))}\n`).join(''));
    const cli = spawnSync(process.execPath, [CLI, 'solve', children, '-h', '18', '-n', '2', '--json', '--quiet'], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
    const rows = jsonRows(cli.stdout);
    expect(rows.length).toBe(moves.length);
    for (let i = 0; i < moves.length; i++) {
      const shown = await page.locator(`.sq[data-square=${moveName(moves[i])}]`).getAttribute('data-score');
      expect(Number(shown), moveName(moves[i])).toBe(-Number(rows[i].score));
    }
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('a click edit and a move played change the position string; a link opens a position; bad text says why', async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    await page.click('#start');
    const start = await page.locator('#text').getAttribute('data-position');
    await page.click('.sq[data-square=d3]');
    const after = await page.locator('#text').getAttribute('data-position');
    expect(after).not.toBe(start);
    expect(after).toBe(formatPosition(play(parsePosition(`${start!.slice(0, 64)} ${start!.slice(64)}`), 19)).replace(' ', ''));
    expect(new URL(page.url()).searchParams.get('g')).toBe('d3');
    await page.click('#back');
    expect(await page.locator('#text').getAttribute('data-position')).toBe(start);
    await page.selectOption('#click-mode', 'edit');
    await page.click('.sq[data-square=a1]');
    expect((await page.locator('#text').getAttribute('data-position'))![0]).toBe('X');

    // A link with a position opens it.
    const link = new URL(served.url);
    link.searchParams.set('p', formatPosition(FFO1.position).replace(' ', ''));
    await ready(page, link.href);
    expect(await page.locator('#text').inputValue()).toBe(formatPosition(FFO1.position));

    // A game record from the start, then bad text: one message, no console error.
    await page.fill('#text', 'f5d6c3');
    await page.click('#set');
    expect(await page.locator('#message').textContent()).toBe('');
    await page.fill('#text', 'hello world');
    await page.click('#set');
    expect(await page.locator('#message').textContent()).toMatch(/squares|side to move/);
    await page.fill('#text', 'f5f5');
    await page.click('#set');
    expect(await page.locator('#message').textContent()).toMatch(/the game record: move 2: f5 is not a legal move for white/);
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('Stop ends a long solve within a second: the workers go idle, the nodes stop, and the page solves again', async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    await page.selectOption('#ffo', String(63)); // FFO #64: minutes here
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('progress')!.dataset.nodes ?? 0) > 1e6, null, { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { revsolve: { busy(): number } }).revsolve.busy())).toBeGreaterThan(0);
    const t0 = Date.now();
    await page.click('#stop');
    await page.waitForFunction(() => (window as unknown as { revsolve: { busy(): number } }).revsolve.busy() === 0, null, {
      timeout: 5_000,
    });
    const ms = Date.now() - t0;
    expect(ms).toBeLessThan(1000);
    expect(await solved(page, 5_000)).toBe('stopped');
    const n1 = await page.locator('#progress').getAttribute('data-nodes');
    await sleep(400);
    expect(await page.locator('#progress').getAttribute('data-nodes')).toBe(n1);
    // Still usable.
    await page.selectOption('#ffo', '0');
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(18);
    expect(seen.errors).toEqual([]);
    await page.close();
  });
  it('Stop during a split solve gives no score and remembers none (FFO #79 on 2 workers, stopped at 1.0, 1.7 and 3.2 s)', async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    await page.fill('#workers', '2');
    for (const ms of [1000, 1700, 3200]) {
      await page.selectOption('#ffo', String(78)); // FFO #79: 36 empties, +64; hours
      await page.click('#solve'); // the warning for 30+ empties
      await page.click('#solve');
      await page.locator('#result[data-state=running]').waitFor({ timeout: 10_000 });
      await sleep(ms);
      await page.click('#stop');
      expect(await solved(page, 10_000), `stopped at ${ms} ms`).toBe('stopped');
      const text = (await page.locator('#result').textContent())!;
      expect(text, `stopped at ${ms} ms`).toMatch(/^stopped/);
      expect(text).not.toMatch(/score [+-]?\d/);
      expect(await page.locator('#result').getAttribute('data-score')).toBeNull();
    }
    // Nothing of it was kept as known: solving it again starts a search.
    await page.click('#solve');
    await page.locator('#result:is([data-state=running],[data-state=done])').waitFor({ timeout: 10_000 });
    expect(await page.locator('#result').getAttribute('data-state')).toBe('running');
    await page.click('#stop');
    expect(await solved(page, 10_000)).toBe('stopped');
    expect(seen.errors).toEqual([]);
    await page.close();
  }, 120_000);

  // What a player uses, at a desktop's size and at a phone's.
  describe.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('at $width×$height', (viewport) => {
    it("a player's page: coordinates, the last move marked, a pasted game to step through, a move from the PV shown", async () => {
      const page = await served.browser.newPage({ viewport });
      const seen = watch(page);
      await ready(page, served.url);
      expect(await page.locator('#board .coord').allTextContents()).toEqual(['', ...'abcdefgh', ...'12345678']);
      // The jargon explained where it stands: h and workers.
      expect(await page.locator('label:has(#bits)').getAttribute('title')).toMatch(/^table size: 2\^h positions/);
      expect(await page.locator('label:has(#workers)').getAttribute('title')).toMatch(/^threads of this browser/);
      // A game record pasted becomes a game: its moves listed, the last one marked, undo one move back.
      await page.fill('#text', GAME);
      await page.click('#set');
      const n = GAME.length / 2;
      expect(await page.locator('#moves').getAttribute('data-length')).toBe(String(n));
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(replay(GAME, n)));
      expect(await page.locator('.sq.last').getAttribute('data-square')).toBe(GAME.slice(-2));
      await page.click('#back');
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(replay(GAME, n - 1)));
      expect(await page.locator('.sq.last').getAttribute('data-square')).toBe(GAME.slice(-4, -2));
      await page.click('#moves button[data-at="3"]');
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(replay(GAME, 3)));
      await page.click('#forward');
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(replay(GAME, 4)));
      // A move clicked while the PV is shown plays from the position shown, not from the root.
      await page.selectOption('#ffo', '0');
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      expect(await page.locator('#result').textContent()).toMatch(/score \+18 for black \(to move\)/);
      // One score formatter: the page writes the score as the command line's table does, for the same position.
      const table = spawnSync(
        process.execPath,
        [CLI, 'solve', '--position', formatPosition(FFO1.position), '-h', '16', '-n', '1', '--quiet'],
        {
          encoding: 'utf8',
        },
      ).stdout;
      const cliScore = /^\s+1 \|\s+\d+ \|\s+(\S+) \|/m.exec(table)![1];
      expect(/score (\S+) for black/.exec((await page.locator('#result').textContent())!)![1]).toBe(cliScore);
      await page.click('#pv-next');
      await page.click('#pv-next');
      const pv = /^PV (.*)$/m
        .exec((await page.locator('#result').textContent())!)![1]
        .split(' ')
        .map(parseMove);
      const afterTwo = play(play(FFO1.position, pv[0]), pv[1]);
      const reply = legalMoves(afterTwo)[0];
      await page.click(`.sq[data-square="${moveName(reply)}"]`);
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(play(afterTwo, reply)));
      expect(await page.locator('#ffo').inputValue()).toBe('');
      expect(seen.errors).toEqual([]);
      await page.close();
    });

    it('a forced pass after a solve, the tables label, a bad link, controls locked while solving, every move marked best only when all are known', async () => {
      const page = await served.browser.newPage({ viewport });
      const seen = watch(page);
      // A bad link says why and keeps its address.
      await ready(page, `${served.url}?p=nonsense`);
      expect(await page.locator('#message').textContent()).toMatch(/^the address's position \(\?p=nonsense\)/);
      expect(new URL(page.url()).searchParams.get('p')).toBe('nonsense');
      // The pass button once a position whose side to move must pass is solved.
      await page.fill('#text', formatPosition(FORCED_PASS));
      await page.click('#set');
      await page.click('#solve');
      expect(await solved(page)).toBe('done');
      expect(await page.locator('#pass').isDisabled()).toBe(false);
      await page.click('#pass');
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(play(FORCED_PASS, -1)));
      // The tables label follows the settings, solved or not.
      await page.fill('#workers', '1');
      await page.fill('#bits', '20');
      await page.dispatchEvent('#bits', 'input');
      expect(await page.locator('#memory').textContent()).toBe('tables 32 MiB');
      await page.fill('#bits', '22');
      await page.dispatchEvent('#bits', 'input');
      expect(await page.locator('#memory').textContent()).toBe('tables 128 MiB');
      // Every move of a 20-empties position: controls locked while it runs; best marked once all are known.
      await page.fill('#text', RANDOM20);
      await page.click('#set');
      await page.check('input[name=mode][value=every]');
      // New table settings: the tables are made as a phase of their own, before the solve's clock starts.
      await page.evaluate(() => {
        const w = window as unknown as { said: string[] };
        w.said = [];
        new MutationObserver(() => w.said.push(document.getElementById('result')!.textContent ?? '')).observe(
          document.getElementById('result')!,
          { childList: true, characterData: true, subtree: true },
        );
      });
      await page.click('#solve');
      await page.locator('#result[data-state=running]').waitFor({ timeout: 10_000 });
      for (const id of ['#analyse', '#ffo', '#bits', '#workers', '#set', '#start', '#clear'])
        expect(await page.locator(id).isDisabled(), id).toBe(true);
      const marks: number[][] = [];
      while ((await page.locator('#result').getAttribute('data-state')) === 'running') {
        // Both counts in one read of the page: two reads could straddle the last move's answer.
        const [scored, best] = await page.evaluate(() => [
          document.querySelectorAll('.sq[data-score]:not([data-score=""])').length,
          document.querySelectorAll('.sq.best').length,
        ]);
        marks.push([scored, best, legalMoves(parsePosition(RANDOM20.split(';')[0])).length]);
        await sleep(20);
      }
      expect(await solved(page)).toBe('done');
      const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
      expect(said.indexOf('making the tables…')).toBeGreaterThanOrEqual(0);
      expect(said.indexOf('making the tables…')).toBeLessThan(said.findIndex((x) => x.startsWith('solving… (step ')));
      for (const [scored, best, moves] of marks) if (best > 0) expect(scored, 'a best mark before every move was known').toBe(moves);
      expect(await page.locator('.sq.best').count()).toBeGreaterThan(0);
      for (const id of ['#start', '#set', '#ffo', '#bits']) expect(await page.locator(id).isDisabled(), id).toBe(false);
      expect(seen.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
      await page.close();
    }, 90_000);

    it('analyses a pasted game on the workers: every row as revsolve analyze gives it, a graph, CSV and JSON, kept for the game', async () => {
      const page = await served.browser.newPage({ viewport });
      const seen = watch(page);
      await ready(page, served.url);
      await page.fill('#text', GAME);
      await page.click('#set');
      await page.fill('#analyse-from', '14');
      await page.click('#analyse');
      await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 60_000 });
      const cli = jsonRows(
        spawnSync(process.execPath, [CLI, 'analyze', GAME, '--from', '14', '--json', '-n', '1', '-h', '16'], { encoding: 'utf8' }).stdout,
      ).filter((r) => !r.summary);
      expect(cli.length).toBe(14); // the moves played from 14 empties to 1
      // Before 14 empties every move is an estimate, marked so, with its depth; the moves from 14 on are exact.
      const estimated = replayGame(GAME).moves.filter((m) => emptyCount(m.position) > 14).length;
      expect(await page.locator('#analysis tbody tr[data-estimate="6"]').count()).toBe(estimated);
      expect(await page.locator('#analysis tbody tr[data-estimate] td:nth-child(4)').allTextContents()).toEqual(
        Array(estimated).fill(expect.stringMatching(/^≈[+-]?\d/)),
      );
      const rows = await page
        .locator('#analysis tbody tr:not([data-estimate])')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows.map((r) => [Number(r[0]), r[1], r[2], Number(r[3]), Number(r[4]!.split(' ')[0]), Number(r[5])])).toEqual(
        cli.map((r) => [r.move, r.side, r.played, r.score, r.best, r.loss]),
      );
      expect(await page.locator('#graph polyline.exact').count()).toBe(1);
      expect(await page.locator('#graph polyline.estimate').count()).toBe(1);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
      expect(
        readFileSync((await csv.path())!, 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(estimated + cli.length + 1);
      const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
      const exported = JSON.parse(readFileSync((await json.path())!, 'utf8')).moves as Record<string, unknown>[];
      expect(exported).toHaveLength(estimated + cli.length);
      // One record form: the page's exact moves are analyze --json's rows, field for field, but the game's number and the nodes.
      expect(exported.filter((m) => m.exact)).toEqual(cli.map(({ game: _g, nodes: _n, ...r }) => r));
      // The same game set again: its analysis comes back without a search.
      await page.click('#start');
      await page.fill('#text', GAME);
      await page.click('#set');
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('done');
      expect(await page.locator('#analysis tbody tr:not([data-estimate])').count()).toBe(cli.length);
      // A row goes to the position its move was played in.
      await page.click(`#analysis tbody tr[data-move="${cli[0].move}"]`);
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(replay(GAME, (cli[0].move as number) - 1)));
      expect(seen.errors).toEqual([]);
      await page.close();
    }, 90_000);

    it('a game with passes not written in its record: each pass a step of the game, every analysed row as revsolve analyze gives it', async () => {
      // Two passes implied in the last 9 empties (the record of test/analyze.test.ts). The page once stepped
      // from the position before a pass straight to the move after it, and failed its analysis ("a7 is not a legal move").
      const page = await served.browser.newPage({ viewport });
      const seen = watch(page);
      await ready(page, served.url);
      await page.fill('#text', GAME_PASSES);
      await page.click('#set');
      const steps = await page.locator('#moves button').allTextContents();
      expect(steps).toHaveLength(GAME_PASSES.length / 2 + 2);
      expect(steps.filter((t) => t.endsWith('pass'))).toHaveLength(2);
      await page.fill('#analyse-from', '9');
      await page.click('#analyse');
      await page.locator('#analysis-box:is([data-state=done],[data-state=error])').waitFor({ timeout: 60_000 });
      expect(await page.locator('#message').textContent()).toBe('');
      expect(await page.locator('#analysis-box').getAttribute('data-state')).toBe('done');
      const cli = jsonRows(
        spawnSync(process.execPath, [CLI, 'analyze', GAME_PASSES, '--from', '9', '--json', '-n', '1', '-h', '12'], { encoding: 'utf8' })
          .stdout,
      ).filter((r) => !r.summary);
      const rows = await page
        .locator('#analysis tbody tr:not([data-estimate])')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows.map((r) => [Number(r[0]), r[1], r[2], Number(r[3]), Number(r[4]!.split(' ')[0]), Number(r[5])])).toEqual(
        cli.map((r) => [r.move, r.side, r.played, r.score, r.best, r.loss]),
      );
      // The row of a move after a pass goes to the position it was played in: the pass made, its side to move.
      const moves = replayGame(GAME_PASSES).moves;
      const afterPass = moves.find((m, i) => i > 0 && emptyCount(m.position) <= 9 && moves[i - 1].position.toMove === m.position.toMove)!;
      await page.click(`#analysis tbody tr[data-move="${afterPass.number}"]`);
      expect(await page.locator('#text').inputValue()).toBe(formatPosition(afterPass.position));
      expect(seen.errors).toEqual([]);
      await page.close();
    }, 90_000);
  });

  it("fits a phone: at 390 px wide nothing is cut off, every square and control inside the width, an analysis's loss column too", async () => {
    const page = await served.browser.newPage({ viewport: { width: 390, height: 844 } });
    await ready(page, served.url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const id of ['.sq[data-square="h1"]', '.sq[data-square="h8"]', '#solve', '#text']) {
      const box = (await page.locator(id).boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    // An analysed game: every row's loss in view, inside the width (the loss column was cut off at 390 px).
    await page.fill('#text', GAME);
    await page.click('#set');
    await page.fill('#analyse-from', '6');
    await page.click('#analyse');
    await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 60_000 });
    const table = (await page.locator('#analysis').boundingBox())!;
    const loss = (await page.locator('#analysis tbody tr:last-child td:last-child').boundingBox())!;
    expect(loss.x + loss.width).toBeLessThanOrEqual(Math.min(390, table.x + table.width));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // What the solve box said while the tables were made is not left behind.
    expect(await page.locator('#result').textContent()).not.toContain('making the tables');
    await page.close();
  }, 60_000);
});

describe.skipIf(!chromium)('the page served without the isolation headers (a static host)', () => {
  const served = servedPage(chromium!, ['--no-isolation']);

  it('says so, solves on one table per worker, and Stop ends the workers', async () => {
    const page = await served.browser.newPage();
    const seen = watch(page);
    await ready(page, served.url);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
    expect(await page.locator('#env').getAttribute('data-isolated')).toBe('0');
    expect(await page.locator('#env').textContent()).toMatch(/not isolated/);
    await page.selectOption('#ffo', '0');
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(18);
    await page.selectOption('#ffo', String(63));
    await page.click('#solve');
    await page.waitForFunction(() => (window as unknown as { revsolve: { busy(): number } }).revsolve.busy() > 0, null, {
      timeout: 30_000,
    });
    await sleep(300);
    await page.click('#stop');
    expect(await solved(page, 5_000)).toBe('stopped');
    expect(await page.evaluate(() => (window as unknown as { revsolve: { busy(): number } }).revsolve.busy())).toBe(0);
    await page.selectOption('#ffo', '1');
    await page.click('#solve');
    expect(await solved(page)).toBe('done');
    expect(Number(await page.locator('#result').getAttribute('data-score'))).toBe(10);
    expect(seen.errors).toEqual([]);
    await page.close();
  });
});

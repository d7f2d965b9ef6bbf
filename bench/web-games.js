// The games panel and `revsolve games` on a WTHOR database (issue 74): in
// the page (headless Chromium), the time to read and index the files in
// the panel's worker (and keep them in IndexedDB), a search by player and
// by a position, a game picked (the game loaded and the board drawn, timed
// in the page), and a reload finding the games again; on the command line,
// the same searches as whole processes. Medians of --rounds.
//   npm run bench:games -- --wthor ../shared/wthor [--rounds 3]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPosition, replayGame } from '../dist/index.js';
import { findChromium, launchChromium } from '../web/chromium.mjs';
import { args, machine, machineLoad, saveJson, servePage, updateReadme } from './experiment.js';

const opt = args({ wthor: '', rounds: '3', player: 'Tastet', position: 'f5d6c3d3c4f4c5b3c2' });
if (!opt.wthor) throw new Error('--wthor DIR: the WTHOR files (WTH_*.wtb, WTHOR.JOU, WTHOR.TRN)');
const rounds = Number(opt.rounds);
const names = readdirSync(opt.wthor)
  .filter((f) => /\.(wtb|jou|trn)$/i.test(f))
  .sort();
const wtb = names.filter((f) => /\.wtb$/i.test(f)).map((f) => join(opt.wthor, f));
const files = names.map((n) => ({ name: n, mimeType: 'application/octet-stream', buffer: readFileSync(join(opt.wthor, n)) }));
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const before = machineLoad();

function cli(...a) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, 'games', ...wtb, ...a, '--limit', '1'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(r.stderr);
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, said: r.stdout.trim().split('\n').at(-1) };
}

const { server, url } = await servePage();
const browser = await launchChromium(findChromium());
const rows = [];
try {
  for (let r = 0; r < rounds; r++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.locator('#env[data-ready="1"]').waitFor({ timeout: 120_000 });
    const t0 = Date.now();
    await page.setInputFiles('#open-file', files);
    await page.locator('#db-status[data-state="ready"]').waitFor({ timeout: 600_000 });
    const openMs = Date.now() - t0;
    const db = page.locator('#database');
    const count = Number(await db.getAttribute('data-games'));
    const indexMs = Number(await db.getAttribute('data-index-ms'));
    const searched = async () => {
      await page.waitForFunction(() => document.querySelector('#database').dataset.searchMs !== undefined);
      return Number(await db.getAttribute('data-search-ms'));
    };
    const search = async (f) => {
      await page.evaluate(() => delete document.querySelector('#database').dataset.searchMs);
      await f();
      return searched();
    };
    const playerMs = await search(() => page.fill('#db-player', opt.player));
    await search(() => page.fill('#db-player', ''));
    await page.fill('#text', opt.position);
    await page.click('#set');
    const positionMs = await search(() => page.check('#db-position'));
    const through = Number(await page.locator('#db-count').getAttribute('data-found'));
    await search(() => page.uncheck('#db-position'));
    // Picks across the whole list: scrolled there, the row clicked, the page's own time read.
    const picks = [];
    for (const at of [0, 0.25, 0.5, 0.75, 0.999]) {
      const i = Math.floor(at * (count - 1));
      await page.locator('#db-list').evaluate((e, top) => {
        e.scrollTop = top;
      }, i * 28);
      await page.locator(`.db-row[data-row="${i}"]`).click();
      picks.push(Number(await db.getAttribute('data-pick-ms')));
    }
    const t1 = Date.now();
    await page.reload();
    await page.locator('#db-status[data-state="ready"]').waitFor({ timeout: 600_000 });
    const restoreMs = Date.now() - t1;
    await page.click('#db-forget');
    await page.close();
    const player = cli('--player', opt.player);
    const position = cli('--position', formatPosition(replayGame(opt.position).final));
    rows.push({
      count,
      openMs,
      indexMs,
      playerMs,
      positionMs,
      through,
      pickMs: median(picks),
      restoreMs,
      cliPlayerMs: player.ms,
      cliPositionMs: position.ms,
      cliSaid: position.said,
    });
    console.log(rows.at(-1));
  }
} finally {
  await browser.close();
  server.kill();
}

const after = machineLoad();
const med = (k) => median(rows.map((x) => x[k]));
const s = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const m = machine();
saveJson('web-games', { machine: m, load: { before, after }, rounds: rows });
updateReadme(
  'web-games',
  `### The games panel and \`revsolve games\` (\`npm run bench:games\`)

Commit ${m.commit}, ${m.date.slice(0, 10)}, ${m.cpu}, ${m.cores} cores, Node ${m.node}, headless Chromium; ${rows[0].count.toLocaleString('en')} games (${wtb.length} WTHOR years with WTHOR.JOU and .TRN), ${rounds} rounds, medians; busy cores before ${before.busyCores}, after ${after.busyCores}. Page: the files chosen to the panel ready (read, replayed, indexed in its worker, kept in IndexedDB); a search from the query sent to the list drawn; a pick from the click to the game on the board (the page's own clock), over rows spread through the list; a reload to the games found again. Command line: the whole process (reading every year each time).

| | page | command line |
| --- | --- | --- |
| open and index every year | ${s(med('openMs'))} (worker ${s(med('indexMs'))}) | — |
| games of a player (--player ${opt.player}) | ${s(med('playerMs'))} | ${s(med('cliPlayerMs'))} |
| games through a position (${opt.position}: ${rows[0].through.toLocaleString('en')} games) | ${s(med('positionMs'))} | ${s(med('cliPositionMs'))} |
| pick a game | ${s(med('pickMs'))} | — |
| reload, the games found again | ${s(med('restoreMs'))} | — |
`,
);

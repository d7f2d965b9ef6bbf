// The README's pictures of the page: issue 59's game G3 (two passes left
// implied) pasted, analysed from 14 empties on two workers, then the
// position before its move 55 shown with every move's exact score on the
// board, the analysis's current row, the graph's marker and the losses in
// the move list; at 1280x800 (the first screen) and 390x844 (the whole page).
//   npm run bench:page-shots [-- --out bench/results/web-game]
import { findChromium, launchChromium } from '../web/chromium.mjs';
import { args, servePage } from './experiment.js';

const opt = args({ out: 'bench/results/web-game' });
const G3 = 'f5f4g3f6f3h2c4c5c6c3h3c7e6g2b3b4f2d6b5g4c2h4d3a4b8b1g7c8a3g6g5d7c1b6e3b2g1h1a7a5e2h8f7f1a6d1d8e1h7b7a8h5a2e7a1h6f8d2g8e8';
const chromium = findChromium();
if (!chromium) {
  console.error('bench/page-shots.js: no Chromium (/usr/bin/chromium, or $CHROMIUM)');
  process.exit(2);
}
const { server, url } = await servePage();
const browser = await launchChromium(chromium);
try {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(url);
    await page.locator('#env[data-ready="1"]').waitFor({ timeout: 120_000 });
    await page.fill('#workers', '2');
    await page.fill('#text', G3);
    await page.click('#set');
    await page.fill('#analyse-from', '14');
    await page.click('#analyse');
    await page.locator('#analysis-box[data-state=done]').waitFor({ timeout: 300_000 });
    await page.click('#analysis tbody tr[data-move="55"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0); // no hover left on the graph
    const path = `${opt.out}-${width}.png`;
    await page.screenshot({ path, fullPage: width < 500 });
    console.log(`${path}: ${width}x${height}${width < 500 ? ', the whole page' : ''}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}

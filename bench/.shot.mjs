import { findChromium, launchChromium } from '../web/chromium.mjs';
const browser = await launchChromium(findChromium());
for (const [w, h] of [[1280, 800], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:8097/?p=' + encodeURIComponent('--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'));
  await page.waitForSelector('#env[data-ready="1"]', { timeout: 60000 });
  await page.click('#solve').catch(() => {});
  await page.waitForSelector('#result[data-state="done"]', { timeout: 60000 }).catch(() => {});
  await page.screenshot({ path: `/tmp/shot-${w}.png`, fullPage: false });
  console.log(w, await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('#result')?.textContent?.slice(0, 200)]));
  await page.close();
}
await browser.close();

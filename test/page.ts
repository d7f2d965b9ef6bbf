/**
 * What the page's browser tests share: the browser and the server, the
 * console watched for errors, a page loaded until its engine is ready, a
 * solve awaited to its end. Every
 * wait is on a condition, bounded with room for a loaded 2-core machine.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findChromium, launchChromium } from '../web/chromium.mjs';
import { Proc } from './processes.js';

export interface Seen {
  errors: string[];
}

/** Collects the page's console errors and warnings, uncaught errors, failed requests and HTTP errors. */
export function watch(page: Page): Seen {
  const seen: Seen = { errors: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.errors.push(`pageerror: ${String(e)}`));
  // A request cut off by the test's own navigation (net::ERR_ABORTED) is not the page's error.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') seen.errors.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) seen.errors.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

/**
 * Loads `url` and waits for the engine and the weights. The bound is wide:
 * with both cores busy, Chromium's start and the module's compilation took
 * over 30 s (issue 59, defect 11).
 */
export async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await whenReady(page);
}

/** Waits until the page loaded its engine (after a navigation, a reload, Back or Forward). */
export async function whenReady(page: Page): Promise<void> {
  await page.locator('#env[data-ready="1"]').waitFor({ timeout: 120_000 });
}

/** Waits for the solve shown to end: 'done', 'error' or 'stopped'. */
export async function solved(page: Page, timeout = 60_000): Promise<string> {
  await page.locator('#result:is([data-state=done],[data-state=error],[data-state=stopped])').waitFor({ timeout });
  return (await page.locator('#result').getAttribute('data-state')) as string;
}

/**
 * The Chromium the page's tests drive, or null: then those tests skip with
 * one line, except under CI, where a missing browser fails the run.
 */
export function chromiumForTests(file: string): string | null {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI)
      throw new Error("no Chromium found (install Debian's chromium, or set CHROMIUM): the page's tests cannot run under CI");
    process.stderr.write(`${file}: no Chromium found (/usr/bin/chromium, or $CHROMIUM): the page's browser tests are skipped\n`);
  }
  return chromium;
}

/** `revsolve web` (with `args`) and a headless Chromium for the enclosing describe: started before its tests, ended after them. */
export function servedPage(chromium: string, args: readonly string[] = []): { readonly url: string; readonly browser: Browser } {
  const served = { url: '', browser: undefined as unknown as Browser };
  let server: Proc | undefined;
  beforeAll(async () => {
    server = new Proc(['web', '--port', '0', ...args]);
    served.url = (await server.waitFor(/serving the page at (\S+)/, 60_000))[1];
    served.browser = await launchChromium(chromium);
  });
  afterAll(async () => {
    await served.browser?.close();
    await server?.end();
  });
  return served;
}

// The headless Chromium that the page's tests and bench:web drive
// (playwright-core, no browser download): Debian's package, or $CHROMIUM.
import { existsSync } from 'node:fs';

const PLACES = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser's path, or null when there is none. */
export function findChromium() {
  if (process.env.CHROMIUM) return existsSync(process.env.CHROMIUM) ? process.env.CHROMIUM : null;
  return PLACES.find((p) => existsSync(p)) ?? null;
}

/** Launches it headless (Playwright passes --no-sandbox, which root needs). */
export async function launchChromium(executablePath) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, headless: true, timeout: 60_000 });
}

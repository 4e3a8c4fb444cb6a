import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** CHROME_PATH when set, else the binary shipped in @sparticuz/chromium (unpacked to <tmpdir>/chromium once). */
export async function chromiumPath(): Promise<string> {
  return process.env.CHROME_PATH || (await chromium.executablePath());
}

/** Headless in a container: no sandbox, no GPU, nothing that phones home or runs in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  // Pages the tests drive are never in front: keep their timers and rendering at full speed.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/** A real headless Chromium for the browser tests. */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({ executablePath: await chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * User agents for the tests: a crawler (behaviour.md: Crawlers and bots) and an ordinary browser.
 */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** One Chromium for a test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll: use it inside a test');
    return browser;
  };
}

import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext } from 'playwright-core';
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

let shared: Promise<Browser> | null = null;

/**
 * A real headless Chromium for the browser tests: one per test worker, shared by the files it
 * runs one after another (each file works in contexts of its own and closes them: see
 * `closeContexts`). Starting Chromium costs more CPU than most tests that use it.
 */
export function launchBrowser(): Promise<Browser> {
  shared ??= (async () => {
    const browser = await playwright.launch({
      executablePath: await chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    browser.on('disconnected', () => (shared = null));
    return browser;
  })();
  return shared;
}

/**
 * The contexts whose pages the browser test files keep from one test, and one file, to the next
 * (site-fixture.ts: PagePool): `closeContexts` leaves them open.
 */
export const keptContexts = new WeakSet<BrowserContext>();

/** Closes every context (and so every page) a test file opened in the shared browser: the end of a test file. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(
    browser
      .contexts()
      .filter((context) => !keptContexts.has(context))
      .map((context) => context.close().catch(() => undefined)),
  );
}

/**
 * User agents for the tests: a crawler (behaviour.md: Crawlers and bots) and an ordinary browser.
 */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Chromium for a test file: its pages and contexts are closed after its tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser && closeContexts(browser));
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll: use it inside a test');
    return browser;
  };
}

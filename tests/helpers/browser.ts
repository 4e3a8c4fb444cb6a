import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * A real headless Chromium: CHROME_PATH when set, else the binary shipped in @sparticuz/chromium
 * (it unpacks to <tmpdir>/chromium once and reuses it).
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || (await chromium.executablePath());
  return playwright.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
    ],
  });
}

/** User agents for the tests: a crawler (SPEC §6 bot pattern) and an ordinary browser. */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

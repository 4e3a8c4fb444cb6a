// npm run screenshots [folder]: what a visitor sees of the pages that sell, in both locales, on two
// phones (320 and 375 px), a tablet (768 px) and a desktop (1440 px): each page's first screen and
// the whole page, into `screenshots/` (or the folder given), for a review of the design as a whole.
// The two pictures the README shows are refreshed in docs/screenshots/ as well. Uses the same
// Chromium as the browser tests. SHOTS_PAGES (names, comma-separated) and SHOTS_WIDTHS take fewer.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildSite } from '../generator/pipeline/build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/browser.ts';
import { serveOutput } from '../tests/helpers/site-server.ts';

const ROOT = process.cwd();
/** The pages a review looks at: name → route (in the default locale). */
const PAGES = [
  ['home', '/'],
  ['services', '/services/service-layout'],
  ['service', '/services/service-ramp'],
  ['equipment', '/strengths/homemade-equipment/eq1'],
  ['certification', '/strengths/strengths-certification'],
  ['careers', '/jobs'],
  ['positions', '/jobs/jobs-positions'],
  ['position', '/jobs/positions/ramp-agent'],
  ['newsroom', '/news'],
  ['article', '/news/news3'],
  ['contact', '/contact'],
  ['stations', '/about/about-location'],
  ['proposal', '/proposal'],
] as const;
const WIDTHS = [320, 375, 768, 1440] as const;
const LOCALES = ['zhHant', 'en'] as const;
const BROWSER_LANGUAGE = { zhHant: 'zh-TW', en: 'en-US' } as const;
/** The README's pictures: file names in the shots folder, copied to docs/screenshots/. */
const README_SHOTS = ['home-zhHant-1440.png', 'service-en-375.png'];

/** The values of a comma-separated variable, or all of `all` when it is not set. */
const only = <T>(name: string, all: readonly T[]): readonly T[] => {
  const wanted = process.env[name]?.split(',');
  return wanted ? all.filter((value) => wanted.includes(String(Array.isArray(value) ? value[0] : value))) : all;
};
const target = path.resolve(ROOT, process.argv[2] ?? 'screenshots');
const out = path.join(mkdtempSync(path.join(tmpdir(), 'site-shots-')), 'out');
await buildSite({ root: ROOT, outDir: out });
const server = await serveOutput(out, ROOT);
mkdirSync(target, { recursive: true });
let browser: Browser | null = null;
try {
  for (const locale of LOCALES) {
    // A visitor's browser speaks the page's language: its own controls (a date field's
    // yyyy/mm/dd or mm/dd/yyyy) follow the browser's language (on Linux, LANG), not the page's.
    browser = await chromium.launch({
      executablePath: await chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      env: { ...process.env, LANG: `${BROWSER_LANGUAGE[locale].replace('-', '_')}.UTF-8` },
    });
    for (const [name, route] of only('SHOTS_PAGES', PAGES)) {
      for (const width of only('SHOTS_WIDTHS', WIDTHS)) await shoot(browser, { locale, name, route, width });
    }
    await browser.close();
    browser = null;
  }
  const docs = path.join(ROOT, 'docs', 'screenshots');
  const all = !process.env.SHOTS_PAGES && !process.env.SHOTS_WIDTHS;
  if (all) for (const file of README_SHOTS) copyFileSync(path.join(target, file), path.join(docs, file));
} finally {
  await browser?.close();
  await server.close();
  rmSync(path.dirname(out), { recursive: true, force: true });
}

interface Shot {
  readonly locale: (typeof LOCALES)[number];
  readonly name: string;
  readonly route: string;
  readonly width: number;
}

/** Saves one page's first screen (`<name>-<locale>-<width>.png`) and its whole length (`-full`). */
async function shoot(browser: Browser, { locale, name, route, width }: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    deviceScaleFactor: 1,
    locale: BROWSER_LANGUAGE[locale],
  });
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: server.url }]);
  const page = await context.newPage();
  const url = locale === 'en' ? (route === '/' ? '/en' : `/en${route}`) : route;
  await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
  const file = path.join(target, `${name}-${locale}-${width}.png`);
  await page.screenshot({ path: file });
  // The whole page as a visitor who scrolled it sees it: lazy images below the first screen load.
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) img.setAttribute('loading', 'eager');
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.screenshot({ path: file.replace(/\.png$/, '-full.png'), fullPage: true });
  console.log(`saved ${path.relative(ROOT, file)} and its whole page`);
  await context.close();
}

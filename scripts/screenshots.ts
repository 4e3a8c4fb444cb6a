// npm run screenshots: PNGs of the home, contact, service, news and open-positions pages in both
// locales, on two phones (320 and 375 px), a tablet (768 px) and a desktop (1440 px); and of the
// station map and the footer on a phone and a desktop, into docs/screenshots/. Uses the same Chromium as the browser tests.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../generator/pipeline/build.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { serveOutput } from '../tests/helpers/site-server.ts';

const ROOT = process.cwd();
const PAGES = [
  ['home', '/'],
  ['contact', '/contact'],
  ['service', '/services/service-ramp'],
  ['news', '/news/news3'],
  ['jobs', '/jobs/jobs-positions'],
] as const;
const WIDTHS = [320, 375, 768, 1440] as const;
/** Parts shown on their own, whole, on a phone and a desktop: page → [name, selector]. */
const PARTS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  home: [['footer', '.site-footer']],
  contact: [['map', 'img[src*="stations-map"]']],
};

const out = path.join(mkdtempSync(path.join(tmpdir(), 'site-shots-')), 'out');
await buildSite({ root: ROOT, outDir: out });
const server = await serveOutput(out, ROOT);
const browser = await launchBrowser();
const target = path.join(ROOT, 'docs', 'screenshots');
mkdirSync(target, { recursive: true });
try {
  for (const locale of ['zhHant', 'en'] as const) {
    for (const [name, route] of PAGES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 812 : 900 },
          deviceScaleFactor: 1,
          locale: locale === 'en' ? 'en-US' : 'zh-TW',
        });
        await context.addCookies([{ name: 'i18n_redirected', value: locale, url: server.url }]);
        const page = await context.newPage();
        const url = locale === 'en' ? (route === '/' ? '/en' : `/en${route}`) : route;
        await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
        const file = path.join(target, `${name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(`saved ${path.relative(ROOT, file)}`);
        for (const [part, selector] of PARTS[name] ?? []) {
          if (width !== 375 && width !== 1440) continue;
          const shot = path.join(target, `${name}-${part}-${locale}-${width}.png`);
          await page.locator(selector).first().screenshot({ path: shot });
          console.log(`saved ${path.relative(ROOT, shot)}`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(path.dirname(out), { recursive: true, force: true });
}

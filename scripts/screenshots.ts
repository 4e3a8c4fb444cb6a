// npm run screenshots: PNGs of the home, contact, service and news pages in both locales, on a
// phone (375 px), a tablet (768 px) and a desktop (1440 px), and of the home page's chart on the
// phone and the tablet, into docs/screenshots/. Uses the same Chromium as the browser tests.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../generator/build.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { serveOutput } from '../tests/helpers/site-server.ts';

const ROOT = process.cwd();
const PAGES = [
  ['home', '/'],
  ['contact', '/contact'],
  ['service', '/services/service-ramp'],
  ['news', '/news/news3'],
] as const;
const WIDTHS = [375, 768, 1440] as const;

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
        if (name === 'home' && width < 1440) {
          const chart = path.join(target, `home-chart-${locale}-${width}.png`);
          await page.locator('figure.chart').screenshot({ path: chart });
          console.log(`saved ${path.relative(ROOT, chart)}`);
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

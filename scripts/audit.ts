// npm run audit: Lighthouse (mobile) on five pages of the built site, on the same Chromium as the
// tests. Prints the four category scores; targets: Performance ≥ 95, Accessibility, Best
// Practices and SEO 100. Not part of npm test: it measures, it does not assert.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildSite } from '../generator/build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/browser.ts';
import { serveOutput } from '../tests/helpers/site-server.ts';

const PAGES = ['/', '/en', '/services/service-ramp', '/en/news/news3', '/strengths/homemade-equipment/eq1'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const out = path.join(mkdtempSync(path.join(tmpdir(), 'site-audit-')), 'out');
// Served compressed like a production host (`site serve` sends a --precompress build's .br files);
// built with the server's own origin as the base URL, so that canonical links point at the pages
// audited.
const server = await serveOutput(out, process.cwd());
await buildSite({ root: process.cwd(), outDir: out, baseUrl: server.url, precompress: true });
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
let failed = false;
try {
  console.log(`${'page'.padEnd(36)} ${CATEGORIES.map((c) => c.padStart(16)).join('')}`);
  for (const page of PAGES) {
    // Lighthouse's user agent is a crawler's (behaviour.md: Crawlers and bots): the root page is
    // audited, not redirected.
    const result = await lighthouse(
      `${server.url}${page}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    console.log(`${page.padEnd(36)} ${scores.map((s) => String(s).padStart(16)).join('')}`);
    const below = CATEGORIES.filter((c, i) => (scores[i] ?? 0) < (c === 'performance' ? 95 : 100));
    for (const category of below) {
      failed = true;
      const audits = lhr.categories[category]?.auditRefs ?? [];
      for (const ref of audits) {
        const audit = lhr.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
          console.log(`    ${category}: ${audit.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.close();
  rmSync(path.dirname(out), { recursive: true, force: true });
}
if (failed) console.log('Some scores are below their targets (listed above).');

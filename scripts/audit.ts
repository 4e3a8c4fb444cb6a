// npm run audit: Lighthouse (mobile) on five pages of the built site, on the same Chromium as the
// tests. Prints the four category scores, each the median of three runs (Lighthouse's own advice:
// one run's performance score varies by a few points), after a first run that warms the browser
// and is not counted (the first audit in a new Chromium is always the slowest). Targets: 100 in each
// category. Not part of npm test: it measures, it does not assert.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { buildSite } from '../generator/pipeline/build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/browser.ts';
import { serveOutput } from '../tests/helpers/site-server.ts';
import AUDITED_PAGES from './audit-pages.json' with { type: 'json' };

// AUDIT_PAGES=/,/en audits only those pages; `npm run bench` measures the JavaScript of the same
// five (audit-pages.json).
const PAGES = process.env.AUDIT_PAGES?.split(',') ?? AUDITED_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const out = path.join(mkdtempSync(path.join(tmpdir(), 'site-audit-')), 'out');
// Served compressed like a production host (`site serve` sends a --precompress build's .br files);
// built with the server's own origin as the base URL, so that canonical links point at the pages
// audited.
const server = await serveOutput(out, process.cwd());
await buildSite({ root: process.cwd(), outDir: out, baseUrl: server.url, precompress: true });
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  // A Traditional Chinese browser, so that the root page stays where it is, as it does for the
  // visitors it is written for (behaviour.md: Root redirect). Lighthouse's phone is no crawler: an
  // English browser would be sent on to /en, which is audited on its own.
  chromeFlags: ['--headless=new', '--lang=zh-TW', '--accept-lang=zh-TW,zh', ...CHROMIUM_ARGS],
});
const RUNS = 3;
let failed = false;

/** One Lighthouse run of a page of the served site: its report, and its trace to read the tasks in. */
async function audit(page: string): Promise<{ lhr: Result; trace: unknown }> {
  const result = await lighthouse(
    `${server.url}${page}`,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    undefined,
  );
  if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
  return { lhr: result.lhr, trace: result.artifacts.Trace };
}

try {
  await audit(PAGES[0] as string);
  console.log(`${'page'.padEnd(36)} ${CATEGORIES.map((c) => c.padStart(16)).join('')}${'TBT'.padStart(10)}`);
  for (const page of PAGES) {
    const runs: { lhr: Result; trace: unknown }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(page));
    const score = (run: { lhr: Result }) => run.lhr.categories.performance?.score ?? 0;
    // The run with the median performance score, reported whole, with its trace when saved.
    const median = [...runs].sort((a, b) => score(a) - score(b))[Math.floor(RUNS / 2)] as (typeof runs)[number];
    const { lhr } = median;
    if (process.env.AUDIT_SAVE) {
      const name = page.replaceAll('/', '_') || '_';
      writeFileSync(path.join(process.env.AUDIT_SAVE, `${name}.json`), JSON.stringify(lhr));
      writeFileSync(path.join(process.env.AUDIT_SAVE, `${name}.trace.json`), JSON.stringify(median.trace));
    }
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const tbt = `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`;
    console.log(`${page.padEnd(36)} ${scores.map((s) => String(s).padStart(16)).join('')}${tbt.padStart(10)}`);
    const below = CATEGORIES.filter((_, i) => (scores[i] ?? 0) < 100);
    for (const category of below) {
      failed = true;
      const refs = lhr.categories[category]?.auditRefs ?? [];
      for (const ref of refs) {
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

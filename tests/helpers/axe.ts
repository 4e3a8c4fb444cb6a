import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { navigateInPage, waitForHydration, type SiteFixture } from './site-fixture.ts';

// axe-core run inside the page. Its 500 KB source is added once to a page that then moves through
// the site by its own client navigation (what a visitor's clicks do), so each check costs one
// `axe.run` instead of a full load and a fresh parse of axe.

const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The rules checked: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What every page shares and each section's first page shows in full (scanPages): the header with
 * its navigation and language switcher, the rail, the drawer, the side navigation and the footer.
 */
const SHARED_PARTS = ['.site-header', '.rail', '.drawer', '.side-nav', '.site-footer'];

/**
 * Every violation on the page as `id (count) first-target: help`; the parts named in `exclude`
 * are not checked, and the page-level rules (title, language, landmarks, headings) still run.
 */
export async function findViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_FILE });
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } })
        .axe;
      const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
      const result = await axe.run(context, { runOnly: tags, resultTypes: ['violations'] });
      return result.violations.map(
        (v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}: ${v.help}`,
      );
    },
    { tags: AXE_TAGS, exclude },
  );
}

/** The first page of each section (`/about`, `/en/news`…), in full; the others without the shared parts. */
function toFullScans(urls: readonly string[]): Set<string> {
  const section = (url: string) => url.replace(/^\/en(?=\/|$)/, '').split('/')[1] ?? '';
  const seen = new Set<string>();
  return new Set(urls.filter((url) => !seen.has(section(url)) && seen.add(section(url))));
}

/**
 * Checks the first page as loaded (server-rendered, hydrated), every other by client navigation,
 * and the not-found page of the locale as loaded; returns `url: violation` lines. The parts every
 * page shares are checked on each section's first page and on the not-found page (in each
 * section's state: its link marked current, its side navigation), and left out elsewhere, where
 * they would be the same again: every page's own content, title, language and landmarks are
 * checked on every page.
 */
export async function scanPages(
  site: SiteFixture,
  urls: readonly string[],
  notFound: string,
  browserLocale: string,
): Promise<string[]> {
  const [first, ...rest] = urls;
  const full = toFullScans(urls);
  const failures: string[] = [];
  // A browser of the locale: the bare root keeps it on the page it asked for.
  // axe is added as an inline script, which the site's Content Security Policy (rightly) refuses.
  const { page } = await site.openReady(first as string, { locale: browserLocale, bypassCSP: true });
  const check = async (url: string) =>
    failures.push(
      ...(await findViolations(page, full.has(url) || url === notFound ? [] : SHARED_PARTS)).map((v) => `${url}: ${v}`),
    );
  await check(first as string);
  for (const url of rest) {
    await navigateInPage(page, url);
    await check(url);
  }
  await page.goto(`${site.url}${notFound}`);
  await waitForHydration(page);
  await check(notFound);
  return failures;
}

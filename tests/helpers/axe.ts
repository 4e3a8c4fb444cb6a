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

/** Every violation on the page as `id (count) first-target: help`. */
export async function findViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_FILE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}: ${v.help}`);
  }, AXE_TAGS);
}

/**
 * Checks the first page as loaded (server-rendered, hydrated), every other by client navigation,
 * and the not-found page of the locale as loaded; returns `url: violation` lines.
 */
export async function scanPages(
  site: SiteFixture,
  urls: readonly string[],
  notFound: string,
  browserLocale: string,
): Promise<string[]> {
  const [first, ...rest] = urls;
  const failures: string[] = [];
  // A browser of the locale: the bare root keeps it on the page it asked for.
  // axe is added as an inline script, which the site's Content Security Policy (rightly) refuses.
  const { page } = await site.openReady(first as string, { locale: browserLocale, bypassCSP: true });
  const check = async (url: string) => failures.push(...(await findViolations(page)).map((v) => `${url}: ${v}`));
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

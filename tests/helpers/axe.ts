import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core run inside the page, added once to each document it checks. It is evaluated from the
// test's side, as the browser's tools run a script, not added to the page as a script of its own:
// the site's Content Security Policy (rightly) refuses inline scripts, and a page may be checked
// under that policy as a visitor gets it.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules checked: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What every page shares, checked in full on each section's first page (`toFullScans`) and on the
 * not-found page: the header with its navigation and language switcher, the rail, the drawer, the
 * side navigation and the footer.
 */
export const SHARED_PARTS = ['.site-header', '.rail', '.drawer', '.side-nav', '.site-footer'];

/**
 * Every violation on the page as `id (count) first-target: help`; the parts named in `exclude`
 * are not checked, and the page-level rules (title, language, landmarks, headings) still run.
 */
export async function findViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
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

/**
 * The pages of `urls` checked with the shared parts: the first of each section (`/about`,
 * `/en/news`…). The others are checked without them, where they would be the same again: every
 * page's own content, title, language and landmarks are checked on every page.
 */
export function toFullScans(urls: readonly string[]): Set<string> {
  const section = (url: string) => url.replace(/^\/en(?=\/|$)/, '').split('/')[1] ?? '';
  const seen = new Set<string>();
  return new Set(urls.filter((url) => !seen.has(section(url)) && seen.add(section(url))));
}

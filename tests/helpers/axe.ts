import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core run inside the page. Its source is evaluated through the browser's debugging protocol,
// which the site's Content Security Policy does not govern (an inline script would rightly be
// refused), so the pages are checked under the policy their hosts send.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules checked: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Every violation on the page as `id (count) first-target: help`. */
export async function findViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}: ${v.help}`);
  }, AXE_TAGS);
}

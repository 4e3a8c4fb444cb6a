import { createHash } from 'node:crypto';
import type { Page, SiteConfig } from '../types.ts';
import { toCalendarDay } from '../resolve/publish.ts';
import { toZonedTime } from '../resolve/times.ts';

// When each page last changed, for the sitemap's `lastmod` (behaviour.md: Sitemap and robots): a
// page's lastmod changes only when the page does. A page's front matter says it (`updated`, else
// `date`); for a page without either, a build dates its content by its own day and records the
// content's hash beside it in the manifest, and the next build keeps that day while the hash holds.
// The day is the build's (`SOURCE_DATE_EPOCH` when set), so builds are as reproducible as before,
// and no file's time on the disk is read: a checkout rewrites those.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a page shows of its own content: its file's settings, texts and body, and the entries it lists. */
function toContentHash(page: Page): string {
  const { data, body } = page.content;
  const listed = page.listed.map((link) => [link.url, link.title, link.description, link.date]);
  return createHash('sha256')
    .update(JSON.stringify([data, body, listed]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The record of the pages without a date of their own: `<hash> <day>` by URL, the day kept from
 * `previous` (the output this build replaces) while the page's content hash is the same.
 */
export function toDatedPages(
  config: SiteConfig,
  pages: readonly Page[],
  previous: Readonly<Record<string, string>> | undefined,
  time: number,
): Record<string, string> {
  const today = toCalendarDay(time, config.publish.timeZone);
  const dated: Record<string, string> = {};
  for (const page of pages) {
    if (page.content.data.updated ?? page.content.data.date) continue;
    const hash = toContentHash(page);
    const [was, day] = (previous?.[page.url] ?? '').split(' ');
    dated[page.url] = `${hash} ${was === hash && day && DAY.test(day) ? day : today}`;
  }
  return dated;
}

/** A page's `lastmod`, with the site's zone offset: its `updated`, its `date`, or its recorded day. */
export function toLastmod(config: SiteConfig, page: Page, dated: Readonly<Record<string, string>>): string | null {
  const own = page.content.data.updated ?? page.content.data.date;
  const day = own ?? dated[page.url]?.split(' ')[1] ?? null;
  return day ? toZonedTime(day, config.publish.timeZone) : null;
}

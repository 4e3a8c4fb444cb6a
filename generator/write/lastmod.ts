import { createHash } from 'node:crypto';
import type { Page, SiteConfig } from '../types.ts';
import { toCalendarDay } from '../resolve/publish.ts';
import { toZonedTime } from '../resolve/times.ts';

// The sitemap's `lastmod` (behaviour.md: Sitemap and robots). An undated page gets the build's day
// and its content hash in the manifest; later builds keep the day while the hash holds. File times
// are never read: a checkout rewrites them.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toContentHash(page: Page): string {
  const { data, body } = page.content;
  const listed = page.listed.map((link) => [link.url, link.title, link.description, link.date]);
  return createHash('sha256')
    .update(JSON.stringify([data, body, listed]))
    .digest('hex')
    .slice(0, 16);
}

/** `<hash> <day>` by URL, for pages without a date of their own. */
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

export function toLastmod(config: SiteConfig, page: Page, dated: Readonly<Record<string, string>>): string | null {
  const own = page.content.data.updated ?? page.content.data.date;
  const day = own ?? dated[page.url]?.split(' ')[1] ?? null;
  return day ? toZonedTime(day, config.publish.timeZone) : null;
}

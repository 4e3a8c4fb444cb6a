import { toHtmlText } from '../escape.ts';
import type { Page, SiteConfig } from '../types.ts';
import { toAbsoluteUrl } from '../resolve/pages.ts';

/** `sitemap.xml`: every indexable page with the same alternates as its head (behaviour.md: Sitemap and robots). */
export function toSitemap(pages: readonly Page[]): string {
  const entries = pages
    .filter((p) => p.indexable)
    .map((page) => {
      const links = page.alternates.map(
        (a) => `    <xhtml:link rel="alternate" hreflang="${toHtmlText(a.hreflang)}" href="${toHtmlText(a.href)}"/>`,
      );
      return [`  <url>`, `    <loc>${toHtmlText(page.canonical)}</loc>`, ...links, `  </url>`].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`, naming the sitemap. */
export function toRobots(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${toAbsoluteUrl(config, '/sitemap.xml')}\n`;
}

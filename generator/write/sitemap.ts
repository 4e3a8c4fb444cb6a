import { toHtmlText } from '../escape.ts';
import type { Page, SiteConfig } from '../types.ts';
import { toAbsoluteUrl } from '../resolve/pages.ts';
import { toLastmod } from './lastmod.ts';

/**
 * `sitemap.xml`: every indexable page with the same alternates as its head, and when it last
 * changed (lastmod.ts); a `noindex` page is no such page, and a preview build lists none
 * (behaviour.md: Sitemap and robots).
 */
export function toSitemap(
  config: SiteConfig,
  pages: readonly Page[],
  dated: Readonly<Record<string, string>> = {},
): string {
  const preview = config.publish.env === 'preview';
  const entries = pages
    .filter((p) => p.indexable && !p.noindex && !preview)
    .map((page) => {
      const links = page.alternates.map(
        (a) => `    <xhtml:link rel="alternate" hreflang="${toHtmlText(a.hreflang)}" href="${toHtmlText(a.href)}"/>`,
      );
      const lastmod = toLastmod(config, page, dated);
      return [
        `  <url>`,
        `    <loc>${toHtmlText(page.canonical)}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        ...links,
        `  </url>`,
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * `robots.txt`: every crawler may read the site, and is told where the sitemap is; a preview
 * build's keeps them all out. The configuration's lines (`robots`) follow, as they are.
 */
export function toRobots(config: SiteConfig): string {
  const rule = config.publish.env === 'preview' ? 'Disallow: /' : 'Allow: /';
  const extra = config.publish.robots.length > 0 ? `\n${config.publish.robots.join('\n')}\n` : '';
  return `User-agent: *\n${rule}\n${extra}\nSitemap: ${toAbsoluteUrl(config, '/sitemap.xml')}\n`;
}

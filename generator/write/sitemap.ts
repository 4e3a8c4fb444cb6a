import { toHtmlText } from '../escape.ts';
import type { Page, SiteConfig } from '../types.ts';
import { toAbsoluteUrl } from '../../runtime/urls.ts';
import { toLastmod } from './lastmod.ts';

/** behaviour.md: Sitemap and robots. */
export function toSitemap(config: SiteConfig, pages: readonly Page[], dated: Readonly<Record<string, string>>): string {
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

/** A preview build keeps every crawler out. */
export function toRobots(config: SiteConfig): string {
  const rule = config.publish.env === 'preview' ? 'Disallow: /' : 'Allow: /';
  const extra = config.publish.robots.length > 0 ? `\n${config.publish.robots.join('\n')}\n` : '';
  return `User-agent: *\n${rule}\n${extra}\nSitemap: ${toAbsoluteUrl(config.baseUrl, '/sitemap.xml')}\n`;
}

import { toHtmlText } from '../escape.ts';
import { toFeedPath } from '../../runtime/urls.ts';
import type { LocaleCode, Page, SiteConfig, Translate } from '../types.ts';
import { toPageTimes } from '../resolve/times.ts';

/**
 * behaviour.md: Sharing. None without a base URL (links must be absolute); `updated` is the latest
 * entry's, so an unchanged site writes the same bytes.
 */
export function toFeeds(
  config: SiteConfig,
  pages: readonly Page[],
  translators: ReadonlyMap<LocaleCode, Translate>,
): [string, string][] {
  const base = config.baseUrl;
  if (!base) return [];
  return config.locales.flatMap((locale): [string, string][] => {
    const t = translators.get(locale.code);
    if (!t) return [];
    const articles = pages
      .filter((p) => p.locale === locale.code && p.route.template === 'article' && p.content.locale === locale.code)
      .sort((a, b) => (b.route.date ?? '').localeCompare(a.route.date ?? '') || a.url.localeCompare(b.url));
    const feedUrl = `${base}${toFeedPath(locale)}`;
    const home = `${base}${locale.prefix}`;
    const company = t('footer:company');
    const times = articles.map((article) => toPageTimes(article.content, config.publish.timeZone));
    const entries = articles.map((article, i) =>
      [
        '  <entry>',
        `    <title>${toXmlText(article.content.data.title)}</title>`,
        `    <id>${toXmlText(article.canonical)}</id>`,
        `    <link href="${toXmlText(article.canonical)}"/>`,
        `    <updated>${toAtomTime(times[i]?.modified)}</updated>`,
        `    <published>${toAtomTime(times[i]?.published)}</published>`,
        `    <summary>${toXmlText(article.content.data.description)}</summary>`,
        `    <author><name>${toXmlText(company)}</name></author>`,
        '  </entry>',
      ].join('\n'),
    );
    const latest = times
      .map((time) => toAtomTime(time.modified))
      .sort((a, b) => Date.parse(b) - Date.parse(a) || b.localeCompare(a))[0];
    const feed = [
      '<?xml version="1.0" encoding="utf-8"?>',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${toXmlText(locale.iso)}">`,
      `  <id>${toXmlText(feedUrl)}</id>`,
      `  <title>${toXmlText(`${t('nav:news')} · ${locale.siteTitle}`)}</title>`,
      `  <updated>${latest ?? toAtomTime(null)}</updated>`,
      '  <generator>site</generator>',
      `  <author><name>${toXmlText(company)}</name><uri>${toXmlText(home || base)}</uri></author>`,
      `  <link rel="alternate" href="${toXmlText(`${home}/news`)}"/>`,
      `  <link rel="self" href="${toXmlText(feedUrl)}"/>`,
      `  <icon>${toXmlText(`${base}/favicon.svg`)}</icon>`,
      `  <rights>${toXmlText(`© ${company}`)}</rights>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
    return [[toFeedPath(locale).slice(1), feed]];
  });
}

function toAtomTime(time: string | null | undefined): string {
  return time ?? '1970-01-01T00:00:00Z';
}

/** Escaped, without the characters XML 1.0 forbids. */
function toXmlText(text: string): string {
  return toHtmlText(text.replace(/[^\t\n\r\u0020-\ufffd\u{10000}-\u{10ffff}]/gu, ''));
}

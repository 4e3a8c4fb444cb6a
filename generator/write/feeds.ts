import { Feed } from 'feed';
import { toFeedPath } from '../render/share.ts';
import type { LocaleCode, Page, SiteConfig, Translate } from '../types.ts';

/**
 * The newsroom's Atom feed of each locale (behaviour.md: Sharing): its articles newest first, each
 * with its absolute URL, dates and full summary; an article written in another language only (an
 * English-only article on the Chinese site) is in its own language's feed only. No feed without a
 * base URL: its links must be absolute. The feed's time is its newest article's, so an unchanged
 * site writes the same bytes.
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
    const toDate = (date: string | null) => new Date(`${date ?? '1970-01-01'}T00:00:00Z`);
    const feed = new Feed({
      id: feedUrl,
      title: `${t('nav:news')} · ${locale.siteTitle}`,
      link: `${home}/news`,
      language: locale.iso,
      updated: toDate(articles[0]?.route.date ?? null),
      generator: 'site',
      feedLinks: { atom: feedUrl },
      author: { name: company, link: home || base },
      copyright: `© ${company}`,
      favicon: `${base}/favicon.svg`,
    });
    for (const article of articles) {
      feed.addItem({
        id: article.canonical,
        title: article.content.data.title,
        link: article.canonical,
        description: article.content.data.description,
        date: toDate(article.route.date),
        published: toDate(article.route.date),
        author: [{ name: company }],
      });
    }
    return [[toFeedPath(locale).slice(1), feed.atom1()]];
  });
}

import { toProblem } from '../problems/problem.ts';
import type { LocaleConfig, SiteConfig, SiteProblem } from '../types.ts';
import { atStart, readAttr, type OutputPage } from './output.ts';
import { toAbsoluteUrl, toLocaleOfPath } from '../../runtime/urls.ts';
import { toTitleWidth } from '../../runtime/titles.ts';

type Payload = NonNullable<OutputPage['payload']>;

/** The path of an absolute or root-relative URL of this site, or null for another site. */
function toSitePath(config: SiteConfig, href: string): string | null {
  if (config.baseUrl && href.startsWith(config.baseUrl)) return href.slice(config.baseUrl.length) || '/';
  if (href.startsWith('/') && !href.startsWith('//')) return href.split(/[?#]/)[0] || '/';
  return null;
}

function toHeadProblems(
  page: OutputPage,
  code: 'SEO_ALTERNATE' | 'SEO_CANONICAL' | 'SEO_ERROR_PAGE' | 'SEO_LOCALE' | 'SEO_ROBOTS',
  reasons: readonly string[],
): SiteProblem[] {
  return reasons.map((reason) => toProblem(code, { page: page.url, reason }, atStart(page.file)));
}

/** The head rules on every page (behaviour.md: Head and SEO): alternates, canonical, locale, titles, links, sitemap. */
export function checkSeo(config: SiteConfig, pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const routePages = pages.filter(isRoutePage);
  return [
    ...routePages.flatMap((page) => checkPage(config, byUrl, page)),
    ...checkDuplicates(config, routePages),
    ...checkErrorPages(pages, sitemap),
    ...checkSitemap(routePages, sitemap),
  ];
}

/** The site's own pages, not the error pages. */
const isRoutePage = (page: OutputPage) => Boolean(page.payload && !page.payload.error);

/** What results and share dialogs read of a head besides its alternates, on the site's own pages. */
export function checkHead(config: SiteConfig, pages: readonly OutputPage[]): SiteProblem[] {
  return pages
    .filter(isRoutePage)
    .flatMap((page) => [
      ...checkTitle(page),
      ...checkSiteName(config, page),
      ...checkRobots(page),
      ...checkFeedLinks(page),
    ]);
}

/** One page's faults in this order: locale, canonical, alternates, links into another locale. */
function checkPage(config: SiteConfig, byUrl: ReadonlyMap<string, OutputPage>, page: OutputPage): SiteProblem[] {
  const payload = page.payload as Payload;
  const locale = config.locales.find((l) => l.code === payload.locale);
  return [
    ...checkLocale(page, locale),
    ...checkCanonical(config, page, payload),
    ...checkXDefault(config, page),
    ...checkAlternates(config, byUrl, page),
    ...checkCrossLocaleLinks(config, byUrl, page, locale),
  ];
}

/** `<html lang>` and `og:locale` that are not those of the page's locale. */
function checkLocale(page: OutputPage, locale: LocaleConfig | undefined): SiteProblem[] {
  const reasons: string[] = [];
  if (page.lang !== locale?.iso) reasons.push(`<html lang="${page.lang}"> where the locale is ${locale?.iso}`);
  if (page.ogLocale !== locale?.ogLocale)
    reasons.push(`og:locale is ${page.ogLocale} where the locale is ${locale?.ogLocale}`);
  return toHeadProblems(page, 'SEO_LOCALE', reasons);
}

/** A canonical link that is missing, off the base URL, or not the page (a single-language page: its language's). */
function checkCanonical(config: SiteConfig, page: OutputPage, payload: Payload): SiteProblem[] {
  const foreign = payload.contentLocale !== payload.locale;
  const canonicalPath = page.canonical ? toSitePath(config, page.canonical) : null;
  const own = payload.localeUrls[payload.contentLocale];
  let reason: string | null = null;
  if (!page.canonical) reason = 'missing';
  else if (config.baseUrl && !page.canonical.startsWith(config.baseUrl))
    reason = `${page.canonical} is not an absolute URL of ${config.baseUrl}`;
  else if (!foreign && canonicalPath !== page.url) reason = `points at ${page.canonical}, not at the page itself`;
  else if (foreign && canonicalPath !== own) reason = `a single-language page must point at ${own}`;
  return toHeadProblems(page, 'SEO_CANONICAL', reason === null ? [] : [reason]);
}

/** An x-default alternate that is not first, or that points elsewhere than the default locale's page. */
function checkXDefault(config: SiteConfig, page: OutputPage): SiteProblem[] {
  const defaultIso = config.locales.find((l) => l.code === config.defaultLocale)?.iso;
  const reasons: string[] = [];
  if (page.alternates[0]?.hreflang !== 'x-default') reasons.push('x-default is missing or not first');
  const xDefault = page.alternates.find((a) => a.hreflang === 'x-default');
  const defaultAlt = page.alternates.find((a) => a.hreflang === defaultIso);
  if (xDefault && defaultAlt && xDefault.href !== defaultAlt.href)
    reasons.push(`x-default points at ${xDefault.href}, not at the ${defaultIso} page ${defaultAlt.href}`);
  return toHeadProblems(page, 'SEO_ALTERNATE', reasons);
}

/** Alternates off the base URL, naming no page of the build, or whose page does not list this one back. */
function checkAlternates(config: SiteConfig, byUrl: ReadonlyMap<string, OutputPage>, page: OutputPage): SiteProblem[] {
  const reasons: string[] = [];
  for (const { hreflang, href } of page.alternates) {
    if (config.baseUrl && !href.startsWith(config.baseUrl))
      reasons.push(`${hreflang} → ${href} is not an absolute URL of ${config.baseUrl}`);
    const targetPath = toSitePath(config, href);
    const target = targetPath ? byUrl.get(targetPath) : undefined;
    if (!target) reasons.push(`${hreflang} → ${href} is not a page of the build`);
    else if (hreflang !== 'x-default' && page.canonical && !target.alternates.some((a) => a.href === page.canonical))
      reasons.push(`${hreflang} → ${href} does not list ${page.canonical} back`);
  }
  return toHeadProblems(page, 'SEO_ALTERNATE', reasons);
}

/** Links in `<main>` to a page of another locale, each with the page of this locale to link instead. */
function checkCrossLocaleLinks(
  config: SiteConfig,
  byUrl: ReadonlyMap<string, OutputPage>,
  page: OutputPage,
  locale: LocaleConfig | undefined,
): SiteProblem[] {
  const payload = page.payload as Payload;
  // Only the language switcher (outside <main>) crosses locales; single-language pages excepted.
  if (payload.contentLocale !== payload.locale) return [];
  return page.mainLinks.flatMap((href) => {
    const linkPath = toSitePath(config, href);
    if (!linkPath || linkPath.startsWith('/_app/') || !byUrl.has(linkPath)) return [];
    const other = toLocaleOfPath(config.locales, linkPath);
    if (other.code === payload.locale) return [];
    // Under this locale's prefix as under a base URL: its home takes no trailing slash.
    const suggestion = toAbsoluteUrl(locale?.prefix || null, linkPath.slice(other.prefix.length) || '/');
    return [toProblem('SEO_CROSS_LOCALE_LINK', { page: page.url, href, suggestion }, atStart(page.file))];
  });
}

/** Titles or descriptions that two pages of one locale share, at the second page. */
function checkDuplicates(config: SiteConfig, pages: readonly OutputPage[]): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const { code } of config.locales) {
    const own = pages.filter((p) => p.payload?.locale === code && p.payload.contentLocale === code);
    for (const what of ['title', 'description'] as const) {
      const seen = new Map<string, string[]>();
      for (const page of own) {
        const value = page[what] ?? '';
        seen.set(value, [...(seen.get(value) ?? []), page.url]);
      }
      for (const [value, urls] of seen) {
        if (urls.length < 2) continue;
        const loc = atStart(own.find((p) => p.url === urls[1])?.file ?? '');
        problems.push(toProblem('SEO_DUPLICATE', { what, locale: code, value, pages: urls.join(', ') }, loc));
      }
    }
  }
  return problems;
}

/** Error pages that are indexable, have alternates or are in the sitemap. */
function checkErrorPages(pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  return pages
    .filter((p) => p.payload?.error)
    .flatMap((page) => {
      const reasons = [
        ...(page.noindex ? [] : ['it is not noindex']),
        ...(page.alternates.length > 0 ? ['it has alternates'] : []),
        ...(sitemap?.includes(page.url) ? ['it is in the sitemap'] : []),
      ];
      return toHeadProblems(page, 'SEO_ERROR_PAGE', reasons);
    });
}

/** A time with its zone offset, as the sitemap, the feeds and structured data write it. */
export const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Every entry with a `lastmod` time and its zone (behaviour.md: Sitemap and robots), and the
 * indexable pages, each with its head's alternates, and nothing else.
 */
function checkSitemap(pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  const loc = atStart('sitemap.xml');
  if (sitemap === null) return [toProblem('SEO_SITEMAP', { reason: 'missing' }, loc)];
  const listing = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    url: /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? '',
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1],
    alternates: [...body.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((a) => `${a[1]} ${a[2]}`),
  }));
  const reasons = listing.flatMap(({ url, lastmod }) => {
    if (lastmod && ZONED_TIME.test(lastmod) && !Number.isNaN(Date.parse(lastmod))) return [];
    return [lastmod ? `the lastmod of ${url}, ${lastmod}, is no time with its zone` : `${url} has no lastmod`];
  });
  const entries = new Map(listing.map(({ url, alternates }) => [url, alternates]));
  const indexable = pages.filter((p) => p.payload && p.payload.contentLocale === p.payload.locale && !p.noindex);
  for (const page of indexable) {
    const listed = page.canonical ? entries.get(page.canonical) : undefined;
    if (!listed) reasons.push(`${page.canonical ?? page.url} (${page.url}) is missing`);
    else if (listed.join('|') !== page.alternates.map((a) => `${a.hreflang} ${a.href}`).join('|'))
      reasons.push(`the alternates of ${page.url} differ from its head`);
  }
  const canonicals = new Set(indexable.map((p) => p.canonical));
  for (const url of entries.keys())
    if (!canonicals.has(url)) reasons.push(`${url} is listed but is not an indexable page`);
  return reasons.map((reason) => toProblem('SEO_SITEMAP', { reason }, loc));
}

/** Wider than this, a result cuts the title off (runtime/titles.ts leaves the brand off above 60). */
const TITLE_WARN = 65;

function checkTitle(page: OutputPage): SiteProblem[] {
  const width = toTitleWidth(page.title ?? '');
  if (width <= TITLE_WARN) return [];
  const args = { page: page.url, title: page.title ?? '', width: String(width) };
  return [toProblem('SEO_TITLE_LONG', args, atStart(page.file))];
}

/** `og:site_name` must be the locale's brand: results and share dialogs show it as the site's name. */
function checkSiteName(config: SiteConfig, page: OutputPage): SiteProblem[] {
  const brand = config.locales.find((l) => l.code === page.payload?.locale)?.siteTitle;
  const name = readAttr(page.html, /<meta property="og:site_name" content="([^"]*)">/);
  if (name === brand) return [];
  return toHeadProblems(page, 'SEO_LOCALE', [`og:site_name is ${name ?? 'missing'} where the brand is ${brand}`]);
}

/** An indexable page without a large image preview allowed, or a page with two robots tags. */
function checkRobots(page: OutputPage): SiteProblem[] {
  const tags = [...page.head.matchAll(/<meta name="robots" content="([^"]*)">/g)].map((m) => m[1] as string);
  const reasons: string[] = [];
  if (tags.length > 1) reasons.push(`it has ${tags.length} robots tags: ${tags.join('; ')}`);
  if (!page.noindex && !tags.some((content) => content.split(/,\s*/).includes('max-image-preview:large')))
    reasons.push('it has no `max-image-preview:large`: results show its images as thumbnails at most');
  return toHeadProblems(page, 'SEO_ROBOTS', reasons);
}

/** A feed link that carries `hreflang`: search engines count it as one more language version of the page. */
function checkFeedLinks(page: OutputPage): SiteProblem[] {
  const reasons = [...page.html.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g)]
    .filter(([link]) => / hreflang="/.test(link))
    .map(([link]) => `the feed link ${link} carries hreflang, as if the feed were a language version`);
  return toHeadProblems(page, 'SEO_ALTERNATE', reasons);
}

import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import type { OutputPage } from './output.ts';

/** The path of an absolute or root-relative URL of this site, or null for another site. */
function toSitePath(config: SiteConfig, href: string): string | null {
  if (config.baseUrl && href.startsWith(config.baseUrl)) return href.slice(config.baseUrl.length) || '/';
  if (href.startsWith('/') && !href.startsWith('//')) return href.split(/[?#]/)[0] || '/';
  return null;
}

/**
 * The head rules on every built page (behaviour.md: Head and SEO): alternates, canonical, locale,
 * unique titles, no cross-locale links, sitemap.
 */
export function checkSeo(config: SiteConfig, pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const at = (page: OutputPage) => ({ file: page.file, line: 1, column: 1 });
  const routePages = pages.filter((p) => p.payload && !p.payload.error);
  const defaultIso = config.locales.find((l) => l.code === config.defaultLocale)?.iso;
  const prefixes = config.locales.filter((l) => l.prefix).map((l) => l.prefix);
  const localeOfPath = (p: string) =>
    config.locales.find((l) => l.prefix && (p === l.prefix || p.startsWith(`${l.prefix}/`)))?.code ??
    config.defaultLocale;

  for (const page of routePages) {
    const payload = page.payload as NonNullable<OutputPage['payload']>;
    const locale = config.locales.find((l) => l.code === payload.locale);
    const fail = (code: 'SEO_ALTERNATE' | 'SEO_CANONICAL' | 'SEO_LOCALE', reason: string) =>
      problems.push(toProblem(code, { page: page.url, reason }, at(page)));
    if (page.lang !== locale?.iso) fail('SEO_LOCALE', `<html lang="${page.lang}"> where the locale is ${locale?.iso}`);
    if (page.ogLocale !== locale?.ogLocale)
      fail('SEO_LOCALE', `og:locale is ${page.ogLocale} where the locale is ${locale?.ogLocale}`);
    const foreign = payload.contentLocale !== payload.locale;
    const canonicalPath = page.canonical ? toSitePath(config, page.canonical) : null;
    if (!page.canonical) fail('SEO_CANONICAL', 'missing');
    else if (config.baseUrl && !page.canonical.startsWith(config.baseUrl))
      fail('SEO_CANONICAL', `${page.canonical} is not an absolute URL of ${config.baseUrl}`);
    else if (!foreign && canonicalPath !== page.url)
      fail('SEO_CANONICAL', `points at ${page.canonical}, not at the page itself`);
    else if (foreign && canonicalPath !== payload.localeUrls[payload.contentLocale])
      fail('SEO_CANONICAL', `a single-language page must point at ${payload.localeUrls[payload.contentLocale]}`);
    if (page.alternates[0]?.hreflang !== 'x-default') fail('SEO_ALTERNATE', 'x-default is missing or not first');
    const xDefault = page.alternates.find((a) => a.hreflang === 'x-default');
    const defaultAlt = page.alternates.find((a) => a.hreflang === defaultIso);
    if (xDefault && defaultAlt && xDefault.href !== defaultAlt.href)
      fail('SEO_ALTERNATE', `x-default points at ${xDefault.href}, not at the ${defaultIso} page ${defaultAlt.href}`);
    for (const alternate of page.alternates) {
      if (config.baseUrl && !alternate.href.startsWith(config.baseUrl))
        fail('SEO_ALTERNATE', `${alternate.hreflang} → ${alternate.href} is not an absolute URL of ${config.baseUrl}`);
      const targetPath = toSitePath(config, alternate.href);
      const target = targetPath ? byUrl.get(targetPath) : undefined;
      if (!target) {
        fail('SEO_ALTERNATE', `${alternate.hreflang} → ${alternate.href} is not a page of the build`);
        continue;
      }
      if (
        alternate.hreflang !== 'x-default' &&
        page.canonical &&
        !target.alternates.some((a) => a.href === page.canonical)
      ) {
        fail('SEO_ALTERNATE', `${alternate.hreflang} → ${alternate.href} does not list ${page.canonical} back`);
      }
    }
    // Only the language switcher (outside <main>) crosses locales; single-language pages excepted.
    if (!foreign) {
      for (const href of page.mainLinks) {
        const linkPath = toSitePath(config, href);
        if (!linkPath || linkPath.startsWith('/_app/') || !byUrl.has(linkPath)) continue;
        const other = localeOfPath(linkPath);
        if (other !== payload.locale) {
          const own = prefixes.reduce(
            (p, prefix) => (p === prefix || p.startsWith(`${prefix}/`) ? p.slice(prefix.length) || '/' : p),
            linkPath,
          );
          const suggestion = locale?.prefix ? (own === '/' ? locale.prefix : `${locale.prefix}${own}`) : own;
          problems.push(toProblem('SEO_CROSS_LOCALE_LINK', { page: page.url, href, suggestion }, at(page)));
        }
      }
    }
  }
  problems.push(
    ...checkDuplicates(config, routePages),
    ...checkErrorPages(pages, sitemap),
    ...checkSitemap(routePages, sitemap),
  );
  return problems;
}

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
        if (urls.length > 1)
          problems.push(
            toProblem(
              'SEO_DUPLICATE',
              { what, locale: code, value, pages: urls.join(', ') },
              { file: own.find((p) => p.url === urls[1])?.file ?? '', line: 1, column: 1 },
            ),
          );
      }
    }
  }
  return problems;
}

function checkErrorPages(pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  return pages
    .filter((p) => p.payload?.error)
    .flatMap((page) => {
      const reasons = [
        ...(page.noindex ? [] : ['it is not noindex']),
        ...(page.alternates.length > 0 ? ['it has alternates'] : []),
        ...(sitemap?.includes(page.url) ? ['it is in the sitemap'] : []),
      ];
      return reasons.map((reason) =>
        toProblem('SEO_ERROR_PAGE', { page: page.url, reason }, { file: page.file, line: 1, column: 1 }),
      );
    });
}

function checkSitemap(pages: readonly OutputPage[], sitemap: string | null): SiteProblem[] {
  const loc = { file: 'sitemap.xml', line: 1, column: 1 };
  if (sitemap === null) return [toProblem('SEO_SITEMAP', { reason: 'missing' }, loc)];
  const entries = new Map(
    [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
      const body = m[1] as string;
      const url = /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? '';
      const alternates = [...body.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((a) => `${a[1]} ${a[2]}`);
      return [url, alternates] as const;
    }),
  );
  const problems: SiteProblem[] = [];
  const indexable = pages.filter((p) => p.payload && p.payload.contentLocale === p.payload.locale && !p.noindex);
  for (const page of indexable) {
    const listed = page.canonical ? entries.get(page.canonical) : undefined;
    if (!listed)
      problems.push(
        toProblem('SEO_SITEMAP', { reason: `${page.canonical ?? page.url} (${page.url}) is missing` }, loc),
      );
    else if (listed.join('|') !== page.alternates.map((a) => `${a.hreflang} ${a.href}`).join('|'))
      problems.push(toProblem('SEO_SITEMAP', { reason: `the alternates of ${page.url} differ from its head` }, loc));
  }
  const canonicals = new Set(indexable.map((p) => p.canonical));
  for (const url of entries.keys()) {
    if (!canonicals.has(url))
      problems.push(toProblem('SEO_SITEMAP', { reason: `${url} is listed but is not an indexable page` }, loc));
  }
  return problems;
}

import type {
  Alternate,
  ContentFile,
  LocaleCode,
  LocaleConfig,
  MenuLink,
  Page,
  PageLink,
  Pagination,
  Route,
  SiteConfig,
  HeldRoute,
} from '../types.ts';
import { toAbsoluteUrl } from '../../runtime/urls.ts';

/** Root-relative URL of a route in a locale, without a trailing slash: `/`, `/en`, `/en/contact`. */
export function toPageUrl(locale: LocaleConfig, routePath: string): string {
  if (routePath === '/') return locale.prefix || '/';
  return `${locale.prefix}${routePath}`;
}

/** Every route in every locale: the `Page[]` the renderer takes. */
export function resolvePages(config: SiteConfig, routes: readonly Route[], held: readonly HeldRoute[]): Page[] {
  const articles = routes.filter((r) => r.template === 'article').sort(byDateDesc);
  const menus = new Map(config.locales.map((locale) => [locale.code, toMenus(config, locale, routes)]));
  const unpublished = new Map(held.map(({ route, kind, date }) => [route.path, { kind, date }]));
  return routes.flatMap((route) =>
    config.locales.flatMap((locale) => {
      const page = toPage(config, route, locale, routes, articles, menus.get(locale.code) ?? {});
      const held = unpublished.get(route.path) ?? null;
      // Not indexed: front matter `noindex` (any language's file), or held back but built on request (behaviour.md: Publishing).
      const noindex = held !== null || Object.values(route.files).some((file) => file.data.noindex);
      return toListPages(config, route, { ...page, noindex, unpublished: held });
    }),
  );
}

const ALL_SHOWN = 7;

/** `1 … 4 5 6 … 209`, null for a gap; a gap of one page shows it (behaviour.md: Long lists). */
export function toShownPages(page: number, pages: number): (number | null)[] {
  if (pages <= ALL_SHOWN) return Array.from({ length: pages }, (_, i) => i + 1);
  const kept = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages);
  const shown: (number | null)[] = [];
  for (const n of kept.sort((a, b) => a - b)) {
    const before = shown.at(-1);
    if (typeof before === 'number' && n - before === 2) shown.push(before + 1);
    else if (typeof before === 'number' && n - before > 2) shown.push(null);
    shown.push(n);
  }
  return shown;
}

/** `<url>`, `<url>/page/2`…, each its own canonical (behaviour.md: Long lists). */
function toListPages(config: SiteConfig, route: Route, page: Page): Page[] {
  const size = config.listPageSize;
  if (page.listed.length <= size) return [page];
  const pages = Math.ceil(page.listed.length / size);
  const pathOf = (n: number) => (n === 1 ? route.path : `${route.path === '/' ? '' : route.path}/page/${n}`);
  const locale = config.locales.find((l) => l.code === page.locale) as LocaleConfig;
  const urls = Array.from({ length: pages }, (_, i) => toPageUrl(locale, pathOf(i + 1)));
  return urls.map((_, i) => {
    const n = i + 1;
    const listed = page.listed.slice(i * size, n * size);
    const pagination: Pagination = {
      page: n,
      pages,
      shown: toShownPages(n, pages).map((shown) =>
        shown === null ? null : { page: shown, url: urls[shown - 1] as string },
      ),
      prev: urls[i - 1] ?? null,
      next: urls[i + 1] ?? null,
    };
    if (n === 1) return { ...page, listed, pagination };
    const name = `${route.name}-page-${n}___${page.locale}`;
    return { ...page, ...toAddresses(config, route, locale, pathOf(n)), name, listed, pagination };
  });
}

/** One object shared by every page of the locale. */
function toMenus(config: SiteConfig, locale: LocaleConfig, routes: readonly Route[]): Record<string, MenuLink[]> {
  const sections = config.navigation.flatMap((item) => (item.section ? [item.section] : []));
  return Object.fromEntries(
    sections.map((section) => [
      section,
      routes
        // The section's page at the top (`/jobs`) is the navigation entry's own link, not in its menu.
        .filter((r) => r.section === section && r.path.split('/').length > 2)
        .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path))
        .map((r) => ({ url: toPageUrl(locale, r.path), name: r.name, depth: toDepth(r) })),
    ]),
  );
}

function toPage(
  config: SiteConfig,
  route: Route,
  locale: LocaleConfig,
  routes: readonly Route[],
  articles: readonly Route[],
  menus: Record<string, MenuLink[]>,
): Omit<Page, 'noindex' | 'unpublished'> {
  const sectionPages =
    route.layout === 'section' || route.template === 'section'
      ? toSectionLinks(route, locale, routes)
      : toTopicLinks(route, locale, routes);
  return {
    route,
    locale: locale.code,
    ...toAddresses(config, route, locale, route.path),
    name: `${route.name}___${locale.code}`,
    content: toContentFor(route, locale.code),
    indexable: route.contentLocales.includes(locale.code),
    sectionPages,
    listed: toListed(route, locale, sectionPages, articles, toLeftOut(route, routes)),
    menus,
    pagination: null,
  };
}

/** A single-language page points search engines at the language that has it (behaviour.md: Single-language pages). */
function toAddresses(
  config: SiteConfig,
  route: Route,
  locale: LocaleConfig,
  routePath: string,
): Pick<Page, 'url' | 'canonical' | 'alternates' | 'localeUrls'> {
  const contentLocales = config.locales.filter((l) => route.contentLocales.includes(l.code));
  const canonicalLocale = route.contentLocales.includes(locale.code) ? locale : (contentLocales[0] as LocaleConfig);
  return {
    url: toPageUrl(locale, routePath),
    canonical: toAbsoluteUrl(config.baseUrl, toPageUrl(canonicalLocale, routePath)),
    alternates: toAlternates(config, routePath, contentLocales),
    localeUrls: Object.fromEntries(config.locales.map((l) => [l.code, toPageUrl(l, routePath)])),
  };
}

/** x-default first, then each locale's bare language and full tag (behaviour.md: Head and SEO). */
function toAlternates(config: SiteConfig, routePath: string, contentLocales: readonly LocaleConfig[]): Alternate[] {
  const defaultLocale =
    contentLocales.find((l) => l.code === config.defaultLocale) ?? (contentLocales[0] as LocaleConfig);
  const href = (l: LocaleConfig) => toAbsoluteUrl(config.baseUrl, toPageUrl(l, routePath));
  const alternates: Alternate[] = [{ hreflang: 'x-default', href: href(defaultLocale) }];
  for (const l of contentLocales) {
    const language = l.iso.split('-')[0] as string;
    for (const hreflang of new Set([language, l.iso])) alternates.push({ hreflang, href: href(l) });
  }
  return alternates;
}

function toContentFor(route: Route, locale: LocaleCode): ContentFile {
  return route.files[locale] ?? (route.files[route.contentLocales[0] as LocaleCode] as ContentFile);
}

function toLink(route: Route, locale: LocaleConfig, depth = 0): PageLink {
  const content = toContentFor(route, locale.code);
  const { image, imageAlt, featured, summaries } = content.data.extra;
  const topic = toTopic(route);
  // A single-language page says in the list's own language what it is about (behaviour.md: Single-language pages).
  const summary =
    content.locale !== locale.code && summaries && typeof summaries === 'object'
      ? (summaries as Record<string, unknown>)[locale.code]
      : undefined;
  return {
    url: toPageUrl(locale, route.path),
    name: route.name,
    contentLocale: content.locale,
    title: content.data.title,
    description: content.data.description,
    date: route.date,
    depth,
    ...(typeof image === 'string' ? { image, imageAlt: typeof imageAlt === 'string' ? imageAlt : '' } : {}),
    ...(topic ? { topic } : {}),
    ...(featured === true ? { featured } : {}),
    ...(typeof summary === 'string' && summary !== '' ? { summary } : {}),
  };
}

/** Every locale's file gives them alike. */
function toSettingsOf(route: Route): ContentFile['data'] {
  return (route.files[route.contentLocales[0] as LocaleCode] as ContentFile).data;
}

/** A page's topic (front matter `topic`), as its first language's file gives it (behaviour.md: Topics). */
function toTopic(route: Route): string | null {
  const { topic } = toSettingsOf(route).extra;
  return typeof topic === 'string' && topic !== '' ? topic : null;
}

function toSectionLinks(route: Route, locale: LocaleConfig, routes: readonly Route[]): PageLink[] {
  if (route.section === '') return [];
  return routes
    .filter((r) => r.section === route.section)
    .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path))
    .map((r) => toLink(r, locale, toDepth(r)));
}

function toDepth(route: Route): number {
  return Math.max(0, route.path.split('/').length - 3);
}

/** The news topic pages in `order`, the filter of each page listing all articles (behaviour.md: Topics). */
function toTopicLinks(route: Route, locale: LocaleConfig, routes: readonly Route[]): PageLink[] {
  if (toSettingsOf(route).list !== 'articles' || toSettingsOf(route).listLimit !== null) return [];
  return routes
    .filter((r) => toSettingsOf(r).list === 'articles' && toTopic(r) !== null)
    .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path))
    .map((r) => toLink(r, locale));
}

/** Front matter `list` (behaviour.md: Topics). */
function toListed(
  route: Route,
  locale: LocaleConfig,
  sectionPages: readonly PageLink[],
  articles: readonly Route[],
  leftOut: ReadonlySet<string>,
): PageLink[] {
  const { list, listLimit } = toSettingsOf(route);
  const limit = listLimit ?? Infinity;
  if (list === 'section')
    return sectionPages.filter((p) => p.name !== route.name && !leftOut.has(p.name)).slice(0, limit);
  if (route.template === 'article') return toRelated(route, articles, locale.code).map((r) => toLink(r, locale));
  if (list !== 'articles') return [];
  const topic = toTopic(route);
  const chosen = topic ? articles.filter((r) => toTopic(r) === topic) : articles;
  return chosen.slice(0, limit).map((r) => toLink(r, locale));
}

/**
 * An article's more news: three others, those written in the page's language before those shown
 * in another, and of each the newest of its topic first; then shown newest first (behaviour.md: Topics).
 */
function toRelated(route: Route, articles: readonly Route[], locale: LocaleCode): Route[] {
  const topic = toTopic(route);
  const rank = (r: Route) =>
    (r.contentLocales.includes(locale) ? 0 : 2) + (topic !== null && toTopic(r) === topic ? 0 : 1);
  const others = articles.filter((r) => r.name !== route.name);
  // A stable sort: each rank keeps the newest first.
  return others
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, 3)
    .sort(byDateDesc);
}

function toLeftOut(route: Route, routes: readonly Route[]): ReadonlySet<string> {
  if (toSettingsOf(route).list !== 'section') return new Set();
  return new Set(routes.filter((r) => r.section === route.section && !toSettingsOf(r).inOverview).map((r) => r.name));
}

function byDateDesc(a: Route, b: Route): number {
  return (b.date ?? '').localeCompare(a.date ?? '') || a.path.localeCompare(b.path);
}

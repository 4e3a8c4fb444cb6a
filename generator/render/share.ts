import type { BreadcrumbList, ContactPoint, NewsArticle, Organization, Thing, WebSite, WithContext } from 'schema-dts';
import type { LocaleCode, LocaleConfig, Page, SiteConfig, Translate } from '../types.ts';
import { toSection } from '../resolve/sections.ts';
import { toFeedPath } from '../../runtime/urls.ts';

// What a page tells search engines and share dialogs besides its title and description
// (behaviour.md: Sharing): its card image, an article's dates, the news feeds, and structured data
// made from the same front matter and configuration as the visible page, so the two cannot disagree.

/** The share card of a page: an absolute URL of a 1200 × 630 PNG, and what it shows. */
export interface ShareImage {
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface ShareHead {
  readonly image: ShareImage | null;
  /** An article's `article:published_time` and `article:modified_time` (ISO 8601 dates). */
  readonly published: string | null;
  readonly modified: string | null;
  /** The newsroom's Atom feeds, one per locale, on news pages. */
  readonly feeds: readonly { readonly href: string; readonly hreflang: string; readonly title: string }[];
  /** JSON-LD blocks, each a complete document with its `@context`. */
  readonly structuredData: readonly WithContext<Thing>[];
}

type Section = ReturnType<typeof toSection>;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface ShareInput {
  readonly config: SiteConfig;
  readonly page: Page;
  /** Every locale's translator: the page's, and the others' for names in every language. */
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  /** The page's card (root-relative), or its own `shareImage` (root-relative or http(s)), or null. */
  readonly cardPath: string | null;
  /** Root-relative URL of the 512 px icon, the organization's logo. */
  readonly logoPath: string;
}

/** Everything a page's head says for sharing; what needs an absolute URL is left out without a base URL. */
export function toShareHead(input: ShareInput): ShareHead {
  const { config, page, translators } = input;
  const t = translators.get(page.locale) as Translate;
  const tIn = (code: LocaleCode) => translators.get(code) ?? t;
  const date = page.route.template === 'article' ? page.route.date : null;
  const section = toSection(config, page, t);
  const image = toShareImage(input);
  const feeds = toFeedLinks(config, page, tIn);
  const structuredData = config.baseUrl ? toStructuredData(input, config.baseUrl, tIn, section, image) : [];
  return { image, published: date, modified: date, feeds, structuredData };
}

/** The page's card at an absolute URL, or null when it has none or a root-relative one without a base URL. */
function toShareImage({ config, page, cardPath }: ShareInput): ShareImage | null {
  const base = config.baseUrl;
  const url = cardPath?.startsWith('/') ? (base ? `${base}${cardPath}` : null) : cardPath;
  return url ? { url, alt: page.content.data.title, width: CARD_WIDTH, height: CARD_HEIGHT } : null;
}

/** Every locale's news feed, on the newsroom's pages (its index and its articles); none elsewhere. */
function toFeedLinks(config: SiteConfig, page: Page, tIn: (code: LocaleCode) => Translate): ShareHead['feeds'] {
  if (page.route.section !== 'news' && page.route.path !== '/news') return [];
  const base = config.baseUrl;
  return config.locales.map((l) => ({
    href: base ? `${base}${toFeedPath(l)}` : toFeedPath(l),
    hreflang: l.iso,
    title: `${tIn(l.code)('nav:news')} · ${l.siteTitle}`,
  }));
}

/** The JSON-LD of a page: the organization, the website, the article and the breadcrumbs that apply. */
function toStructuredData(
  input: ShareInput,
  base: string,
  tIn: (code: LocaleCode) => Translate,
  section: Section,
  image: ShareImage | null,
): WithContext<Thing>[] {
  const { config, page } = input;
  const t = tIn(page.locale);
  const locale = config.locales.find((l) => l.code === page.locale) as LocaleConfig;
  const absolute = (path: string) => (path === '/' ? base : `${base}${path}`);
  const home = absolute(locale.prefix || '/');
  // Made on every page, listed or not: its texts are read, and a missing one reported, on each.
  const organization = toOrganization(config, page.locale, tIn, absolute(input.logoPath));
  const structuredData: WithContext<Thing>[] = [];
  if (page.route.path === '/' || page.route.template === 'contact') structuredData.push(organization);
  if (page.route.path === '/') structuredData.push(toWebSite(locale, t, home));
  if (page.route.template === 'article')
    structuredData.push(toNewsArticle(config, page, t, { locale, home, logo: absolute(input.logoPath), image }));
  // Below the top level: home, the section (when the page is not its first page), the page.
  if (page.route.path.split('/').length > 2) structuredData.push(toBreadcrumbs(page, t, home, section, absolute));
  return structuredData;
}

/** The home page's WebSite: the site's name and address in the page's language. */
function toWebSite(locale: LocaleConfig, t: Translate, home: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: locale.siteTitle,
    url: home,
    inLanguage: locale.iso,
    publisher: { '@type': 'Organization', name: t('footer:company'), url: home },
  };
}

/** An article's NewsArticle: headline, language of its text, dates, card, and the company as its author. */
function toNewsArticle(
  config: SiteConfig,
  page: Page,
  t: Translate,
  { locale, home, logo, image }: { locale: LocaleConfig; home: string; logo: string; image: ShareImage | null },
): WithContext<NewsArticle> {
  const date = page.route.date;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: page.content.data.title,
    description: page.content.data.description,
    inLanguage: config.locales.find((l) => l.code === page.content.locale)?.iso ?? locale.iso,
    url: page.canonical,
    mainEntityOfPage: page.canonical,
    ...(date ? { datePublished: date, dateModified: date } : {}),
    ...(image ? { image: [image.url] } : {}),
    publisher: { '@type': 'Organization', name: t('footer:company'), logo: { '@type': 'ImageObject', url: logo } },
    author: { '@type': 'Organization', name: t('footer:company'), url: home },
  };
}

/** The trail from the home page, through the section unless the page is its first, to the page. */
function toBreadcrumbs(
  page: Page,
  t: Translate,
  home: string,
  section: Section,
  absolute: (path: string) => string,
): WithContext<BreadcrumbList> {
  const crumbs = [
    { name: t('nav:home'), item: home },
    ...(section && section.url !== page.url ? [{ name: section.label, item: absolute(section.url) }] : []),
    { name: page.content.data.title, item: page.canonical },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
  };
}

/**
 * The company: its name in every locale, its logo and address, and a contact point per department
 * of the configuration's contacts, with the department's label in the page's language.
 */
function toOrganization(
  config: SiteConfig,
  shown: LocaleCode,
  tIn: (code: LocaleCode) => Translate,
  logo: string,
): WithContext<Organization> {
  const t = tIn(shown);
  const contactPoint: ContactPoint[] = config.contacts.map((c) => ({
    '@type': 'ContactPoint',
    contactType: t(`common:contacts.${c.key}`),
    email: c.email,
    ...(c.phone ? { telephone: c.phone } : {}),
    ...(c.fax ? { faxNumber: c.fax } : {}),
    availableLanguage: config.locales.map((l) => l.iso),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: t('footer:company'),
    alternateName: config.locales.filter((l) => l.code !== shown).map((l) => tIn(l.code)('footer:company')),
    ...(config.baseUrl ? { url: config.baseUrl } : {}),
    logo,
    address: { '@type': 'PostalAddress', streetAddress: t('footer:address'), addressCountry: 'TW' },
    contactPoint,
  };
}

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
  const base = config.baseUrl;
  const locale = config.locales.find((l) => l.code === page.locale) as LocaleConfig;
  const isArticle = page.route.template === 'article';
  const date = isArticle ? page.route.date : null;
  const title = page.content.data.title;
  const section = toSection(config, page, t);
  const cardUrl = input.cardPath?.startsWith('/') ? (base ? `${base}${input.cardPath}` : null) : input.cardPath;
  const image: ShareImage | null = cardUrl
    ? { url: cardUrl, alt: title, width: CARD_WIDTH, height: CARD_HEIGHT }
    : null;
  // The newsroom's pages: its index and its articles.
  const feeds =
    page.route.section === 'news' || page.route.path === '/news'
      ? config.locales.map((l) => ({
          href: base ? `${base}${toFeedPath(l)}` : toFeedPath(l),
          hreflang: l.iso,
          title: `${tIn(l.code)('nav:news')} · ${l.siteTitle}`,
        }))
      : [];
  if (!base) return { image, published: date, modified: date, feeds, structuredData: [] };

  const absolute = (path: string) => (path === '/' ? base : `${base}${path}`);
  const home = absolute(locale.prefix || '/');
  const organization = toOrganization(config, page.locale, tIn, absolute(input.logoPath));
  const structuredData: WithContext<Thing>[] = [];
  if (page.route.path === '/' || page.route.template === 'contact') structuredData.push(organization);
  if (page.route.path === '/') {
    const website: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: locale.siteTitle,
      url: home,
      inLanguage: locale.iso,
      publisher: { '@type': 'Organization', name: t('footer:company'), url: home },
    };
    structuredData.push(website);
  }
  if (isArticle) {
    const article: WithContext<NewsArticle> = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: title,
      description: page.content.data.description,
      inLanguage: config.locales.find((l) => l.code === page.content.locale)?.iso ?? locale.iso,
      url: page.canonical,
      mainEntityOfPage: page.canonical,
      ...(date ? { datePublished: date, dateModified: date } : {}),
      ...(image ? { image: [image.url] } : {}),
      publisher: {
        '@type': 'Organization',
        name: t('footer:company'),
        logo: { '@type': 'ImageObject', url: absolute(input.logoPath) },
      },
      author: { '@type': 'Organization', name: t('footer:company'), url: home },
    };
    structuredData.push(article);
  }
  // Below the top level: home, the section (when the page is not its first page), the page.
  if (page.route.path.split('/').length > 2) {
    const crumbs = [
      { name: t('nav:home'), item: home },
      ...(section && section.url !== page.url ? [{ name: section.label, item: absolute(section.url) }] : []),
      { name: title, item: page.canonical },
    ];
    const breadcrumbs: WithContext<BreadcrumbList> = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
    };
    structuredData.push(breadcrumbs);
  }
  return { image, published: date, modified: date, feeds, structuredData };
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

import type { Graph } from 'schema-dts';
import type { LocaleCode, Page, SiteConfig, Translate } from '../types.ts';
import type { ShareImage, ShareInput } from './share-input.ts';
import { toPageTimes } from '../resolve/times.ts';
import { toFeedPath } from '../../runtime/urls.ts';
import { toStructuredData } from './structured-data.ts';

// What a page tells search engines and share dialogs besides its title and description
// (behaviour.md: Sharing): its card image, an article's dates, the news feeds, and structured data
// made from the same front matter and configuration as the visible page, so the two cannot disagree.

export interface ShareHead {
  /** The share card: 1200 × 630. */
  readonly image: ShareImage | null;
  /** An article's `article:published_time` and `article:modified_time`, with the site's zone offset. */
  readonly published: string | null;
  readonly modified: string | null;
  /** The newsroom's Atom feeds, one per locale, on news pages. */
  readonly feeds: readonly { readonly href: string; readonly title: string }[];
  /** The page's JSON-LD: one graph, every node tied to the one organization. */
  readonly structuredData: readonly Graph[];
}

export type { ShareImage, ShareInput } from './share-input.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Everything a page's head says for sharing; what needs an absolute URL is left out without a base URL. */
export function toShareHead(input: ShareInput): ShareHead {
  const { config, page, translators } = input;
  const tIn = (code: LocaleCode) => translators.get(code) ?? (translators.get(page.locale) as Translate);
  const times = page.route.template === 'article' ? toPageTimes(page.content, config.publish.timeZone) : null;
  const image = toShareImage(input);
  // An article's card in the shapes results show (16:9, 4:3, 1:1), for its NewsArticle.
  const images = image ? toArticleImages(input, image) : [];
  const feeds = toFeedLinks(config, page, tIn);
  const structuredData = config.baseUrl ? [toStructuredData({ ...input, base: config.baseUrl, tIn, images })] : [];
  return {
    image,
    published: times?.published ?? null,
    modified: times?.modified ?? null,
    feeds,
    structuredData,
  };
}

/** The page's card at an absolute URL, or null when it has none or a root-relative one without a base URL. */
function toShareImage({ config, page, cardPath }: ShareInput): ShareImage | null {
  const base = config.baseUrl;
  const url = cardPath?.startsWith('/') ? (base ? `${base}${cardPath}` : null) : cardPath;
  return url ? { url, alt: page.content.data.title, width: CARD_WIDTH, height: CARD_HEIGHT } : null;
}

/** An article's card in each other shape, absolute; its own `shareImage` alone where it names one. */
function toArticleImages({ config, page, variants }: ShareInput, image: ShareImage): ShareImage[] {
  if (page.route.template !== 'article') return [];
  if (variants.length === 0 || !config.baseUrl) return [image];
  return variants.map((v) => ({ url: `${config.baseUrl}${v.path}`, alt: image.alt, width: v.width, height: v.height }));
}

/**
 * Every locale's news feed, on the newsroom's pages (its index and its articles); none elsewhere.
 * No `hreflang`: a feed is no language version of the page, and search engines would take it for one.
 */
function toFeedLinks(config: SiteConfig, page: Page, tIn: (code: LocaleCode) => Translate): ShareHead['feeds'] {
  if (page.route.section !== 'news' && page.route.path !== '/news') return [];
  const base = config.baseUrl;
  return config.locales.map((l) => ({
    href: base ? `${base}${toFeedPath(l)}` : toFeedPath(l),
    title: `${tIn(l.code)('nav:news')} · ${l.siteTitle}`,
  }));
}

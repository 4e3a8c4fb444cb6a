import type { Graph } from 'schema-dts';
import type { Page, SiteConfig, Translate } from '../types.ts';
import type { ShareImage, ShareInput } from './share-input.ts';
import { toPageTimes } from '../resolve/times.ts';
import { toFeedPath } from '../../runtime/urls.ts';
import { toStructuredData } from './structured-data.ts';

// What a page tells search engines and share dialogs (behaviour.md: Sharing), made from the same
// front matter and configuration as the visible page, so the two cannot disagree.

export interface ShareHead {
  readonly image: ShareImage | null;
  /** An article's times, with the site's zone offset. */
  readonly published: string | null;
  readonly modified: string | null;
  /** The newsroom's Atom feeds, one per locale, on news pages. */
  readonly feeds: readonly { readonly href: string; readonly title: string }[];
  readonly structuredData: readonly Graph[];
}

/** A drawn card's shape (cards/cards.ts); a front matter `shareImage` is announced at it too. */
export const CARD_SHAPE = { width: 1200, height: 630 } as const;

/** What needs an absolute URL is left out without a base URL. */
export function toShareHead(input: ShareInput): ShareHead {
  const { config, page, translators } = input;
  const times = page.route.template === 'article' ? toPageTimes(page.content, config.publish.timeZone) : null;
  const image = toShareImage(input);
  const images = image ? toArticleImages(input, image) : [];
  const feeds = toFeedLinks(config, page, translators);
  const structuredData = config.baseUrl
    ? [toStructuredData({ ...input, base: config.baseUrl, t: translators.get(page.locale) as Translate, images })]
    : [];
  return { image, published: times?.published ?? null, modified: times?.modified ?? null, feeds, structuredData };
}

/** The front matter's `shareImage`, else the drawn card, else none (behaviour.md: Sharing). */
function toShareImage({ config, assets, page }: ShareInput): ShareImage | null {
  const own = page.content.data.extra.shareImage;
  const path = typeof own === 'string' && own.startsWith('/') ? own : assets.cards?.get(page.url);
  if (!path || !config.baseUrl) return null;
  return { url: `${config.baseUrl}${path}`, alt: page.content.data.title, ...CARD_SHAPE };
}

/** An article's card in the shapes results show (16:9, 4:3, 1:1); its own `shareImage` alone if it has one. */
function toArticleImages({ config, assets, page }: ShareInput, image: ShareImage): ShareImage[] {
  if (page.route.template !== 'article') return [];
  const own = typeof page.content.data.extra.shareImage === 'string';
  const variants = own ? [] : (assets.cardVariants?.get(page.url) ?? []);
  if (variants.length === 0 || !config.baseUrl) return [image];
  return variants.map((v) => ({ url: `${config.baseUrl}${v.path}`, alt: image.alt, width: v.width, height: v.height }));
}

function toFeedLinks(config: SiteConfig, page: Page, translators: ShareInput['translators']): ShareHead['feeds'] {
  if (page.route.section !== 'news' && page.route.path !== '/news') return [];
  const base = config.baseUrl;
  return config.locales.map((l) => ({
    href: base ? `${base}${toFeedPath(l)}` : toFeedPath(l),
    title: `${(translators.get(l.code) as Translate)('nav:news')} · ${l.siteTitle}`,
  }));
}

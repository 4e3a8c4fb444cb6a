import { createHash } from 'node:crypto';
import { toHtmlText } from '../escape.ts';
import { toSection } from '../resolve/sections.ts';
import type { Page, RenderedPage, SiteConfig, Translate } from '../types.ts';
import { toPageFiles, type PageLayout } from '../../runtime/urls.ts';

// What the search index reads of each page (behaviour.md: Search): its title, section, keywords
// and main element, and the document Pagefind is given for it.

/** What a page's main element holds that is not its own content: navigation, the contact box. */
export const NOT_CONTENT = ['nav', '.contact-block', '.pagination', '[data-search-ignore]'];

/** A page as the index sees it. */
export interface SearchDocument {
  readonly url: string;
  readonly title: string;
  /** The section's name in the page's language, or null on pages outside a section. */
  readonly section: string | null;
  /** The page's rendered `<main>` element. */
  readonly main: string;
  /** Words visitors search for that should find the page first (front matter `keywords`). */
  readonly keywords: readonly string[];
}

/**
 * The document Pagefind reads for a page: its main element and keywords, with the title and
 * section as metadata (not indexed as text), in the index's language.
 */
export function toSearchHtml(doc: SearchDocument, language: string): string {
  const text = doc.keywords.length > 0 ? doc.main.toLowerCase() : '';
  const unsaid = doc.keywords.filter((keyword) => !text.includes(toHtmlText(keyword.toLowerCase())));
  const meta = (name: string, value: string) =>
    `<meta data-pagefind-meta="${name}[content]" content="${toHtmlText(value)}">`;
  return [
    `<html lang="${toHtmlText(language)}"><head>`,
    meta('title', doc.title),
    doc.section ? meta('section', doc.section) : '',
    doc.keywords.length > 0 ? meta('keywords', doc.keywords.join(', ')) : '',
    `</head><body>${doc.main}`,
    // A keyword the page never says is indexed after its text, so that it finds the page; the others
    // are there already, where the excerpts are taken from. The browser puts the pages they name first.
    unsaid.length > 0 ? `<p>${toHtmlText(unsaid.join(', '))}</p>` : '',
    '</body></html>',
  ].join('');
}

/**
 * A page as the index's key knows it: what Pagefind reads of it is hashed as the page renders, and
 * made again from the written page (`file`) only when an index must be made. A build holds the
 * pages' texts once, in its output, however many pages the site has.
 */
export interface SearchEntry extends Omit<SearchDocument, 'main'> {
  /** The page's document in the output, where its main element is read again. */
  readonly file: string;
  /**
   * A hash of what Pagefind reads (toSearchHtml): of that document itself, or of the page's main
   * element it is made from and the rest it is made with.
   */
  readonly digest: string;
}

/** A page's `<main>` element in its rendered HTML, or null when it has none. */
export function toMainElement(html: string): string | null {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start < 0 || end < start ? null : html.slice(start, end + '</main>'.length);
}

/**
 * A rendered page as the index reads it, or null when the index leaves it out: a page is indexed
 * in the language it is written in only, so a single-language page under another locale's URL and
 * the later pages of a long list are not (behaviour.md: Search). Given `mainHash`, the hash of the
 * main element of the page's document as the build writes it (build-id.ts), the digest is made
 * from that and the rest Pagefind's document is made with, not from that document made here.
 */
export function toPageSearchEntry(input: {
  readonly config: SiteConfig;
  readonly page: Page;
  readonly rendered: RenderedPage;
  readonly t: Translate | undefined;
  readonly layout: PageLayout;
  readonly mainHash?: string;
}): SearchEntry | null {
  const { config, page, rendered, t, mainHash } = input;
  const { payload } = rendered;
  // A page kept out of search engines is kept out of the site's search too (behaviour.md: Publishing).
  if (page.noindex || payload.contentLocale !== payload.locale || (payload.pagination?.page ?? 1) > 1) return null;
  const main = toMainElement(rendered.html);
  if (main === null) return null;
  const [file = ''] = toPageFiles(page.url, input.layout);
  const iso = config.locales.find((l) => l.code === page.locale)?.iso ?? page.locale;
  const entry = {
    url: page.url,
    title: payload.title,
    section: t ? (toSection(config, page, t)?.label ?? null) : null,
    keywords: toKeywords(payload.data.keywords),
  };
  const madeWith =
    mainHash === undefined
      ? toSearchHtml({ ...entry, main }, toIndexLanguage(iso))
      : JSON.stringify([toIndexLanguage(iso), entry.title, entry.section, entry.keywords, mainHash]);
  return { ...entry, file, digest: createHash('sha256').update(madeWith).digest('base64url') };
}

/** Front matter `keywords`: a list of words, or one line of them separated by commas. */
function toKeywords(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(/[,，、]/) : Array.isArray(value) ? value : [];
  return list.filter((word): word is string => typeof word === 'string' && word.trim() !== '').map((w) => w.trim());
}

/**
 * The language Pagefind indexes a locale's pages in. Its Chinese word segmentation engages for
 * `zh`, `zh-TW` and `zh-CN` but not for script subtags (`zh-Hant`); other languages need only
 * their primary subtag (`en-US` → `en`) to find their stemmer.
 */
export function toIndexLanguage(iso: string): string {
  const [language = iso, ...rest] = iso.toLowerCase().split('-');
  if (language !== 'zh') return language;
  if (rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo')) return 'zh-TW';
  if (rest.includes('hans') || rest.includes('cn') || rest.includes('sg')) return 'zh-CN';
  return 'zh';
}

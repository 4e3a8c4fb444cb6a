import { createHash } from 'node:crypto';
import { toHtmlText } from '../escape.ts';
import { toSection } from '../resolve/sections.ts';
import type { Page, RenderedPage, SiteConfig, Translate } from '../types.ts';
import { toPageFiles, type PageLayout } from '../../runtime/urls.ts';

// What the search index reads of each page (behaviour.md: Search).

/** Parts of `<main>` that are not the page's own content. */
export const NOT_CONTENT = ['nav', '.contact-block', '.pagination', '[data-search-ignore]'];

export interface SearchDocument {
  readonly url: string;
  readonly title: string;
  readonly section: string | null;
  /** The rendered `<main>` element. */
  readonly main: string;
  /** Front matter `keywords`: they rank the page first. */
  readonly keywords: readonly string[];
}

/** Title and section go in as metadata, not indexed text. */
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
    // Keywords the text lacks are appended so they find the page.
    unsaid.length > 0 ? `<p>${toHtmlText(unsaid.join(', '))}</p>` : '',
    '</body></html>',
  ].join('');
}

/**
 * Only a digest is kept per page; the document is made again from the written `file` when an index
 * must be made, so a build holds the pages' texts once.
 */
export interface SearchEntry extends Omit<SearchDocument, 'main'> {
  readonly file: string;
  /** A hash of what Pagefind reads, or of the inputs that make it. */
  readonly digest: string;
}

export function toMainElement(html: string): string | null {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start < 0 || end < start ? null : html.slice(start, end + '</main>'.length);
}

/**
 * Null for a page out of its own language or a list's later page (behaviour.md: Search).
 * `mainHash` (build-id.ts) lets the digest skip making the document.
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
  // Noindex pages stay out of the site's search too (behaviour.md: Publishing).
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

/** A list, or one line separated by commas. */
function toKeywords(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(/[,，、]/) : Array.isArray(value) ? value : [];
  return list.filter((word): word is string => typeof word === 'string' && word.trim() !== '').map((w) => w.trim());
}

/** Pagefind segments Chinese for `zh`, `zh-TW` and `zh-CN` only, not `zh-Hant`; others need the primary subtag. */
export function toIndexLanguage(iso: string): string {
  const [language = iso, ...rest] = iso.toLowerCase().split('-');
  if (language !== 'zh') return language;
  if (rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo')) return 'zh-TW';
  if (rest.includes('hans') || rest.includes('cn') || rest.includes('sg')) return 'zh-CN';
  return 'zh';
}

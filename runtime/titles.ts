import type { SiteLocale } from '../generator/types.ts';

// behaviour.md: Head and SEO. Shared by the build and the browser's error pages.

/** Beyond this width a search result cuts the title, so the brand is left off. */
const TITLE_ROOM = 60;

// About twice a Latin letter's width.
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export function toTitleWidth(text: string): number {
  let width = 0;
  for (const c of text) width += WIDE.test(c) ? 2 : 1;
  return width;
}

export type TitleLocale = Pick<SiteLocale, 'siteTitle' | 'titleSeparator' | 'claim'>;

/** `{page}{separator}{brand}`, the page alone when too wide; the home page: brand and claim. */
export function toDocumentTitle(title: string, locale: TitleLocale, home = false): string {
  if (home && locale.claim) return `${locale.siteTitle}${locale.titleSeparator}${locale.claim}`;
  const full = `${title}${locale.titleSeparator}${locale.siteTitle}`;
  return toTitleWidth(full) <= TITLE_ROOM ? full : title;
}

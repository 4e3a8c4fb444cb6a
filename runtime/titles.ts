// A page's `<title>` (behaviour.md: Head and SEO), written the same way by the build and, for an
// error page the browser shows, by the runtime.

/** The most room a title takes in a search result with the brand after it: beyond it, the brand is left off. */
export const TITLE_ROOM = 60;

// Characters that take about twice a Latin letter's width in a result: Chinese, Japanese, Korean,
// and full-width forms and punctuation.
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** The room a text takes in a result, in characters: a wide character counts as two. */
export function toTitleWidth(text: string): number {
  let width = 0;
  for (const c of text) width += WIDE.test(c) ? 2 : 1;
  return width;
}

/** What of a locale a title is made of: its brand, the separator before it, and the home page's claim. */
export interface TitleLocale {
  readonly siteTitle: string;
  readonly titleSeparator: string;
  readonly claim?: string | undefined;
}

/**
 * The `<title>` of a page: `{page}{separator}{brand}`, or the page title alone where that would
 * take more room than TITLE_ROOM (a result cuts it off); the home page's is the brand and its claim.
 */
export function toDocumentTitle(title: string, locale: TitleLocale, home = false): string {
  if (home && locale.claim) return `${locale.siteTitle}${locale.titleSeparator}${locale.claim}`;
  const full = `${title}${locale.titleSeparator}${locale.siteTitle}`;
  return toTitleWidth(full) <= TITLE_ROOM ? full : title;
}

import type { CardVariant, LocaleCode, Page, SiteConfig, Translate } from '../types.ts';

// What the parts of a page's sharing head are made from (share.ts, structured-data.ts).

/** An image of a page at an absolute URL, and its size. */
export interface ShareImage {
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface ShareInput {
  readonly config: SiteConfig;
  readonly page: Page;
  /** Every locale's translator: the page's, and the others' for names in every language. */
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  /** The page's card (root-relative), or its own `shareImage` (root-relative or http(s)), or null. */
  readonly cardPath: string | null;
  /** The page's card in the other shapes, when it has them (articles). */
  readonly variants: readonly CardVariant[];
  /** Root-relative URL of the 512 px icon, the organization's logo. */
  readonly logoPath: string;
  /** The page's body as HTML: a position's JobPosting describes the job with it. */
  readonly html: string;
}

/** What the structured data of a page is made from: the share input, with the site's base URL. */
export interface GraphInput extends ShareInput {
  readonly base: string;
  readonly tIn: (code: LocaleCode) => Translate;
  /** The article's card in the shapes results show. */
  readonly images: readonly ShareImage[];
}

import type { CardVariant, LocaleCode, Page, SiteConfig, Translate } from '../types.ts';

/** An image of a page at an absolute URL. */
export interface ShareImage {
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface ShareInput {
  readonly config: SiteConfig;
  readonly page: Page;
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  /** The page's card (root-relative), or its own `shareImage` (root-relative or http(s)), or null. */
  readonly cardPath: string | null;
  readonly variants: readonly CardVariant[];
  /** The 512 px icon, the organization's logo. */
  readonly logoPath: string;
  /** The body's HTML, for a JobPosting's description. */
  readonly html: string;
}

export interface GraphInput extends ShareInput {
  readonly base: string;
  readonly tIn: (code: LocaleCode) => Translate;
  readonly images: readonly ShareImage[];
}

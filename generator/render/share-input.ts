import type { ClientAssets, LocaleCode, Page, SiteConfig, Translate } from '../types.ts';

// What sharing is made from: its own module, which the structured data and the organization read
// without importing the share head that calls them.

/** An image of a page at an absolute URL. */
export interface ShareImage {
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface ShareInput {
  readonly config: SiteConfig;
  /** The cards drawn and the 512 px icon, the organization's logo. */
  readonly assets: ClientAssets;
  readonly page: Page;
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  /** The body's HTML, for a JobPosting's description. */
  readonly html: string;
}

export interface GraphInput extends ShareInput {
  readonly base: string;
  /** The page's translator. */
  readonly t: Translate;
  readonly images: readonly ShareImage[];
}

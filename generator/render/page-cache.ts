import type { Page, RenderedPage } from '../types.ts';

// Rendered pages kept between builds (behaviour.md: Caches): a page whose inputs are byte for byte
// as they were (its key, pipeline/session-cache.ts) is not rendered again, so a build after an edit
// renders the pages the edit reaches and no other. A watch session keeps them here, in memory;
// `site build` keeps them on disk as it wrote them (write/kept-pages.ts).

/** Pages kept from an earlier build: what a page's key gives back, and where a new page goes. */
export interface KeptPages {
  /** The page as rendered before from the same inputs; pages kept on disk are taken before rendering. */
  readonly get?: (page: Page) => RenderedPage | undefined;
  /** A page rendered anew without a problem: a mistake is reported on every build until it is fixed. */
  readonly set: (page: Page, rendered: RenderedPage) => void;
}

/** Pages of a session, in memory (watch mode): by URL, with the key they were rendered under. */
export function keepInMemory(
  kept: Map<string, { readonly key: string; readonly page: RenderedPage }>,
  keyOf: (page: Page) => string,
): KeptPages {
  keyOf = keyOnce(keyOf);
  return {
    get: (page) => {
      const entry = kept.get(page.url);
      return entry && entry.key === keyOf(page) ? entry.page : undefined;
    },
    set: (page, rendered) => kept.set(page.url, { key: keyOf(page), page: rendered }),
  };
}

/** A page's key is made once, whether it is looked up, then kept. */
export function keyOnce(keyOf: (page: Page) => string): (page: Page) => string {
  const keys = new WeakMap<Page, string>();
  return (page) => {
    const key = keys.get(page) ?? keyOf(page);
    keys.set(page, key);
    return key;
  };
}

import type { SiteSearch } from '../generator/types.ts';
import type * as SearchIndex from './search-index.ts';

// The rest of the search is a chunk loaded on first use (behaviour.md: Search).

let loaded: Promise<typeof SearchIndex> | null = null;
const load = () => (loaded ??= import('./search-index.ts'));

export const siteSearch: SiteSearch = {
  prepare: (locale) => load().then((m) => m.searchIndex.prepare(locale)),
  search: (locale, query, limit) => load().then((m) => m.searchIndex.search(locale, query, limit)),
};

export function forgetSearchIndex(): void {
  if (loaded) void loaded.then((m) => m.forgetSearchIndex());
  else void import('./deployment.ts').then((m) => m.forgetOwnManifest());
}

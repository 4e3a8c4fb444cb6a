import type { SiteSearch } from '../generator/types.ts';
import type * as SearchIndex from './search-index.ts';

type SearchIndexModule = typeof SearchIndex;

// The search as the first view carries it (behaviour.md: Search): the rest of its code is a chunk
// of its own, loaded with the search itself, never on a first view.

let loaded: Promise<SearchIndexModule> | null = null;
const load = () => (loaded ??= import('./search-index.ts'));

export const siteSearch: SiteSearch = {
  prepare: (locale) => load().then((m) => m.searchIndex.prepare(locale)),
  search: (locale, query, limit) => load().then((m) => m.searchIndex.search(locale, query, limit)),
};

/** Watch mode: a rebuild made a new index; the next search reads the manifest and loads it again. */
export function forgetSearchIndex(): void {
  if (loaded) void loaded.then((m) => m.forgetSearchIndex());
  else void import('./deployment.ts').then((m) => m.forgetOwnManifest());
}

import type { LocaleCode, SiteSearch } from '../generator/types.ts';
import { currentView } from './view.ts';
import { forgetOwnManifest, readOwnManifest } from './deployment.ts';
import { byKeywords, toExcerpt, type PagefindData } from './search-results.ts';

// The site's search in the browser (behaviour.md: Search), loaded with the search: Pagefind's code
// and the locale's index load the first time the search is used (or the control is hovered or
// focused), from the folder the page's own build manifest names for its locale. Each locale has an
// index of its own, so a search never finds another locale's pages.

/** The part of Pagefind's browser module the search uses. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ readonly results: readonly { data(): Promise<PagefindData> }[] } | null>;
}

/** Where an index may be: a folder of the build's own under /_app/search/. */
const INDEX_FOLDER = /^\/_app\/search\/[\w.-]+\/$/;

const modules = new Map<string, Promise<Pagefind>>();

async function toIndexFolder(locale: LocaleCode): Promise<string> {
  const buildId = currentView()?.payload.buildId;
  const manifest = buildId ? await readOwnManifest(buildId) : null;
  const folder = manifest?.search?.[locale];
  if (typeof folder !== 'string' || !INDEX_FOLDER.test(folder)) throw new Error(`no search index for ${locale}`);
  return folder;
}

function loadIndex(folder: string): Promise<Pagefind> {
  let module = modules.get(folder);
  if (!module) {
    module = (async () => {
      const pagefind = (await import(`${folder}pagefind.js`)) as Pagefind;
      await pagefind.options({ basePath: folder, excerptLength: 24 });
      await pagefind.init();
      return pagefind;
    })();
    // A failed load (offline, a build replaced meanwhile) is tried again at the next search.
    module.catch(() => modules.delete(folder));
    modules.set(folder, module);
  }
  return module;
}

/** How many of the best matches are read, to put the pages whose keywords match first. */
const CONSIDERED = 30;

/** The next search reads the manifest and loads the index again (watch mode made a new one). */
export function forgetSearchIndex(): void {
  forgetOwnManifest();
  modules.clear();
}

export const searchIndex: SiteSearch = {
  async prepare(locale) {
    await loadIndex(await toIndexFolder(locale));
  },
  async search(locale, query, limit = 20) {
    const find = async () => {
      const pagefind = await loadIndex(await toIndexFolder(locale));
      const found = await pagefind.search(query);
      const results = found?.results ?? [];
      const data = await Promise.all(results.slice(0, Math.max(limit, CONSIDERED)).map((result) => result.data()));
      return { total: results.length, data };
    };
    // An index that went away (watch mode replaced it) is looked up again once, in a fresh manifest.
    const { total, data } = await find().catch(() => {
      forgetSearchIndex();
      return find();
    });
    const hits = byKeywords(data, query)
      .slice(0, limit)
      .map((page) => ({
        url: page.url,
        title: page.meta.title ?? page.url,
        section: page.meta.section ?? '',
        excerpt: toExcerpt(page.excerpt, page.meta.title),
      }));
    return { total, hits };
  },
};

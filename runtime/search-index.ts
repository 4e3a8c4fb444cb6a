import type { LocaleCode, SiteSearch } from '../generator/types.ts';
import { currentView } from './app.tsx';
import { forgetOwnManifest, readOwnManifest } from './deployment.ts';
import { loadOnce } from './fetch-json.ts';
import { byKeywords, toExcerpt, type PagefindData } from './search-results.ts';

// behaviour.md: Search. Each locale's index is in the folder the page's build manifest names.

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ readonly results: readonly { data(): Promise<PagefindData> }[] } | null>;
}

/** Only the build's own folders: the manifest's value becomes an import. */
const INDEX_FOLDER = /^\/_app\/search\/[\w.-]+\/$/;

const modules = new Map<string, Promise<Pagefind>>();

async function loadIndex(locale: LocaleCode): Promise<Pagefind> {
  const buildId = currentView()?.payload.buildId;
  const manifest = buildId ? await readOwnManifest(buildId) : null;
  const folder = manifest?.search?.[locale];
  if (typeof folder !== 'string' || !INDEX_FOLDER.test(folder)) throw new Error(`no search index for ${locale}`);
  return loadOnce(modules, folder, async () => {
    const pagefind = (await import(`${folder}pagefind.js`)) as Pagefind;
    await pagefind.options({ basePath: folder, excerptLength: 24 });
    await pagefind.init();
    return pagefind;
  });
}

/** Matches read to reorder by keywords. */
const CONSIDERED = 30;

export function forgetSearchIndex(): void {
  forgetOwnManifest();
  modules.clear();
}

export const searchIndex: SiteSearch = {
  async prepare(locale) {
    await loadIndex(locale);
  },
  async search(locale, query, limit = 20) {
    const find = async () => {
      const pagefind = await loadIndex(locale);
      const found = await pagefind.search(query);
      const results = found?.results ?? [];
      const data = await Promise.all(results.slice(0, Math.max(limit, CONSIDERED)).map((result) => result.data()));
      return { total: results.length, data };
    };
    // Watch mode may have replaced the index: look it up again once.
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

import { createHash } from 'node:crypto';
import { newBuildId } from '../build-id.ts';
import { createEsbuildContexts, type EsbuildContexts } from '../esbuild.ts';
import type { RenderCache } from '../render/site.ts';
import type { ParsedContent } from '../load/parse-content.ts';
import type { ClientAssets, CodeAssets, Messages, Page, SiteConfig } from '../types.ts';

// What a watch session keeps between builds (architecture.md: The build). The build runs every
// step each time; the cache only answers "is this input the same as last time?" by content, so a
// skipped step can never hide a change, and a file that is still broken is reported again.

export interface BuildCache {
  /** One build id for the session: a page keeps its HTML until its own inputs change. */
  readonly buildId: string;
  /** Content file → its text and what parsing it gave. */
  readonly content: Map<string, { readonly text: string; readonly result: ParsedContent }>;
  /** The last bundle and the key of its inputs. */
  bundle: {
    readonly key: string;
    readonly sourceHashes: ReadonlyMap<string, string>;
    readonly assets: CodeAssets;
  } | null;
  readonly pages: RenderCache;
  /** The configuration module as last imported, by the text of site/site.config.ts. */
  readonly config: Map<string, unknown>;
  /** esbuild's incremental contexts: a rebuild parses again only the files that changed. */
  readonly esbuild: EsbuildContexts;
  /** Whether Pagefind was started for the session, ready for the first edit (behaviour.md: Search). */
  searchWarmed: boolean;
}

export function createBuildCache(): BuildCache {
  return {
    buildId: newBuildId(),
    content: new Map(),
    bundle: null,
    pages: new Map(),
    config: new Map(),
    esbuild: createEsbuildContexts(),
    searchWarmed: false,
  };
}

const hash = (...parts: readonly (string | Uint8Array)[]) => {
  const h = createHash('sha1');
  for (const part of parts) h.update(part).update('\0');
  return h.digest('base64url');
};

/**
 * What a page's HTML depends on: the page itself (its texts, lists, menus, alternates), the
 * template sources it is rendered with, its locale's messages, the set of pages and public files
 * its links are checked against, and the asset URLs. Equal keys, equal HTML.
 */
export function createPageKeys(input: {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly sourceHashes: ReadonlyMap<string, string>;
  readonly messages: Messages;
  readonly pages: readonly Page[];
  readonly publicFiles: readonly string[];
  /** The photos the build made, each with its files' names. */
  readonly photos: string;
}): (page: Page) => string {
  const { assets, sourceHashes } = input;
  const bySource = (files: readonly string[]) => files.map((f) => `${f}:${sourceHashes.get(f) ?? ''}`).join('\n');
  // Sources no template chunk lists (server-only code, the layouts' shared parts) affect every page.
  const listed = new Set([...assets.sources.boot, ...Object.values(assets.sources.templates).flat()]);
  const shared = hash(
    bySource(assets.sources.boot),
    bySource([...sourceHashes.keys()].filter((f) => !listed.has(f) && !f.endsWith('.css'))),
    // The asset URLs a page names; not the server module's file, whose sources are keyed above.
    JSON.stringify({ ...assets, files: null, sources: null, serverModule: null }),
    JSON.stringify(input.config),
    input.pages.map((p) => p.url).join('\n'),
    input.publicFiles.join('\n'),
    input.photos,
  );
  const templateKeys = new Map<string, string>();
  const localeKeys = new Map<string, string>();
  return (page) => {
    const template = page.route.template;
    let templateKey = templateKeys.get(template);
    if (templateKey === undefined) {
      templateKey = hash(bySource(assets.sources.templates[template] ?? []));
      templateKeys.set(template, templateKey);
    }
    let localeKey = localeKeys.get(page.locale);
    if (localeKey === undefined) {
      localeKey = hash(JSON.stringify(input.messages[page.locale] ?? {}));
      localeKeys.set(page.locale, localeKey);
    }
    // The page without its route's other-locale files: an edit to one translation is not the other's.
    return hash(shared, templateKey, localeKey, JSON.stringify({ ...page, route: { ...page.route, files: null } }));
  };
}

import { hashParts as hash } from '../file-cache.ts';
import { newBuildId } from '../build-id.ts';
import type { EsbuildContexts } from '../esbuild.ts';
import path from 'node:path';
import { CACHES } from '../caches.ts';
import { toCodeVersion, toPackageVersions } from '../code-version.ts';
import type { ParsedContent } from '../load/parse-content.ts';
import type { ClientAssets, CodeAssets, HeldRoute, Messages, Page, RenderedPage, SiteConfig } from '../types.ts';

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
  /** Rendered pages by URL, with the key of their inputs. */
  readonly pages: Map<string, { readonly key: string; readonly page: RenderedPage }>;
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
    esbuild: new Map(),
    searchWarmed: false,
  };
}

/**
 * What a page's HTML depends on: the page itself (its texts, lists, menus, alternates), the code it
 * is rendered with, its locale's messages, the pages, held pages and public files its links are
 * checked against, and the asset URLs. Equal keys, equal HTML. A watch session keys each template's
 * sources apart (an edit to one leaves the others' pages); a build keys the server module, named by
 * the hash of every template, with the versions of `site` and the packages that render.
 */
export function createPageKeys(input: {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  /** Watch mode: each source file's hash (relative to the project root). */
  readonly sourceHashes: ReadonlyMap<string, string> | null;
  readonly messages: Messages;
  readonly pages: readonly Page[];
  readonly held: readonly HeldRoute[];
  readonly publicFiles: readonly string[];
  /** The photos the build made, each with its files' names. */
  readonly photos: string;
  /** Year of the build, which a page shows (its id's first part). */
  readonly year: string;
}): { readonly site: string; readonly keyOf: (page: Page) => string } {
  const { assets, sourceHashes, config } = input;
  const bySource = (files: readonly string[]) => files.map((f) => `${f}:${sourceHashes?.get(f) ?? ''}`).join('\n');
  // Sources no template chunk lists (server-only code, the layouts' shared parts) affect every page.
  const listed = new Set([...assets.sources.boot, ...Object.values(assets.sources.templates).flat()]);
  const code = sourceHashes
    ? [
        bySource(assets.sources.boot),
        bySource([...sourceHashes.keys()].filter((f) => !listed.has(f) && !f.endsWith('.css'))),
      ]
    : [
        path.basename(assets.serverModule),
        toCodeVersion(),
        ...RENDERERS.map(toPackageVersions),
        `${CACHES.pages.format}`,
      ];
  const shared = hash(
    ...code,
    // The asset URLs a page names; the server module's file is keyed above.
    JSON.stringify({ ...assets, files: null, sources: null, serverModule: null }),
    // Where the project sits changes no page: copies of a site share their pages.
    JSON.stringify(config, (_name, value: unknown) =>
      typeof value === 'string' && value.startsWith(config.root) ? `<root>${value.slice(config.root.length)}` : value,
    ),
    input.pages.map((p) => p.url).join('\n'),
    JSON.stringify(input.held.map(({ route, ...held }) => ({ ...held, route: route.path }))),
    input.publicFiles.join('\n'),
    input.photos,
    input.year,
  );
  const templateKey = memo((template: string) =>
    sourceHashes ? hash(bySource(assets.sources.templates[template] ?? [])) : '',
  );
  const localeKey = memo((locale: string) => hash(JSON.stringify(input.messages[locale] ?? {})));
  // The page without its route's other-locale files: an edit to one translation is not the other's.
  const keyOf = (page: Page) =>
    hash(
      shared,
      templateKey(page.route.template),
      localeKey(page.locale),
      JSON.stringify({ ...page, route: { ...page.route, files: null } }),
    );
  return { site: shared, keyOf };
}

/** `make`, made once for each argument. */
function memo<T>(make: (arg: string) => T): (arg: string) => T {
  const made = new Map<string, T>();
  return (arg) => {
    if (!made.has(arg)) made.set(arg, make(arg));
    return made.get(arg) as T;
  };
}

/** The packages whose code renders a page besides the bundle's own. */
const RENDERERS = ['react', 'react-dom', 'i18next', 'markdown-it'];

import { createPageKeys, type BuildCache } from './session-cache.ts';
import { toLinkIndex } from '../render/markdown.ts';
import { renderSite, type RenderSiteResult } from '../render/site.ts';
import type { ClientAssets } from '../types.ts';
import { stopForTest } from '../write/out-dir.ts';
import { toFeeds } from '../write/feeds.ts';
import { writePublicFiles } from '../write/output.ts';
import type { SiteAssets } from './assets.ts';
import type { Output } from './output.ts';
import type { Sources } from './sources.ts';

// The render stage's writes: the files every page shares first (with --precompress they compress
// while the pages render), then each page as soon as it is rendered.

export interface RenderOptions {
  readonly cache?: BuildCache | undefined;
  /** Collects every translation key the templates read (`ns:key`), for `site check`. */
  readonly usedKeys?: Set<string> | undefined;
  /** Watch mode: pages open in a browser render first; `onReady` then gets every file so far. */
  readonly first?:
    | {
        readonly urls: ReadonlySet<string>;
        readonly onReady: (files: ReadonlyMap<string, string | Uint8Array>) => void;
      }
    | undefined;
}

export async function renderOutput(
  sources: Sources,
  site: SiteAssets,
  output: Output,
  options: RenderOptions,
): Promise<RenderSiteResult> {
  const { config, pages, messages, publicFiles } = sources;
  const { assets } = site;
  for (const [file, contents] of assets.files) output.sink.write(file, contents);
  writePublicFiles(config, output.sink, publicFiles, sources.generatedFiles);
  for (const [file, contents] of toFeeds(config, pages, site.translators)) output.sink.write(file, contents);
  stopForTest('rendering');
  const pageOf = new Map(pages.map((page) => [page.url, page]));
  const { first } = options;
  const files = output.files;
  return renderSite({
    config,
    assets,
    buildId: output.buildId,
    links: toLinkIndex(pages, publicFiles, config.contacts, config.keepWhole),
    pages,
    messages,
    usedKeys: options.usedKeys,
    first: first && files ? { urls: first.urls, onReady: () => first.onReady(new Map(files)) } : undefined,
    cache: toRenderCache(sources, assets, options.cache),
    onPage: (rendered, kind) => output.emit(rendered, kind === 'page' ? (pageOf.get(rendered.url) ?? null) : null),
  });
}

/** Watch mode: a page whose inputs are as they were is not rendered again. */
function toRenderCache(sources: Sources, assets: ClientAssets, cache: BuildCache | undefined) {
  if (!cache?.bundle) return undefined;
  return {
    pages: cache.pages,
    keyOf: createPageKeys({ ...sources, assets, sourceHashes: cache.bundle.sourceHashes }),
  };
}

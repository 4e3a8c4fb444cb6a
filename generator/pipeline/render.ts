import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createPageKeys, type BuildCache } from './session-cache.ts';
import { keepInMemory } from '../render/page-cache.ts';
import { keepOnDisk } from '../write/kept-pages.ts';
import { toLinkIndex } from '../render/markdown.ts';
import { renderSite, type Elsewhere, type RenderSiteResult } from '../render/site.ts';
import type { ClientAssets, Page, Unpublished } from '../types.ts';
import { toPageUrl } from '../resolve/pages.ts';
import { stopForTest } from '../write/out-dir.ts';
import { toFeeds } from '../write/feeds.ts';
import type { SiteAssets } from './assets.ts';
import type { Output } from './output.ts';
import type { Sources } from './sources.ts';
import type { TaskPool } from '../workers/pool.ts';
import type { MadeImages } from '../images/images.ts';

// Shared files first, so with --precompress they compress while the pages render.

export interface RenderOptions {
  readonly cache?: BuildCache | undefined;
  /** `site check`: every `ns:key` the templates read. */
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
  options: RenderOptions & { readonly pool: TaskPool; readonly images: MadeImages },
): Promise<RenderSiteResult> {
  const { config, pages, messages, publicFiles } = sources;
  const { assets } = site;
  for (const [file, contents] of assets.files) output.sink.write(file, contents);
  // site/public as it is, and what its modules made.
  for (const file of publicFiles)
    output.sink.write(file, sources.generatedFiles.get(file) ?? readFileSync(path.join(config.publicDir, file)));
  for (const [file, contents] of options.images.files) output.sink.write(file, contents);
  for (const [file, contents] of toFeeds(config, pages, site.translators)) output.sink.write(file, contents);
  stopForTest('rendering');
  const pageOf = new Map(pages.map((page) => [page.url, page]));
  const { first } = options;
  const files = output.files;
  const links = toLinkIndex(pages, publicFiles, {
    contacts: config.contacts,
    keepWhole: config.keepWhole,
    held: toHeldUrls(sources),
    images: options.images.index,
  });
  const task = { config, assets, buildId: output.buildId, links, messages };
  const kept = toKeptPages(sources, assets, options, output);
  // Pages kept on disk go to the output as they were written; the others render.
  const disk = kept && 'take' in kept ? kept : null;
  const toRender = pages.filter((page) => {
    const emitted = disk?.take(page);
    if (emitted) output.emitKept(emitted);
    return !emitted;
  });
  const rendered = await renderSite({
    ...task,
    pages,
    toRender,
    elsewhere: toElsewhere(options, output, toRender, (batch) => options.pool.run('pages', { ...task, pages: batch })),
    usedKeys: options.usedKeys,
    first: first && files ? { urls: first.urls, onReady: () => first.onReady(new Map(files)) } : undefined,
    kept,
    onPage: (page, kind) => {
      const source = kind === 'page' ? (pageOf.get(page.url) ?? null) : null;
      const keep = source !== null && disk !== null && disk.wants(source);
      const emitted = output.emit(page, source, keep);
      if (keep && emitted) disk.emitted(source, emitted);
    },
  });
  await disk?.save(pages);
  return rendered;
}

/** Fewer pages to render do not pay for the threads' start (README: Benchmarks). */
const PAGES_FOR_POOL = 400;

/** Only for a build written to disk with enough pages: one thread per core but this one. */
function toElsewhere(
  options: { readonly pool: TaskPool } & RenderOptions,
  output: Output,
  toRender: readonly Page[],
  render: Elsewhere['render'],
): Elsewhere | undefined {
  if (options.cache || options.usedKeys || !output.staging || toRender.length < PAGES_FOR_POOL) return undefined;
  const threads = availableParallelism() - 1;
  return options.pool.start(threads) ? { threads, render } : undefined;
}

/**
 * In memory for a watch session, on disk for a build written to disk. `site check` renders every
 * page to learn its keys, as do SITE_VERIFY_REUSE and a build kept in memory.
 */
function toKeptPages(
  sources: Sources,
  assets: ClientAssets,
  options: RenderOptions & { readonly images: MadeImages },
  output: Output,
) {
  const { cache, images } = options;
  const { buildId } = output;
  if (options.usedKeys || (cache ? !cache.bundle : !output.staging || process.env.SITE_VERIFY_REUSE === '1'))
    return undefined;
  const photos = [...images.index].map(([source, made]) => `${source}:${JSON.stringify(made)}`).join('\n');
  const year = buildId.slice(0, buildId.indexOf('-'));
  const sourceHashes = cache?.bundle?.sourceHashes ?? null;
  const keys = createPageKeys({ ...sources, assets, sourceHashes, photos, year });
  return cache ? keepInMemory(cache.pages, keys.keyOf) : keepOnDisk(keys.site, keys.keyOf);
}

/** So a link to one is reported as such. */
function toHeldUrls(sources: Sources): Map<string, Unpublished> {
  const held = new Map<string, Unpublished>();
  for (const { route, kind, date, built } of sources.held)
    if (!built) for (const locale of sources.config.locales) held.set(toPageUrl(locale, route.path), { kind, date });
  return held;
}

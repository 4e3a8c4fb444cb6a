import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BuildDigest, toBuildTime } from './build-id.ts';
import { bundleCode, toSharedFiles, withSharedFiles } from './bundle.ts';
import { bundleSiteCached } from './bundle-cache.ts';
import { createPageKeys, toBundleKey, type BuildCache } from './cache.ts';
import { loadConfig } from './config.ts';
import { HOST_PROFILES } from './hosts.ts';
import { SiteError, toProblem } from './errors.ts';
import { listContentFiles, loadContent, type ParseElsewhere } from './load/content.ts';
import { loadMessages, TEXT_FAULTS } from './load/messages.ts';
import { loadPublicFiles } from './load/public-modules.ts';
import { checkSourceLinks, listPublicFiles, loadTemplateInventory } from './load/templates.ts';
import { planCards, renderCards } from './cards.ts';
import { renderIcons } from './icons.ts';
import { emitPage, type EmitContext, type EmittedPage } from './emit.ts';
import {
  MAX_WORKERS,
  shouldUseWorkers,
  startWorkerPool,
  takeSharedWrite,
  toSharedWrite,
  toSharedWrites,
} from './parallel.ts';
import {
  buildSearchIndexes,
  SEARCH_FOLDER,
  toPageSearchEntry,
  warmSearch,
  type SearchEntry,
  type SearchIndexes,
} from './search.ts';
import { createTranslators } from './render/i18n.ts';
import { toLinkIndex } from './render/markdown.ts';
import { toSharedData } from './render/payload.ts';
import { sweepMarkdownCache } from './markdown-cache.ts';
import { countPerLocale, renderSite, type RenderSiteInput } from './render/site.ts';
import { createWorkQueue } from './work-queue.ts';
import { resolvePages } from './resolve/pages.ts';
import { findFutureDates } from './resolve/dates.ts';
import { findBadShareImages, findPublicConflicts, findUnknownAddresses } from './resolve/public-files.ts';
import { resolveRoutes } from './resolve/routes.ts';
import type {
  BuildManifest,
  BuildReport,
  ClientAssets,
  CodeAssets,
  ContentFile,
  HostName,
  LocaleCode,
  Messages,
  Page,
  RenderedPage,
  SiteConfig,
  SiteProblem,
  StageTiming,
  TemplateInventory,
  Translate,
} from './types.ts';
import { toBuiltWith, toPreviousBuilds } from './write/manifest.ts';
import {
  checkOutDir,
  createStaging,
  recoverOutDir,
  removeStaging,
  stopForTest,
  swapIntoPlace,
  removePrevious,
  resolveOutDir,
} from './write/out-dir.ts';
import { toFeeds } from './write/feeds.ts';
import { createDiskSink, createMemorySink, writePage, writePublicFiles, type OutputSink } from './write/output.ts';
import { toSiteFiles } from './write/site-files.ts';
import { toOutputFile } from '../runtime/urls.ts';

// The one place where the build's stages are ordered (architecture.md: The build). `site build`,
// `site serve --watch` (with a cache) and `site check` (in memory, collecting the keys the pages
// read) all run these steps; no other module orders them.

export interface BuildOptions {
  /** The project folder holding `site/`. */
  readonly root: string;
  /** Output folder; ignored when `write` is false. */
  readonly outDir?: string;
  readonly baseUrl?: string | undefined;
  /** The static host to shape the output for, over the configuration's (behaviour.md: Hosts). */
  readonly host?: HostName | undefined;
  /** False: build in memory and return every file instead of writing (watch mode, check, tests). */
  readonly write?: boolean;
  /** Render across worker threads: `auto` (large sites only), or a number of workers. */
  readonly workers?: 'auto' | number;
  /** Collects every translation key the templates read (`ns:key`), for `site check`. */
  readonly usedKeys?: Set<string>;
  /** `.gz` and `.br` beside every text file above 1 KB, for hosts that serve them as they are. */
  readonly precompress?: boolean;
  /** Watch mode: what the previous build of the session left, reused where its inputs are equal. */
  readonly cache?: BuildCache;
  /**
   * Watch mode: pages open in a browser (URLs) render first; `onReady` then receives every output
   * file written so far (the assets, the public files and those pages) while the rest render.
   */
  readonly first?: {
    readonly urls: ReadonlySet<string>;
    readonly onReady: (files: ReadonlyMap<string, string | Uint8Array>) => void;
  };
}

export interface BuildResult {
  readonly report: BuildReport;
  readonly manifest: BuildManifest;
  /** In-memory builds only: every output file by its path. */
  readonly files: ReadonlyMap<string, string | Uint8Array> | null;
  /** In-memory builds only: the rendered pages and error pages. */
  readonly pages: readonly RenderedPage[] | null;
  /** Pages rendered by this build (the rest were reused from the cache). */
  readonly rendered: number;
}

/** The sources as the load step read them. */
export interface Sources {
  readonly content: readonly ContentFile[];
  readonly messages: Messages;
  readonly templates: TemplateInventory;
  /** The published paths of site/public, its modules' files among them. */
  readonly publicFiles: readonly string[];
  /** What the modules of site/public made, by published path. */
  readonly generatedFiles: ReadonlyMap<string, string | Uint8Array>;
}

/** Step `load`: the configuration's sources, parsed; every problem of every file at once. */
export async function loadSources(
  config: SiteConfig,
  cache?: BuildCache,
  shared: Promise<SharedSources> = loadSharedSources(config),
  content?: { readonly listed: Awaited<ReturnType<typeof listContentFiles>>; readonly elsewhere?: ParseElsewhere },
): Promise<{ sources: Sources; problems: SiteProblem[] }> {
  const [loaded, { messages, templates }, publicFiles, links] = await Promise.all([
    content
      ? loadContent(config, content.listed.files, cache?.content, content.elsewhere).then((parsed) => ({
          ...parsed,
          problems: [...content.listed.problems, ...parsed.problems],
        }))
      : loadContent(config, undefined, cache?.content),
    shared,
    listPublicFiles(config).then(async (listed) => {
      const loaded = await loadPublicFiles(config, listed.files);
      return { ...loaded, problems: [...listed.problems, ...loaded.problems] };
    }),
    checkSourceLinks(config),
  ]);
  return {
    sources: {
      content: loaded.files,
      messages: messages.messages,
      templates,
      publicFiles: publicFiles.files,
      generatedFiles: publicFiles.generated,
    },
    problems: [...loaded.problems, ...messages.problems, ...publicFiles.problems, ...links],
  };
}

/** What loads beside the content: the translations and the template inventory, which the bundle needs. */
interface SharedSources {
  readonly messages: Awaited<ReturnType<typeof loadMessages>>;
  readonly templates: TemplateInventory;
}

function loadSharedSources(config: SiteConfig): Promise<SharedSources> {
  return Promise.all([loadMessages(config), loadTemplateInventory(config)]).then(([messages, templates]) => ({
    messages,
    templates,
  }));
}

/** Step `resolve`: the routes, then one page per route and locale. */
export function resolveSite(config: SiteConfig, sources: Sources): { pages: Page[]; problems: SiteProblem[] } {
  const { routes, problems } = resolveRoutes(config, sources.content, sources.templates);
  if (problems.some((p) => p.severity === 'error')) return { pages: [], problems };
  const pages = resolvePages(config, routes);
  return {
    pages,
    problems: [
      ...problems,
      ...findPublicConflicts(config, pages, sources.publicFiles),
      ...findBadShareImages(config, pages, sources),
      ...findUnknownAddresses(config, pages, sources.publicFiles),
      ...findFutureDates(pages),
    ],
  };
}

/** Step `bundle`: server module, client chunks and styles; reused when nothing changed. */
export async function bundleAssets(
  config: SiteConfig,
  templates: TemplateInventory,
  cache?: BuildCache,
): Promise<{ readonly assets: CodeAssets; readonly reused: boolean }> {
  if (!cache) return bundleSiteCached(config, templates);
  // Watch mode names files without hashes: a change to one leaves every other URL as it was.
  const options = { stableNames: true, dev: true, contexts: cache.esbuild };
  const { key, sourceHashes } = await toBundleKey(config);
  const last = cache.bundle?.key === key ? cache.bundle : null;
  const bundle = last ?? { key, sourceHashes, assets: (await bundleCode(config, templates, options)).assets };
  cache.bundle = bundle;
  return { assets: bundle.assets, reused: last !== null };
}

/**
 * Step `shared`: what every page of a locale shares (texts, navigation, contacts, menus), one file
 * per locale (behaviour.md: Payloads), joined to the bundle's assets. Watch mode names them without
 * hashes, so an edited translation leaves every URL as it was.
 */
export function withSharedData(
  config: SiteConfig,
  code: CodeAssets,
  messages: Messages,
  pages: readonly Page[],
  stableNames: boolean,
): ClientAssets {
  const data = Object.fromEntries(config.locales.map((l) => [l.code, toSharedData(config, l.code, messages, pages)]));
  return withSharedFiles(code, toSharedFiles(data, { stableNames }));
}

/**
 * Whether a base URL is plain HTTP for a site on the web: not for this machine (`localhost`, a
 * loopback address), where a preview is served without TLS.
 */
function isPlainHttp(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  const local =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]';
  return protocol === 'http:' && !local;
}

/** The build: load → resolve → bundle → render → write, each timed; problems collected, then one failure. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const stages: StageTiming[] = [];
  const warnings: SiteProblem[] = [];
  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      stages.push({ stage, ms: Math.round((performance.now() - t0) * 10) / 10 });
    }
  };
  /** Warnings are kept for the report; errors end the build, all of them at once. */
  const collect = (problems: readonly SiteProblem[]) => {
    warnings.push(...problems.filter((p) => p.severity === 'warning'));
    // `site check` renders to learn which keys are read, and reports the texts' faults itself.
    const errors = problems.filter((p) => p.severity === 'error' && !(options.usedKeys && TEXT_FAULTS.has(p.code)));
    // A failed build still shows the warnings gathered so far (an output put back, say).
    if (errors.length > 0) throw new SiteError([...warnings, ...errors]);
  };
  const { cache } = options;
  const write = options.write ?? true;
  const outDir = resolveOutDir(path.resolve(options.root, options.outDir ?? 'out'));
  // An interrupted build is repaired first, and a folder that is not ours is refused before a byte
  // is written (behaviour.md: Safety).
  if (write) {
    const recovered = recoverOutDir(outDir);
    if (recovered) warnings.push(recovered);
    checkOutDir(options.root, outDir);
  }
  // Read first: a SOURCE_DATE_EPOCH that is not a time fails the build before any work.
  const { time, fixed } = toBuildTime();
  const config = await timed('config', () =>
    loadConfig(options.root, { baseUrl: options.baseUrl, host: options.host }, cache?.config),
  );
  if (config.baseUrl === null) warnings.push(toProblem('BASE_URL_MISSING'));
  else if (isPlainHttp(config.baseUrl)) warnings.push(toProblem('BASE_URL_NOT_HTTPS', { url: config.baseUrl }));
  // The bundle needs only the translations and the templates: it runs while the content is parsed
  // (the stage times then overlap); its failure is reported after the load's problems.
  const shared = loadSharedSources(config);
  const bundling = shared.then(({ templates }) => bundleAssets(config, templates, cache));
  bundling.catch(() => undefined);
  // A large site written to disk builds on every core: its workers start as soon as the content
  // files are listed, parse a share of them, then render a share of the pages (parallel.ts).
  const listed = await listContentFiles(config);
  const workers = write && !cache ? shouldUseWorkers(listed.files.length, options.workers ?? 'auto') : 0;
  if (typeof options.workers === 'number' && options.workers > MAX_WORKERS)
    warnings.push(toProblem('WORKERS_LIMITED', { asked: String(options.workers), used: String(MAX_WORKERS) }));
  const pool = workers > 0 ? startWorkerPool({ config }, workers) : null;
  // The workers compile the templates as soon as they are bundled, while the content is parsed.
  if (pool) void bundling.then(({ assets }) => pool.load(assets.serverModule)).catch(() => undefined);
  try {
    const sources = await timed('load', async () => {
      const loaded = await loadSources(config, cache, shared, { listed, elsewhere: pool?.parse });
      collect(loaded.problems);
      return loaded.sources;
    });
    const pages = await timed('resolve', () => {
      const resolved = resolveSite(config, sources);
      collect(resolved.problems);
      return resolved.pages;
    });
    const bundled = await timed('bundle', () => bundling);
    const bundleReused = bundled.reused;
    // Texts for what the build writes besides the pages (icons' manifests, feeds); a key they lack
    // is reported by the pages that read it too.
    const translators = createTranslators(config, sources.messages, () => undefined);
    // The app icons and manifests join the bundle's files (behaviour.md: Sharing). `site check`
    // builds in memory only to learn which keys the pages read: no icons or cards there.
    const shareable = !options.usedKeys;
    const code = withSharedData(config, bundled.assets, sources.messages, pages, cache !== undefined);
    const withAppIcons = shareable ? await timed('icons', () => withIcons(code, config, translators)) : code;
    // Share cards are drawn beside the render (in worker threads), named before they are drawn.
    const cardPlan = shareable ? planCards(config, pages, translators) : { urls: new Map<string, string>(), jobs: [] };
    const assets: ClientAssets = { ...withAppIcons, cards: cardPlan.urls };
    const drawing = renderCards(cardPlan.jobs, assets.serverModule);
    drawing.catch(() => undefined);

    // A watch session keeps one id. A build renders with a stand-in and derives its id from what it
    // writes (behaviour.md: Build id): its pages are written with the stand-in, which is replaced in
    // place once every file is known.
    const digest = cache ? null : new BuildDigest(time);
    let buildId = cache?.buildId ?? (digest as BuildDigest).placeholder;
    const staging = write ? createStaging(outDir, buildId) : null;
    const disk: OutputSink = staging
      ? createDiskSink(staging, { precompress: options.precompress ?? false, previousOut: outDir })
      : createMemorySink();
    // Every file of this build (not the earlier builds' files it keeps) goes into the id.
    const sink: OutputSink = digest
      ? {
          ...disk,
          write: (file, contents) => {
            digest.add(file, contents);
            disk.write(file, contents);
          },
        }
      : disk;
    let renderedPages: RenderedPage[] | null = write ? null : [];
    // The host decides where each page's document goes (behaviour.md: Hosts).
    const { layout } = HOST_PROFILES[config.host];
    /** HTML files that are not page documents: the error pages, public files. */
    const otherHtml = sources.publicFiles.filter((file) => file.endsWith('.html'));
    // What the search index reads of each page, taken as the pages render (behaviour.md: Search).
    const searchEntries = shareable
      ? new Map<LocaleCode, SearchEntry[]>(config.locales.map((l) => [l.code, []]))
      : null;
    const pageOf = new Map(pages.map((page) => [page.url, page]));
    const emitContext: EmitContext | null = digest
      ? { config, layout, mark: Buffer.from(digest.placeholder), search: searchEntries ? translators : null }
      : null;
    /** A page drafted and written, here or by a render worker: its files join the digest. */
    // With --precompress the main thread patches every page, then compresses it; else each worker
    // patches the pages it wrote.
    const patchElsewhere = !(options.precompress ?? false);
    const took = (emitted: EmittedPage, writtenElsewhere: boolean) => {
      for (const file of emitted.files) {
        digest?.note(file.file, file, writtenElsewhere && patchElsewhere);
        if (writtenElsewhere) disk.adopt(file.file, file.size);
      }
      if (emitted.search) searchEntries?.get(emitted.search.locale)?.push(emitted.search.entry);
    };
    try {
      const rendered = await timed('render', () => {
        const links = toLinkIndex(pages, sources.publicFiles, config.contacts, config.keepWhole);
        // The workers start rendering while this thread writes the shared files and sets itself up;
        // it then takes its share of the pages from the same queue.
        let parallel: RenderSiteInput['parallel'];
        if (pool && staging) {
          pool.prepare({
            assets,
            buildId,
            links,
            messages: sources.messages,
            staging,
            layout,
            search: searchEntries !== null,
            patch: patchElsewhere,
          });
          const queue = createWorkQueue(pages);
          const elsewhere = pool.render(queue, (emitted) => took(emitted, true));
          elsewhere.catch(() => undefined);
          parallel = { queue, elsewhere };
        }
        // The shared files first: with --precompress, they compress while the pages render.
        for (const [file, contents] of assets.files) sink.write(file, contents);
        writePublicFiles(config, sink, sources.publicFiles, sources.generatedFiles);
        for (const [file, contents] of toFeeds(config, pages, translators)) sink.write(file, contents);
        stopForTest('rendering');
        return renderSite({
          config,
          assets,
          buildId,
          links,
          pages,
          messages: sources.messages,
          usedKeys: options.usedKeys,
          parallel,
          first:
            options.first && 'files' in disk
              ? {
                  urls: options.first.urls,
                  onReady: () => options.first?.onReady(new Map(disk.files as Map<string, string | Uint8Array>)),
                }
              : undefined,
          cache:
            cache && cache.bundle
              ? {
                  pages: cache.pages,
                  keyOf: createPageKeys({ config, assets, sourceHashes: cache.bundle.sourceHashes, ...sources, pages }),
                }
              : undefined,
          onPage: (rendered, kind) => {
            renderedPages?.push(rendered);
            const page = kind === 'page' ? (pageOf.get(rendered.url) ?? null) : null;
            if (kind !== 'page') otherHtml.push(toOutputFile(rendered.url));
            if (emitContext) {
              took(
                emitPage(rendered, page, emitContext, (file, bytes) => disk.draft(file, bytes)),
                false,
              );
              return;
            }
            writePage(sink, rendered, layout, kind === 'page');
            const entry =
              page && searchEntries
                ? toPageSearchEntry({ config, page, rendered, t: translators.get(page.locale), layout })
                : null;
            if (entry && page) searchEntries?.get(page.locale)?.push(entry);
          },
        });
      });
      collect(rendered.problems);
      await sweepMarkdownCache();
      const searching = searchEntries ? indexSearch(config, searchEntries, (file) => disk.read(file)) : null;
      searching?.catch(() => undefined);
      const cards = await timed('cards', () => drawing);
      for (const [file, png] of cards.files) sink.write(file, png);
      const search = searching ? await timed('search', () => searching) : null;
      // An index's files enter the build id by their folder's hash: none is hashed again. A render
      // worker that is still there and this thread write them together, each once it has written
      // the id into its pages (and this one the site files), one file at a time.
      for (const [folder, hash] of search?.folders ?? []) digest?.addHashed(folder, hash);
      const searchFiles = search?.files ?? new Map<string, Uint8Array>();
      const sharedSearchFiles =
        pool && patchElsewhere && digest && searchFiles.size > 0 ? toSharedWrites(searchFiles) : null;
      if (!sharedSearchFiles) for (const [file, contents] of searchFiles) disk.write(file, contents);
      // A watch session starts Pagefind now, while no one waits, if its first build did not need it.
      if (cache && search && !cache.searchWarmed) {
        cache.searchWarmed = true;
        if (search.indexed === 0) void warmSearch(config);
      }
      /**
       * The workers writing the id into their pages and then their share of the search files, while
       * this thread writes the id into its own pages, the site files and the rest.
       */
      let patching: Promise<void> | null = null;
      if (digest) {
        const id = digest.toId();
        patching = pool && patchElsewhere ? pool.finish(id, sharedSearchFiles) : null;
        patching?.catch(() => undefined);
        digest.finish(id, (file, offsets, text) => disk.patch(file, offsets, text));
        renderedPages =
          renderedPages?.map((page) => ({
            ...page,
            html: page.html.replaceAll(digest.placeholder, id),
            payload: { ...page.payload, buildId: id },
          })) ?? null;
        buildId = id;
      }
      // The previous builds' files stay beside the new ones: pages of a deployment still open in a
      // browser load theirs after the next one (no version skew).
      const current = [...assets.files.keys(), ...cards.files.keys(), ...(search?.files.keys() ?? [])];
      const previous = write ? toPreviousBuilds(outDir, buildId, new Set(current)) : null;
      for (const file of previous?.files ?? []) disk.carry(file, path.join(outDir, file));
      const manifest: BuildManifest = {
        id: buildId,
        // The time the id was first built, unless the build's time is fixed (SOURCE_DATE_EPOCH).
        timestamp: (fixed ? null : previous?.sameBuildTimestamp) ?? time,
        prerendered: pages.map((p) => p.url),
        assets: current,
        kept: previous?.ids ?? [],
        builtWith: toBuiltWith(config),
        ...(search ? { search: search.urls } : {}),
        shared: assets.shared,
      };
      await timed('write', async () => {
        for (const [file, contents] of toSiteFiles(config, pages, manifest, otherHtml)) disk.write(file, contents);
        // This thread's share of the search files: those the worker has not taken meanwhile.
        const written = new Set<number>();
        const shared = sharedSearchFiles;
        for (let n = shared ? takeSharedWrite(shared) : -1; shared && n !== -1; n = takeSharedWrite(shared)) {
          disk.write(...toSharedWrite(shared, n));
          written.add(n);
        }
        await patching;
        shared?.names.forEach((file, n) => {
          if (!written.has(n)) disk.adopt(file, toSharedWrite(shared, n)[1].byteLength);
        });
        await disk.settle();
        const previousOut = staging ? swapIntoPlace(staging, outDir) : null;
        // The folders of the locales under a prefix go on a worker's thread (their pages and search
        // indexes), the rest (the pages at bare paths and their indexes, the other files) on this
        // one: about half each.
        const share =
          pool?.canRemove() === true && previousOut
            ? {
                paths: toPrefixedLocaleFolders(config, previousOut),
                remove: (folders: string[]) => pool.remove(folders),
              }
            : undefined;
        if (previousOut) await removePrevious(previousOut, share);
      });
      const report: BuildReport = {
        buildId,
        outDir: write ? outDir : null,
        pagesPerLocale: countPerLocale(config, pages),
        errorPages: rendered.errorPages,
        files: disk.stats.files,
        bytes: disk.stats.bytes,
        precompressed: disk.stats.precompressed,
        stages,
        totalMs: Math.round(performance.now() - started),
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        bundleReused,
        cards: { total: cardPlan.jobs.length, drawn: cards.drawn },
        search: search ? { indexed: search.indexed, bytes: search.bytes } : null,
        warnings,
      };
      const files = 'files' in disk ? (disk.files as Map<string, string | Uint8Array>) : null;
      return { report, manifest, files, pages: renderedPages, rendered: rendered.rendered };
    } catch (error) {
      if (staging) {
        // No worker writes into the staging folder once it is being removed.
        await pool?.close();
        await disk.discard();
        removeStaging(staging);
      }
      if (error instanceof SiteError) throw error;
      // A file-system failure is the output's; anything else is a fault of the tool, reported as such.
      if (!(error instanceof Error && 'syscall' in error)) throw error;
      const { code } = error as NodeJS.ErrnoException;
      throw new SiteError([toProblem('OUTPUT_FAILED', { reason: error.message, code })], { cause: error });
    }
  } finally {
    // Workers still running (a build that failed before its render ended) stop here.
    await pool?.close();
  }
}

/**
 * The folders of an output that hold the locales under a prefix: each one's own, and its search
 * indexes (`_app/search/<code>.<hash>`, of this build and the earlier ones it kept).
 */
function toPrefixedLocaleFolders(config: SiteConfig, out: string): string[] {
  const locales = config.locales.filter((l) => l.prefix !== '');
  let indexes: string[];
  try {
    indexes = readdirSync(path.join(out, SEARCH_FOLDER));
  } catch {
    indexes = [];
  }
  return [
    ...locales.map((l) => l.prefix.slice(1)),
    ...indexes
      .filter((name) => locales.some((l) => name.startsWith(`${l.code}.`)))
      .map((name) => `${SEARCH_FOLDER}/${name}`),
  ];
}

/** Step `search`: the index of every locale; a failure of Pagefind is the build's, with its reason. */
async function indexSearch(
  config: SiteConfig,
  docs: ReadonlyMap<LocaleCode, readonly SearchEntry[]>,
  readPage: (file: string) => string,
): Promise<SearchIndexes> {
  try {
    return await buildSearchIndexes(config, docs, readPage);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteError([toProblem('SEARCH_FAILED', { reason })], { cause: error });
  }
}

/** The bundle's assets with the app icons and manifests, when the site has a logo. */
async function withIcons(
  assets: ClientAssets,
  config: SiteConfig,
  translators: ReadonlyMap<string, Translate>,
): Promise<ClientAssets> {
  const icons = await renderIcons(config, translators);
  if (!icons) return assets;
  const { files, ...urls } = icons;
  return { ...assets, files: new Map([...assets.files, ...files]), icons: urls };
}

import path from 'node:path';
import { toBuildTime } from '../build-id.ts';
import { renderCards } from '../cards/cards.ts';
import { makeImages, type MadeImages } from '../images/images.ts';
import { loadConfig, type ConfigOverrides } from '../config.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import { TEXT_FAULTS } from '../messages.ts';
import { countPerLocale } from '../render/site.ts';
import type { RenderSiteResult } from '../render/site.ts';
import type { SearchIndexes } from '../search/pagefind.ts';
import type { BuildReport, HostName, RenderedPage, SiteConfig } from '../types.ts';
import { checkOutDir, recoverOutDir, toRealPath } from '../write/out-dir.ts';
import { bundleAssets, toSiteAssets, type SiteAssets } from './assets.ts';
import { finishOutput, indexSearch } from './finish.ts';
import { abandonOutput, openOutput, type Output } from './output.ts';
import { renderOutput, type RenderOptions } from './render.ts';
import { allStages, startRun, type BuildRun } from './run.ts';
import { createPool } from '../workers/pool.ts';
import { loadSources, type LoadedSources, type Sources } from './sources.ts';

// The one place where the build's stages are ordered (architecture.md: The build). `site build`,
// `site serve --watch` (with a cache) and `site check` (in memory, collecting the keys the pages
// read) all run this list; no other module orders them.

export interface BuildOptions extends RenderOptions {
  /** The project folder holding `site/`. */
  readonly root: string;
  /** Output folder; ignored when `write` is false. */
  readonly outDir?: string;
  readonly baseUrl?: string | undefined;
  /** The static host to shape the output for, over the configuration's (behaviour.md: Hosts). */
  readonly host?: HostName | undefined;
  /** False: build in memory and return every file instead of writing (watch mode, check, tests). */
  readonly write?: boolean;
  /** `.gz` and `.br` beside every text file above 1 KB, for hosts that serve them as they are. */
  readonly precompress?: boolean;
  /** `--drafts`, `--future`, `--env` (behaviour.md: Publishing). */
  readonly publish?: Pick<ConfigOverrides, 'drafts' | 'future' | 'env'>;
  /** Sources a command has loaded already (`site check`): not read again. */
  readonly sources?: LoadedSources;
}

export type BuildResult = Awaited<ReturnType<typeof buildSite>>;

/**
 * The build: its stages in order, each timed; problems collected, then one failure. In memory, it
 * returns every output file by its path, and the rendered pages and error pages; `rendered`: the
 * pages this build rendered (the rest were reused from the cache).
 */
export async function buildSite(options: BuildOptions) {
  // `site check` renders to learn which keys are read, and reports the texts' faults itself.
  const run = startRun(options.usedKeys ? TEXT_FAULTS : undefined);
  const outDir = options.write === false ? null : await run.stage('prepare', () => prepareOutDir(options, run));
  // Read first: a SOURCE_DATE_EPOCH that is not a time fails the build before any work.
  const time = toBuildTime();
  const config = options.sources?.sources.config ?? (await run.stage('config', () => loadBuildConfig(options, run)));
  const [loaded, bundled] = await allStages([
    run.stage('sources', async () => options.sources ?? (await loadSources(config, options.cache, outDir))),
    run.stage('bundle', () => bundleAssets(config, options.cache)),
  ]);
  run.keep(loaded.problems);
  const { sources } = loaded;
  const shareable = !options.usedKeys;
  const stableNames = options.cache !== undefined;
  const site = await run.stage('assets', () => toSiteAssets(sources, bundled.code, { stableNames, shareable }));
  const output = openOutput({
    config,
    outDir,
    time: time.time,
    precompress: options.precompress ?? false,
    cache: options.cache,
    searchTexts: shareable ? site.translators : null,
    publicFiles: sources.publicFiles,
  });
  // The build's worker pool: its threads start only when a stage has enough work for them.
  const pool = createPool();
  try {
    // A public module's output is published as it is made: no photo to read from site/public.
    const photos = sources.publicFiles.filter((file) => !sources.generatedFiles.has(file));
    const images = await run.stage('images', () => makeImages(config.publicDir, photos, pool));
    const rendered = await run.stage('render', () => renderOutput(sources, site, output, { ...options, pool, images }));
    run.keep(rendered.problems);
    const [cards, search] = await allStages([
      run.stage('cards', () => renderCards(site.cards, site.assets.serverModule, pool)),
      run.stage('search', () => indexSearch(config, output, options.cache)),
    ]);
    const finished = await run.stage('write', () =>
      finishOutput({ sources, site, output, outDir, time, cards: cards.files, search }),
    );
    run.keep(finished.problems);
    const report = toReport(run, { sources, site, output, rendered, bundled, images, cards, search, finished });
    const pages = toFinalPages(output, finished.buildId);
    return { report, manifest: finished.manifest, files: output.files, pages, rendered: rendered.rendered };
  } catch (error) {
    await abandonOutput(output);
    throw toBuildError(error);
  } finally {
    await pool.close();
  }
}

/** The configuration, with the command's base URL and host over its own, and what is odd about it. */
async function loadBuildConfig(options: BuildOptions, run: BuildRun): Promise<SiteConfig> {
  const { root, baseUrl, host, cache } = options;
  const config = await loadConfig(root, { baseUrl, host, ...options.publish }, cache?.config);
  if (config.baseUrl === null) run.keep([toProblem('BASE_URL_MISSING')]);
  else if (isPlainHttp(config.baseUrl)) run.keep([toProblem('BASE_URL_NOT_HTTPS', { url: config.baseUrl })]);
  return config;
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

/** What the build did, for the terminal and `--json`. */
function toReport(
  run: BuildRun,
  done: {
    readonly sources: Sources;
    readonly site: SiteAssets;
    readonly output: Output;
    readonly rendered: RenderSiteResult;
    readonly bundled: { readonly reused: boolean };
    readonly images: MadeImages;
    readonly cards: { readonly drawn: number };
    readonly search: SearchIndexes | null;
    readonly finished: { readonly buildId: string; readonly outDir: string | null };
  },
): BuildReport {
  const { stats } = done.output.unhashed;
  const { search } = done;
  return {
    buildId: done.finished.buildId,
    outDir: done.output.staging ? done.finished.outDir : null,
    pagesPerLocale: countPerLocale(done.sources.config, done.sources.pages),
    errorPages: done.rendered.errorPages,
    files: stats.files,
    bytes: stats.bytes,
    precompressed: stats.precompressed,
    stages: run.stages,
    totalMs: Math.round(performance.now() - run.startedAt),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    bundleReused: done.bundled.reused,
    renderThreads: done.rendered.threads,
    pagesRendered: done.rendered.rendered,
    cards: { total: done.site.cards.length, drawn: done.cards.drawn },
    images: { total: done.images.total, made: done.images.made },
    search: search ? { indexed: search.indexed, bytes: search.bytes } : null,
    env: { name: done.sources.config.publish.env, source: done.sources.config.publish.envSource },
    // Each with whether this build made it all the same.
    held: done.sources.held.map(({ route, kind, date, built }) => ({ path: route.path, kind, date, built })),
    warnings: run.warnings,
  };
}

/**
 * The output folder: an interrupted build is repaired first, and a folder that is not ours is
 * refused before a byte is written (behaviour.md: Safety).
 */
function prepareOutDir(options: BuildOptions, run: BuildRun): string {
  const outDir = toRealPath(path.resolve(options.root, options.outDir ?? 'out'));
  const recovered = recoverOutDir(outDir);
  if (recovered) run.keep([recovered]);
  checkOutDir(options.root, outDir);
  return outDir;
}

/** In-memory pages carry the stand-in id until the id is known: given it now. */
function toFinalPages(output: Output, buildId: string): RenderedPage[] | null {
  const { digest, pages } = output;
  if (!digest || !pages) return pages;
  return pages.map((page) => ({
    ...page,
    html: page.html.replaceAll(digest.placeholder, buildId),
    payload: { ...page.payload, buildId },
  }));
}

/** A file-system failure is the output's; anything else is a fault of the tool, reported as such. */
function toBuildError(error: unknown): unknown {
  if (error instanceof SiteError || !(error instanceof Error && 'syscall' in error)) return error;
  const { code } = error as NodeJS.ErrnoException;
  return new SiteError([toProblem('OUTPUT_FAILED', { reason: error.message, code })], { cause: error });
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSite } from './bundle.ts';
import { loadConfig } from './config.ts';
import { SiteError, toProblem } from './errors.ts';
import { loadContent } from './load/content.ts';
import { loadMessages } from './load/messages.ts';
import { checkSourceLinks, listPublicFiles, loadTemplateInventory } from './load/templates.ts';
import { renderErrorPages } from './render/error-pages.ts';
import { collapseRenderFailures } from './render/failures.ts';
import { createTranslators } from './render/i18n.ts';
import { toLinkIndex, type LinkIndex } from './render/markdown.ts';
import { renderPage, type RenderContext } from './render/page.ts';
import { resolvePages } from './resolve/pages.ts';
import { resolveRoutes } from './resolve/routes.ts';
import type {
  BuildManifest,
  BuildReport,
  ClientAssets,
  LocaleCode,
  Messages,
  Page,
  RenderedPage,
  ServerModule,
  SiteConfig,
  SiteProblem,
  StageTiming,
} from './types.ts';
import { renderPagesInWorkers, shouldUseWorkers } from './render/parallel.ts';
import { toMissingKeyProblems, type MissingKey } from './render/missing-keys.ts';
import { toBuiltWith, toKeptFiles, writeBuildMeta, writeLatest } from './write/manifest.ts';
import { createDiskSink, createMemorySink, writePage, writePublicFiles, type OutputSink } from './write/output.ts';
import {
  checkOutDir,
  createStaging,
  recoverOutDir,
  removeStaging,
  stopForTest,
  swapIntoPlace,
} from './write/out-dir.ts';
import { toHeadersFile, toNginxConf, toRedirectsFile } from './write/hosting.ts';
import { toRobots, toSitemap } from './write/sitemap.ts';

export interface BuildOptions {
  /** The project folder holding `site/`. */
  readonly root: string;
  /** Output folder; ignored when `write` is false. */
  readonly outDir?: string;
  readonly baseUrl?: string | undefined;
  /** False: build in memory and return every file instead of writing (tests). */
  readonly write?: boolean;
  /** Render across worker threads: `auto` (large sites only), or a number of workers. */
  readonly workers?: 'auto' | number;
  /** Collects every translation key the templates read (`ns:key`), for `site check`. */
  readonly usedKeys?: Set<string>;
  /** `.gz` and `.br` beside every text file above 1 KB, for hosts that serve them as they are. */
  readonly precompress?: boolean;
}

export interface BuildResult {
  readonly report: BuildReport;
  readonly manifest: BuildManifest;
  /** In-memory builds only: every output file by its path. */
  readonly files: ReadonlyMap<string, string | Uint8Array> | null;
  /** In-memory builds only: the rendered pages, for tests. */
  readonly pages: readonly RenderedPage[] | null;
}

/** Unique per build: time first, so ids sort by age, then randomness for builds in the same ms. */
export function newBuildId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** The one place where the build's stages are ordered and timed (ARCHITECTURE.md). */
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
  const keep = (problems: readonly SiteProblem[]) => {
    warnings.push(...problems.filter((p) => p.severity === 'warning'));
    // `site check` renders to learn which keys are read, and reports missing ones itself.
    const errors = problems.filter(
      (p) => p.severity === 'error' && !(options.usedKeys && p.code === 'MESSAGE_KEY_MISSING'),
    );
    // A failed build still shows the warnings gathered so far (an output put back, say).
    if (errors.length > 0) throw new SiteError([...warnings, ...errors]);
  };

  const write = options.write ?? true;
  const outDir = path.resolve(options.root, options.outDir ?? 'out');
  // An interrupted build is repaired first, and a folder that is not ours is refused before a byte
  // is written (behaviour.md: Safety).
  if (write) {
    const recovered = recoverOutDir(outDir);
    if (recovered) warnings.push(recovered);
    checkOutDir(options.root, outDir);
  }
  const config = await timed('config', () => loadConfig(options.root, { baseUrl: options.baseUrl }));
  if (config.baseUrl === null) warnings.push(toProblem('BASE_URL_MISSING'));

  const loaded = await timed('load', async () => {
    const [content, messages, templates, publicFiles, links] = await Promise.all([
      loadContent(config),
      loadMessages(config),
      loadTemplateInventory(config),
      listPublicFiles(config),
      checkSourceLinks(config),
    ]);
    keep([...content.problems, ...messages.problems, ...publicFiles.problems, ...links]);
    return { content, messages: messages.messages, templates, publicFiles: publicFiles.files };
  });
  const pages = await timed('resolve', () => {
    const { routes, problems } = resolveRoutes(config, loaded.content.files, loaded.templates);
    keep(problems);
    return resolvePages(config, routes);
  });
  const assets = await timed('bundle', () => bundleSite(config, loaded.templates, loaded.messages));

  const buildId = newBuildId();
  // Keep the previous builds' chunks beside the new ones: pages of a deployment still open in a
  // browser load theirs after the next one (no version skew).
  const kept = write ? toKeptFiles(outDir) : { kept: [], files: [] };
  const manifest: BuildManifest = {
    id: buildId,
    timestamp: Date.now(),
    prerendered: pages.map((p) => p.url),
    assets: [...assets.files.keys()],
    kept: kept.kept,
    builtWith: toBuiltWith(config),
  };
  const links = toLinkIndex(pages, loaded.publicFiles);
  const staging = write ? createStaging(outDir, buildId) : null;
  const sink: OutputSink = staging
    ? createDiskSink(staging, { precompress: options.precompress ? 'async' : false, previousOut: outDir })
    : createMemorySink();
  try {
    const rendered = await timed('render', () => {
      // The shared files first: with --precompress, they compress while the pages render.
      for (const file of kept.files) sink.write(file, readFileSync(path.join(outDir, file)));
      for (const [file, contents] of assets.files) sink.write(file, contents);
      writePublicFiles(config, sink, loaded.publicFiles);
      stopForTest('rendering');
      return renderAll({
        config,
        assets,
        buildId,
        links,
        pages,
        sink,
        keepPages: !write,
        workers: options.usedKeys ? 0 : (options.workers ?? 'auto'),
        loaded,
        usedKeys: options.usedKeys,
      });
    });
    keep(rendered.problems);
    await timed('write', async () => {
      sink.write('sitemap.xml', toSitemap(pages));
      sink.write('robots.txt', toRobots(config));
      // Host files (documented per host in the README), generated from the configuration.
      sink.write('nginx.conf', toNginxConf(config));
      sink.write('_headers', toHeadersFile());
      sink.write('_redirects', toRedirectsFile(config));
      writeBuildMeta(sink, manifest);
      writeLatest(sink, manifest);
      await sink.settle();
      if (staging) swapIntoPlace(staging, outDir);
    });
    const report: BuildReport = {
      buildId,
      outDir: write ? outDir : null,
      pagesPerLocale: countPerLocale(config, pages),
      errorPages: rendered.errorPages,
      files: sink.stats.files,
      bytes: sink.stats.bytes,
      precompressed: sink.stats.precompressed,
      stages,
      totalMs: Math.round(performance.now() - started),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      warnings,
    };
    const files = 'files' in sink ? (sink.files as Map<string, string | Uint8Array>) : null;
    return { report, manifest, files, pages: rendered.pages };
  } catch (error) {
    if (staging) {
      await sink.discard();
      removeStaging(staging);
    }
    if (error instanceof SiteError) throw error;
    // A file-system failure is the output's; anything else is a fault of the tool, reported as such.
    if (!(error instanceof Error && 'syscall' in error)) throw error;
    throw new SiteError(
      [toProblem('OUTPUT_FAILED', { reason: error instanceof Error ? error.message : String(error) })],
      { cause: error },
    );
  }
}

interface RenderAllInput {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly pages: readonly Page[];
  readonly sink: OutputSink;
  readonly keepPages: boolean;
  readonly workers: 'auto' | number;
  readonly loaded: { readonly messages: Messages };
  readonly usedKeys: Set<string> | undefined;
}

/** Renders every page and the error pages, writing each as it is done so memory stays flat. */
async function renderAll(
  input: RenderAllInput,
): Promise<{ problems: SiteProblem[]; errorPages: number; pages: RenderedPage[] | null }> {
  const { config, assets, buildId, links, pages, sink } = input;
  // Template errors then point at their .tsx line through the bundle's inline source map.
  process.setSourceMapsEnabled(true);
  const missing: MissingKey[] = [];
  let current = '';
  const translators = createTranslators(
    config,
    input.loaded.messages,
    (locale, ns, key) => missing.push({ locale, ns, key, usedBy: current }),
    input.usedKeys,
  );
  const server = (await import(pathToFileURL(assets.serverModule).href)) as ServerModule;
  const ctx: RenderContext = { config, assets, buildId, server, translators, links };
  const problems: SiteProblem[] = [];
  const kept: RenderedPage[] = [];
  const workers = shouldUseWorkers(pages.length, input.workers);
  if (workers > 0 && !input.keepPages) {
    const result = await renderPagesInWorkers({
      pages,
      workers,
      config,
      assets,
      buildId,
      links,
      messages: input.loaded.messages,
      sink,
    });
    problems.push(...result.problems);
    missing.push(...result.missing);
  } else {
    for (const page of pages) {
      current = page.url;
      const result = renderPage(page, ctx);
      problems.push(...result.problems);
      if (!result.rendered) continue;
      writePage(sink, result.rendered);
      if (input.keepPages) kept.push(result.rendered);
    }
  }
  current = 'the error pages';
  // Error pages show the same navigation as the pages of their locale.
  const menus = Object.fromEntries(
    config.locales.map((l) => [l.code, pages.find((p) => p.locale === l.code)?.menus ?? {}]),
  );
  const errors = renderErrorPages(ctx, menus);
  problems.push(...errors.problems);
  for (const page of errors.pages) {
    writePage(sink, page, false);
    if (input.keepPages) kept.push(page);
  }
  problems.push(...toMissingKeyProblems(config, missing));
  return {
    problems: collapseRenderFailures(problems),
    errorPages: errors.pages.length,
    pages: input.keepPages ? kept : null,
  };
}

function countPerLocale(config: SiteConfig, pages: readonly Page[]): Record<LocaleCode, number> {
  return Object.fromEntries(config.locales.map((l) => [l.code, pages.filter((p) => p.locale === l.code).length]));
}

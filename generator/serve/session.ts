import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSite } from '../bundle.ts';
import { newBuildId } from '../build.ts';
import { loadConfig } from '../config.ts';
import { throwIfErrors } from '../errors.ts';
import { listContentFiles, toContentFile } from '../load/content.ts';
import { loadMessages } from '../load/messages.ts';
import { readSourceFile } from '../load/files.ts';
import { checkSourceLinks, listPublicFiles, loadTemplateInventory } from '../load/templates.ts';
import { renderErrorPages } from '../render/error-pages.ts';
import { collapseRenderFailures } from '../render/failures.ts';
import { createTranslators } from '../render/i18n.ts';
import { toLinkIndex } from '../render/markdown.ts';
import { toMissingKeyProblems, type MissingKey } from '../render/missing-keys.ts';
import { renderPage, type RenderContext } from '../render/page.ts';
import { resolvePages } from '../resolve/pages.ts';
import { resolveRoutes } from '../resolve/routes.ts';
import type {
  ClientAssets,
  ContentFile,
  Messages,
  Page,
  RenderedPage,
  ServerModule,
  SiteConfig,
  SiteProblem,
  TemplateInventory,
} from '../types.ts';
import { writeBuildMeta, writeLatest } from '../write/manifest.ts';
import { toOutputFile } from '../../runtime/urls.ts';
import { createDiskSink, writePage, type OutputSink } from '../write/output.ts';
import { toRobots, toSitemap } from '../write/sitemap.ts';
import { toChangeKind, type ChangeKind } from './changes.ts';

// Watch mode re-runs the smallest part of the build a change invalidates (ARCHITECTURE.md): the
// stages are the same functions `site build` orders; this module keeps their results between
// changes and renders only the pages whose inputs changed. Nothing is written until every page of
// a rebuild rendered, so a mistake leaves the last good pages in place.

interface State {
  readonly config: SiteConfig;
  readonly contentFiles: ReadonlyMap<string, ContentFile>;
  readonly messages: Messages;
  readonly templates: TemplateInventory;
  readonly publicFiles: readonly string[];
  readonly assets: ClientAssets;
  readonly server: ServerModule;
  readonly pages: readonly Page[];
  /** Page URL → the inputs it was rendered from, serialized. */
  readonly fingerprints: ReadonlyMap<string, string>;
}

export interface RebuildResult {
  readonly kind: ChangeKind;
  /** Pages (and error pages) rendered again. */
  readonly rendered: number;
  readonly files: number;
  readonly ms: number;
}

export interface DevSession {
  /** Applies a batch of changed files (relative to the site root); throws a SiteError on bad input. */
  rebuild(changed: readonly string[]): Promise<RebuildResult>;
  readonly outDir: string;
}

/** What a page's HTML depends on besides the shared texts and the bundle. */
function toFingerprint(page: Page): string {
  const { content, route } = page;
  return JSON.stringify([
    content.file,
    content.data,
    content.body,
    route.template,
    route.layout,
    page.listed,
    page.sectionPages,
    page.menus,
    page.alternates,
    page.canonical,
  ]);
}

export async function startDevSession(
  root: string,
  outDir: string,
  baseUrl?: string,
): Promise<{ session: DevSession; result: RebuildResult }> {
  // One build id for the whole session: every page keeps its HTML until its own inputs change.
  const buildId = newBuildId();
  // A precompressed build may be in the folder: its `.gz`/`.br` would no longer match the pages.
  const sink: OutputSink = createDiskSink(outDir, { dropStaleCompressed: true });
  let state: State | null = null;

  const render = async (
    next: Omit<State, 'pages' | 'fingerprints'>,
    pages: readonly Page[],
    only: (page: Page) => boolean,
    withErrorPages: boolean,
  ) => {
    const missing: MissingKey[] = [];
    const translators = createTranslators(next.config, next.messages, (locale, ns, key) =>
      missing.push({ locale, ns, key, usedBy: 'a page' }),
    );
    const ctx: RenderContext = {
      config: next.config,
      assets: next.assets,
      buildId,
      server: next.server,
      translators,
      links: toLinkIndex(pages, next.publicFiles),
    };
    const problems: SiteProblem[] = [];
    const rendered: RenderedPage[] = [];
    for (const page of pages.filter(only)) {
      const result = renderPage(page, ctx);
      problems.push(...result.problems);
      if (result.rendered) rendered.push(result.rendered);
    }
    const errorPages = withErrorPages
      ? renderErrorPages(
          ctx,
          Object.fromEntries(
            next.config.locales.map((l) => [l.code, pages.find((p) => p.locale === l.code)?.menus ?? {}]),
          ),
        )
      : { pages: [], problems: [] };
    problems.push(...errorPages.problems, ...toMissingKeyProblems(next.config, missing));
    throwIfErrors(collapseRenderFailures(problems));
    return { rendered, errorPages: errorPages.pages };
  };

  const commit = (
    next: Omit<State, 'pages' | 'fingerprints'>,
    pages: readonly Page[],
    output: { rendered: RenderedPage[]; errorPages: RenderedPage[] },
    extra: ReadonlyMap<string, string | Uint8Array>,
  ) => {
    const before = sink.stats.files;
    for (const [file, contents] of extra) sink.write(file, contents);
    for (const page of output.rendered) writePage(sink, page);
    for (const page of output.errorPages) writePage(sink, page, false);
    const oldUrls = new Set(state?.pages.map((p) => p.url) ?? []);
    const newUrls = new Set(pages.map((p) => p.url));
    for (const url of oldUrls) {
      if (!newUrls.has(url))
        rmSync(path.join(outDir, path.dirname(toOutputFile(url))), { recursive: true, force: true });
    }
    if (!state || oldUrls.size !== newUrls.size || [...newUrls].some((u) => !oldUrls.has(u))) {
      const manifest = { id: buildId, timestamp: Date.now(), prerendered: pages.map((p) => p.url) };
      sink.write('sitemap.xml', toSitemap(pages));
      sink.write('robots.txt', toRobots(next.config));
      writeBuildMeta(sink, manifest);
      writeLatest(sink, manifest);
    }
    state = { ...next, pages, fingerprints: new Map(pages.map((p) => [p.url, toFingerprint(p)])) };
    return sink.stats.files - before;
  };

  const resolveAll = (
    config: SiteConfig,
    contentFiles: ReadonlyMap<string, ContentFile>,
    templates: TemplateInventory,
  ) => {
    const { routes, problems } = resolveRoutes(config, [...contentFiles.values()], templates);
    throwIfErrors(problems);
    return resolvePages(config, routes);
  };

  const loadServer = async (assets: ClientAssets) =>
    (await import(pathToFileURL(assets.serverModule).href)) as ServerModule;

  /** Everything again: the configuration or the runtime changed, or the session starts. */
  const full = async (): Promise<{ rendered: number; files: number }> => {
    const config = await loadConfig(root, { baseUrl });
    const [list, loadedMessages, templates, listedPublic, links] = await Promise.all([
      listContentFiles(config),
      loadMessages(config),
      loadTemplateInventory(config),
      listPublicFiles(config),
      checkSourceLinks(config),
    ]);
    const publicFiles = listedPublic.files;
    const parsed = await Promise.all(
      list.files.map(async (file) => toContentFile(config, file, await readFile(path.join(root, file), 'utf8'))),
    );
    throwIfErrors([
      ...list.problems,
      ...listedPublic.problems,
      ...links,
      ...parsed.flatMap((p) => p.problems),
      ...loadedMessages.problems,
    ]);
    const contentFiles = new Map(parsed.flatMap((p) => (p.file ? [[p.file.file, p.file] as const] : [])));
    const pages = resolveAll(config, contentFiles, templates);
    const assets = await bundleSite(config, templates, loadedMessages.messages, { stableNames: true });
    const next = {
      config,
      contentFiles,
      messages: loadedMessages.messages,
      templates,
      publicFiles,
      assets,
      server: await loadServer(assets),
    };
    const output = await render(next, pages, () => true, true);
    const publicCopies = new Map(
      await Promise.all(publicFiles.map(async (f) => [f, await readFile(path.join(config.publicDir, f))] as const)),
    );
    const files = commit(next, pages, output, new Map([...assets.files, ...publicCopies]));
    return { rendered: output.rendered.length + output.errorPages.length, files };
  };

  /** Content files: parse the changed ones, render the pages whose inputs changed. */
  const content = async (current: State, changed: readonly string[]) => {
    const contentFiles = new Map(current.contentFiles);
    const problems: SiteProblem[] = [];
    for (const file of changed) {
      const text = (await readSourceFile(root, file))?.toString('utf8') ?? null;
      if (text === null) {
        contentFiles.delete(file);
        continue;
      }
      const parsed = toContentFile(current.config, file, text);
      problems.push(...parsed.problems);
      if (parsed.file) contentFiles.set(file, parsed.file);
    }
    throwIfErrors(problems);
    const pages = resolveAll(current.config, contentFiles, current.templates);
    const next = { ...current, contentFiles };
    const output = await render(next, pages, (p) => current.fingerprints.get(p.url) !== toFingerprint(p), false);
    return { rendered: output.rendered.length, files: commit(next, pages, output, new Map()) };
  };

  /** Shared texts: the pages of the locales whose messages changed, and their error pages. */
  const messages = async (current: State) => {
    const loaded = await loadMessages(current.config);
    throwIfErrors(loaded.problems);
    const changedLocales = current.config.locales
      .map((l) => l.code)
      .filter((code) => JSON.stringify(loaded.messages[code]) !== JSON.stringify(current.messages[code]));
    const assets = await bundleSite(current.config, current.templates, loaded.messages, { stableNames: true });
    const next = { ...current, messages: loaded.messages, assets };
    const output = await render(next, current.pages, (p) => changedLocales.includes(p.locale), true);
    const messageFiles = new Map([...assets.files].filter(([file]) => file.startsWith('_app/messages/')));
    return {
      rendered: output.rendered.length + output.errorPages.length,
      files: commit(next, current.pages, output, messageFiles),
    };
  };

  /** Templates and styles: bundle again, render the pages whose template uses a changed file. */
  const templates = async (current: State, changed: readonly string[]) => {
    const inventory = await loadTemplateInventory(current.config);
    const assets = await bundleSite(current.config, inventory, current.messages, { stableNames: true });
    const onlyStyles = changed.every((f) => f.endsWith('.css'));
    const next = {
      ...current,
      templates: inventory,
      assets,
      server: onlyStyles ? current.server : await loadServer(assets),
    };
    const pages = resolveAll(current.config, current.contentFiles, inventory);
    const shared = changed.some(
      (f) => assets.sources.boot.includes(f) || !Object.values(assets.sources.templates).some((s) => s.includes(f)),
    );
    const affected = new Set(
      Object.entries(assets.sources.templates)
        .filter(([, s]) => changed.some((f) => s.includes(f)))
        .map(([name]) => name),
    );
    const only = onlyStyles ? () => false : shared ? () => true : (p: Page) => affected.has(p.route.template);
    const output = await render(next, pages, only, !onlyStyles && (shared || affected.has('error')));
    return {
      rendered: output.rendered.length + output.errorPages.length,
      files: commit(next, pages, output, assets.files),
    };
  };

  const publicFiles = async (current: State, changed: readonly string[]) => {
    const copies = new Map<string, Uint8Array>();
    for (const file of changed) {
      const relative = path.relative(path.relative(root, current.config.publicDir), file);
      const data = await readSourceFile(root, file);
      if (data) copies.set(relative, data);
      else rmSync(path.join(outDir, relative), { force: true });
    }
    const list = (await listPublicFiles(current.config)).files;
    return {
      rendered: 0,
      files: commit({ ...current, publicFiles: list }, current.pages, { rendered: [], errorPages: [] }, copies),
    };
  };

  const session: DevSession = {
    outDir,
    async rebuild(changed) {
      const started = performance.now();
      const kinds = new Set(changed.map(toChangeKind));
      const kind: ChangeKind =
        !state || kinds.has('full')
          ? 'full'
          : kinds.has('template')
            ? 'template'
            : kinds.has('messages')
              ? 'messages'
              : kinds.has('content')
                ? 'content'
                : 'public';
      let outcome: { rendered: number; files: number };
      if (!state || kind === 'full') {
        outcome = await full();
      } else {
        // Several kinds in one batch: the broader step first, then the narrower ones on its result.
        outcome = { rendered: 0, files: 0 };
        const steps: [ChangeKind, (s: State) => Promise<{ rendered: number; files: number }>][] = [
          [
            'template',
            (s) =>
              templates(
                s,
                changed.filter((f) => toChangeKind(f) === 'template'),
              ),
          ],
          ['messages', (s) => messages(s)],
          [
            'content',
            (s) =>
              content(
                s,
                changed.filter((f) => toChangeKind(f) === 'content'),
              ),
          ],
          [
            'public',
            (s) =>
              publicFiles(
                s,
                changed.filter((f) => toChangeKind(f) === 'public'),
              ),
          ],
        ];
        for (const [step, run] of steps) {
          if (!kinds.has(step)) continue;
          const done = await run(state);
          outcome = { rendered: outcome.rendered + done.rendered, files: outcome.files + done.files };
        }
      }
      return { kind, ...outcome, ms: Math.round(performance.now() - started) };
    },
  };
  // The first rebuild is a full build; it throws (a SiteError) when the site has a mistake.
  const result = await session.rebuild([]);
  return { session, result };
}

import { loadConfig } from '../config.ts';
import { loadContent } from '../load/content.ts';
import { loadMessages } from '../load/messages.ts';
import { loadPublicFiles } from '../load/public-modules.ts';
import { checkSourceLinks, listPublicFiles, loadTemplateInventory } from '../load/templates.ts';
import { findActiveContent } from '../resolve/active-content.ts';
import { findFarSchedules } from '../resolve/dates.ts';
import { resolvePages } from '../resolve/pages.ts';
import { holdBack } from '../resolve/publish.ts';
import { toBuildTime } from '../build-id.ts';
import { findBadShareImages, findPublicConflicts, findUnknownAddresses } from '../resolve/public-files.ts';
import { resolveRedirects } from '../resolve/redirects.ts';
import { resolveRoutes } from '../resolve/routes.ts';
import type { BuildCache } from './session-cache.ts';
import type {
  ContentFile,
  HeldRoute,
  Messages,
  Page,
  Route,
  SiteConfig,
  SiteProblem,
  SiteRedirect,
  TemplateInventory,
} from '../types.ts';

// What `site new` needs of the file-name rule, the routes' names and the pages' defaults: the
// rule's own code, never a copy (behaviour.md: Routes).
export { toRouteAndLocale, toSegmentSuggestion } from '../load/file-names.ts';
export { DEFAULT_LAYOUT, DEFAULT_TEMPLATE } from '../load/front-matter-fields.ts';
export { toRouteName } from '../resolve/routes.ts';

// The one step every command reads the project's sources through (architecture.md: The build):
// `site build`, `site serve --watch`, `site check`, `site translations`, `site routes` and `site new`
// all see the same files, parsed and resolved the same way, and no command assembles them on its own.

export interface Sources {
  readonly config: SiteConfig;
  readonly content: readonly ContentFile[];
  readonly messages: Messages;
  readonly templates: TemplateInventory;
  /** The published paths of site/public, its modules' files among them. */
  readonly publicFiles: readonly string[];
  /** What the modules of site/public made, by published path. */
  readonly generatedFiles: ReadonlyMap<string, string | Uint8Array>;
  /** One per path, locale-independent; empty when the content has errors. */
  readonly routes: readonly Route[];
  /** One per route and locale; empty when the routes have errors. */
  readonly pages: readonly Page[];
  /** The routes a production build leaves out (behaviour.md: Publishing), built or not. */
  readonly held: readonly HeldRoute[];
  /** The old addresses that redirect: the pages' aliases and the configuration's redirects. */
  readonly redirects: readonly SiteRedirect[];
}

/** The sources and every problem found in them, errors and warnings, in the order of the files. */
export interface LoadedSources {
  readonly sources: Sources;
  readonly problems: readonly SiteProblem[];
}

/** The project's configuration (a problem with it is thrown), then its sources. */
export async function loadProjectSources(root: string): Promise<LoadedSources> {
  return loadSources(await loadConfig(root));
}

/**
 * The content files alone, parsed as a build parses them, and their problems: `site new` reads
 * the settings of a new page's siblings, and needs none of the rest.
 */
export async function loadContentFiles(
  config: SiteConfig,
): Promise<{ content: readonly ContentFile[]; problems: readonly SiteProblem[] }> {
  const { files, problems } = await loadContent(config);
  return { content: files, problems };
}

/**
 * Reads, parses and resolves the sources; every problem of every file at once, nothing thrown.
 * `outDir`: the output folder the build writes (its real path), which site/public may not link into.
 */
export async function loadSources(
  config: SiteConfig,
  cache?: BuildCache,
  outDir: string | null = null,
): Promise<LoadedSources> {
  const [content, messages, templates, publicFiles, links] = await Promise.all([
    loadContent(config, undefined, cache?.content),
    loadMessages(config),
    loadTemplateInventory(config),
    listPublicFiles(config, outDir).then(async (listed) => {
      const loaded = await loadPublicFiles(config, listed.files);
      const active = findActiveContent(config, loaded);
      return { ...loaded, problems: [...listed.problems, ...loaded.problems, ...active] };
    }),
    checkSourceLinks(config),
  ]);
  const loaded = {
    config,
    content: content.files,
    messages: messages.messages,
    templates,
    publicFiles: publicFiles.files,
    generatedFiles: publicFiles.generated,
  };
  const problems = [...content.problems, ...messages.problems, ...publicFiles.problems, ...links];
  // Routes are not resolved from content files that could not be read: each would be reported
  // again as a page without that locale.
  const unread = content.problems.some((p) => p.severity === 'error');
  const resolved = unread ? { routes: [], pages: [], held: [], redirects: [], problems: [] } : resolveSources(loaded);
  return { sources: { ...loaded, ...resolved }, problems: [...problems, ...resolved.problems] };
}

/** The routes, then one page per route and locale, and what the pages ask of the public files. */
function resolveSources(loaded: Omit<Sources, 'routes' | 'pages' | 'held' | 'redirects'>): {
  routes: readonly Route[];
  pages: readonly Page[];
  held: readonly HeldRoute[];
  redirects: readonly SiteRedirect[];
  problems: readonly SiteProblem[];
} {
  const { config } = loaded;
  const resolved = resolveRoutes(config, loaded.content, loaded.templates);
  const { problems } = resolved;
  if (problems.some((p) => p.severity === 'error'))
    return { routes: resolved.routes, pages: [], held: [], redirects: [], problems };
  const { time } = toBuildTime();
  // What a production build leaves out is gone from here on: its pages, and its old addresses.
  const { routes, held } = holdBack(config, resolved.routes, time);
  const pages = resolvePages(config, routes, held);
  const redirects = resolveRedirects(config, routes, pages, loaded.publicFiles);
  return {
    routes,
    pages,
    held,
    redirects: redirects.redirects,
    problems: [
      ...problems,
      ...redirects.problems,
      ...findPublicConflicts(config, pages, loaded.publicFiles),
      ...findBadShareImages(config, pages, loaded),
      ...findUnknownAddresses(config, pages, loaded.publicFiles),
      ...findFarSchedules(held, time),
    ],
  };
}

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

// What `site new` needs of the load and resolve stages, which commands may not import: the rules'
// own code, never a copy (behaviour.md: Routes).
export { toRouteAndLocale, toSegmentSuggestion } from '../load/file-names.ts';
export { DEFAULT_LAYOUT, DEFAULT_TEMPLATE } from '../schema/front-matter.ts';
export { toCalendarDay } from '../resolve/publish.ts';
export { toRouteName } from '../resolve/routes.ts';

// Every command reads the project's sources through here, so all see them parsed and resolved the
// same way (architecture.md: The build).

export interface Sources {
  readonly config: SiteConfig;
  readonly content: readonly ContentFile[];
  readonly messages: Messages;
  readonly templates: TemplateInventory;
  /** Its modules' files among them. */
  readonly publicFiles: readonly string[];
  readonly generatedFiles: ReadonlyMap<string, string | Uint8Array>;
  /** One per path, locale-independent; empty when the content has errors. */
  readonly routes: readonly Route[];
  /** One per route and locale; empty when the routes have errors. */
  readonly pages: readonly Page[];
  /** Left out of a production build, built or not (behaviour.md: Publishing). */
  readonly held: readonly HeldRoute[];
  readonly redirects: readonly SiteRedirect[];
}

/** Errors and warnings in the order of the files. */
export interface LoadedSources {
  readonly sources: Sources;
  readonly problems: readonly SiteProblem[];
}

/** A configuration problem is thrown. */
export async function loadProjectSources(root: string): Promise<LoadedSources> {
  return loadSources(await loadConfig(root));
}

/** `site new` reads only the content files. */
export async function loadContentFiles(config: SiteConfig): Promise<readonly ContentFile[]> {
  return (await loadContent(config)).files;
}

/** Every problem at once, nothing thrown. `outDir` (a real path): site/public may not link into it. */
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
  // Unread files would each be reported again as a page missing that locale.
  const unread = content.problems.some((p) => p.severity === 'error');
  const resolved = unread ? { routes: [], pages: [], held: [], redirects: [], problems: [] } : resolveSources(loaded);
  return { sources: { ...loaded, ...resolved }, problems: [...problems, ...resolved.problems] };
}

type Resolved = 'routes' | 'pages' | 'held' | 'redirects';

function resolveSources(loaded: Omit<Sources, Resolved>): Pick<Sources, Resolved> & Pick<LoadedSources, 'problems'> {
  const { config } = loaded;
  const resolved = resolveRoutes(config, loaded.content, loaded.templates);
  const { problems } = resolved;
  if (problems.some((p) => p.severity === 'error'))
    return { routes: resolved.routes, pages: [], held: [], redirects: [], problems };
  const { time } = toBuildTime();
  // Held routes are gone from here on: their pages and their old addresses.
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

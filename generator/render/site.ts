import type { ClientAssets, LocaleCode, Messages, Page, RenderedPage, SiteConfig, SiteProblem } from '../types.ts';
import { renderErrorPages } from './error-pages.ts';
import { collapseRenderFailures } from './failures.ts';
import { createTranslators } from './i18n.ts';
import type { LinkIndex } from './markdown.ts';
import { toMissingKeyProblems, type MissingKey } from './missing-keys.ts';
import { renderPage, type RenderContext } from './page.ts';
import { toLocaleMenus } from './payload.ts';
import { createReuse } from './reuse.ts';
import { loadServerModule } from './server-module.ts';

/** Rendered pages a watch session keeps between builds: URL → the key of its inputs and the page. */
export type RenderCache = Map<string, { readonly key: string; readonly page: RenderedPage }>;

export interface RenderSiteInput {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly pages: readonly Page[];
  readonly messages: Messages;
  /** Receives every page as soon as it is rendered (or reused), error pages last. */
  readonly onPage: (page: RenderedPage, kind: 'page' | 'error') => void;
  /** Collects every translation key the templates read (`ns:key`), for `site check`. */
  readonly usedKeys?: Set<string> | undefined;
  /** Reuse: a page whose key is unchanged is not rendered again. */
  readonly cache?: { readonly pages: RenderCache; readonly keyOf: (page: Page) => string } | undefined;
  /**
   * Watch mode: pages open in a browser render first; `onReady` runs once they are handed over, and
   * the rest then render a few at a time, leaving the server free to answer those browsers.
   */
  readonly first?: FirstPages | undefined;
}

export interface FirstPages {
  readonly urls: ReadonlySet<string>;
  readonly onReady: () => void;
}

/** How long the render loop runs before letting the server answer requests (watch mode). */
const SLICE_MS = 8;

export interface RenderSiteResult {
  readonly problems: SiteProblem[];
  /** Pages rendered again (not reused); the error pages are always rendered and not counted. */
  readonly rendered: number;
  readonly errorPages: number;
}

/**
 * The render stage: every page and the error pages of every locale, handed to `onPage` one by one
 * so the caller writes them while the rest render. Nothing here touches the disk.
 */
export async function renderSite(input: RenderSiteInput): Promise<RenderSiteResult> {
  const { config, assets, buildId, links, pages } = input;
  const missing: MissingKey[] = [];
  let current = '';
  const translators = createTranslators(
    config,
    input.messages,
    (locale, ns, key) => missing.push({ locale, ns, key, usedBy: current }),
    input.usedKeys,
  );
  const server = loadServerModule(assets.serverModule);
  const ctx: RenderContext = { config, assets, buildId, server, translators, links, reuse: createReuse() };
  const problems: SiteProblem[] = [];
  let rendered = 0;
  const firstCount = input.first ? pages.filter((p) => input.first?.urls.has(p.url)).length : 0;
  const first = firstCount > 0 ? input.first : undefined;
  const ordered = first
    ? [...pages].sort((a, b) => Number(first.urls.has(b.url)) - Number(first.urls.has(a.url)))
    : pages;
  let sliceStarted = performance.now();
  for (const [index, page] of ordered.entries()) {
    if (first && index === firstCount) first.onReady();
    if (first && index >= firstCount && performance.now() - sliceStarted > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
    const key = input.cache?.keyOf(page);
    const reused = key === undefined ? undefined : input.cache?.pages.get(page.url);
    if (reused && reused.key === key) {
      input.onPage(reused.page, 'page');
      continue;
    }
    current = page.url;
    const missingBefore = missing.length;
    const result = renderPage(page, ctx);
    problems.push(...result.problems);
    rendered += 1;
    if (!result.rendered) continue;
    // Only a page rendered without a problem is reused: a mistake is reported until it is fixed.
    if (key !== undefined && result.problems.length === 0 && missing.length === missingBefore)
      input.cache?.pages.set(page.url, { key, page: result.rendered });
    input.onPage(result.rendered, 'page');
  }
  if (first && firstCount === ordered.length) first.onReady();
  current = 'the error pages';
  // Error pages show the same navigation as the pages of their locale.
  const menus = Object.fromEntries(config.locales.map((l) => [l.code, toLocaleMenus(pages, l.code)]));
  const errors = renderErrorPages(ctx, menus);
  problems.push(...errors.problems);
  for (const page of errors.pages) input.onPage(page, 'error');
  problems.push(...toMissingKeyProblems(config, missing));
  return {
    problems: collapseRenderFailures(problems),
    rendered,
    errorPages: errors.pages.length,
  };
}

/** Pages per locale, for the report. */
export function countPerLocale(config: SiteConfig, pages: readonly Page[]): Record<LocaleCode, number> {
  return Object.fromEntries(config.locales.map((l) => [l.code, pages.filter((p) => p.locale === l.code).length]));
}

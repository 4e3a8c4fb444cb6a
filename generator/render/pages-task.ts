import type { MissingKey, PagesResult, PagesTask, Reuse, SiteProblem } from '../types.ts';
import { createTranslators } from './i18n.ts';
import { renderPage, type RenderContext } from './page.ts';
import { createReuse } from './reuse.ts';
import { loadServerModule } from './server-module.ts';

// A worker pool thread's pages, rendered as the main thread renders its own (render/site.ts).

/** Kept for the next task of the same build. */
let reused: { readonly buildId: string; readonly reuse: Reuse } | null = null;

export function renderPages(task: PagesTask): PagesResult {
  const missing: MissingKey[] = [];
  let current = '';
  const translators = createTranslators(task.config, task.messages, (locale, ns, key) =>
    missing.push({ locale, ns, key, usedBy: current }),
  );
  if (reused?.buildId !== task.buildId) reused = { buildId: task.buildId, reuse: createReuse() };
  const ctx: RenderContext = {
    config: task.config,
    assets: task.assets,
    buildId: task.buildId,
    links: task.links,
    server: loadServerModule(task.assets.serverModule),
    translators,
    reuse: reused.reuse,
  };
  const problems: SiteProblem[] = [];
  const rendered = task.pages.map((page) => {
    current = page.url;
    const result = renderPage(page, ctx);
    problems.push(...result.problems);
    return result.rendered;
  });
  return { rendered, problems, missing };
}

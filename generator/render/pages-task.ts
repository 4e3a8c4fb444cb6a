import type { PagesResult, PagesTask, Reuse } from '../types.ts';
import { createReuse } from './reuse.ts';
import { createRenderContext, renderOne, type Tally } from './site.ts';

// A worker pool thread's pages, rendered as the main thread renders its own (render/site.ts).

/** Kept for the next task of the same build. */
let reused: { readonly buildId: string; readonly reuse: Reuse } | null = null;

export function renderPages(task: PagesTask): PagesResult {
  if (reused?.buildId !== task.buildId) reused = { buildId: task.buildId, reuse: createReuse() };
  const tally: Tally = { problems: [], missing: [], current: '', rendered: 0 };
  const ctx = createRenderContext(task, tally, reused.reuse);
  const rendered = task.pages.map((page) => renderOne(page, ctx, tally, undefined));
  return { rendered, problems: tally.problems, missing: tally.missing };
}

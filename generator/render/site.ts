import type {
  ClientAssets,
  LinkIndex,
  LocaleCode,
  Messages,
  MissingKey,
  Page,
  PagesResult,
  RenderedPage,
  Reuse,
  SiteConfig,
  SiteProblem,
} from '../types.ts';
import { isProblemOf, toProblem } from '../problems/problem.ts';
import { toMessagesFile } from '../messages.ts';
import { renderErrorPages } from './error-pages.ts';
import { createTranslators } from './i18n.ts';
import { renderPage, type RenderContext } from './page.ts';
import type { KeptPages } from './page-cache.ts';
import { createReuse } from './reuse.ts';
import { loadServerModule } from './server-module.ts';

interface RenderSiteInput {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  /** Every page of the site, for the error pages' menus. */
  readonly pages: readonly Page[];
  /** The pages to render, if not every page (the others were written as an earlier build wrote them). */
  readonly toRender?: readonly Page[];
  readonly messages: Messages;
  /** Each page as soon as it is rendered or kept, error pages last. */
  readonly onPage: (page: RenderedPage, kind: 'page' | 'error') => void;
  /** Collects every translation key the templates read (`ns:key`), for `site check`. */
  readonly usedKeys?: Set<string> | undefined;
  /** Pages of an earlier build whose inputs are unchanged. */
  readonly kept?: KeptPages | undefined;
  /** A large build: the worker pool renders batches beside this thread (not with `first` or `usedKeys`). */
  readonly elsewhere?: Elsewhere | undefined;
  /** Watch mode: the pages open in a browser first, then the rest in slices that leave the server free. */
  readonly first?: { readonly urls: ReadonlySet<string>; readonly onReady: () => void } | undefined;
}

export interface Elsewhere {
  readonly threads: number;
  readonly render: (pages: readonly Page[]) => Promise<PagesResult>;
}

/** Watch mode: how long the render loop runs before the server may answer requests. */
const SLICE_MS = 8;

export interface RenderSiteResult {
  readonly problems: SiteProblem[];
  /** Pages rendered anew, error pages not counted. */
  readonly rendered: number;
  readonly errorPages: number;
  readonly threads: number;
}

export interface Tally {
  readonly problems: SiteProblem[];
  readonly missing: MissingKey[];
  current: string;
  rendered: number;
}

/** Every page and each locale's error pages, handed to `onPage` one by one; nothing here touches the disk. */
export async function renderSite(input: RenderSiteInput): Promise<RenderSiteResult> {
  const { config } = input;
  const tally: Tally = { problems: [], missing: [], current: '', rendered: 0 };
  const ctx = createRenderContext(input, tally, createReuse());
  if (input.elsewhere) await renderShared(input, ctx, tally, input.elsewhere);
  else await renderInTurn(input, ctx, tally);
  tally.current = 'the error pages';
  const errors = renderErrorPages(ctx, input.pages);
  tally.problems.push(...errors.problems);
  for (const page of errors.pages) input.onPage(page, 'error');
  tally.problems.push(...toMissingKeyProblems(config, tally.missing));
  return {
    problems: collapseRenderFailures(tally.problems),
    rendered: tally.rendered,
    errorPages: errors.pages.length,
    threads: 1 + (input.elsewhere?.threads ?? 0),
  };
}

/** What a build's pages are rendered with, on this thread or a pool thread; a key a locale lacks is tallied. */
export function createRenderContext(
  input: Pick<RenderSiteInput, 'config' | 'assets' | 'buildId' | 'links' | 'messages' | 'usedKeys'>,
  tally: Tally,
  reuse: Reuse,
): RenderContext {
  const { config, assets, buildId, links } = input;
  const translators = createTranslators(
    config,
    input.messages,
    (locale, ns, key) => tally.missing.push({ locale, ns, key, usedBy: tally.current }),
    input.usedKeys,
  );
  return { config, assets, buildId, links, translators, server: loadServerModule(assets.serverModule), reuse };
}

/** Every page on this thread; in watch mode the pages open in a browser first. */
async function renderInTurn(input: RenderSiteInput, ctx: RenderContext, tally: Tally): Promise<void> {
  const pages = input.toRender ?? input.pages;
  const firstCount = input.first ? pages.filter((p) => input.first?.urls.has(p.url)).length : 0;
  const first = firstCount > 0 ? input.first : undefined;
  const ordered = first
    ? pages.toSorted((a, b) => Number(first.urls.has(b.url)) - Number(first.urls.has(a.url)))
    : pages;
  let sliceStarted = performance.now();
  for (const [index, page] of ordered.entries()) {
    if (first && index === firstCount) first.onReady();
    if (first && index >= firstCount && performance.now() - sliceStarted > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
    const rendered = input.kept?.get?.(page) ?? renderOne(page, ctx, tally, input.kept);
    if (rendered) input.onPage(rendered, 'page');
  }
  if (first && firstCount === ordered.length) first.onReady();
}

/** A page rendered anew; kept only when clean, so a mistake is reported until fixed. */
export function renderOne(
  page: Page,
  ctx: RenderContext,
  tally: Tally,
  kept: KeptPages | undefined,
): RenderedPage | null {
  tally.current = page.url;
  const missingBefore = tally.missing.length;
  const result = renderPage(page, ctx);
  tally.problems.push(...result.problems);
  tally.rendered += 1;
  if (result.rendered && result.problems.length === 0 && tally.missing.length === missingBefore)
    kept?.set(page, result.rendered);
  return result.rendered;
}

/** Pages a batch: enough to be worth a message to another thread, few enough to share out evenly. */
const BATCH = 32;
/** Batches each thread of the pool has in hand, so that it never waits for the next. */
const IN_HAND = 2;

/** A large build: batches taken by this thread from the front and by the pool from the back. */
async function renderShared(
  input: RenderSiteInput,
  ctx: RenderContext,
  tally: Tally,
  elsewhere: Elsewhere,
): Promise<void> {
  const fresh = input.toRender ?? input.pages;
  const batches = Array.from({ length: Math.ceil(fresh.length / BATCH) }, (_, n) =>
    fresh.slice(n * BATCH, (n + 1) * BATCH),
  );
  let front = 0;
  let back = batches.length;
  const away = new Set<Promise<void>>();
  const send = (): void => {
    if (back <= front) return;
    const sent = batches[--back] as Page[];
    const done = elsewhere.render(sent).then((result) => takeResult(input, tally, sent, result));
    away.add(done);
    done.then(() => (away.delete(done), send())).catch(() => undefined);
  };
  for (let n = 0; n < IN_HAND * elsewhere.threads; n++) send();
  while (front < back) {
    for (const page of batches[front++] as Page[]) {
      const rendered = renderOne(page, ctx, tally, input.kept);
      if (rendered) input.onPage(rendered, 'page');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  while (away.size > 0) await Promise.all(away);
}

/** A pool thread's batch, taken as if rendered here; kept when the batch was clean. */
function takeResult(input: RenderSiteInput, tally: Tally, pages: readonly Page[], result: PagesResult): void {
  tally.problems.push(...result.problems);
  tally.missing.push(...result.missing);
  tally.rendered += pages.length;
  const clean = result.problems.length === 0 && result.missing.length === 0;
  for (const [n, rendered] of result.rendered.entries()) {
    if (!rendered) continue;
    if (clean) input.kept?.set(pages[n] as Page, rendered);
    input.onPage(rendered, 'page');
  }
}

/** One error per locale, namespace and key, naming the first page that needed it. */
function toMissingKeyProblems(config: SiteConfig, missing: readonly MissingKey[]): SiteProblem[] {
  const seen = new Map<string, MissingKey>();
  for (const m of missing) {
    const id = `${m.locale}\u0000${m.ns}\u0000${m.key}`;
    if (!seen.has(id)) seen.set(id, m);
  }
  return [...seen.values()].map((m) => {
    const file = toMessagesFile(config, m.locale, m.ns);
    const args = { locale: m.locale, ns: m.ns, key: m.key, file, usedBy: m.usedBy };
    return toProblem('MESSAGE_KEY_MISSING', args, { file, line: 1, column: 1 });
  });
}

/** A template error that breaks many pages: once, with the first page and how many others. */
function collapseRenderFailures(problems: readonly SiteProblem[]): SiteProblem[] {
  const groups = new Map<string, SiteProblem<'RENDER_FAILED'>[]>();
  const rest: SiteProblem[] = [];
  for (const problem of problems) {
    if (!isProblemOf(problem, ['RENDER_FAILED'])) {
      rest.push(problem);
      continue;
    }
    const { loc, args } = problem;
    const key = `${loc?.file}:${loc?.line}:${loc?.column}\n${args.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  const collapsed = [...groups.values()].map(([first, ...others]) => {
    const problem = first as SiteProblem<'RENDER_FAILED'>;
    if (others.length === 0) return problem;
    return toProblem('RENDER_FAILED', { ...problem.args, others: String(others.length) }, problem.loc);
  });
  return [...collapsed, ...rest];
}

export function countPerLocale(config: SiteConfig, pages: readonly Page[]): Record<LocaleCode, number> {
  return Object.fromEntries(config.locales.map((l) => [l.code, pages.filter((p) => p.locale === l.code).length]));
}

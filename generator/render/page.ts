import { toProblem } from '../problems/problem.ts';
import { requirePackage, withoutExitSync } from '../node-module.ts';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import { unescapeHtml } from '../escape.ts';
import type {
  ClientAssets,
  LinkIndex,
  LocaleCode,
  Page,
  Payload,
  RenderedPage,
  Reuse,
  ServerModule,
  SiteConfig,
  SiteProblem,
  Translate,
} from '../types.ts';
import { phraseBreakerFor, tyingShortEnds } from '../../runtime/word-breaks.ts';
import { renderDocument } from './document.ts';
import { toShareHead } from './share.ts';
import { renderMarkdown } from './markdown.ts';
import { toPageImages } from './pictures.ts';
import { renderVideoPoster } from './video.ts';
import { toTemplateLoc } from './server-module.ts';
import { toPayload } from './payload.ts';

const { createElement } = requirePackage('react') as typeof ReactModule;
const { renderToString } = requirePackage('react-dom/server') as typeof ReactDomServer;

/** Built once per build (or per worker). */
export interface RenderContext {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly server: ServerModule;
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  readonly links: LinkIndex;
  readonly reuse: Reuse;
}

/** One page in one locale: its document and the payload it was rendered from. */
export function renderPage(page: Page, ctx: RenderContext): { rendered: RenderedPage | null; problems: SiteProblem[] } {
  const markdown = renderMarkdown(page.content, page.locale, ctx.links);
  const photos = toPageImages(page.content, ctx.links);
  const problems = [...markdown.problems, ...photos.problems];
  const payload = toPayload(
    ctx.config,
    page,
    markdown.html + renderVideoPoster(page),
    ctx.buildId,
    ctx.translators.get(page.locale) as Translate,
    ctx.assets.shared[page.locale] ?? '',
    photos.images,
  );
  const body = renderApp(payload, ctx, page.content.file);
  if ('problem' in body) return { rendered: null, problems: [...problems, body.problem] };
  const shown = { ...payload, dates: toShownDates(body.html) };
  // The bare root decides the visitor's language before it paints (behaviour.md: Root redirect).
  const html = renderDocument(ctx.config, ctx.assets, shown, body.html, {
    blocking: page.url === '/' ? [ctx.assets.rootRedirect] : [],
    share: toShareHead({ ...ctx, page, html: markdown.html }),
  });
  return { rendered: { url: page.url, locale: page.locale, html, payload: shown }, problems };
}

// React's `dateTime` or HTML's `datetime`; not a case-insensitive search, several times slower.
const TIME = /<time date[Tt]ime="([^"]+)">([^<]*)<\/time>/g;

/** Each `<time>`'s text by its `datetime` less the zone, as templates ask (behaviour.md: Dates and numbers). */
export function toShownDates(html: string): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const [, datetime = '', text = ''] of html.matchAll(TIME))
    dates[datetime.replace(/[+-]\d{2}:\d{2}$|Z$/, '')] = unescapeHtml(text);
  return dates;
}

export function renderApp(
  payload: Payload,
  ctx: RenderContext,
  sourceFile: string,
): { html: string } | { problem: SiteProblem } {
  const { App, pages, layouts } = ctx.server;
  const Page = pages[payload.template];
  const Layout = layouts[payload.layout] ?? layouts.fallback;
  const t = ctx.translators.get(payload.locale);
  const start = { file: sourceFile, line: 1, column: 1 };
  if (!Page || !Layout || !t) {
    const reason = `no template \`${payload.template}\` or layout \`${payload.layout}\``;
    return { problem: toProblem('RENDER_FAILED', { url: payload.url, reason }, start) };
  }
  const breaks = tyingShortEnds(phraseBreakerFor(ctx.config.keepWhole));
  const app = createElement(App, { payload, t, Page, Layout, breaks, reuse: ctx.reuse });
  try {
    return { html: withoutExitSync(() => toAppMarkup(renderToString(app))) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const loc = toTemplateLoc(error) ?? start;
    return { problem: toProblem('RENDER_FAILED', { url: payload.url, reason, content: sourceFile }, loc) };
  }
}

/** React's preloads of eagerly rendered images, ahead of the markup. */
const HOISTED_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/** The markup as the browser hydrates it: the head alone says what a page preloads (behaviour.md: Pages on demand). */
function toAppMarkup(html: string): string {
  return html.startsWith('<link rel="preload"') ? html.replace(HOISTED_PRELOADS, '') : html;
}

import { toProblem } from '../problems/problem.ts';
import { requirePackage } from '../node-module.ts';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import { unescapeHtml } from '../escape.ts';
import { HOST_PROFILES, toPagePolicy } from '../hosts.ts';
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
import { toAbsoluteUrl } from '../../runtime/urls.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';
import { renderDocument } from './document.ts';
import { renderHead } from './head.ts';
import { toShareHead, type ShareHead } from './share.ts';
import { renderMarkdown } from './markdown.ts';
import { toPageImages } from './pictures.ts';
import { renderVideoPoster } from './video.ts';
import { toTemplateLoc } from './server-module.ts';
import { toLocaleConfig, toPayload } from './payload.ts';
import { withoutExitSync } from '../node-module.ts';

const { createElement } = requirePackage('react') as typeof ReactModule;
const { renderToString } = requirePackage('react-dom/server') as typeof ReactDomServer;

/** Everything the renderer needs besides the page; built once per build (or per worker). */
export interface RenderContext {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly server: ServerModule;
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
  readonly links: LinkIndex;
  /** The markup parts rendered once for the pages that share them (reuse.ts). */
  readonly reuse: Reuse;
}

export interface RenderResult {
  readonly rendered: RenderedPage | null;
  readonly problems: SiteProblem[];
}

/** Renders one page of one locale into a complete document and the payload it was rendered from. */
export function renderPage(page: Page, ctx: RenderContext): RenderResult {
  const rendered = renderMarkdown(page.content, page.locale, ctx.links);
  const photos = toPageImages(page.content, ctx.links);
  const markdown = { html: rendered.html, problems: [...rendered.problems, ...photos.problems] };
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
  if ('problem' in body) return { rendered: null, problems: [...markdown.problems, body.problem] };
  const shown = { ...payload, dates: toShownDates(body.html) };
  // The bare root decides the visitor's language before it paints (behaviour.md: Root redirect).
  const html = renderPageDocument(ctx, shown, body.html, {
    blocking: page.url === '/' ? [ctx.assets.rootRedirect] : [],
    scripts: [],
    share: toShareHead({
      config: ctx.config,
      page,
      translators: ctx.translators,
      cardPath: toCardPath(page, ctx),
      variants:
        typeof page.content.data.extra.shareImage === 'string' ? [] : (ctx.assets.cardVariants?.get(page.url) ?? []),
      logoPath: ctx.assets.icons?.large ?? '/logo.svg',
      html: markdown.html,
    }),
  });
  return { rendered: { url: page.url, locale: page.locale, html, payload: shown }, problems: markdown.problems };
}

// As React writes the element (`dateTime`) or as HTML does (`datetime`), with a text child; not a
// case-insensitive search, which is several times slower over a whole page.
const TIME = /<time date[Tt]ime="([^"]+)">([^<]*)<\/time>/g;

/**
 * The dates a rendered page shows, as it shows them: each `<time>` element's text by its
 * `datetime`, without a zone offset (`2026-12-11T17:00+08:00` → `2026-12-11T17:00`), which is how
 * the templates ask for a date (behaviour.md: Dates and numbers).
 */
export function toShownDates(html: string): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const [, datetime, text] of html.matchAll(TIME))
    dates[(datetime as string).replace(/[+-]\d{2}:\d{2}$|Z$/, '')] = text?.includes('&')
      ? unescapeHtml(text)
      : (text as string);
  return dates;
}

/** The document around a rendered app: head, embedded payload, the runtime's entry. */
export function renderPageDocument(
  ctx: RenderContext,
  payload: Payload,
  body: string,
  extra: {
    blocking: readonly string[];
    scripts: readonly string[];
    before?: string;
    share?: ShareHead;
  },
): string {
  const locale = toLocaleConfig(ctx.config, payload.locale);
  const head = renderHead({
    locale,
    otherLocales: ctx.config.locales.filter((l) => l.code !== locale.code),
    head: payload.head,
    pageTitle: payload.title,
    description: payload.description,
    buildId: ctx.buildId,
    css: ctx.assets.css,
    noscriptCss: ctx.assets.noscriptCss,
    blockingScripts: extra.blocking,
    // The locale's shared data loads with the app, once the page is idle (behaviour.md: Pages on demand).
    fetchPreloads: [],
    fontPreloads: ctx.config.theme.preloadFonts ?? [],
    scripts: ctx.config.scripts,
    policy: HOST_PROFILES[ctx.config.host].policyInPage ? toPagePolicy(ctx.assets.policy) : null,
    share: extra.share ?? null,
    themeColor: ctx.config.theme.primary,
    icons: ctx.assets.icons
      ? { touch: ctx.assets.icons.touch, manifest: ctx.assets.icons.manifests[payload.locale] ?? null }
      : null,
    ...toNeighbours(ctx.config, payload),
  });
  return renderDocument({
    locale,
    head,
    body,
    payload,
    scripts: extra.scripts,
    modules: [ctx.assets.boot],
    ...(extra.before ? { before: extra.before } : {}),
  });
}

/** Renders the app shell with the payload's layout and page template. */
export function renderApp(
  payload: Payload,
  ctx: RenderContext,
  sourceFile: string,
): { html: string } | { problem: SiteProblem } {
  const { App, pages, layouts } = ctx.server;
  const Page = pages[payload.template];
  const Layout = layouts[payload.layout] ?? layouts.fallback;
  const t = ctx.translators.get(payload.locale);
  if (!Page || !Layout || !t) {
    return {
      problem: toProblem(
        'RENDER_FAILED',
        { url: payload.url, reason: `no template \`${payload.template}\` or layout \`${payload.layout}\`` },
        { file: sourceFile, line: 1, column: 1 },
      ),
    };
  }
  try {
    return {
      html: withoutExitSync(() =>
        toAppMarkup(
          renderToString(
            createElement(App, {
              payload,
              t,
              Page,
              Layout,
              breaks: phraseBreakerFor(ctx.config.keepWhole),
              reuse: ctx.reuse,
            }),
          ),
        ),
      ),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problem: toProblem(
        'RENDER_FAILED',
        { url: payload.url, reason, content: sourceFile },
        toTemplateLoc(error) ?? { file: sourceFile, line: 1, column: 1 },
      ),
    };
  }
}

/** The preloads React writes ahead of the markup, one for each image it renders eagerly. */
const HOISTED_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * The app's own markup, as the browser hydrates it: without the image preloads React puts before
 * it. The head says what a page preloads, and the images are found in the markup as soon
 * (behaviour.md: Pages on demand).
 */
function toAppMarkup(html: string): string {
  // Looked for at the start alone, not tried at every position of the document.
  return html.startsWith('<link rel="preload"') ? html.replace(HOISTED_PRELOADS, '') : html;
}

/**
 * A page's share image (behaviour.md: Sharing): the `shareImage` its front matter names, else the
 * card the build renders for it, else none.
 */
function toCardPath(page: Page, ctx: RenderContext): string | null {
  const own = page.content.data.extra.shareImage;
  if (typeof own === 'string' && own.startsWith('/')) return own;
  return ctx.assets.cards?.get(page.url) ?? null;
}

/** The pages before and after a page of a long list, absolute where the canonical is. */
function toNeighbours(config: SiteConfig, payload: Payload): { prev: string | null; next: string | null } {
  const pagination = payload.pagination;
  if (!pagination) return { prev: null, next: null };
  const at = (url: string | null) => (url === null ? null : toAbsoluteUrl(config.baseUrl, url));
  return { prev: at(pagination.prev), next: at(pagination.next) };
}

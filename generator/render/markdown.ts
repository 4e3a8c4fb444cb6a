import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import { toProblem } from '../errors.ts';
import type { ContentFile, LocaleCode, Page, SiteProblem } from '../types.ts';

/** What the Markdown renderer knows of the site: which URLs exist, and each page's URL per locale. */
export interface LinkIndex {
  /** Page URL → route path and locale. */
  readonly pages: ReadonlyMap<string, { readonly path: string; readonly locale: LocaleCode }>;
  /** Route path → locale → URL. */
  readonly urls: ReadonlyMap<string, Readonly<Record<LocaleCode, string>>>;
  /** Root-relative URLs of the files in `site/public`. */
  readonly publicFiles: ReadonlySet<string>;
}

interface RenderEnv {
  file: ContentFile;
  locale: LocaleCode;
  links: LinkIndex;
  problems: SiteProblem[];
}

// Raw HTML is escaped, never passed through: content cannot inject markup or scripts.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.core.ruler.push('site_links', checkLinks);
md.core.ruler.push('site_heading_ids', addHeadingIds);

/**
 * Renders a page's Markdown body. Internal links must name a page or public file; a link written
 * in another locale's text (a single-language page) is pointed at the page's own locale.
 */
export function renderMarkdown(
  file: ContentFile,
  locale: LocaleCode,
  links: LinkIndex,
): { html: string; problems: SiteProblem[] } {
  const env: RenderEnv = { file, locale, links, problems: [] };
  const html = md.render(file.body, env);
  return { html, problems: env.problems };
}

function checkLinks(state: StateCore): void {
  const env = state.env as RenderEnv;
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      const href = token.attrGet('href');
      if (href === null) continue;
      const checked = toCheckedHref(href, env);
      if (checked.ok) token.attrSet('href', checked.href);
      else
        env.problems.push(
          toProblem('LINK_UNKNOWN_ROUTE', { href, suggestion: checked.suggestion }, toLinkLoc(env.file, block, href)),
        );
    }
  }
}

function toCheckedHref(href: string, env: RenderEnv): { ok: true; href: string } | { ok: false; suggestion?: string } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return { ok: true, href };
  const current = env.links.urls.get(env.file.path)?.[env.file.locale] ?? '/';
  const url = new URL(href, `https://site.invalid${current === '/' ? '/' : `${current}/`}`);
  const pathname = decodeURI(url.pathname);
  if (env.links.publicFiles.has(pathname)) return { ok: true, href };
  const page = env.links.pages.get(pathname);
  if (!page) return { ok: false, suggestion: toSuggestion(pathname, env) };
  const target =
    page.locale === env.file.locale && env.locale !== env.file.locale
      ? (env.links.urls.get(page.path)?.[env.locale] ?? pathname)
      : pathname;
  return { ok: true, href: `${target}${url.search}${url.hash}` };
}

function toSuggestion(pathname: string, env: RenderEnv): string | undefined {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (env.links.pages.has(trimmed)) return trimmed;
  const asRoute = env.links.urls.get(trimmed)?.[env.file.locale];
  return asRoute;
}

/** The line of the link itself: the block's first line that holds the href, else the block's line. */
function toLinkLoc(file: ContentFile, block: Token, href: string) {
  const [start = 0, end = start + 1] = block.map ?? [];
  const lines = file.body.split('\n');
  for (let i = start; i < end; i++) {
    const column = lines[i]?.indexOf(`](${href}`) ?? -1;
    if (column >= 0) return { file: file.file, line: file.bodyLine + i, column: column + 3 };
  }
  return { file: file.file, line: file.bodyLine + start, column: 1 };
}

/** Headings get ids so they can be linked to (`#…`); repeated titles get a numbered suffix. */
function addHeadingIds(state: StateCore): void {
  const seen = new Map<string, number>();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = state.tokens[i + 1]?.content ?? '';
    const base = toSlug(text) || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    token.attrSet('id', count === 0 ? base : `${base}-${count + 1}`);
  });
}

export function toSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** What the Markdown renderer needs to check links: every page URL and every public file. */
export function toLinkIndex(pages: readonly Page[], publicFiles: readonly string[]): LinkIndex {
  const byUrl = new Map<string, { path: string; locale: LocaleCode }>();
  const urls = new Map<string, Record<LocaleCode, string>>();
  for (const page of pages) {
    byUrl.set(page.url, { path: page.route.path, locale: page.locale });
    urls.set(page.route.path, page.localeUrls);
  }
  return { pages: byUrl, urls, publicFiles: new Set(publicFiles.map((f) => `/${f}`)) };
}

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import { toProblem } from '../errors.ts';
import { createDiskSource } from '../serve/files.ts';
import { createSiteServer } from '../serve/server.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { unescapeHtml } from '../escape.ts';
import type { OutputPage } from './output.ts';

export interface LinkCheckResult {
  readonly problems: SiteProblem[];
  readonly checked: number;
  readonly external: string[];
}

/**
 * Crawls the output served on a local port from `/` and from each locale's home, recursively, with
 * assets (linkinator). External links are listed, and checked only on request.
 */
export async function checkLinks(
  config: SiteConfig,
  outDir: string,
  options: { external: boolean; onProgress?: (checked: number) => void },
): Promise<LinkCheckResult> {
  const site = createSiteServer({
    source: createDiskSource(outDir),
    localePrefixes: config.locales.map((l) => l.prefix).filter(Boolean),
    devClient: null,
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  const external = new Set<string>();
  const problems: SiteProblem[] = [];
  let checked = 0;
  try {
    const checker = new LinkChecker();
    checker.on('link', () => options.onProgress?.(++checked));
    const result = await checker.check({
      path: [`${base}/`, ...config.locales.filter((l) => l.prefix).map((l) => `${base}${l.prefix}`)],
      recurse: true,
      // Fragments are checked over the output pages (checkFragments below): linkinator checks one
      // only when it meets the link before it fetches the page, so it misses some.
      checkFragments: false,
      concurrency: 32,
      // Canonical, alternate and sitemap URLs name the public base URL: check them here.
      ...(config.baseUrl
        ? {
            urlRewriteExpressions: [
              { pattern: new RegExp(`^${config.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), replacement: base },
            ],
          }
        : {}),
      timeout: 20_000,
      linksToSkip: async (link) => {
        if (link.startsWith(base)) return false;
        if (/^https?:/.test(link)) external.add(link);
        return !options.external;
      },
    });
    const seen = new Set<string>();
    for (const link of result.links) {
      if (link.state !== LinkState.BROKEN) continue;
      const parent = link.parent?.startsWith(base) ? link.parent.slice(base.length) || '/' : (link.parent ?? '(start)');
      const href = link.url.startsWith(base) ? link.url.slice(base.length) : link.url;
      // `/x/` redirects to `/x`: one page, one report.
      const page = (parent.split('#')[0] as string).replace(/(.)\/+$/, '$1');
      if (seen.has(`${page} ${href}`)) continue;
      seen.add(`${page} ${href}`);
      const loc = { file: toOutputFile(page), line: 1, column: 1 };
      problems.push(toProblem('LINK_BROKEN', { page, href, status: String(link.status ?? 'no answer') }, loc));
    }
  } finally {
    await site.close();
  }
  if (!options.external && external.size > 0)
    problems.push(toProblem('LINK_EXTERNAL_SKIPPED', { count: String(external.size) }));
  return { problems, checked, external: [...external].sort() };
}

/** `/en/contact` → `en/contact/index.html`; `/` → `index.html`; `..` never names a file above the output. */
export function toOutputFile(page: string): string {
  const clean = path.posix.normalize(`/${page}`).replace(/\/+$/, '') || '/';
  if (clean === '/') return 'index.html';
  return clean.endsWith('.html') ? clean.slice(1) : `${clean.slice(1)}/index.html`;
}

/**
 * Every link to a fragment of a page of this site (`/en/contact#hours`, `#top-of-list`), checked
 * against the ids of the page it points to, in the output as written. A link to a page that does
 * not exist is the crawler's to report.
 */
export function checkFragments(pages: readonly OutputPage[]): SiteProblem[] {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const ids = new Map<string, Set<string>>();
  const idsOf = (page: OutputPage) => {
    let found = ids.get(page.url);
    if (!found) {
      // Any element's `id`, and the `name` of an `<a>` (not a `<meta name>` or a `data-id`).
      const named = [
        ...page.html.matchAll(/<[a-z][\w-]*\s[^>]*?(?<=\s)id="([^"]*)"/g),
        ...page.html.matchAll(/<a\s[^>]*?(?<=\s)name="([^"]*)"/g),
      ];
      found = new Set(named.map((m) => unescapeHtml(m[1] as string)));
      ids.set(page.url, found);
    }
    return found;
  };
  const problems: SiteProblem[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    const body = page.html.replace(/<script[\s\S]*?<\/script>/g, '');
    for (const match of body.matchAll(/<a\s[^>]*?href="([^"]*#[^"]*)"/g)) {
      const href = unescapeHtml(match[1] as string);
      const url = new URL(href, `http://site.invalid${page.url}`);
      if (url.origin !== 'http://site.invalid' || url.hash.length <= 1) continue;
      const target = byUrl.get(url.pathname.replace(/(.)\/+$/, '$1'));
      let fragment: string;
      try {
        fragment = decodeURIComponent(url.hash.slice(1));
      } catch {
        fragment = url.hash.slice(1);
      }
      // `#top` scrolls to the top of any page (HTML's own rule).
      if (!target || fragment.toLowerCase() === 'top' || idsOf(target).has(fragment)) continue;
      if (seen.has(`${page.url} ${href}`)) continue;
      seen.add(`${page.url} ${href}`);
      problems.push(
        toProblem('LINK_FRAGMENT_MISSING', { page: page.url, href }, { file: page.file, line: 1, column: 1 }),
      );
    }
  }
  return problems;
}

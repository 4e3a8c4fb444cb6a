import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { toProblem } from '../errors.ts';
import { createDiskSource } from '../serve/files.ts';
import { createSiteServer } from '../serve/server.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { unescapeHtml } from '../escape.ts';
import { toOutputFile as toPageFile } from '../../runtime/urls.ts';
import { toStaticImports } from './first-view.ts';
import type { OutputPage } from './output.ts';

export interface LinkCheckResult {
  readonly problems: SiteProblem[];
  readonly checked: number;
  readonly external: string[];
}

/** What an address answered: its final status after redirects (0: no answer), and a page's HTML. */
interface Answer {
  readonly status: number;
  readonly html: string | null;
  /** A script's text, whose static imports are followed as the browser follows them. */
  readonly script?: string | null;
}

/** Redirects followed before an address counts as broken. */
const MAX_REDIRECTS = 5;
/** Requests in flight at once, to the local server and to other sites. */
const CONCURRENCY = 16;
const EXTERNAL_TIMEOUT_MS = 20_000;

/**
 * Crawls the output as a host serves it, from `/` and each locale's home, through every page it
 * links to: each address a page names (links, stylesheets, scripts, images, alternates and the
 * canonical, which name the public base URL and are checked here), and each module a script
 * imports statically (as the browser follows them), must answer, after redirects,
 * with a success. The output is served by `site serve`'s own server on a local port, so a file
 * that exists but would not be served is broken too. Links to other sites are listed, and checked
 * only on request.
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
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const external = new Set<string>();
  const answers = new Map<string, Promise<Answer>>();
  /** Each page that links to an address, with the address as the page names it after resolving. */
  const linkedFrom = new Map<string, Set<string>>();
  const limit = createLimit(CONCURRENCY);
  let checked = 0;

  // Every fetch and the crawl of what it found, until none is left: a page's links are followed
  // without waiting for them (pages link to each other in circles).
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const visit = (url: string): void => {
    if (answers.has(url)) return;
    const answer = limit(() => (url.startsWith(`${base}/`) ? fetchLocal(agent, url, base) : fetchExternal(url)));
    answers.set(url, answer);
    track(
      answer.then((found) => {
        checked += 1;
        options.onProgress?.(checked);
        if (found.html !== null) for (const href of toLinks(found.html)) follow(url, href);
        if (found.script) for (const href of toStaticImports(found.script)) follow(url, href);
      }),
    );
  };

  const follow = (page: string, href: string): void => {
    const url = toCheckedUrl(href, page, base, config.baseUrl);
    if (url === null) return;
    if (!url.startsWith(`${base}/`)) {
      external.add(url);
      if (!options.external) return;
    }
    const pages = linkedFrom.get(url) ?? new Set<string>();
    pages.add(page);
    linkedFrom.set(url, pages);
    visit(url);
  };

  const problems: SiteProblem[] = [];
  try {
    const starts = ['/', ...config.locales.filter((l) => l.prefix).map((l) => l.prefix)];
    for (const start of starts) visit(`${base}${start}`);
    while (pending.size > 0) await Promise.all(pending);
    // A home that does not answer is linked from nowhere: it is reported as its own page.
    for (const start of starts) {
      const url = `${base}${start}`;
      if (!linkedFrom.has(url)) linkedFrom.set(url, new Set([url]));
    }
    const seen = new Set<string>();
    for (const [url, pages] of linkedFrom) {
      const { status } = await (answers.get(url) as Promise<Answer>);
      if (status >= 200 && status < 400) continue;
      const href = url.startsWith(`${base}/`) ? url.slice(base.length) : url;
      for (const parent of [...pages].sort()) {
        // `/x/` redirects to `/x`: one page, one report.
        const page = (parent.slice(base.length).split('#')[0] || '/').replace(/(.)\/+$/, '$1');
        if (seen.has(`${page} ${href}`)) continue;
        seen.add(`${page} ${href}`);
        const loc = { file: toOutputFile(page), line: 1, column: 1 };
        problems.push(toProblem('LINK_BROKEN', { page, href, status: status ? String(status) : 'no answer' }, loc));
      }
    }
  } finally {
    agent.destroy();
    await site.close();
  }
  if (!options.external && external.size > 0)
    problems.push(toProblem('LINK_EXTERNAL_SKIPPED', { count: String(external.size) }));
  return { problems, checked, external: [...external].sort() };
}

/** Runs at most `count` of the given tasks at once. */
function createLimit(count: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** A GET to the local server, redirects followed; the body is kept for an HTML page or a script only. */
async function fetchLocal(agent: Agent, url: string, base: string, hops = 0): Promise<Answer> {
  const response = await new Promise<{ status: number; location?: string; html: string | null; script?: string }>(
    (resolve) => {
      const request = get(url, { agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
        const status = res.statusCode ?? 0;
        const type = String(res.headers['content-type'] ?? '');
        const isHtml = /^text\/html\b/i.test(type);
        const isScript = /^(?:text|application)\/javascript\b/i.test(type);
        if ((!isHtml && !isScript) || status < 200 || status >= 300) {
          res.resume();
          res.on('end', () => resolve({ status, location: res.headers.location, html: null }));
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve(isHtml ? { status, html: text } : { status, html: null, script: text });
        });
      });
      request.on('error', () => resolve({ status: 0, html: null }));
    },
  );
  if (response.status >= 300 && response.status < 400 && response.location) {
    if (hops >= MAX_REDIRECTS) return { status: response.status, html: null };
    const next = new URL(response.location, url).href;
    // A redirect away from the site leaves the local server: its target is another site's to answer.
    if (!next.startsWith(`${base}/`)) return fetchExternal(next);
    return fetchLocal(agent, next, base, hops + 1);
  }
  return { status: response.status, html: response.html, script: response.script ?? null };
}

/** Another site's address: HEAD, or GET where HEAD is refused; never its pages' links. */
async function fetchExternal(url: string): Promise<Answer> {
  for (const method of ['HEAD', 'GET']) {
    try {
      const response = await fetch(url, {
        method,
        redirect: 'follow',
        signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (method === 'HEAD' && (response.status === 405 || response.status === 501)) continue;
      return { status: response.status, html: null };
    } catch {
      if (method === 'GET') return { status: 0, html: null };
    }
  }
  return { status: 0, html: null };
}

/** The elements and attributes that name an address a browser loads or follows. */
const LINKING = /<(a|area|link|img|script|source|iframe|video|audio|track|embed|object|input)\b([^>]*)>/gi;
const ADDRESS_ATTRIBUTE = /\s(href|src|srcset|poster|data)="([^"]*)"/gi;

/** Every address an HTML page names, as written (unescaped), in the order met; scripts' text skipped. */
export function toLinks(html: string): string[] {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
  const links: string[] = [];
  for (const [, , attributes = ''] of markup.matchAll(LINKING)) {
    for (const [, name = '', value = ''] of attributes.matchAll(ADDRESS_ATTRIBUTE)) {
      const text = unescapeHtml(value).trim();
      if (name.toLowerCase() === 'srcset') {
        for (const candidate of text.split(',')) {
          const address = candidate.trim().split(/\s+/)[0];
          if (address) links.push(address);
        }
      } else if (text) links.push(text);
    }
  }
  return links;
}

/**
 * The absolute address a link names, for checking: the public base URL stands for the local
 * server; null for what is not fetched (a fragment of the same page, mail, telephone, data, script).
 */
export function toCheckedUrl(href: string, page: string, base: string, baseUrl: string | null): string | null {
  if (href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return `${base}/${href}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  const address = url.href;
  if (baseUrl && (address === baseUrl || address.startsWith(`${baseUrl}/`)))
    return `${base}${address.slice(baseUrl.length) || '/'}`;
  return address;
}

/**
 * The output file a reported page stands for, by the build's own rule (runtime/urls.ts): `/en/contact`
 * → `en/contact/index.html`; `/` → `index.html`; `..` never names a file above the output.
 */
export function toOutputFile(page: string): string {
  return toPageFile(path.posix.normalize(`/${page}`));
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

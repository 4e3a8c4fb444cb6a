import path from 'node:path';
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator';
import { toProblem } from '../problems/problem.ts';
import { startFolderServer } from '../serve/server.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { unescapeHtml } from '../escape.ts';
import { readLatestManifest } from '../write/manifest.ts';
import { toOutputFile as toPageFile } from '../../runtime/urls.ts';
import { toStaticImports } from './first-view.ts';
import { atStart, memoize, readOutputFile, type OutputPage } from './output.ts';

const EXTERNAL_TIMEOUT_MS = 20_000;
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];

/**
 * Crawls the output as a host serves it (behaviour.md: CLI): every address a page names and every
 * module a script imports must answer; other sites only on request.
 */
export async function checkLinks(
  config: SiteConfig,
  outDir: string,
  options: { external: boolean; onProgress?: (checked: number) => void },
): Promise<{ problems: SiteProblem[]; checked: number; external: string[] }> {
  // Not linkinator's server: it would serve `nginx.conf` and `.site-output`, and redirect `/x` to `/x/`.
  const site = await startFolderServer(outDir, config.locales.map((l) => l.prefix).filter(Boolean));
  const external = new Set<string>();
  try {
    const crawled = await crawlSite(site.url, config, { ...options, externals: external });
    const results = [...crawled, ...checkImports(outDir, site.url, crawled)];
    const problems = toBrokenLinks(results, site.url);
    if (!options.external && external.size > 0)
      problems.push(toProblem('LINK_EXTERNAL_SKIPPED', { count: String(external.size) }));
    const checked = new Set(results.filter((r) => r.state !== LinkState.SKIPPED).map((r) => r.url));
    return { problems, checked: checked.size, external: [...external].sort() };
  } finally {
    await site.close();
  }
}

/** Crawled from `/`, then from each locale home not reached: linkinator stays under its start. */
async function crawlSite(
  base: string,
  config: SiteConfig,
  options: { external: boolean; onProgress?: (checked: number) => void; externals: Set<string> },
): Promise<LinkResult[]> {
  const checker = new LinkChecker();
  const seen = new Set<string>();
  checker.on('link', (result) => {
    if (result.state === LinkState.SKIPPED || seen.has(result.url)) return;
    seen.add(result.url);
    options.onProgress?.(seen.size);
  });
  const toLocal = (url: string) => (config.baseUrl ? toLocalUrl(url, config.baseUrl, base) : null);
  const settings: Omit<CheckOptions, 'path'> = {
    recurse: true,
    timeout: EXTERNAL_TIMEOUT_MS,
    // Relative links resolve against the page's own URL, as in a browser (no `/x` read as `/x/`).
    cleanUrls: true,
    linksToSkip: async (url) => {
      if (url.startsWith(`${base}/`) || toLocal(url) !== null) return toLocal(url) !== null;
      options.externals.add(url);
      return !options.external;
    },
  };
  return withoutProxy(async () => {
    const results = [...(await checker.check({ ...settings, path: `${base}/` })).links];
    for (const locale of config.locales.filter((l) => l.prefix)) {
      const home = `${base}${locale.prefix}`;
      if (!seen.has(home)) results.push(...(await checker.check({ ...settings, path: home })).links);
    }
    const check = (path: string[]) => checker.check({ ...settings, recurse: false, path });
    return [...results, ...(await checkPublicAddresses(results, toLocal, check))];
  });
}

/** Addresses with the public base URL (skipped by linkinator) take the answer of the same local address. */
async function checkPublicAddresses(
  results: readonly LinkResult[],
  toLocal: (url: string) => string | null,
  check: (paths: string[]) => Promise<{ links: LinkResult[] }>,
): Promise<LinkResult[]> {
  const named = results.filter((r) => r.state === LinkState.SKIPPED && toLocal(r.url) !== null);
  const answers = new Map(results.filter((r) => r.state !== LinkState.SKIPPED).map((r) => [r.url, r]));
  const unknown = [...new Set(named.map((r) => toLocal(r.url) as string))].filter((url) => !answers.has(url));
  if (unknown.length > 0)
    for (const answer of (await check(unknown)).links) if (answer.parent === undefined) answers.set(answer.url, answer);
  return named.map((r) => ({ ...(answers.get(toLocal(r.url) as string) as LinkResult), parent: r.parent }));
}

/** The local server's address for one of the public base URL (`https://cloudwing.example/en`), or null. */
function toLocalUrl(url: string, baseUrl: string, base: string): string | null {
  const rest = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : null;
  return rest !== null && /^(?:[/?#]|$)/.test(rest) ? `${base}/${rest.replace(/^\//, '')}` : null;
}

/** Without proxy variables: linkinator would send the local server's requests through the proxy. */
async function withoutProxy<T>(run: () => Promise<T>): Promise<T> {
  const saved = PROXY_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of PROXY_VARIABLES) delete process.env[name];
  try {
    return await run();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

/** Static imports, which linkinator does not read (behaviour.md: Pages on demand); idle chunks from the manifest. */
function checkImports(outDir: string, base: string, crawled: readonly LinkResult[]): LinkResult[] {
  const read = memoize((url) => readOutputFile({ base, outDir }, url)?.toString('utf8') ?? null);
  const scripts = crawled
    .filter((r) => r.state === LinkState.OK && /^[^?#]*\.m?js(?:[?#]|$)/.test(r.url.slice(base.length)))
    .map((r) => r.url);
  const results: LinkResult[] = [];
  // A missing chunk is named by the script that imports it, else by the manifest.
  const built = readLatestManifest(outDir);
  const listed = built?.scripts ? [...built.scripts.idle, ...Object.values(built.scripts.templates).flat()] : [];
  const seeds = [...new Set(listed.map((url) => new URL(url, base).href))];
  const manifest = `${base}/builds/meta/${built?.id ?? ''}.json`;
  if (seeds.length > 0) results.push({ url: manifest, status: 200, state: LinkState.OK });
  for (const url of seeds) {
    if (scripts.includes(url) || read(url) === null) continue;
    scripts.push(url);
    results.push({ url, status: 200, state: LinkState.OK, parent: manifest });
  }
  for (const script of scripts) {
    for (const specifier of toStaticImports(read(script) ?? '')) {
      const url = new URL(specifier, script).href;
      if (!url.startsWith(`${base}/`)) continue;
      const found = read(url) !== null;
      results.push({ url, status: found ? 200 : 404, state: found ? LinkState.OK : LinkState.BROKEN, parent: script });
      if (found && !scripts.includes(url)) scripts.push(url);
    }
  }
  const named = new Set(results.map((r) => r.url));
  const unnamed = seeds.filter((url) => read(url) === null && !named.has(url));
  for (const url of unnamed) results.push({ url, status: 404, state: LinkState.BROKEN, parent: manifest });
  return results;
}

/** One LINK_BROKEN per page and address; only from pages that answered (not a broken address's error page). */
function toBrokenLinks(results: readonly LinkResult[], base: string): SiteProblem[] {
  const answered = new Set(results.filter((r) => r.state === LinkState.OK).map((r) => r.url));
  const local = (url: string) => (url.startsWith(`${base}/`) ? url.slice(base.length) : url);
  const found = new Map<string, SiteProblem>();
  for (const { url, status, state, parent } of results) {
    if (state !== LinkState.BROKEN || (parent !== undefined && !answered.has(parent))) continue;
    const href = local(url);
    // `/x/` redirects to `/x`: one page, one report. A home that does not answer is its own page.
    const page = parent === undefined ? href : local(parent).replace(/(.)\/+$/, '$1');
    const args = { page, href, status: status ? String(status) : 'no answer' };
    found.set(`${page} ${href}`, toProblem('LINK_BROKEN', args, atStart(toOutputFile(page))));
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, problem]) => problem);
}

/** The output file a reported page stands for (runtime/urls.ts); `..` never names a file above the output. */
export function toOutputFile(page: string): string {
  return toPageFile(path.posix.normalize(`/${page}`));
}

/** Links to a fragment, against the target's ids: linkinator's check misses pages fetched before the link. */
export function checkFragments(pages: readonly OutputPage[]): SiteProblem[] {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const idsOf = memoize((url) => {
    const { html } = byUrl.get(url) as OutputPage;
    // Any element's `id`, and the `name` of an `<a>` (not a `<meta name>` or a `data-id`).
    const named = [
      ...html.matchAll(/<[a-z][\w-]*\s[^>]*?(?<=\s)id="([^"]*)"/g),
      ...html.matchAll(/<a\s[^>]*?(?<=\s)name="([^"]*)"/g),
    ];
    return new Set(named.map((m) => unescapeHtml(m[1] as string)));
  });
  const found = new Map<string, SiteProblem>();
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
      if (!target || fragment.toLowerCase() === 'top' || idsOf(target.url).has(fragment)) continue;
      const problem = toProblem('LINK_FRAGMENT_MISSING', { page: page.url, href }, atStart(page.file));
      found.set(`${page.url} ${href}`, problem);
    }
  }
  return [...found.values()];
}

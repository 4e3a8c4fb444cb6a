import { CONFIG_FILE } from '../config-check.ts';
import { HOST_FILES } from '../hosts.ts';
import { toProblem } from '../problems/problem.ts';
import { toTargetPath } from '../schema/redirects.ts';
import { toFeedPath, toLocaleOfPath } from '../../runtime/urls.ts';
import type { Page, Route, SiteConfig, SiteProblem, SiteRedirect, SourceLoc } from '../types.ts';

// behaviour.md: Moved and removed pages. An old address stands where nothing else does; a redirect
// reaches a page or file in one step, or another site.

interface Placed extends SiteRedirect {
  readonly loc: SourceLoc;
}

export function resolveRedirects(
  config: SiteConfig,
  routes: readonly Route[],
  pages: readonly Page[],
  publicFiles: readonly string[],
): { redirects: SiteRedirect[]; problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const placed: Placed[] = [
    ...toAliasRedirects(config, routes, pages, problems),
    ...config.redirects.map(({ line, ...redirect }) => ({ ...redirect, loc: { file: CONFIG_FILE, line, column: 1 } })),
  ];
  const taken = toTakenPaths(config, pages, publicFiles);
  const redirects = new Map<string, Placed>();
  for (const redirect of placed) {
    const { from, loc } = redirect;
    const first = redirects.get(from);
    const what = first
      ? `another redirect, at ${first.loc.file}:${first.loc.line}`
      : (taken.get(from) ?? toOwnPathWhat(from));
    if (what) problems.push(toProblem('REDIRECT_COLLISION', { from, what }, loc));
    else redirects.set(from, redirect);
  }
  for (const redirect of redirects.values()) {
    const problem = checkTarget(redirect, redirects, taken);
    if (problem) problems.push(problem);
  }
  return { redirects: [...redirects.values()].map(({ from, to, status }) => ({ from, to, status })), problems };
}

/** A 301 to the page in the locale of the file that lists them. */
function toAliasRedirects(
  config: SiteConfig,
  routes: readonly Route[],
  pages: readonly Page[],
  problems: SiteProblem[],
): Placed[] {
  const urls = new Map(pages.filter((p) => (p.pagination?.page ?? 1) === 1).map((p) => [p.name, p.url]));
  return routes.flatMap((route) =>
    Object.values(route.files).flatMap((file) =>
      file.data.aliases.flatMap((from, i): Placed[] => {
        const loc = { file: file.file, line: file.keyLines[`aliases[${i}]`] ?? file.keyLines.aliases ?? 1, column: 1 };
        const locale = config.locales.find((l) => l.code === file.locale);
        if (toLocaleOfPath(config.locales, from).code !== file.locale && locale) {
          const args = { from, locale: locale.code, prefix: locale.prefix || '/' };
          problems.push(toProblem('REDIRECT_OUTSIDE_LOCALE', args, loc));
          return [];
        }
        const to = urls.get(`${route.name}___${file.locale}`);
        return to ? [{ from, to, status: 301, loc }] : [];
      }),
    ),
  );
}

function toTakenPaths(config: SiteConfig, pages: readonly Page[], publicFiles: readonly string[]): Map<string, string> {
  const taken = new Map<string, string>();
  for (const file of publicFiles) {
    taken.set(`/${file}`, `the public file site/public/${file}`);
    // `legacy/index.html` and `legacy.html` answer at `/legacy` on most hosts.
    const page = /^(.+?)(?:\/index)?\.html$/.exec(file)?.[1];
    if (page && !taken.has(`/${page}`)) taken.set(`/${page}`, `the public file site/public/${file}`);
  }
  for (const page of pages) taken.set(page.url, `the page ${page.url}`);
  for (const locale of config.locales) taken.set(toFeedPath(locale), 'the newsroom feed');
  return taken;
}

function toOwnPathWhat(from: string): string | null {
  if (/^\/(?:_app|builds)(?:\/|$)/.test(from)) return `the build's own files (${from.split('/')[1] as string}/)`;
  if (/(?:^|\/)\d{3}(?:\.html)?$/.test(from)) return 'an error page';
  const own = ['sitemap.xml', 'robots.txt', ...HOST_FILES];
  return own.some((file) => from === `/${file}`) ? `the build's ${from.slice(1)}` : null;
}

function checkTarget(
  redirect: Placed,
  redirects: ReadonlyMap<string, Placed>,
  taken: ReadonlyMap<string, string>,
): SiteProblem | null {
  const { from, to, loc } = redirect;
  const target = toTargetPath(to);
  if (target === null) return null;
  const next = redirects.get(target);
  if (next) return toProblem('REDIRECT_CHAIN', { from, to, next: next.to }, loc);
  const known = taken.has(target) || taken.has(target.replace(/\/$/, '') || '/');
  return known ? null : toProblem('REDIRECT_UNKNOWN_TARGET', { from, to }, loc);
}

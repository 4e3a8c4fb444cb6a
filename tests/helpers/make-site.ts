import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];

/**
 * The routes of the small site: one page of every template, section and contact block, two
 * articles in both languages and one in English only. Tests about the generator build it (about a third of the
 * real site's pages); tests about the real site's pages ask for `{ full: true }`.
 */
export const SMALL_ROUTES: readonly string[] = [
  '/',
  '/contact',
  '/customers',
  '/jobs',
  '/news',
  '/procurement',
  '/proposal',
  // Every page's footer links it.
  '/privacy',
  '/about/about-layout',
  '/about/about-company',
  '/about/about-investors',
  // The stations' facts (common:airports.*) are all shown here; the contact page shows some.
  '/about/about-location',
  '/services/service-layout',
  '/services/service-ramp',
  '/strengths/strengths-layout',
  '/strengths/strengths-certification',
  '/strengths/homemade-equipment/eq1',
  '/jobs/jobs-layout',
  '/jobs/jobs-positions',
  '/jobs/positions/ramp-agent',
  '/news/news1',
  '/news/news3',
  '/news/newsEn1',
];

/**
 * A temporary copy of the site with some files replaced (a string) or removed (null):
 * `makeSite({ 'site/content/news/n.en.md': '---\ntitle: [\n---' })`. Returns the new root. The
 * copy is the small site (SMALL_ROUTES) unless `full` asks for every page of the real one.
 */
export function makeSite(files: Record<string, string | null> = {}, options: { full?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'site-test-'));
  made.push(root);
  const small = options.full ? null : smallSite();
  cpSync(small?.site ?? path.join(REPO_ROOT, 'site'), path.join(root, 'site'), { recursive: true });
  for (const [file, contents] of Object.entries(files)) {
    const target = path.join(root, file);
    if (contents === null) {
      rmSync(target, { force: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
  // The small site's own files are unlinked already; the given ones may link to a removed page.
  if (small) unlinkRoutes(path.join(root, 'site', 'content'), small.removed, Object.keys(files));
  return root;
}

let small: { readonly site: string; readonly removed: ReadonlySet<string> } | null = null;

/**
 * The small site, made once per process from the real one (pages removed, links to them
 * unlinked) and copied for each test: a copy of it is a third of the files to write, and none
 * to read again or remove.
 */
function smallSite(): { readonly site: string; readonly removed: ReadonlySet<string> } {
  if (small && existsSync(small.site)) return small;
  const dir = mkdtempSync(path.join(tmpdir(), 'site-small-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const site = path.join(dir, 'site');
  cpSync(path.join(REPO_ROOT, 'site'), site, { recursive: true });
  const removed = toSmallSite(site);
  unlinkRoutes(path.join(site, 'content'), removed);
  small = { site, removed };
  return small;
}

/**
 * Removes the pages outside SMALL_ROUTES (their files, and their side-navigation labels); links
 * to them are unlinked after (unlinkRoutes). Returns the removed routes.
 */
function toSmallSite(site: string): Set<string> {
  const content = path.join(site, 'content');
  const kept = new Set(SMALL_ROUTES);
  const removed = new Set<string>();
  for (const file of listContent(content)) {
    const route = toRoute(file);
    if (kept.has(route)) continue;
    rmSync(path.join(content, file));
    removed.add(route);
  }
  const names = new Set([...removed].map((r) => r.slice(1).replaceAll('/', '-')));
  for (const locale of readdirSync(path.join(site, 'locales'))) {
    const file = path.join(site, 'locales', locale, 'sidenav.json');
    const labels = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const left = Object.fromEntries(Object.entries(labels).filter(([key]) => !names.has(key)));
    writeFileSync(file, `${JSON.stringify(left, null, 2)}\n`);
  }
  return removed;
}

/**
 * Turns Markdown links to removed routes into their plain text, and drops the front matter's
 * `href:` lines that name one (a positions list's links), in every content file, or in those of
 * `only` (project-relative paths) that are.
 */
function unlinkRoutes(content: string, removed: ReadonlySet<string>, only?: readonly string[]): void {
  const isRemoved = (href: string) => removed.has(href.replace(/^\/en(?=\/|$)/, '') || '/');
  const project = path.dirname(path.dirname(content));
  const files = only
    ? only.map((file) => path.join(project, file)).filter((full) => full.endsWith('.md') && existsSync(full))
    : listContent(content).map((file) => path.join(content, file));
  for (const full of files) {
    if (!full.startsWith(content + path.sep)) continue;
    const text = readFileSync(full, 'utf8');
    const linked = text
      .replace(/\[([^\]]*)\]\((\/[^)\s#]*)(#[^)\s]*)?\)/g, (link, label: string, href: string) =>
        isRemoved(href) ? label : link,
      )
      .replace(/^ *href: (\/\S*)\n/gm, (line, href: string) => (isRemoved(href) ? '' : line));
    if (linked !== text) writeFileSync(full, linked);
  }
}

function listContent(content: string): string[] {
  return readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.relative(content, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

function toRoute(file: string): string {
  const route = `/${file.replace(/\.[A-Za-z]+\.md$/, '')}`;
  return route === '/index' ? '/' : route;
}

/** Removes every temporary site made by this test file. */
export function removeSites(): void {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
}

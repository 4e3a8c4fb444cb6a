import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './make-site.ts';
import { loadEveryPage, type Sweep } from './load-every-page.ts';
import type { SiteFixture } from './site-fixture.ts';

/** Every page type of the site: the templates its content files name, and the error pages'. */
const PAGE_TYPES = [
  ...new Set([
    'error',
    ...(readdirSync(path.join(REPO_ROOT, 'site/content'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.md'))
      .map((file) => /^template: *(\S+)/m.exec(readFileSync(path.join(REPO_ROOT, 'site/content', file), 'utf8'))?.[1])
      .filter((name): name is string => name !== undefined),
  ]),
].sort();

/**
 * The specs every page of a locale must meet, from one sweep over its pages (load-every-page.ts):
 * each file of a locale registers them, so the two locales run in parallel. `wide` (a page of
 * every template and section) is read on a tablet and on paper too; `everyWidth` at every width
 * from a phone's to a wide monitor's.
 */
export function everyPageSpecs(
  site: SiteFixture,
  language: string,
  pages: { readonly urls: readonly string[]; readonly wide: readonly string[]; readonly everyWidth: readonly string[] },
): void {
  const { urls, wide, everyWidth } = pages;
  let swept: Promise<Sweep> | null = null;
  const sweep = () => (swept ??= loadEveryPage(site, urls, new Set(wide), new Set(everyWidth)));
  // One pass over every page: its own time limit, generous for a loaded machine.
  const LIMIT = 180_000;

  it(
    `hydrates every ${language} page under the hosts' security policy with no console problem or mismatch, and fits each on a 320 px phone and at every width it is read at, ${everyWidth.join(', ')} at every width from 320 px to 1920 px, without sideways scrolling`,
    async () => {
      expect(urls).toHaveLength(67);
      expect(everyWidth.every((url) => urls.includes(url))).toBe(true);
      expect((await sweep()).load).toEqual([]);
    },
    LIMIT,
  );

  it(
    `fetches at most 15 KB (gzip) of JavaScript before load on every ${language} page and its not-found page, and, once idle, follows a link of each page type on the client`,
    async () => {
      const { scripts, navigated } = await sweep();
      expect(scripts).toEqual([]);
      expect(navigated.sort()).toEqual(PAGE_TYPES);
    },
    LIMIT,
  );

  it(
    `on a 375 px phone, every table of every ${language} page keeps its rows (none taller than its longest cell needs), the chart is legible and headings are balanced`,
    async () => {
      expect((await sweep()).phone).toEqual([]);
    },
    LIMIT,
  );

  it(
    `on a 768 px tablet, tables keep their columns readable, and the rail (where the site has one) labels and marks the current section, on a ${language} page of every template and section`,
    async () => {
      expect((await sweep()).tablet).toEqual([]);
    },
    LIMIT,
  );

  it(
    `prints a ${language} page of every template and section without navigation, controls, language switcher, rail or backgrounds`,
    async () => {
      expect((await sweep()).print).toEqual([]);
    },
    LIMIT,
  );

  it(
    `shows the current year in the footer of every ${language} page`,
    async () => {
      const year = new Date().getUTCFullYear();
      const footers = (await sweep()).footers;
      expect(footers).toHaveLength(67);
      expect(footers.filter((line) => !line.includes(`© ${year}`))).toEqual([]);
    },
    LIMIT,
  );
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { createDevSession, type DevSession } from '../../generator/serve/session.ts';
import { SMALL_ROUTES, makeSite, removeSites } from '../helpers/make-site.ts';
import { problemsOf } from '../helpers/problems.ts';

// Watch mode is the build with a cache: what it serves is what `site build` writes, a mistake stays
// reported until its file is fixed, and a deleted page is gone everywhere at once.

afterAll(removeSites);

const text = (files: ReadonlyMap<string, string | Uint8Array>, file: string) => {
  const contents = files.get(file);
  return typeof contents === 'string' ? contents : contents ? Buffer.from(contents).toString('utf8') : undefined;
};

/** Hashed names and build ids apart, so a watch build and `site build` can be compared. */
const withoutNames = (s: string) =>
  s
    .replaceAll(/(_app\/[\w/-]+)\.[\w]{8,10}\.(js|css|json)/g, '$1.$2')
    .replaceAll(/\b[a-z0-9]{8}-[0-9a-f]{8,12}\b/g, 'ID');

describe('the watch session', () => {
  // A session is shared by the tests of its block, in their order: each starts from the site as
  // the one before left it (every file good again).
  let root: string;
  let session: DevSession;
  let first: Awaited<ReturnType<DevSession['rebuild']>>;
  const start = () => {
    beforeAll(async () => {
      root = makeSite();
      session = createDevSession(root);
      first = await session.rebuild([]);
    });
    afterAll(() => session?.close());
  };
  /** Saves a file of the site with `from` replaced. */
  const edit = (file: string, from: string | RegExp, to: string) =>
    writeFileSync(path.join(root, file), readFileSync(path.join(root, file), 'utf8').replace(from, to));

  describe('from its first build', () => {
    start();
    it('serves what `site build` writes, file for file, apart from hashed names and the build id', async () => {
      const built = (await buildSite({ root, write: false })).files;
      const watched = session.files();
      const names = (files: ReadonlyMap<string, unknown>) => [...files.keys()].map(withoutNames).sort();
      expect(names(watched)).toEqual(names(built ?? new Map()));
      for (const [file, contents] of built ?? []) {
        // Asset bytes differ by the names inside them (and the watch runtime answers the dev client);
        // manifests by their time.
        if (typeof contents !== 'string' || file.startsWith('_app/') || file.startsWith('builds/')) continue;
        expect(withoutNames(text(watched, file) ?? ''), file).toBe(withoutNames(contents));
      }
      // The host files and the manifest's shape are the build's.
      for (const file of ['nginx.conf', '_headers', '_redirects', 'sitemap.xml', 'robots.txt'])
        expect(text(watched, file), file).toBe(text(built ?? new Map(), file));
      const latest = JSON.parse(text(watched, 'builds/latest.json') ?? '{}');
      const meta = JSON.parse(text(watched, `builds/meta/${latest.id}.json`) ?? '{}');
      expect(Object.keys(meta).sort()).toEqual([
        'assets',
        'builtWith',
        'dated',
        'id',
        'kept',
        'policy',
        'prerendered',
        'redirects',
        'removed',
        'scripts',
        'search',
        'shared',
        'timestamp',
      ]);
    });

    it('renders again only the pages whose inputs changed', async () => {
      expect(first.rendered).toBe(2 * SMALL_ROUTES.length);
      expect((await session.rebuild([])).rendered).toBe(0);
      const file = 'site/content/services/service-ramp.en.md';
      edit(file, /\n\n([^\n]+)\n/, '\n\nA new opening sentence.\n\n$1\n');
      const result = await session.rebuild([file]);
      expect(result.kind).toBe('content');
      expect(result.rendered).toBe(1);
      expect(text(session.files(), 'en/services/service-ramp/index.html')).toContain('A new opening sentence.');
    });
  });

  describe('while files are saved with mistakes', () => {
    start();
    it('keeps reporting a broken file while other files are saved, until it is fixed', async () => {
      const broken = 'site/content/customers.en.md';
      const good = readFileSync(path.join(root, broken), 'utf8');
      writeFileSync(path.join(root, broken), good.replace(/^title: .*$/m, 'title: [unclosed'));
      const first = await problemsOf(session.rebuild([broken]));
      expect(first).toEqual([
        expect.objectContaining({ code: 'FRONT_MATTER_SYNTAX', loc: expect.objectContaining({ file: broken }) }),
      ]);
      // Another file saved (an editor's temporary-file save looks the same): the mistake is still there.
      const other = 'site/content/contact.en.md';
      edit(other, /^title: .*$/m, 'title: Reach us');
      const second = await problemsOf(session.rebuild([other]));
      expect(second.map((p) => [p.code, p.loc?.file])).toEqual([['FRONT_MATTER_SYNTAX', broken]]);
      // The last good build is what is served meanwhile.
      expect(text(session.files(), 'en/customers/index.html')).toContain('Our airline customers');
      writeFileSync(path.join(root, broken), good);
      expect(await problemsOf(session.rebuild([broken]))).toEqual([]);
      expect(text(session.files(), 'en/contact/index.html')).toContain('Reach us');
    });

    it('renders the pages open in a browser first and publishes them before the rest; says what changed', async () => {
      const file = 'site/locales/en/nav.json';
      edit(file, '"procurement": "Procurement"', '"procurement": "Suppliers"');
      let early: { contact?: string; news?: string; changed: readonly string[] } | null = null;
      const result = await session.rebuild([file], {
        urls: ['/en/contact'],
        onReady: (changes) => {
          const served = session.files();
          early = {
            contact: text(served, 'en/contact/index.html'),
            news: text(served, 'en/news/index.html'),
            changed: changes.changed,
          };
        },
      });
      expect(early).not.toBeNull();
      const first = early as unknown as { contact: string; news: string; changed: string[] };
      expect(first.contact).toContain('Suppliers');
      expect(first.news).not.toContain('Suppliers');
      // The page's two documents of the portable layout (behaviour.md: Hosts).
      expect(first.changed).toEqual(['_app/data/en.json', 'en/contact.html', 'en/contact/index.html']);
      expect(text(session.files(), 'en/news/index.html')).toContain('Suppliers');
      expect(result.changed).toContain('en/news/index.html');
      expect(result.changed).not.toContain('en/contact/index.html');
      expect(result.changed.some((f) => f.startsWith('zhHant') || f === 'index.html')).toBe(false);
      expect(result.pagesAddedOrRemoved).toBe(false);
    });
  });

  describe('while pages are removed and templates break', () => {
    start();
    it('a page deleted file by file is gone from every list, menu, sitemap and manifest', async () => {
      expect(text(session.files(), 'en/news/index.html')).toContain('/en/news/news1');
      rmSync(path.join(root, 'site/content/news/news1.zhHant.md'));
      const half = await problemsOf(session.rebuild(['site/content/news/news1.zhHant.md']));
      // The page now lacks a locale: the error names the file that is still there.
      expect(half).toEqual([
        expect.objectContaining({
          code: 'ROUTE_MISSING_LOCALE',
          loc: expect.objectContaining({ file: 'site/content/news/news1.en.md' }),
        }),
      ]);
      rmSync(path.join(root, 'site/content/news/news1.en.md'));
      expect(await problemsOf(session.rebuild(['site/content/news/news1.en.md']))).toEqual([]);
      const files = session.files();
      expect(files.has('news/news1/index.html')).toBe(false);
      expect(files.has('en/news/news1/index.html')).toBe(false);
      expect(files.has('en/news/news1/_payload.json')).toBe(false);
      for (const file of ['en/news/index.html', 'news/index.html', 'index.html', 'en/index.html', 'sitemap.xml'])
        expect(text(files, file), file).not.toContain('news1');
      const latest = JSON.parse(text(files, 'builds/latest.json') ?? '{}');
      expect(text(files, `builds/meta/${latest.id}.json`)).not.toContain('news1');
    });

    it('serves the last good build again when a build fails after publishing the open pages', async () => {
      const before = text(session.files(), 'en/contact/index.html');
      // A template that fails for one page only: the open page renders, another does not.
      const template = 'site/templates/pages/news-index.tsx';
      const source = readFileSync(path.join(root, template), 'utf8');
      writeFileSync(
        path.join(root, template),
        source.replace(
          /(export default function \w+\([^)]*\)[^{]*\{)/,
          "$1\n  if (1 + 1 === 2) throw new Error('broken news template');",
        ),
      );
      const nav = 'site/locales/en/nav.json';
      edit(nav, '"procurement": "Procurement"', '"procurement": "Suppliers"');
      let published = false;
      const problems = await problemsOf(
        session.rebuild([template, nav], { urls: ['/en/contact'], onReady: () => (published = true) }),
      );
      expect(published).toBe(true);
      expect(problems.map((p) => p.code)).toContain('RENDER_FAILED');
      expect(text(session.files(), 'en/contact/index.html')).toBe(before);
    });
  });
});

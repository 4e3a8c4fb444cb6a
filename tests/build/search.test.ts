import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { CACHE_DIR } from '../../generator/paths.ts';
import { toCachedFiles } from '../../generator/search/pagefind.ts';
import { createDevSession } from '../../generator/serve/session.ts';
import type { BuildManifest } from '../../generator/types.ts';
import { runCli } from '../helpers/cli.ts';
import { REPO_ROOT, SMALL_ROUTES, makeSite, removeSites } from '../helpers/make-site.ts';

/** The locales' shared texts, which the aside's contact box shows (and the search leaves out). */
const zhCommon = JSON.parse(readFileSync('site/locales/zhHant/common.json', 'utf8'));
const enCommon = JSON.parse(readFileSync('site/locales/en/common.json', 'utf8'));

// What the search index holds (behaviour.md: Search), read back from Pagefind's own files: each
// fragment is a gzipped `pagefind_dcd` header and the page's JSON (its URL, text and metadata).

afterAll(removeSites);

interface Fragment {
  readonly url: string;
  readonly content: string;
  readonly meta: Readonly<Record<string, string>>;
}

type Files = ReadonlyMap<string, string | Uint8Array>;

const bytesOf = (contents: string | Uint8Array | undefined) =>
  typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents ?? new Uint8Array());

function manifestOf(files: Files): BuildManifest {
  const latest = JSON.parse(bytesOf(files.get('builds/latest.json')).toString()) as { id: string };
  return JSON.parse(bytesOf(files.get(`builds/meta/${latest.id}.json`)).toString()) as BuildManifest;
}

/** Every page of a locale's index, by URL; the words are joined back (Pagefind splits Chinese). */
function fragmentsOf(files: Files, folder: string): Map<string, Fragment> {
  const fragments = new Map<string, Fragment>();
  for (const [file, contents] of files) {
    if (!file.startsWith(`${folder.slice(1)}fragment/`)) continue;
    const raw = gunzipSync(bytesOf(contents));
    expect(raw.subarray(0, 12).toString()).toBe('pagefind_dcd');
    const fragment = JSON.parse(raw.subarray(12).toString()) as Fragment;
    fragments.set(fragment.url, { ...fragment, content: fragment.content.replaceAll('\u200b', '') });
  }
  return fragments;
}

const EN_ONLY = ['/news/newsEn1'];

/** The texts of the page fragments a cached index holds. */
function cachedFragments(entry: Buffer): string[] {
  return [...(toCachedFiles(entry) ?? [])]
    .filter(([name]) => name.endsWith('.pf_fragment'))
    .map(([, bytes]) => gunzipSync(bytes).toString());
}

/**
 * A small site with a page no other build has, so that its locale's index is the test's own (the
 * first build makes it), and a build of it into a folder of its own, with its report: by the CLI
 * (a new process), or in this one.
 */
function withOwnIndex(word: string) {
  const root = makeSite();
  const unique = `${word} ${process.pid}-${Date.now()}`;
  const article = path.join(root, 'site/content/news/news3.en.md');
  writeFileSync(article, readFileSync(article, 'utf8').replace(/\n---\n/, `\n---\n${unique}.\n\n`));
  const build = (out: string) => {
    const result = runCli(['--root', root, 'build', '--out', path.join(root, out), '--json']);
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { search: { indexed: number } };
  };
  const buildHere = async (out: string) => {
    const { report } = await buildSite({ root, outDir: path.join(root, out) });
    return { search: { indexed: report.search?.indexed } };
  };
  return { root, unique, build, buildHere };
}

describe('the search index', () => {
  it('indexes each locale apart: its pages in their own language, their main content, title and section', async () => {
    const root = makeSite();
    const { files, manifest, report } = await buildSite({ root, write: false });
    const output = files as Files;
    expect(Object.keys(manifest.search ?? {})).toEqual(['zhHant', 'en']);
    const zh = manifest.search?.zhHant as string;
    const en = manifest.search?.en as string;
    expect(zh).toMatch(/^\/_app\/search\/zhHant\.[0-9a-f]{10}\/$/);
    expect(en).toMatch(/^\/_app\/search\/en\.[0-9a-f]{10}\/$/);
    // Every file of an index is the build's own, kept like its code; none of Pagefind's own UI.
    const indexFiles = [...output.keys()].filter((file) => file.startsWith('_app/search/'));
    expect(manifest.assets).toEqual(expect.arrayContaining(indexFiles));
    expect(indexFiles.filter((file) => /ui|highlight|playground/.test(file))).toEqual([]);
    for (const folder of [zh, en])
      for (const needed of ['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json'])
        expect(output.has(`${folder.slice(1)}${needed}`), `${folder}${needed}`).toBe(true);
    // The Chinese pages are indexed as zh-TW, so that Pagefind segments their words.
    const entry = JSON.parse(bytesOf(output.get(`${zh.slice(1)}pagefind-entry.json`)).toString());
    expect(Object.keys(entry.languages)).toEqual(['zh-TW']);
    expect(report.search?.bytes.zhHant).toBeGreaterThan(10_000);

    const zhPages = fragmentsOf(output, zh);
    const enPages = fragmentsOf(output, en);
    const zhRoutes = SMALL_ROUTES.filter((route) => !EN_ONLY.includes(route));
    expect([...zhPages.keys()].sort()).toEqual([...zhRoutes].sort());
    expect([...enPages.keys()].sort()).toEqual(
      SMALL_ROUTES.map((route) => (route === '/' ? '/en' : `/en${route}`)).sort(),
    );

    const ramp = zhPages.get('/services/service-ramp') as Fragment;
    // The title as the page's front matter gives it.
    const rampTitle = /^title: "?([^"\n]+)"?$/m.exec(
      readFileSync(path.join(REPO_ROOT, 'site/content/services/service-ramp.zhHant.md'), 'utf8'),
    )?.[1];
    expect(ramp.meta.title).toBe(rampTitle);
    expect(ramp.meta.section).toBe('服務項目');
    expect(ramp.content).toContain('航機引導與停靠作業');
    // Not the header, the menus, the footer, the aside's contact box or the page data.
    expect(ramp.content).not.toContain('雲翔航勤股份有限公司');
    expect(ramp.content).not.toContain(zhCommon.audience.service.title);
    expect(ramp.content).not.toContain('buildId');
    const rampEn = enPages.get('/en/services/service-ramp') as Fragment;
    expect(rampEn.meta).toMatchObject({ title: 'Ramp handling', section: 'Services' });
    expect(rampEn.content).not.toContain(enCommon.audience.service.title);
  });

  it('keeps titles as they are written, finds a page by a keyword it never says, and makes the same index again', async () => {
    const article = 'site/content/news/news3.en.md';
    const root = makeSite();
    const original = readFileSync(path.join(root, article), 'utf8');
    const title = 'A "quoted" <b>title</b> & more';
    writeFileSync(
      path.join(root, article),
      original
        .replace(/^title: .*$/m, `title: '${title}'`)
        .replace(/^---\n/, '---\nkeywords: [deicing, "<script>alert(1)</script>"]\n'),
    );
    const first = await buildSite({ root, write: false });
    const en = first.manifest.search?.en as string;
    const page = fragmentsOf(first.files as Files, en).get('/en/news/news3') as Fragment;
    expect(page.meta.title).toBe(title);
    expect(page.meta.keywords).toBe('deicing, <script>alert(1)</script>');
    // Indexed as words (the dialog shows excerpts as text, never as markup).
    expect(page.content).toContain('deicing, <script>alert(1)</script>');

    // The same pages again: the same index, byte for byte, taken from the cache.
    const again = await buildSite({ root, write: false });
    expect(again.report.search?.indexed).toBe(0);
    expect(again.manifest.search).toEqual(first.manifest.search);
    for (const [file, contents] of first.files as Files)
      if (file.startsWith('_app/search/'))
        expect(bytesOf(again.files?.get(file)).equals(bytesOf(contents)), file).toBe(true);
  });

  it('reads an index back from the cache in a new process, and makes one again whose cache entry is damaged', async () => {
    const started = Date.now() - 1000;
    const { root, unique, build, buildHere } = withOwnIndex('Indexed');
    // Made in this process, read back by the CLI's.
    expect((await buildHere('a')).search.indexed).toBeGreaterThanOrEqual(1);
    expect(build('b').search.indexed).toBe(0);
    const tree = (out: string) =>
      readdirSync(path.join(root, out, '_app/search'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(path.join(root, out), file), readFileSync(file).toString('base64')];
        })
        .sort();
    expect(tree('b')).toEqual(tree('a'));
    // This test's entry (the one whose pages say `unique`), cut short: made again, the same.
    const dir = path.join(CACHE_DIR, 'search');
    const ours = readdirSync(dir)
      .filter((name) => name.endsWith('.idx'))
      .map((name) => path.join(dir, name))
      // Written or read since the test began (an earlier one's are older), then by what it holds.
      .filter((file) => statSync(file).mtimeMs >= started)
      .filter((file) => cachedFragments(readFileSync(file)).some((text) => text.includes(unique)));
    expect(ours).toHaveLength(1);
    writeFileSync(ours[0] as string, readFileSync(ours[0] as string).subarray(0, 100));
    expect(build('c').search.indexed).toBe(1);
    expect(tree('c')).toEqual(tree('a'));
  });

  it('keeps the index of pages whose scripts and styles changed but not their text', async () => {
    const { root, buildHere } = withOwnIndex('Restyled');
    expect((await buildHere('a')).search.indexed).toBeGreaterThanOrEqual(1);
    // Every page names the stylesheet by its hash: each page's document changes, its main element does not.
    const css = path.join(root, 'site/templates/styles/tokens.css');
    writeFileSync(css, `${readFileSync(css, 'utf8')}\n:root { --restyled: 1; }\n`);
    expect((await buildHere('b')).search.indexed).toBe(0);
    const stylesheet = (out: string) =>
      /<link rel="stylesheet" href="([^"]+)"/.exec(
        readFileSync(path.join(root, out, 'en/news/news3/index.html'), 'utf8'),
      )?.[1];
    expect(stylesheet('b')).not.toBe(stylesheet('a'));
  });

  it('indexes an edited page from the output it writes: the build holds only hashes of the pages meanwhile', async () => {
    const root = makeSite();
    const page = path.join(root, 'site/content/services/service-ramp.en.md');
    // A word no earlier build indexed: the index must be made, from the page as written to disk.
    const word = `zeppelin${Date.now().toString(36)}`;
    writeFileSync(page, readFileSync(page, 'utf8').replace(/\n\n([A-Z])/, `\n\nThe ${word} stand. $1`));
    const out = path.join(root, 'out');
    const { manifest, report } = await buildSite({ root, outDir: out });
    expect(report.search?.indexed).toBeGreaterThan(0);
    const folder = manifest.search?.en as string;
    const files = new Map(
      readdirSync(path.join(out, folder, 'fragment')).map((name) => [
        `${folder.slice(1)}fragment/${name}`,
        readFileSync(path.join(out, folder, 'fragment', name)),
      ]),
    );
    const ramp = fragmentsOf(files, folder).get('/en/services/service-ramp');
    expect(ramp?.content).toContain(`The ${word} stand.`);
    expect(ramp?.meta).toMatchObject({ title: 'Ramp handling', section: 'Services' });
  });

  it('in watch mode, an edit reaches the index of its locale only', async () => {
    const root = makeSite();
    const session = createDevSession(root);
    onTestFinished(() => session.close());
    await session.rebuild([]);
    const before = manifestOf(session.files()).search ?? {};
    const page = 'site/content/services/service-ramp.en.md';
    writeFileSync(
      path.join(root, page),
      readFileSync(path.join(root, page), 'utf8').replace(/\n## /, '\nWingtip walkers guide every pushback.\n\n## '),
    );
    await session.rebuild([page]);
    const after = manifestOf(session.files()).search ?? {};
    expect(after.zhHant).toBe(before.zhHant);
    expect(after.en).not.toBe(before.en);
    const ramp = fragmentsOf(session.files(), after.en as string).get('/en/services/service-ramp');
    expect(ramp?.content).toContain('Wingtip walkers guide every pushback.');
    // The old index is gone from what the session serves.
    expect([...session.files().keys()].some((file) => file.startsWith((before.en as string).slice(1)))).toBe(false);
  });
});

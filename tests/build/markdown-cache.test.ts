import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { CACHE_DIR } from '../../generator/paths.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { problemsOf } from '../helpers/problems.ts';

// Rendered Markdown is kept between builds and read back for a body rendered before by the same
// code, only while every link in it resolves as it did: the cache can skip work, never hide a change.

afterAll(removeSites);

const ARTICLE = 'site/content/news/news3.en.md';
const PAGE = 'en/news/news3/index.html';
const ENTRIES = path.join(CACHE_DIR, 'markdown');

/** A copy of the site whose article's body starts with a paragraph no other build has written. */
function siteWith(paragraph: string): string {
  const root = makeSite();
  const file = path.join(root, ARTICLE);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n---\n/, `\n---\n${paragraph}\n\n`));
  return root;
}

/** When this file's tests began: entries older than that are other builds' (a machine's cache can hold many). */
const STARTED = Date.now() - 1000;

/** The cache entries written since the tests began whose rendered HTML holds `text`. */
function entriesWith(text: string): string[] {
  return readdirSync(ENTRIES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(ENTRIES, name))
    .filter((file) => statSync(file).mtimeMs >= STARTED && readFileSync(file, 'utf8').includes(text));
}

const build = async (root: string) => (await buildSite({ root, write: false })).files;
const page = (files: ReadonlyMap<string, string | Uint8Array> | null) => String(files?.get(PAGE));

describe('the Markdown cache', () => {
  it('writes a rebuild byte for byte as the build that rendered it, reading the body back from the cache', async () => {
    const unique = `Cached ${process.pid}-${Date.now()}`;
    const root = siteWith(`${unique}: see [our contacts](/en/contact).`);
    const first = await build(root);
    expect(page(first)).toContain(`<p>${unique}: see <a href="/en/contact">our contacts</a>.</p>`);
    const [entry] = entriesWith(unique);
    expect(entry).toBeDefined();
    const again = await build(root);
    expect([...(again ?? [])].filter(([file]) => file.endsWith('.html'))).toEqual(
      [...(first ?? [])].filter(([file]) => file.endsWith('.html')),
    );
    // The entry is what the rebuild wrote: changed by hand, the page shows the change.
    writeFileSync(entry as string, readFileSync(entry as string, 'utf8').replace(unique, `${unique} (from the cache)`));
    expect(page(await build(root))).toContain(`${unique} (from the cache)`);
    // A changed body is another entry.
    const file = path.join(root, ARTICLE);
    writeFileSync(file, readFileSync(file, 'utf8').replace(unique, `${unique}, edited`));
    expect(page(await build(root))).toContain(`<p>${unique}, edited: see`);
  });

  it('never hides a link or image that no longer resolves: what it named is gone, and the error names the line', async () => {
    const unique = `Linked ${process.pid}-${Date.now()}`;
    const root = siteWith(
      `${unique}: read [the first article](/en/news/news1).\n\n![Cargo](/images/cargo-only-here.svg)`,
    );
    writeFileSync(
      path.join(root, 'site/public/images/cargo-only-here.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(page(await build(root))).toContain('<a href="/en/news/news1">the first article</a>');
    for (const locale of ['en', 'zhHant']) rmSync(path.join(root, `site/content/news/news1.${locale}.md`));
    rmSync(path.join(root, 'site/public/images/cargo-only-here.svg'));
    const text = readFileSync(path.join(root, ARTICLE), 'utf8');
    const lineOf = (part: string) => text.split('\n').findIndex((line) => line.includes(part)) + 1;
    const problems = await problemsOf(build(root));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'LINK_UNKNOWN_ROUTE',
        loc: { file: ARTICLE, line: lineOf('the first article'), column: expect.any(Number) },
      }),
      expect.objectContaining({
        code: 'IMAGE_UNKNOWN_FILE',
        loc: { file: ARTICLE, line: lineOf('![Cargo]'), column: 10 },
      }),
    ]);
    // And every build after it, as long as the link stays broken.
    expect((await problemsOf(build(root))).map((p) => p.code)).toContain('LINK_UNKNOWN_ROUTE');
  });

  it('renders again an entry it cannot read, and writes it anew', async () => {
    const unique = `Damaged ${process.pid}-${Date.now()}`;
    const root = siteWith(`${unique}.`);
    const first = page(await build(root));
    const [entry] = entriesWith(unique);
    writeFileSync(entry as string, '{"html": 42');
    expect(page(await build(root))).toBe(first);
    expect(JSON.parse(readFileSync(entry as string, 'utf8')).html).toContain(unique);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../generator/check/links.ts';
import type { SiteConfig } from '../../generator/types.ts';

// The link crawl of `site check` (behaviour.md: CLI) over small output folders served as a host
// serves them: what a page names, what is fetched, and what is reported.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An output folder of the given files, and a configuration with a Chinese root and English under /en. */
function makeOutput(files: Record<string, string>): { out: string; config: SiteConfig } {
  const out = mkdtempSync(path.join(tmpdir(), 'site-links-'));
  dirs.push(out);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), text);
  }
  const config = {
    baseUrl: 'https://cloudwing.example',
    locales: [
      { code: 'zhHant', prefix: '' },
      { code: 'en', prefix: '/en' },
    ],
  } as unknown as SiteConfig;
  return { out, config };
}

const page = (body: string) => `<!doctype html><html><head><title>x</title></head><body>${body}</body></html>`;
const links = (hrefs: string[]) => page(hrefs.map((l) => `<a href="${l}">x</a>`).join(''));

/** The broken addresses of a crawl, as `page href status`. */
async function crawlBroken(files: Record<string, string>): Promise<string[]> {
  const { out, config } = makeOutput({ 'en/index.html': links(['/']), ...files });
  const result = await checkLinks(config, out, { external: false });
  return result.problems.filter((p) => p.code === 'LINK_BROKEN').map((p) => Object.values(p.args).join(' '));
}

describe('the crawl', () => {
  it('follows pages that link to each other in circles, and names each broken address once per page', async () => {
    const { out, config } = makeOutput({
      'index.html': links(['/a', '/en', '/missing.png', 'https://cloudwing.example/b']),
      'en/index.html': links(['/', '/a']),
      'a/index.html': links(['/b', '/', '/missing.png', '/missing.png']),
      'b/index.html': links(['/a', 'https://other.example/page', '/gone']),
    });
    const result = await checkLinks(config, out, { external: false });
    expect(result.problems.map((p) => [p.code, p.args])).toEqual([
      ['LINK_BROKEN', { page: '/', href: '/missing.png', status: '404' }],
      ['LINK_BROKEN', { page: '/a', href: '/missing.png', status: '404' }],
      ['LINK_BROKEN', { page: '/b', href: '/gone', status: '404' }],
      ['LINK_EXTERNAL_SKIPPED', { count: '1' }],
    ]);
    expect(result.problems[0]?.loc).toMatchObject({ file: 'index.html', line: 1 });
    expect(result.external).toEqual(['https://other.example/page']);
    // The four pages and the two missing addresses.
    expect(result.checked).toBe(6);
  });

  it('names a home that does not answer', async () => {
    const { out, config } = makeOutput({ 'index.html': page('<p>No English.</p>') });
    const result = await checkLinks(config, out, { external: false });
    expect(result.problems.map((p) => p.args)).toEqual([{ page: '/en', href: '/en', status: '404' }]);
  });

  it('crawls a locale home that `/` does not link to, through the pages under it', async () => {
    // The other locale's pages it links are checked, but read only when a crawl from `/` reaches them.
    expect(
      await crawlBroken({
        'index.html': page('<p>No links.</p>'),
        'en/index.html': links(['/en/news', '/contact']),
        'en/news/index.html': links(['/en/gone']),
        'contact/index.html': links(['/gone']),
      }),
    ).toEqual(['/en/news /en/gone 404']);
  });

  it('checks every address a page names, unescaped, and the public base URL on the local server', async () => {
    const index = page(
      [
        '<link rel="alternate" hreflang="en-US" href="https://cloudwing.example/en/a?x=1&amp;y=2">',
        '<link rel="canonical" href="https://cloudwing.example">',
        '<meta property="og:image" content="https://cloudwing.example/_app/cards/gone.png">',
        '<script type="module" src="/_app/boot.js"></script>',
        '<img src="/images/a.svg" srcset="/images/a-1.png 1x, /images/a-2.png 2x" alt="">',
        '<a class="x" href="/contact#hours">Contact</a>',
        '<a href="https://cloudwing.example.evil/x">elsewhere</a>',
      ].join(''),
    );
    expect(await crawlBroken({ 'index.html': index })).toEqual([
      '/ /_app/boot.js 404',
      '/ /_app/cards/gone.png 404',
      '/ /contact 404',
      '/ /en/a?x=1&y=2 404',
      '/ /images/a-1.png 404',
      '/ /images/a-2.png 404',
      '/ /images/a.svg 404',
    ]);
  });

  it('skips what no browser loads or fetches: comments, the text of scripts, data attributes, mail, telephone', async () => {
    const index = page(
      [
        '<!-- <a href="/commented-out">old</a> -->',
        '<script type="application/json" id="site-data">{"html":"<a href=\\"/in-data\\">x</a>"}</script>',
        '<div data-href="/not-a-link"></div>',
        '<a href="#hours">here</a><a href="mailto:ir@cloudwing.example">mail</a><a href="tel:+88635550100">call</a>',
        '<img src="data:image/png;base64,AA" alt=""><a href="javascript:void(0)">x</a><a href="/real">real</a>',
      ].join(''),
    );
    expect(await crawlBroken({ 'index.html': index })).toEqual(['/ /real 404']);
  });

  it('resolves a relative link against the page’s own URL, as a browser does', async () => {
    expect(
      await crawlBroken({
        'index.html': links(['/en/contact']),
        'en/contact/index.html': links(['news/news3', './news/news3#top']),
      }),
    ).toEqual(['/en/contact /en/news/news3 404']);
  });

  it('answers as a host does: pretty URLs of either layout, `/x/` redirected, host and hidden files refused', async () => {
    expect(
      await crawlBroken({
        'index.html': links(['/a', '/b/', '/nginx.conf', '/.site-output', '/en/']),
        'a/index.html': links(['/']),
        'b.html': links(['/']),
        'nginx.conf': 'server {}',
        '.site-output': '',
      }),
    ).toEqual(['/ /.site-output 403', '/ /nginx.conf 404']);
  });

  it('names each module a script imports statically that the output lacks, with the script', async () => {
    expect(
      await crawlBroken({
        'index.html': page('<script type="module" src="/_app/boot.js"></script>'),
        'en/index.html': page('<script type="module" src="/_app/en.js"></script>'),
        '_app/boot.js': 'import{a}from"./chunk.a.js";import"./chunk.b.js";a();',
        '_app/en.js': 'import"./chunk.b.js";',
        '_app/chunk.a.js': 'import"./chunk.b.js";export const a=()=>import("./later.js");',
        // A string further on that reads like an import is no import.
        '_app/chunk.b.js': 'import"/_app/gone.js";const text=\'import "./not-loaded.js"\';',
      }),
    ).toEqual(['/_app/chunk.b.js /_app/gone.js 404']);
  });

  it('reads no link of the error page a broken address shows', async () => {
    expect(
      await crawlBroken({
        'index.html': links(['/gone']),
        '404.html': links(['/also-gone']),
      }),
    ).toEqual(['/ /gone 404']);
  });

  it('reaches the local server when a proxy is set for other sites', async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    try {
      expect(await crawlBroken({ 'index.html': links(['/en', '/gone']) })).toEqual(['/ /gone 404']);
      expect(process.env.HTTP_PROXY).toBe('http://127.0.0.1:9');
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });

  it('lists links to other sites and checks them only with --external', async () => {
    // Another site, on a port of its own: `/ok` answers, `/gone` does not, HEAD is refused.
    const other = createServer((req, res) => {
      res.writeHead(req.method === 'HEAD' ? 405 : req.url === '/ok' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const { out, config } = makeOutput({
        'index.html': links(['/en', `${origin}/ok`, `${origin}/gone`]),
        'en/index.html': links([`${origin}/ok`]),
      });
      const skipped = await checkLinks(config, out, { external: false });
      expect(skipped.problems.map((p) => [p.code, p.args])).toEqual([['LINK_EXTERNAL_SKIPPED', { count: '2' }]]);
      expect(skipped.external).toEqual([`${origin}/gone`, `${origin}/ok`]);
      const checked = await checkLinks(config, out, { external: true });
      expect(checked.problems.map((p) => [p.code, p.args])).toEqual([
        ['LINK_BROKEN', { page: '/', href: `${origin}/gone`, status: '404' }],
      ]);
      expect(checked.external).toEqual(skipped.external);
    } finally {
      other.close();
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLinks, toCheckedUrl, toLinks } from '../../generator/check/links.ts';
import type { SiteConfig } from '../../generator/types.ts';

// The link crawl of `site check` (behaviour.md: CLI): what it reads from a page, what it fetches,
// and a crawl over a small output folder served by the preview server.

const BASE = 'http://127.0.0.1:9';

describe('the addresses a page names', () => {
  it('reads links, alternates, scripts, images and every candidate of a srcset, unescaped', () => {
    const html = [
      '<link rel="alternate" hreflang="en-US" href="https://cloudwing.example/en/a?x=1&amp;y=2">',
      '<script type="module" src="/_app/boot.js"></script>',
      '<img src="/images/a.svg" srcset="/images/a-1.png 1x, /images/a-2.png 2x" alt="">',
      '<a class="x" href="/contact#hours">Contact</a>',
    ].join('\n');
    expect(toLinks(html)).toEqual([
      'https://cloudwing.example/en/a?x=1&y=2',
      '/_app/boot.js',
      '/images/a.svg',
      '/images/a-1.png',
      '/images/a-2.png',
      '/contact#hours',
    ]);
  });

  it('skips what no browser loads: comments, the text of scripts, data attributes', () => {
    const html = [
      '<!-- <a href="/commented-out">old</a> -->',
      '<script type="application/json" id="site-data">{"html":"<a href=\\"/in-data\\">x</a>"}</script>',
      '<div data-href="/not-a-link"></div>',
      '<a href="/real">real</a>',
    ].join('\n');
    expect(toLinks(html)).toEqual(['/real']);
  });

  it('checks the public base URL on the local server, and leaves out fragments, mail, telephone and data', () => {
    const page = `${BASE}/en/contact`;
    const checked = (href: string) => toCheckedUrl(href, page, BASE, 'https://cloudwing.example');
    expect(checked('https://cloudwing.example/customers')).toBe(`${BASE}/customers`);
    expect(checked('https://cloudwing.example')).toBe(`${BASE}/`);
    expect(checked('https://cloudwing.example.evil/x')).toBe('https://cloudwing.example.evil/x');
    expect(checked('news/news3#top')).toBe(`${BASE}/en/news/news3`);
    for (const skipped of [
      '#hours',
      'mailto:ir@cloudwing.example',
      'tel:+88635550100',
      'data:image/png;base64,AA',
      'javascript:void(0)',
    ])
      expect(checked(skipped), skipped).toBeNull();
    // An address no URL parser accepts is fetched as written, and answers 404.
    expect(checked('http://[broken')).toBe(`${BASE}/http://[broken`);
  });
});

describe('the crawl', () => {
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

  it('follows pages that link to each other in circles, and names each broken address once per page', async () => {
    const page = (links: string[]) =>
      `<!doctype html><html><body>${links.map((l) => `<a href="${l}">x</a>`).join('')}</body></html>`;
    const { out, config } = makeOutput({
      'index.html': page(['/a', '/en', '/missing.png', 'https://cloudwing.example/b']),
      'en/index.html': page(['/', '/a']),
      'a/index.html': page(['/b', '/', '/missing.png', '/missing.png']),
      'b/index.html': page(['/a', 'https://other.example/page', '/gone']),
    });
    const result = await checkLinks(config, out, { external: false });
    expect(result.problems.map((p) => [p.code, p.args])).toEqual([
      ['LINK_BROKEN', { page: '/', href: '/missing.png', status: '404' }],
      ['LINK_BROKEN', { page: '/a', href: '/missing.png', status: '404' }],
      ['LINK_BROKEN', { page: '/b', href: '/gone', status: '404' }],
      ['LINK_EXTERNAL_SKIPPED', { count: '1' }],
    ]);
    expect(result.external).toEqual(['https://other.example/page']);
    // The four pages and the two missing addresses, each fetched once.
    expect(result.checked).toBe(6);
  });

  it('names a home that does not answer', async () => {
    const { out, config } = makeOutput({ 'index.html': '<!doctype html><html><body><p>No English.</p></body></html>' });
    const result = await checkLinks(config, out, { external: false });
    expect(result.problems.map((p) => p.args)).toEqual([{ page: '/en', href: '/en', status: '404' }]);
  });
});

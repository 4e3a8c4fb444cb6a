import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { readOutputPages } from '../../generator/check/output.ts';
import { checkSeo } from '../../generator/check/seo.ts';
import { loadConfig } from '../../generator/config.ts';
import { toShownPages } from '../../generator/resolve/pages.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { listOutput } from '../helpers/build-output.ts';

// Long lists (behaviour.md: Long lists): the small site's newsroom lists three articles; with one
// entry a page it becomes three pages.

afterAll(removeSites);

const withPageSize = (size: string) =>
  readFileSync(path.join(REPO_ROOT, 'site/site.config.ts'), 'utf8').replace(
    "  titleSeparator: ' | ',",
    `  listPageSize: ${size},\n  titleSeparator: ' | ',`,
  );

let root: string;
let out: string;
let files: ReadonlySet<string>;
const html = (file: string) => String(files.has(file) ? readFileSync(path.join(out, file), 'utf8') : undefined);
const links = (page: string) =>
  [...page.matchAll(/<li[^>]*class="card(?: [^"]*)?"[\s\S]*?<a href="([^"]*)"/g)].map((m) => m[1]);

beforeAll(async () => {
  root = makeSite({ 'site/site.config.ts': withPageSize('1') });
  out = path.join(root, 'out');
  await buildSite({ root, outDir: out });
  files = new Set(listOutput(out));
});

describe('a list longer than a page', () => {
  it('is split into pages at /news, /news/page/2 …, in every locale and layout, newest first', () => {
    expect(links(html('news/index.html'))).toEqual(['/news/newsEn1']);
    expect(links(html('news/page/2/index.html'))).toEqual(['/news/news3']);
    expect(html('news/page/2.html')).toBe(html('news/page/2/index.html'));
    expect(links(html('en/news/page/3/index.html'))).toEqual(['/en/news/news1']);
    expect(files.has('en/news/page/3/_payload.json')).toBe(true);
    expect(files.has('news/page/4/index.html')).toBe(false);
  });

  it('gives each page its own title, description, canonical, alternates, and the pages before and after it', () => {
    const second = html('en/news/page/2/index.html');
    expect(second).toContain('<title>News · Page 2 | CloudWing');
    expect(second).toMatch(/<meta name="description" content="[^"]*\(Page 2\)">/);
    expect(second).toContain('<link rel="canonical" href="https://cloudwing.example/en/news/page/2">');
    expect(second).toContain('<link rel="alternate" hreflang="zh-Hant" href="https://cloudwing.example/news/page/2">');
    expect(second).toContain('<link rel="prev" href="https://cloudwing.example/en/news">');
    expect(second).toContain('<link rel="next" href="https://cloudwing.example/en/news/page/3">');
    expect(html('news/page/2/index.html')).toContain('<title>最新消息 · 第 2 頁｜雲翔航勤</title>');
    expect(html('en/news/index.html')).not.toContain('rel="prev"');
    expect(html('en/news/page/3/index.html')).not.toContain('rel="next"');
  });

  it('shows the pages of the list, the current one marked, with the previous and next page', () => {
    const nav = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(html('en/news/page/2/index.html'))?.[0] ?? '';
    expect(nav).toContain('aria-label="Pages of this list"');
    expect(nav).toContain('Page 2 of 3');
    expect(nav).toMatch(/<a href="\/en\/news\/page\/2" aria-current="page">/);
    expect(nav).toContain('href="/en/news" rel="prev">Previous page</a>');
    expect(nav).toContain('href="/en/news/page/3" rel="next">Next page</a>');
    expect(html('news/page/3/index.html')).toContain('第 3 頁，共 3 頁');
  });

  it('lists every page in the sitemap and the manifest, and passes the SEO checks', async () => {
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://cloudwing.example/news/page/2</loc>');
    expect(sitemap).toContain('<loc>https://cloudwing.example/en/news/page/3</loc>');
    const latest = JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8')) as { id: string };
    const manifest = JSON.parse(readFileSync(path.join(out, `builds/meta/${latest.id}.json`), 'utf8')) as {
      prerendered: string[];
    };
    expect(manifest.prerendered).toEqual(expect.arrayContaining(['/news/page/2', '/en/news/page/3']));
    expect(checkSeo(await loadConfig(root), readOutputPages(out), sitemap)).toEqual([]);
  });

  it('leaves a list that fits on one page as it is: the real site’s newsroom keeps its one page', () => {
    // The real site as built once for the whole run.
    const real = inject('builtSite').out;
    expect(listOutput(real).filter((f) => f.includes('/page/'))).toEqual([]);
    expect(readFileSync(path.join(real, 'en/news/index.html'), 'utf8')).not.toContain('class="pagination"');
  });

  it('moves between the pages of a list by client navigation in Chromium, the head following', async () => {
    const { closeContexts, launchBrowser } = await import('../helpers/browser.ts');
    const { serveOutput } = await import('../helpers/site-server.ts');
    const { waitForHydration } = await import('../helpers/site-fixture.ts');
    const served = await serveOutput(out, root);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${served.url}/en/news`);
      await waitForHydration(page);
      // Pages render on the client once the page has its build manifest (read when it is idle).
      await page.waitForLoadState('networkidle');
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      await page.click('.pagination a[rel="next"]');
      await page.waitForURL(`${served.url}/en/news/page/2`);
      await page.waitForFunction(() => document.title.startsWith('News · Page 2'));
      expect(documents).toEqual([]);
      expect(await page.getAttribute('link[rel="prev"]', 'href')).toBe('/en/news');
      expect(await page.getAttribute('link[rel="next"]', 'href')).toBe('/en/news/page/3');
      expect(await page.textContent('.pagination__status')).toBe('Page 2 of 3');
    } finally {
      await closeContexts(browser);
      await served.close();
    }
  }, 60_000);

  it('shows the first, last and nearby pages of a long list by number, a gap for the rest, in the page and its payload', async () => {
    expect(toShownPages(1, 3)).toEqual([1, 2, 3]);
    expect(toShownPages(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(toShownPages(1, 209)).toEqual([1, 2, null, 209]);
    expect(toShownPages(4, 209)).toEqual([1, 2, 3, 4, 5, null, 209]);
    expect(toShownPages(100, 209)).toEqual([1, null, 99, 100, 101, null, 209]);
    expect(toShownPages(209, 209)).toEqual([1, null, 208, 209]);
    // The real site's newsroom, one article a page.
    const real = await buildSite({
      root: makeSite({ 'site/site.config.ts': withPageSize('1') }, { full: true }),
      write: false,
    });
    const page = (file: string) => String(real.files?.get(file));
    const last = Number(/Page 8 of (\d+)/.exec(page('en/news/page/8/index.html'))?.[1]);
    expect(last).toBeGreaterThan(10);
    const nav = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(page('en/news/page/8/index.html'))?.[0] ?? '';
    const numbers = [...nav.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)].map((m) =>
      m[1]?.includes('aria-hidden="true"')
        ? (m[2] as string)
        : (/<span aria-hidden="true">(\d+)<\/span>/.exec(m[2] as string)?.[1] ?? '?'),
    );
    expect(numbers).toEqual(['1', '…', '7', '8', '9', '…', String(last)]);
    expect(nav).toContain(`href="/en/news/page/${last}"`);
    expect(nav).not.toContain('href="/en/news/page/5"');
    const payload = JSON.parse(page('en/news/page/8/_payload.json')) as { pagination: Record<string, unknown> };
    expect(payload.pagination).toEqual({
      page: 8,
      pages: last,
      shown: [
        { page: 1, url: '/en/news' },
        null,
        { page: 7, url: '/en/news/page/7' },
        { page: 8, url: '/en/news/page/8' },
        { page: 9, url: '/en/news/page/9' },
        null,
        { page: last, url: `/en/news/page/${last}` },
      ],
      prev: '/en/news/page/7',
      next: '/en/news/page/9',
    });
  });

  it('refuses a page size that is not a positive whole number', async () => {
    const error = await buildSite({ root: makeSite({ 'site/site.config.ts': withPageSize('0') }), write: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).problems[0]).toMatchObject({ code: 'CONFIG_INVALID', args: { field: 'listPageSize' } });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSite, type BuildResult } from '../../generator/pipeline/build.ts';
import { toBuildEnv } from '../../generator/build-env.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { HOSTS } from '../../generator/hosts.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';

// What a build publishes (behaviour.md: Publishing): drafts, scheduled and expired pages left out
// of every file a production build writes, built and marked on request; `noindex` pages and
// preview builds kept out of search engines.

afterAll(removeSites);
afterEach(() => {
  vi.unstubAllEnvs();
});

/** 2026-12-06 08:00 in Taipei (00:00 UTC). */
const NOW = String(Date.UTC(2026, 11, 6) / 1000);

const real = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** The small site's article news3 as another article, its front matter's date line replaced. */
const article = (locale: string, frontMatter: string) =>
  real(`site/content/news/news3.${locale}.md`).replace(/^date: .*$/m, frontMatter);
const investors = (locale: string) =>
  real(`site/content/about/about-investors.${locale}.md`).replace(/^title: .*$/m, '$&\nnoindex: true');

const FILES = {
  // A draft: its Chinese file alone says so.
  'site/content/news/draft1.zhHant.md': article('zhHant', 'date: 2026-12-01\ndraft: true'),
  'site/content/news/draft1.en.md': article('en', 'date: 2026-12-01'),
  // Dated after today in Taipei, though not in UTC's "today" for half of it.
  'site/content/news/later1.zhHant.md': article('zhHant', 'date: 2026-12-11'),
  'site/content/news/later1.en.md': article('en', 'date: 2026-12-11'),
  // Past its last day.
  'site/content/news/gone1.zhHant.md': article('zhHant', 'date: 2024-01-02\nexpiryDate: 2026-12-05'),
  'site/content/news/gone1.en.md': article('en', 'date: 2024-01-02\nexpiryDate: 2026-12-05'),
  'site/content/about/about-investors.zhHant.md': investors('zhHant'),
  'site/content/about/about-investors.en.md': investors('en'),
};
const LEFT_OUT = /draft1|later1|gone1/;

let root: string;
let production: BuildResult;
let review: BuildResult;

/** Every file of a build as text; the search index's compressed files uncompressed. */
function texts(result: BuildResult): Map<string, string> {
  const all = new Map<string, string>();
  for (const [file, contents] of result.files ?? []) {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents);
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    all.set(file, (gzip ? gunzipSync(bytes) : bytes).toString('utf8'));
  }
  return all;
}
const html = (result: BuildResult, file: string) => String(result.files?.get(file) ?? '');

beforeAll(async () => {
  vi.stubEnv('SOURCE_DATE_EPOCH', NOW);
  root = makeSite(FILES);
  production = await buildSite({ root, write: false });
  review = await buildSite({ root, write: false, publish: { drafts: true, future: true } });
  vi.unstubAllEnvs();
});

describe('a production build', () => {
  it('leaves drafts, scheduled and expired pages out of every file it writes, and says so', () => {
    const found = [...texts(production)].filter(([, text]) => LEFT_OUT.test(text)).map(([file]) => file);
    expect(found).toEqual([]);
    expect([...(production.files?.keys() ?? [])].filter((file) => LEFT_OUT.test(file))).toEqual([]);
    expect(production.report.held).toEqual([
      { path: '/news/draft1', kind: 'draft', date: null, built: false },
      { path: '/news/gone1', kind: 'expired', date: '2026-12-05', built: false },
      { path: '/news/later1', kind: 'scheduled', date: '2026-12-11', built: false },
    ]);
    // The published articles are all there: the newsroom, the feed, the manifest.
    expect(html(production, 'en/news/index.html')).toContain('/en/news/news3');
    expect(html(production, 'en/news/feed.xml')).toContain('/en/news/news3');
  });

  it('publishes a scheduled page from its day on, in the configured time zone', async () => {
    // 2026-12-10 16:00 UTC is already 2026-12-11 in Taipei.
    vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.UTC(2026, 11, 10, 16) / 1000));
    const { report, files } = await buildSite({ root, write: false });
    expect(report.held.map((h) => h.path)).toEqual(['/news/draft1', '/news/gone1']);
    expect(String(files?.get('news/index.html'))).toContain('/news/later1');
    expect(String(files?.get('sitemap.xml'))).toContain('https://cloudwing.example/en/news/later1');
  });

  it('keeps a noindex page out of search engines and the search, and still builds and links it', () => {
    for (const file of ['about/about-investors/index.html', 'en/about/about-investors/index.html'])
      expect(html(production, file)).toContain('<meta name="robots" content="noindex">');
    expect(html(production, 'en/about/about-layout/index.html')).toContain('/en/about/about-investors');
    expect(html(production, 'sitemap.xml')).not.toContain('about-investors');
    const search = [...texts(production)].filter(
      ([file]) => file.startsWith('_app/search/') && file.endsWith('.pf_fragment'),
    );
    expect(search.some(([, text]) => text.includes('/en/about/about-company'))).toBe(true);
    expect(search.filter(([, text]) => text.includes('about-investors'))).toEqual([]);
    // Any other page may be shown with a large preview of its images.
    expect(html(production, 'en/contact/index.html')).toContain(
      '<meta name="robots" content="max-image-preview:large">',
    );
  });

  it('refuses a link from a published page to a page it leaves out, at the link', async () => {
    const body = `${real('site/content/news/news1.en.md')}\nRead [what comes next](/en/news/later1).\n`;
    const linked = makeSite({ ...FILES, 'site/content/news/news1.en.md': body });
    vi.stubEnv('SOURCE_DATE_EPOCH', NOW);
    const error = await buildSite({ root: linked, write: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    const [problem] = (error as SiteError).problems;
    expect([problem?.code, problem?.loc?.file, problem?.loc?.line]).toEqual([
      'LINK_TO_UNPUBLISHED',
      'site/content/news/news1.en.md',
      body.split('\n').length - 1,
    ]);
    expect(problem?.message).toContain('a page scheduled for 2026-12-11');
    // With the page built, the link is good.
    await expect(buildSite({ root: linked, write: false, publish: { future: true } })).resolves.toBeTruthy();
  });

  it('refuses an expiry before the page goes live, and a flag that is not true or false', async () => {
    const broken = makeSite({
      'site/content/news/news3.en.md': article('en', 'date: 2024-05-28\nexpiryDate: 2024-05-01\ndraft: yes'),
    });
    const error = await buildSite({ root: broken, write: false }).catch((e: unknown) => e);
    expect((error as SiteError).problems.map((p) => [p.code, p.loc?.line, p.message])).toEqual([
      ['FRONT_MATTER_INVALID', 8, expect.stringContaining('`draft` must be `true` or `false`')],
      ['FRONT_MATTER_INVALID', 7, expect.stringContaining('`expiryDate` is before the day the page goes live')],
    ]);
  });
});

describe('a build for review (--drafts, --future)', () => {
  it('builds the pages left out, each marked in its language, noindex, out of the sitemap', () => {
    expect(html(review, 'news/draft1/index.html')).toContain(
      '<p class="notice notice-unpublished" role="note">草稿：此頁不會發布至正式網站</p>',
    );
    expect(html(review, 'en/news/later1/index.html')).toContain(
      'Scheduled for 2026-12-11: not on the live site until then',
    );
    expect(html(review, 'en/news/gone1/index.html')).toContain('Expired on 2026-12-05');
    for (const file of ['news/draft1/index.html', 'en/news/later1/index.html'])
      expect(html(review, file)).toContain('<meta name="robots" content="noindex">');
    expect(html(review, 'sitemap.xml')).not.toMatch(LEFT_OUT);
    expect(html(review, 'en/news/index.html')).toContain('/en/news/draft1');
    expect(html(review, 'en/news/news3/index.html')).not.toContain('notice-unpublished');
    expect(review.report.held.every((h) => h.built)).toBe(true);
  });
});

describe('a preview build', () => {
  it('is kept out of search engines on every host: robots.txt, each page, and the headers where the host reads them', async () => {
    for (const host of HOSTS) {
      const { files, report } = await buildSite({ root, write: false, host, publish: { env: 'preview' } });
      const file = (name: string) => String(files?.get(name) ?? '');
      expect(report.env, host).toEqual({ name: 'preview', source: '--env' });
      expect(file('robots.txt'), host).toMatch(/^User-agent: \*\nDisallow: \/\n/);
      expect(file('sitemap.xml'), host).not.toContain('<url>');
      const home = [...(files?.keys() ?? [])].find((f) => f === 'en.html' || f === 'en/index.html') as string;
      expect(file(home), host).toContain('<meta name="robots" content="noindex">');
      if (host === 'nginx') {
        const conf = file('nginx.conf');
        expect(conf.match(/add_header X-Robots-Tag "noindex" always;/g)?.length).toBe(
          conf.match(/add_header Cache-Control /g)?.length,
        );
      }
      if (host === 'cloudflare-pages' || host === 'netlify')
        expect(file('_headers'), host).toContain('  X-Robots-Tag: noindex');
    }
    // A production build has none of it.
    expect(String(production.files?.get('robots.txt'))).toMatch(/^User-agent: \*\nAllow: \/\n/);
  });

  it("is chosen from the CI's variables, which the report names; --env decides over them", async () => {
    expect(toBuildEnv(undefined, { NETLIFY: 'true', CONTEXT: 'deploy-preview' }, 'main')).toEqual({
      name: 'preview',
      source: 'CONTEXT=deploy-preview',
    });
    expect(toBuildEnv(undefined, { NETLIFY: 'true', CONTEXT: 'production' }, 'main').name).toBe('production');
    expect(toBuildEnv(undefined, { CF_PAGES_BRANCH: 'main' }, 'main').name).toBe('production');
    expect(toBuildEnv(undefined, { CF_PAGES_BRANCH: 'release' }, 'release').name).toBe('production');
    expect(toBuildEnv(undefined, { CF_PAGES_BRANCH: 'fix-menu' }, 'main')).toEqual({
      name: 'preview',
      source: 'CF_PAGES_BRANCH=fix-menu',
    });
    expect(toBuildEnv(undefined, { VERCEL_ENV: 'preview' }, 'main').source).toBe('VERCEL_ENV=preview');
    expect(toBuildEnv(undefined, { VERCEL_ENV: 'production' }, 'main').name).toBe('production');
    expect(toBuildEnv('production', { VERCEL_ENV: 'preview' }, 'main')).toEqual({
      name: 'production',
      source: '--env',
    });
    expect(() => toBuildEnv('staging', {}, 'main')).toThrow(SiteError);

    vi.stubEnv('CF_PAGES_BRANCH', 'fix-menu');
    const { report, files } = await buildSite({ root, write: false, host: 'cloudflare-pages' });
    expect(report.env).toEqual({ name: 'preview', source: 'CF_PAGES_BRANCH=fix-menu' });
    expect(String(files?.get('_headers'))).toContain('X-Robots-Tag: noindex');
  });
});

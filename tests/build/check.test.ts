import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { checkSite, type CheckReport } from '../../generator/check/index.ts';
import { isProblemOf, SiteError } from '../../generator/problems/problem.ts';
import type { SiteProblem } from '../../generator/types.ts';
import { runCli } from '../helpers/cli.ts';
import { makeSite, REPO_ROOT, removeSites, SMALL_ROUTES } from '../helpers/make-site.ts';

afterAll(removeSites);

const real = (file: string) => readFileSync(path.join(import.meta.dirname, '../../', file), 'utf8');
const appendBody = (file: string, text: string) => `${real(file).trimEnd()}\n\n${text}\n`;
const withCode = (report: CheckReport, code: string): SiteProblem[] => report.problems.filter((p) => p.code === code);

describe('site check on a site with one of each problem', () => {
  let root: string;
  let report: CheckReport;
  let removedModule = '';
  beforeAll(async () => {
    root = makeSite({
      // In the content, past what the build itself checks (the chart is removed from the output below):
      'site/public/images/fleet-chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"/>',
      'site/content/news/news1.en.md': appendBody(
        'site/content/news/news1.en.md',
        'The full fleet list is in ![the fleet chart](/images/fleet-chart.svg).\n\nSee also [our hours](/en/contact#opening-hours-at-night) and [the list above](#fleet-list).',
      ),
      'site/content/news/news3.zhHant.md': appendBody(
        'site/content/news/news3.zhHant.md',
        '英文版請見[聯絡我們](/en/contact)。\n\n這是简體字。',
      ),
      'site/content/news/news1.zhHant.md': real('site/content/news/news1.zhHant.md').replace(
        /^title: .*$/m,
        `title: ${/^title: (.*)$/m.exec(real('site/content/news/news3.zhHant.md'))?.[1]}`,
      ),
      // A template that writes invalid HTML (a second element with the heading's id).
      'site/templates/components/Prose.tsx':
        'export default function Prose({ html }: { html: string }) {\n  if (html === \'\') return null;\n  return <div className="prose"><span id="page-title"></span><div dangerouslySetInnerHTML={{ __html: html }} /></div>;\n}\n',
      // A headline longer than a search result shows, brand or not.
      'site/content/news/news3.en.md': real('site/content/news/news3.en.md').replace(
        /^title: .*$/m,
        'title: "Operations Control Center Completes Its Typhoon-Season Preparations for All Four Stations"',
      ),
      // Budgets the pages cannot meet.
      'site/site.config.ts': real('site/site.config.ts')
        .replace(/jsKb: \d+/, 'jsKb: 1')
        .replace(/idleJsKb: \d+/, 'idleJsKb: 20')
        .replace(/fontKb: \d+/, 'fontKb: 30'),
    });
    const out = path.join(root, 'out');
    await buildSite({ root, outDir: out });
    // After the build: an alternate that points nowhere, and translation files gone wrong.
    const customers = path.join(out, 'en/customers/index.html');
    writeFileSync(
      customers,
      readFileSync(customers, 'utf8').replace(
        'hreflang="zh-Hant" href="https://cloudwing.example/customers"',
        'hreflang="zh-Hant" href="https://cloudwing.example/customer"',
      ),
    );
    const enCommon = JSON.parse(real('site/locales/en/common.json'));
    const zhCommon = JSON.parse(real('site/locales/zhHant/common.json'));
    delete enCommon.allNews;
    enCommon.switchTo = 'Switch to {{lang}}';
    enCommon.backToNews = '';
    enCommon.forgotten = 'Nobody reads this';
    zhCommon.forgotten = '沒有人讀這段';
    writeFileSync(path.join(root, 'site/locales/en/common.json'), JSON.stringify(enCommon, null, 2));
    writeFileSync(path.join(root, 'site/locales/zhHant/common.json'), JSON.stringify(zhCommon, null, 2));
    // A module the contact template's chunk imports, gone from the output.
    const contactChunk = readdirSync(path.join(out, '_app')).find((f) => /^contact\.\w+\.js$/.test(f)) as string;
    const imported = /from"\.\/(chunk\.\w+\.js)"/.exec(readFileSync(path.join(out, '_app', contactChunk), 'utf8'))?.[1];
    removedModule = `/_app/${imported}`;
    rmSync(path.join(out, removedModule));
    // A picture the content shows, lost on its way to the host.
    rmSync(path.join(out, 'images/fleet-chart.svg'));
    // A head without its robots rule and with another site name, a feed linked as a language
    // version, a sitemap entry without its lastmod.
    const edit = (file: string, from: string | RegExp, to: string) =>
      writeFileSync(path.join(out, file), readFileSync(path.join(out, file), 'utf8').replace(from, to));
    edit('en/contact/index.html', '<meta name="robots" content="max-image-preview:large">', '');
    edit(
      'en/contact/index.html',
      '<meta property="og:site_name" content="CloudWing">',
      '<meta property="og:site_name" content="CloudWing | Airport Ground Handling">',
    );
    edit(
      'en/news/index.html',
      '<link rel="alternate" type="application/atom+xml"',
      '<link rel="alternate" type="application/atom+xml" hreflang="en-US"',
    );
    edit(
      'sitemap.xml',
      /(<loc>https:\/\/cloudwing\.example\/en\/customers<\/loc>)\n\s*<lastmod>[^<]*<\/lastmod>/,
      '$1',
    );
    report = await checkSite({ root, outDir: out, external: false });
  });

  it('names a module that the pages’ scripts import and the output lacks, with the script that imports it', () => {
    const missing = withCode(report, 'LINK_BROKEN').filter((p) => p.message.includes(removedModule));
    expect(missing.length).toBeGreaterThanOrEqual(1);
    for (const problem of missing)
      expect(problem.message).toMatch(
        new RegExp(`^Broken link on /_app/[\\w.]+\\.js: ${removedModule} answered 404\\.$`),
      );
  });

  it('names a broken link in content, with the page and the source line', () => {
    const broken = withCode(report, 'LINK_BROKEN').find((p) => p.message.includes('/images/fleet-chart.svg'));
    expect(broken?.message).toContain('/en/news/news1');
    expect(broken?.loc).toMatchObject({ file: 'site/content/news/news1.en.md' });
    const line =
      readFileSync(path.join(root, 'site/content/news/news1.en.md'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('fleet-chart')) + 1;
    expect(broken?.loc?.line).toBe(line);
  });

  it('names a missing fragment, on another page or the same one, at its source line', () => {
    // The other page is linked from everywhere and crawled early: the fragment is still checked.
    const missing = report.problems.filter((p) => isProblemOf(p, ['LINK_FRAGMENT_MISSING']));
    expect(missing.map((p) => p.args.href).sort()).toEqual(['#fleet-list', '/en/contact#opening-hours-at-night']);
    const lines = readFileSync(path.join(root, 'site/content/news/news1.en.md'), 'utf8').split('\n');
    for (const problem of missing) {
      expect(problem.message).toContain('/en/news/news1');
      expect(problem.loc).toMatchObject({
        file: 'site/content/news/news1.en.md',
        line: lines.findIndex((l) => l.includes(String(problem.args.href))) + 1,
      });
    }
  });

  it('names a broken alternate', () => {
    expect(
      withCode(report, 'SEO_ALTERNATE').some(
        (p) =>
          p.message.includes('/en/customers') && p.message.includes('https://cloudwing.example/customer is not a page'),
      ),
    ).toBe(true);
  });

  it('names what a result or a share dialog would read wrong in a head, and a sitemap entry without its lastmod', () => {
    expect(withCode(report, 'SEO_TITLE_LONG').map((p) => [p.severity, p.message])).toEqual([
      [
        'warning',
        'The title of /en/news/news3 takes 89 characters (a Chinese character counting two), more than a search result shows (65): "Operations Control Center Completes Its Typhoon-Season Preparations for All Four Stations".',
      ],
    ]);
    expect(withCode(report, 'SEO_ROBOTS').map((p) => p.message)).toEqual([
      'Robots meta tag of /en/contact: it has no `max-image-preview:large`: results show its images as thumbnails at most.',
    ]);
    expect(withCode(report, 'SEO_LOCALE').map((p) => p.message)).toContain(
      'Locale of /en/contact: og:site_name is CloudWing | Airport Ground Handling where the brand is CloudWing.',
    );
    expect(
      withCode(report, 'SEO_ALTERNATE').some((p) => p.message.startsWith('Alternates of /en/news: the feed link')),
    ).toBe(true);
    expect(withCode(report, 'SEO_SITEMAP').map((p) => p.message)).toContain(
      'sitemap.xml: https://cloudwing.example/en/customers has no lastmod.',
    );
  });

  it('names a link from the main content into the other locale', () => {
    const cross = withCode(report, 'SEO_CROSS_LOCALE_LINK');
    expect(cross).toHaveLength(1);
    expect(cross[0]?.message).toBe('The main content of /news/news3 links into the other locale: /en/contact.');
    expect(cross[0]?.hint).toContain('/contact');
  });

  it('names a duplicate title', () => {
    expect(
      withCode(report, 'SEO_DUPLICATE').some(
        (p) =>
          p.message.includes('title in zhHant') &&
          p.message.includes('/news/news1') &&
          p.message.includes('/news/news3'),
      ),
    ).toBe(true);
  });

  it('names a missing key, an unused key, a placeholder mismatch and an empty string', () => {
    expect(withCode(report, 'I18N_KEY_MISSING').map((p) => p.message)).toContain(
      'Translation missing: locale en, namespace common, key `allNews`.',
    );
    expect(withCode(report, 'I18N_KEY_UNUSED').map((p) => p.message)).toContain(
      'Unused translation: namespace common, key `forgotten` is read by no template, page or runtime code.',
    );
    expect(withCode(report, 'I18N_PLACEHOLDERS')[0]?.message).toBe(
      'Placeholders differ for common:switchTo: zhHant: {{language}}; en: {{lang}}.',
    );
    expect(withCode(report, 'I18N_EMPTY')[0]).toMatchObject({
      message: 'Empty translation: locale en, namespace common, key `backToNews`.',
      loc: { file: 'site/locales/en/common.json' },
    });
  });

  it('names a Simplified character at its line and column', () => {
    const file = 'site/content/news/news3.zhHant.md';
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('简體')) + 1;
    expect(withCode(report, 'I18N_SIMPLIFIED')).toEqual([
      expect.objectContaining({
        message: 'Simplified character "简" in Traditional Chinese text (use "簡").',
        loc: { file, line, column: 3 },
      }),
    ]);
  });

  it('names invalid HTML with its rule', () => {
    const invalid = withCode(report, 'HTML_INVALID');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid[0]?.message).toMatch(/Duplicate ID "page-title" \(no-dup-id\)/);
  });

  it('validates again only the pages that changed, and a change is never hidden', async () => {
    const out = path.join(root, 'out');
    const html = (r: CheckReport) =>
      withCode(r, 'HTML_INVALID').map((p) => `${p.loc?.file}:${p.loc?.line} ${p.message}`);
    // The same output again: every page's result comes from the cache, the same problems at the same lines.
    const again = await checkSite({ root, outDir: out, external: false });
    expect(html(again)).toEqual(html(report));
    // A page edited after the build: its new problem is found.
    const page = path.join(out, 'en/contact/index.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace('</main>', '<p><div>in a paragraph</div></p></main>'));
    try {
      const edited = await checkSite({ root, outDir: out, external: false });
      expect(html(edited).length).toBeGreaterThan(html(report).length);
      expect(html(edited).some((line) => line.includes('en/contact/index.html'))).toBe(true);
    } finally {
      writeFileSync(page, original);
    }
  });

  it('names a page over its JavaScript budgets, before `load` and once idle, with the files', () => {
    const over = withCode(report, 'BUDGET_EXCEEDED');
    expect(over.length).toBeGreaterThanOrEqual(2 * 2 * SMALL_ROUTES.length);
    const [first, idle] = ['before `load`', 'once idle'].map((when) =>
      over.find((p) => p.message.startsWith(`/en/contact loads `) && p.message.includes(` ${when} (gzip)`)),
    );
    // The first view: the runtime's entry and the chunks it imports, found in the files.
    expect(first?.message).toMatch(
      /^\/en\/contact loads [\d.]+ KB of JavaScript before `load` \(gzip\), over its 1 KB budget: \/_app\/boot\.\w+\.js, /,
    );
    expect(first?.message).not.toMatch(/\/_app\/contact\.\w+\.js/);
    // Once idle: the app besides, the page's template and the chunks it imports (React among them).
    expect(idle?.message).toMatch(/ over its 20 KB budget: \/_app\/boot\.\w+\.js, /);
    expect(idle?.message).toMatch(/\/_app\/contact\.\w+\.js/);
    expect(idle?.message).not.toMatch(/\/_app\/about\.\w+\.js/);
  });

  it('warns of a page whose fonts weigh more than their budget, naming the files', () => {
    const over = withCode(report, 'FONT_BUDGET_EXCEEDED');
    const contact = over.find((p) => p.message.startsWith('/en/contact loads '));
    expect(contact?.severity).toBe('warning');
    expect(contact?.message).toMatch(
      /^\/en\/contact loads 4\d\.\d KB of fonts .*, over its 30 KB budget: \/fonts\/ibm-plex-sans-latin\.woff2\.$/,
    );
    // The preloaded face counts on a Chinese page too: its first view draws the switcher's "English".
    expect(over.some((p) => p.message.startsWith('/contact loads '))).toBe(true);
  });

  it('reports translations for machines', () => {
    expect(report.translations.namespaces.common?.missing).toEqual({ en: ['allNews'] });
    expect(report.translations.namespaces.common?.unused).toContain('forgotten');
    expect(report.translations.coverage).toEqual({
      zhHant: { routes: SMALL_ROUTES.length, withContent: SMALL_ROUTES.length - 1 },
      en: { routes: SMALL_ROUTES.length, withContent: SMALL_ROUTES.length },
    });
    expect(report.translations.singleLanguage).toEqual([{ path: '/news/newsEn1', locales: ['en'] }]);
  });
});

describe('site check (subprocess)', () => {
  it('passes the real site with exit 0', () => {
    // The real site as the browser tests see it, built once for the whole run.
    const text = runCli(['--root', REPO_ROOT, 'check', '--out', inject('builtSite').out]);
    expect(text.stdout).toMatch(/site check: 0 errors, 0 warnings \(138 pages, \d+ links checked\)/);
    expect(text.status).toBe(0);
  });

  it('exits 1 and groups the problems when there are errors; its report names each for machines', async () => {
    const root = makeSite({
      'site/content/contact.en.md': appendBody('site/content/contact.en.md', '![map](/images/no-such-map.svg)'),
      'site/public/images/no-such-map.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"/>',
    });
    const out = path.join(root, 'out');
    // Built in process: the command checked here is `site check` (tests/cli run `site build`).
    await buildSite({ root, outDir: out });
    // Lost on its way to the host after the build.
    rmSync(path.join(out, 'images/no-such-map.svg'));
    const result = runCli(['--root', root, 'check', '--out', out]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^LINK_BROKEN \(1\)/m);
    expect(result.stdout).toMatch(
      /site\/content\/contact\.en\.md:\d+:\d+ +Broken link on \/en\/contact: \/images\/no-such-map\.svg answered 404\./,
    );
    expect(result.stdout).toMatch(/site check: 1 error, 0 warnings/);

    // The report `--json` prints as it is (tests/cli/translations.test.ts runs `check --json`).
    const report = await checkSite({ root, outDir: out, external: false });
    expect(report.summary).toMatchObject({ errors: 1, warnings: 0, pages: 2 * SMALL_ROUTES.length + 4 });
    expect(report.problems).toEqual([
      expect.objectContaining({
        code: 'LINK_BROKEN',
        severity: 'error',
        args: { page: '/en/contact', href: '/images/no-such-map.svg', status: '404' },
        loc: expect.objectContaining({ file: 'site/content/contact.en.md' }),
      }),
    ]);
    expect(Object.keys(report.translations.namespaces)).toEqual(['nav', 'sidenav', 'footer', 'common', 'errors']);
  });
});

describe('site check on every host’s output', () => {
  // The layouts and page heads differ by host (behaviour.md: Hosts): folders (nginx), `x.html`
  // (Cloudflare Pages, Netlify), and `x.html` with the policy in the page and the bilingual 404 page
  // (GitHub Pages, S3). The portable output (both layouts) is the real site's check above.
  let root: string;
  beforeAll(() => {
    root = makeSite();
  });
  it.each(['nginx', 'cloudflare-pages', 'netlify', 'github-pages', 's3'] as const)(
    'passes the output built for %s',
    async (host) => {
      const out = path.join(root, `out-${host}`);
      await buildSite({ root, outDir: out, host });
      const report = await checkSite({ root, outDir: out, external: false });
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.summary.pages).toBe(SMALL_ROUTES.length * 2 + 4);
    },
  );
});

describe('site check reads the build it checks', () => {
  it('says clearly when there is nothing built to check', async () => {
    // The command's exit 1 and NO_BUILD on stderr: tests/cli/safety.test.ts, build-cli.test.ts.
    const root = makeSite();
    const failure = await checkSite({ root, outDir: path.join(root, 'nowhere'), external: false }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SiteError);
    const [problem] = (failure as SiteError).problems;
    expect(problem?.code).toBe('NO_BUILD');
    expect(problem?.message).toContain('There is no built site in');
    expect(problem?.hint).toContain('Run `site build` first.');
  });

  it('a build made with --base-url is checked against that base URL, not the configuration’s', async () => {
    const { toCheckedConfig } = await import('../../generator/check/index.ts');
    const { checkSeo } = await import('../../generator/check/seo.ts');
    const { readOutputPages } = await import('../../generator/check/output.ts');
    const { loadConfig } = await import('../../generator/config.ts');
    const root = makeSite();
    const out = path.join(root, 'out');
    // Another scheme, the same host: the share cards, which show the host, are the configuration's.
    await buildSite({ root, outDir: out, baseUrl: 'http://cloudwing.example' });
    const config = await loadConfig(root);
    expect(config.baseUrl).toBe('https://cloudwing.example');
    const checked = toCheckedConfig(config, out);
    expect(checked.baseUrl).toBe('http://cloudwing.example');
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const pages = readOutputPages(out);
    expect(checkSeo(checked, pages, sitemap)).toEqual([]);
    // Against the configuration's base URL, every page would have been reported.
    expect(checkSeo(config, pages, sitemap).length).toBeGreaterThan(100);

    // An output built with other locales is one clear error, not one per page.
    const meta = path.join(
      out,
      `builds/meta/${JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8')).id}.json`,
    );
    const manifest = JSON.parse(readFileSync(meta, 'utf8'));
    manifest.builtWith.locales[1].prefix = '/english';
    writeFileSync(meta, JSON.stringify(manifest));
    const report = checkSite({ root, outDir: out, external: false });
    await expect(report).rejects.toMatchObject({
      problems: [expect.objectContaining({ code: 'BUILD_CONFIG_MISMATCH' })],
    });
    await report.catch((error: { problems: SiteProblem[] }) => {
      expect(error.problems[0]?.message).toContain('en (en-US, at /english)');
      expect(error.problems[0]?.message).toContain('en (en-US, at /en)');
    });
  });
});

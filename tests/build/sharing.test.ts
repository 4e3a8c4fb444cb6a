import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { toCardWorkers, toShownHost } from '../../generator/cards/cards.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { readOutputPages } from '../../generator/check/output.ts';
import { checkSharing, toXmlFault } from '../../generator/check/share.ts';
import { findGraphFaults } from '../../generator/check/structured-data.ts';
import { deflateSync } from 'node:zlib';
import { toPngSize } from '../../generator/png.ts';
import { loadConfig } from '../../generator/config.ts';
import { createDevSession } from '../../generator/serve/session.ts';
import type { SiteConfig } from '../../generator/types.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { toPng } from '../helpers/png.ts';

// What pages tell share dialogs, search engines and feed readers (behaviour.md: Sharing), in the
// output of a build of the small site, then `site check` on the same output with one defect of
// each kind.

afterAll(removeSites);

let root: string;
let out: string;
let config: SiteConfig;
const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
const page = (url: string) => read(url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1] ?? null;
/** The JSON-LD blocks of a page, parsed. */
const structured = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
/** The nodes of a page's JSON-LD graphs. */
const nodes = (html: string) =>
  structured(html).flatMap((block) => block['@graph'] as (Record<string, unknown> & { '@type': string })[]);
const local = (url: string) => url.replace('https://cloudwing.example', '');

beforeAll(async () => {
  root = makeSite();
  out = path.join(root, 'out');
  await buildSite({ root, outDir: out });
  config = await loadConfig(root);
});

describe('share cards', () => {
  it('gives every page a 1200 × 630 PNG card of its own, with its size, alt text and a large Twitter card', () => {
    const cards = new Set<string>();
    for (const url of ['/', '/en', '/contact', '/en/news/news3', '/about/about-company', '/en/about/about-company']) {
      const html = page(url);
      const image = meta(html, 'og:image') as string;
      expect(image, url).toMatch(/^https:\/\/cloudwing\.example\/_app\/cards\/[0-9a-f]{20}\.png$/);
      expect(toPngSize(readFileSync(path.join(out, local(image))))).toEqual({ width: 1200, height: 630 });
      expect(meta(html, 'og:image:width')).toBe('1200');
      expect(meta(html, 'og:image:height')).toBe('630');
      // The heading's text, without the word breaks a Chinese title carries.
      const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim();
      expect(meta(html, 'og:image:alt')).toBe(heading || meta(html, 'og:image:alt'));
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      cards.add(image);
    }
    expect(cards.size).toBe(6);
  });

  it('draws no card twice: a second build takes them all from the cache, an edited title redraws only its card', async () => {
    const again = await buildSite({ root, write: false });
    expect(again.report.cards.drawn).toBe(0);
    expect(again.report.cards.total).toBeGreaterThan(30);

    const session = createDevSession(root);
    onTestFinished(() => session.close());
    await session.rebuild([]);
    const file = 'site/content/customers.en.md';
    const good = readFileSync(path.join(root, file), 'utf8');
    onTestFinished(() => writeFileSync(path.join(root, file), good));
    writeFileSync(path.join(root, file), good.replace(/^title: .*$/m, `title: Airlines We Serve ${Date.now()}`));
    const result = await session.rebuild([file]);
    // The page's new card in, its old card out; no other card changed.
    expect(result.changed.filter((f) => f.startsWith('_app/cards/'))).toHaveLength(2);
  });

  it('draws cards in worker threads only from 400 cards on, one per 200 up to the cores, and never on a single core', () => {
    // Fewer draw as fast on the main thread (see toCardWorkers).
    expect(toCardWorkers(399, 2)).toBe(0);
    expect(toCardWorkers(400, 2)).toBe(2);
    expect(toCardWorkers(10_000, 2)).toBe(2);
    expect(toCardWorkers(700, 8)).toBe(3);
    expect(toCardWorkers(10_000, 1)).toBe(0);
  });

  it('shows the site’s host as visitors read it: an internationalized name in its own script, a port kept', () => {
    expect(toShownHost('https://cloudwing.example')).toBe('cloudwing.example');
    // The configured `https://例子.台灣` is punycode once normalized, as the pages' URLs carry it.
    expect(toShownHost('https://xn--fsqu00a.xn--kpry57d')).toBe('例子.台灣');
    expect(toShownHost('https://cloudwing.example:8443')).toBe('cloudwing.example:8443');
  });

  it('uses the image a page names in its front matter instead of drawing one, and refuses one the site lacks', async () => {
    const contact = readFileSync(path.join(root, 'site/content/contact.en.md'), 'utf8').replace(
      /^title: .*$/m,
      '$&\nshareImage: /images/contact-card.png',
    );
    // Any card of the build will do as the page's own image.
    const card = local(meta(page('/contact'), 'og:image') as string);
    const own = makeSite({ 'site/content/contact.en.md': contact });
    writeFileSync(path.join(own, 'site/public/images/contact-card.png'), readFileSync(path.join(out, card)));
    const { files } = await buildSite({ root: own, write: false });
    const html = String(files?.get('en/contact/index.html'));
    expect(meta(html, 'og:image')).toBe('https://cloudwing.example/images/contact-card.png');
    expect(meta(String(files?.get('contact/index.html')), 'og:image')).toMatch(/\/_app\/cards\//);

    // Without the file, the build fails at the field's line rather than leave shares without an image.
    const missing = makeSite({ 'site/content/contact.en.md': contact });
    const failure = await buildSite({ root: missing, write: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SiteError);
    const [problem] = (failure as SiteError).problems;
    expect(problem?.code).toBe('FRONT_MATTER_INVALID');
    expect(problem?.message).toContain('names `/images/contact-card.png`, which is no file of site/public');
    expect(problem?.loc).toEqual({ file: 'site/content/contact.en.md', line: 3, column: 1 });

    // An SVG, or a PNG of another size, would be announced as a 1200 × 630 PNG: refused too.
    const named = (file: string, image: string) =>
      readFileSync(path.join(root, file), 'utf8').replace(/^title: .*$/m, `$&\nshareImage: ${image}`);
    const wrong = makeSite({
      'site/content/contact.en.md': named('site/content/contact.en.md', '/images/service-cargo.svg'),
      'site/content/customers.en.md': named('site/content/customers.en.md', '/images/small.png'),
      'site/content/jobs.en.md': named('site/content/jobs.en.md', '/images/cut.png'),
      'site/content/news.en.md': named('site/content/news.en.md', '/images/not-zlib.png'),
      'site/content/procurement.en.md': named('site/content/procurement.en.md', '/images/bomb.png'),
    });
    const icon = local(/<link rel="apple-touch-icon"[^>]* href="([^"]+)"/.exec(page('/contact'))?.[1] ?? '');
    writeFileSync(path.join(wrong, 'site/public/images/small.png'), readFileSync(path.join(out, icon)));
    // A card cut short in a copy: its size still reads 1200 × 630.
    writeFileSync(path.join(wrong, 'site/public/images/cut.png'), readFileSync(path.join(out, card)).subarray(0, 200));
    // Well-formed chunks around image data that is not zlib, and data that inflates to 64 MB.
    writeFileSync(path.join(wrong, 'site/public/images/not-zlib.png'), toPng(1200, 630, Buffer.alloc(4000, 7)));
    writeFileSync(
      path.join(wrong, 'site/public/images/bomb.png'),
      toPng(1200, 630, deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 1 })),
    );
    const refused = await buildSite({ root: wrong, write: false }).catch((error: unknown) => error);
    expect((refused as SiteError).problems.map((p) => [p.code, p.loc?.file, p.message])).toEqual([
      [
        'FRONT_MATTER_INVALID',
        'site/content/contact.en.md',
        expect.stringContaining(
          "`/images/service-cargo.svg`, which is no PNG; a page's share image is a 1200 × 630 PNG",
        ),
      ],
      [
        'FRONT_MATTER_INVALID',
        'site/content/customers.en.md',
        expect.stringContaining('`/images/small.png`, which is 180 × 180 pixels'),
      ],
      [
        'FRONT_MATTER_INVALID',
        'site/content/jobs.en.md',
        expect.stringContaining('`/images/cut.png`, which is a PNG cut short or damaged'),
      ],
      [
        'FRONT_MATTER_INVALID',
        'site/content/news.en.md',
        expect.stringContaining(
          '`/images/not-zlib.png`, which is a PNG that does not decode (it holds image data that is not zlib',
        ),
      ],
      [
        'FRONT_MATTER_INVALID',
        'site/content/procurement.en.md',
        expect.stringContaining(
          '`/images/bomb.png`, which is a PNG that does not decode (it holds more image data than its size allows',
        ),
      ],
    ]);
    expect((refused as SiteError).problems.slice(3).map((p) => p.loc?.line)).toEqual([3, 3]);
  });
});

describe('articles and structured data', () => {
  it('dates an article with the site’s zone and describes it as a NewsArticle in its own language', () => {
    const html = page('/en/news/news3');
    // Its day at midnight in Taipei, not in UTC (08:00 there).
    expect(meta(html, 'article:published_time')).toBe('2024-05-28T00:00:00+08:00');
    expect(meta(html, 'article:modified_time')).toBe('2024-05-28T00:00:00+08:00');
    const article = nodes(html).find((d) => d['@type'] === 'NewsArticle');
    expect(article).toMatchObject({
      headline: 'Operations Control Center completes typhoon-season preparations',
      datePublished: '2024-05-28T00:00:00+08:00',
      dateModified: '2024-05-28T00:00:00+08:00',
      inLanguage: 'en-US',
      url: 'https://cloudwing.example/en/news/news3',
      publisher: { '@id': 'https://cloudwing.example/#organization' },
      author: { '@id': 'https://cloudwing.example/#organization' },
    });
    // An English-only article on the Chinese site is still in English.
    expect(nodes(page('/news/newsEn1')).find((d) => d['@type'] === 'NewsArticle')?.inLanguage).toBe('en-US');
    expect(meta(page('/contact'), 'article:published_time')).toBeNull();
  });

  it('offers an article’s card in 16:9, 4:3 and 1:1, each 1200 px wide, drawn once like the card', () => {
    const html = page('/en/news/news3');
    const images = nodes(html).find((d) => d['@type'] === 'NewsArticle')?.image as string[];
    const card = (meta(html, 'og:image') as string).replace(/\.png$/, '');
    expect(images).toEqual([`${card}-1200x675.png`, `${card}-1200x900.png`, `${card}-1200x1200.png`]);
    expect(images.map((url) => toPngSize(readFileSync(path.join(out, local(url)))))).toEqual([
      { width: 1200, height: 675 },
      { width: 1200, height: 900 },
      { width: 1200, height: 1200 },
    ]);
    // Other pages have their card alone.
    const key = local(meta(page('/en/contact'), 'og:image') as string).slice('/_app/cards/'.length, -'.png'.length);
    expect(readdirSync(path.join(out, '_app/cards')).filter((f) => f.startsWith(key))).toEqual([`${key}.png`]);
  });

  it('describes the company on every page as one organization, by `@id`, in the page’s language', () => {
    const organizations = ['/', '/en', '/en/contact', '/about/about-company', '/en/news/news3'].map(
      (url) => nodes(page(url)).find((d) => d['@type'] === 'Organization') as Record<string, unknown>,
    );
    for (const organization of organizations)
      expect(organization).toMatchObject({
        '@id': 'https://cloudwing.example/#organization',
        url: 'https://cloudwing.example',
      });
    const [zh, en] = organizations;
    expect(zh).toMatchObject({ name: '雲翔航勤', alternateName: ['CloudWing'], legalName: '雲翔航勤股份有限公司' });
    expect(en).toMatchObject({
      name: 'CloudWing',
      alternateName: ['雲翔航勤'],
      legalName: 'CloudWing Aviation Services Co., Ltd.',
      address: {
        streetAddress: 'No. 100, Hangqin Rd.',
        addressLocality: 'Dayuan Dist.',
        addressRegion: 'Taoyuan City',
        postalCode: '337',
        addressCountry: 'TW',
      },
    });
    expect(
      ((en as Record<string, unknown>).location as { iataCode: string; '@type': string }[]).map(
        (l) => `${l['@type']} ${l.iataCode}`,
      ),
    ).toEqual(['Airport TPE', 'Airport KHH', 'Airport TSA', 'Airport RMQ']);
    const points = (en as Record<string, unknown>).contactPoint as { email: string; telephone?: string }[];
    expect(points.map((p) => p.email)).toEqual(config.contacts.map((c) => c.email));
    expect(points[0]?.telephone).toBe(config.contacts[0]?.phone);
    // The website: the brand, published by the organization.
    expect(nodes(page('/en')).find((d) => d['@type'] === 'WebSite')).toMatchObject({
      name: 'CloudWing',
      alternateName: ['雲翔航勤'],
      description: 'Airport Ground Handling',
      publisher: { '@id': 'https://cloudwing.example/#organization' },
    });
    // One graph a page, every node tied to the organization.
    for (const url of ['/', '/en/contact', '/en/news/news3', '/about/about-company', '/en/jobs/positions/ramp-agent']) {
      expect(structured(page(url)), url).toHaveLength(1);
      expect(findGraphFaults('https://cloudwing.example', nodes(page(url))), url).toEqual([]);
    }
  });

  it('gives every page below the top level its breadcrumbs: home, the section, the page', () => {
    const crumbs = nodes(page('/en/about/about-company')).find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://cloudwing.example/en' },
      { '@type': 'ListItem', position: 2, name: 'About', item: 'https://cloudwing.example/en/about/about-layout' },
      {
        '@type': 'ListItem',
        position: 3,
        name: expect.any(String),
        item: 'https://cloudwing.example/en/about/about-company',
      },
    ]);
    // Tied to the page, and through it to the website and the organization.
    expect(nodes(page('/en/about/about-company')).find((d) => d['@type'] === 'WebPage')).toMatchObject({
      breadcrumb: { '@id': crumbs?.['@id'] },
      isPartOf: { '@id': 'https://cloudwing.example/#website' },
    });
    // The section's own first page: home, then the page.
    const first = nodes(page('/about/about-layout')).find((d) => d['@type'] === 'BreadcrumbList');
    expect(first?.itemListElement).toHaveLength(2);
    expect(nodes(page('/contact')).some((d) => d['@type'] === 'BreadcrumbList')).toBe(false);
  });

  it('describes a position as a JobPosting: its stations, its pay in TWD a month, hired for by the organization', () => {
    for (const [url, title, name] of [
      ['/en/jobs/positions/ramp-agent', 'Ramp agent', 'Kaohsiung International Airport'],
      ['/jobs/positions/ramp-agent', '機坪作業員', '高雄國際機場'],
    ] as const) {
      const job = nodes(page(url)).find((d) => d['@type'] === 'JobPosting') as Record<string, unknown>;
      expect(job, url).toMatchObject({
        title,
        datePosted: '2026-01-01T00:00:00+08:00',
        validThrough: '2026-12-31T23:59:59+08:00',
        employmentType: 'FULL_TIME',
        hiringOrganization: { '@id': 'https://cloudwing.example/#organization' },
        baseSalary: {
          '@type': 'MonetaryAmount',
          currency: 'TWD',
          value: { '@type': 'QuantitativeValue', minValue: 36000, maxValue: 42000, unitText: 'MONTH' },
        },
      });
      const places = job.jobLocation as { name: string; address: Record<string, string> }[];
      expect(places.map((p) => p.address.addressCountry)).toEqual(['TW', 'TW', 'TW']);
      expect(places[1]?.name).toBe(name);
      // The full description: the lead, then the page's text with its headings and lists.
      expect(job.description).toMatch(/^<p>[^<]+<\/p><p>[\s\S]*<h2[^>]*>[\s\S]*<li>/);
    }
    // The page shows the same facts: the stations, the pay as the locale writes it, the last day.
    const facts = /<section class="position position-facts"[\s\S]*?<\/section>/
      .exec(page('/jobs/positions/ramp-agent'))?.[0]
      .replace(/<[^>]+>/g, '')
      // A number keeps its unit with a no-break space.
      .replace(/\u00a0|&nbsp;|&#xA0;/gi, ' ');
    expect(facts).toContain('桃園國際機場、高雄國際機場、臺中國際機場');
    expect(facts).toContain('月薪新臺幣 3.6 萬至 4.2 萬元');
    expect(
      /<section class="position position-facts"[\s\S]*?<\/section>/.exec(page('/en/jobs/positions/ramp-agent'))?.[0],
    ).toContain('NT$36,000–\u206042,000 a month'); // a word joiner: the range never breaks at its dash
    // The positions list links it.
    expect(page('/en/jobs/jobs-positions')).toContain('<a href="/en/jobs/positions/ramp-agent">Ramp agent</a>');
  });
});

describe('news feeds', () => {
  it('writes an Atom feed per locale, newest first, absolute, the English-only articles in English only', () => {
    const zh = read('news/feed.xml');
    const en = read('en/news/feed.xml');
    expect(toXmlFault(zh)).toBeNull();
    expect(toXmlFault(en)).toBeNull();
    const links = (xml: string) => [...xml.matchAll(/<entry>[\s\S]*?<link href="([^"]*)"/g)].map((m) => m[1]);
    expect(links(zh)).toEqual(['https://cloudwing.example/news/news3', 'https://cloudwing.example/news/news1']);
    expect(links(en)).toEqual([
      'https://cloudwing.example/en/news/newsEn1',
      'https://cloudwing.example/en/news/news3',
      'https://cloudwing.example/en/news/news1',
    ]);
    expect(en).toContain('<summary>Ahead of typhoon season,');
    // Each says its language, and its times with the site's zone.
    expect(zh).toMatch(/<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:lang="zh-Hant">/);
    expect(en).toMatch(/<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:lang="en-US">/);
    expect(zh).toContain('<updated>2024-05-28T00:00:00+08:00</updated>');
  });

  it('writes any title and summary as text: markup, entities, a CDATA end and control characters cannot break it', async () => {
    const file = 'site/content/news/newsEn1.en.md';
    const source = readFileSync(path.join(root, file), 'utf8');
    const hostile = makeSite({
      [file]: source
        .replace(/^title: .*$/m, `title: "Ramp <b>safety</b> & ]]> bell"`)
        .replace(/^description: .*$/m, 'description: "Fish &amp; chips </summary><entry>"'),
    });
    const { files } = await buildSite({ root: hostile, write: false });
    const xml = String(files?.get('en/news/feed.xml'));
    expect(toXmlFault(xml)).toBeNull();
    expect(xml).toContain('<title>Ramp &lt;b&gt;safety&lt;/b&gt; &amp; ]]&gt; bell</title>');
    expect(xml).toContain('<summary>Fish &amp;amp; chips &lt;/summary&gt;&lt;entry&gt;</summary>');
    expect(xml.match(/<entry>/g)).toHaveLength(3);
  });

  it('links both feeds from every news page, without hreflang (a feed is no language version), and from no other page', () => {
    for (const url of ['/news', '/en/news/news3']) {
      const feeds = [...page(url).matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g)].map(
        (m) => m[0],
      );
      expect(feeds).toHaveLength(2);
      for (const feed of feeds) expect(feed).not.toContain('hreflang');
    }
    expect(page('/en/contact')).not.toContain('application/atom+xml');
  });
});

describe('app icons', () => {
  it('links a touch icon and the locale’s manifest, whose icons are PNGs of their stated sizes', () => {
    const html = page('/en/contact');
    const touch = /<link rel="apple-touch-icon" href="([^"]*)">/.exec(html)?.[1] as string;
    expect(toPngSize(readFileSync(path.join(out, touch)))).toEqual({ width: 180, height: 180 });
    const manifestUrl = /<link rel="manifest" href="([^"]*)">/.exec(html)?.[1] as string;
    const manifest = JSON.parse(read(manifestUrl.slice(1))) as {
      lang: string;
      theme_color: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'en-US', theme_color: '#0066cc', start_url: '/en' });
    for (const icon of manifest.icons) {
      const size = toPngSize(readFileSync(path.join(out, icon.src)));
      expect(`${size?.width}x${size?.height}`).toBe(icon.sizes);
    }
    expect(meta(html, 'theme-color')).toBe('#0066cc');
  });
});

describe('without a base URL', () => {
  it('leaves out what needs an absolute URL (card, structured data, feeds) and warns once', async () => {
    const { files, report } = await buildSite({ root, write: false, baseUrl: '' });
    const html = String(files?.get('en/news/news3/index.html'));
    expect(meta(html, 'og:image')).toBeNull();
    expect(structured(html)).toEqual([]);
    expect(files?.has('en/news/feed.xml')).toBe(false);
    expect(meta(html, 'article:published_time')).toBe('2024-05-28T00:00:00+08:00');
    expect(report.warnings.filter((w) => w.code === 'BASE_URL_MISSING')).toHaveLength(1);
  });
});

describe('site check on what pages share', () => {
  it('passes the output as built, and names one defect of each kind', () => {
    expect(checkSharing(config, out, readOutputPages(out))).toEqual([]);
    // A card of the wrong size, a NewsArticle without its headline, a broken feed, a missing icon.
    const card = local(meta(page('/en/contact'), 'og:image') as string).slice(1);
    const touch = (/<link rel="apple-touch-icon" href="\/([^"]*)">/.exec(page('/en/contact'))?.[1] as string) ?? '';
    const icon192 = /"src": "\/([^"]*icon-192[^"]*)"/.exec(
      read(/<link rel="manifest" href="\/([^"]*)">/.exec(page('/en'))?.[1] as string),
    )?.[1] as string;
    writeFileSync(path.join(out, card), readFileSync(path.join(out, icon192)));
    const article = path.join(out, 'en/news/news3/index.html');
    writeFileSync(article, readFileSync(article, 'utf8').replace('"headline":', '"title":'));
    writeFileSync(path.join(out, 'en/news/feed.xml'), read('en/news/feed.xml').replace('</feed>', ''));
    rmSync(path.join(out, touch));
    // An article without its square image, a position paid in no currency, a page tied to no website,
    // a feed that does not say its language.
    const edit = (file: string, from: string, to: string) =>
      writeFileSync(path.join(out, file), read(file).replace(from, to));
    edit('en/news/news3/index.html', '-1200x1200.png"', '-1200x900.png"');
    edit('en/jobs/positions/ramp-agent/index.html', '"currency":"TWD"', '"currency":"NT$"');
    edit(
      'en/about/about-company/index.html',
      '"isPartOf":{"@id":"https://cloudwing.example/#website"}',
      '"isPartOf":{"@id":"https://cloudwing.example/#site"}',
    );
    edit('news/feed.xml', ' xml:lang="zh-Hant"', '');
    // A station that is no airport by its code, a website named by its old tagline.
    edit('en/contact/index.html', '"iataCode":"KHH"', '"iataCode":"Kaohsiung"');
    edit(
      'en/customers/index.html',
      '"url":"https://cloudwing.example","name":"CloudWing"',
      '"url":"https://cloudwing.example","name":"CloudWing | Airport Ground Handling"',
    );
    const codes = checkSharing(config, out, readOutputPages(out)).map((p) => `${p.code} ${p.message}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SHARE_IMAGE Share image of \/en\/contact: .* is 192 × 192\.$/),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/news\/news3: its NewsArticle has no `headline`/,
        ),
        expect.stringMatching(/^FEED_INVALID Feed https:\/\/cloudwing\.example\/en\/news\/feed\.xml: not well-formed/),
        expect.stringMatching(/^APP_ICON_MISSING .* is no file of the build/),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/news\/news3: its NewsArticle has no image of 1:1/,
        ),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/jobs\/positions\/ramp-agent: its JobPosting has no baseSalary of a currency/,
        ),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/about\/about-company: its WebPage names `@id` https:\/\/cloudwing\.example\/#site, no node of the page/,
        ),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/about\/about-company: its BreadcrumbList is not tied to the organization by `@id`/,
        ),
        expect.stringMatching(
          /^FEED_INVALID Feed https:\/\/cloudwing\.example\/news\/feed\.xml: the feed does not say its language/,
        ),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/contact: a location of its Organization \(Kaohsiung International Airport\) is no Airport with an IATA code/,
        ),
        expect.stringMatching(
          /^STRUCTURED_DATA Structured data of \/en\/customers: its WebSite's name is CloudWing \| Airport Ground Handling, not the site's name CloudWing/,
        ),
      ]),
    );
  });
});

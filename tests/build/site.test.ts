import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { buildSite, type BuildResult } from '../../generator/pipeline/build.ts';
import type { Payload } from '../../generator/types.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';
import { EN_ONLY, ROUTES } from '../helpers/routes.ts';

const BASE = 'https://cloudwing.example';
const enUrl = (p: string) => (p === '/' ? '/en' : `/en${p}`);
const abs = (u: string) => (u === '/' ? BASE : `${BASE}${u}`);

let result: BuildResult;
const text = (file: string): string => {
  const contents = result.files?.get(file);
  if (typeof contents !== 'string') throw new Error(`no file ${file} in the output`);
  return contents;
};
const htmlOf = (url: string) => text(url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);
const payloadOf = (url: string) =>
  JSON.parse(text(url === '/' ? '_payload.json' : `${url.slice(1)}/_payload.json`)) as Payload;
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? '',
  );
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);

beforeAll(async () => {
  result = await buildSite({ root: REPO_ROOT, write: false, baseUrl: BASE });
});

describe('the real site', () => {
  it('has exactly the 134 pages of the 67 routes, and no /news/news2', () => {
    // The 54 routes of the inventory, a page of each of the six positions and of the five topics
    // of the news, the proposal request, and the privacy and cookies page.
    expect(ROUTES).toHaveLength(67);
    expect(ROUTES.filter((r) => r.startsWith('/jobs/positions/'))).toHaveLength(6);
    expect([...EN_ONLY]).toEqual(['/news/newsEn1', '/news/newsEn2']);
    const expected = [...ROUTES, ...ROUTES.map(enUrl)].sort();
    expect([...result.manifest.prerendered].sort()).toEqual(expected);
    for (const url of expected) expect(() => htmlOf(url)).not.toThrow();
    expect(result.files?.has('news/news2/index.html')).toBe(false);
    expect(result.manifest.prerendered).not.toContain('/news/news2');
    expect(result.report.pagesPerLocale).toEqual({ zhHant: 67, en: 67 });
    // The footer of every page links the privacy and cookies page of its language.
    expect(htmlOf('/')).toContain('href="/privacy"');
    expect(htmlOf('/en')).toContain('href="/en/privacy"');
  });

  it('gives every page its locale, a title that differs by locale, a description and a canonical', () => {
    for (const route of ROUTES) {
      const zh = htmlOf(route);
      const en = htmlOf(enUrl(route));
      expect(attr(zh, /<html lang="([^"]+)"/)).toBe('zh-Hant');
      expect(attr(en, /<html lang="([^"]+)"/)).toBe('en-US');
      const zhTitle = decode(attr(zh, /<title>([^<]+)<\/title>/) ?? '');
      const enTitle = decode(attr(en, /<title>([^<]+)<\/title>/) ?? '');
      // The page's title and the brand, or the page's title alone where both would be cut off in a
      // result (behaviour.md: Head and SEO); the home page's is the brand and its claim.
      const enOwn = payloadOf(enUrl(route)).title;
      if (route === '/') expect(enTitle).toBe('CloudWing | Airport Ground Handling');
      else if (enOwn.length + ' | CloudWing'.length <= 60) expect(enTitle).toBe(`${enOwn} | CloudWing`);
      else expect(enTitle).toBe(enOwn);
      expect(enTitle.length, route).toBeLessThanOrEqual(65);
      // Share dialogs show the site's name beside the title: no brand in it.
      expect(decode(attr(en, /<meta property="og:title" content="([^"]+)">/) ?? '')).toBe(enOwn);
      if (EN_ONLY.has(route)) {
        expect(zh).toContain('lang="en-US"');
        expect(attr(zh, /<link rel="canonical" href="([^"]+)">/)).toBe(abs(enUrl(route)));
      } else {
        expect(zhTitle).toMatch(route === '/' ? /^雲翔航勤｜專業航空地勤服務$/ : /｜雲翔航勤$/);
        expect(zhTitle).not.toBe(enTitle);
        expect(attr(zh, /<link rel="canonical" href="([^"]+)">/)).toBe(abs(route));
      }
      expect(attr(en, /<link rel="canonical" href="([^"]+)">/)).toBe(abs(enUrl(route)));
      expect(attr(zh, /<meta property="og:locale" content="([^"]+)">/)).toBe('zh_TW');
      expect(attr(zh, /<meta property="og:site_name" content="([^"]+)">/)).toBe('雲翔航勤');
      expect(attr(en, /<meta property="og:site_name" content="([^"]+)">/)).toBe('CloudWing');
      expect(en).toContain('<meta name="robots" content="max-image-preview:large">');
      expect(attr(en, /<meta property="og:locale" content="([^"]+)">/)).toBe('en_US');
      expect(attr(en, /<meta name="description" content="([^"]+)">/)?.length).toBeGreaterThan(40);
    }
  });

  it('writes reciprocal alternates with x-default first', () => {
    for (const route of ROUTES) {
      const zh = alternatesOf(htmlOf(route));
      const en = alternatesOf(htmlOf(enUrl(route)));
      if (EN_ONLY.has(route)) {
        const only = [
          ['x-default', abs(enUrl(route))],
          ['en', abs(enUrl(route))],
          ['en-US', abs(enUrl(route))],
        ];
        expect(en).toEqual(only);
        expect(zh).toEqual(only);
        continue;
      }
      const both = [
        ['x-default', abs(route)],
        ['zh', abs(route)],
        ['zh-Hant', abs(route)],
        ['en', abs(enUrl(route))],
        ['en-US', abs(enUrl(route))],
      ];
      expect(zh).toEqual(both);
      expect(en).toEqual(both);
    }
  });

  it('names routes with the locale suffix and writes payloads that agree with the HTML', () => {
    for (const route of ROUTES) {
      const name = route === '/' ? 'index' : route.slice(1).split('/').join('-');
      for (const [url, locale] of [
        [route, 'zhHant'],
        [enUrl(route), 'en'],
      ] as const) {
        const payload = payloadOf(url);
        const html = htmlOf(url);
        expect(payload.name).toBe(`${name}___${locale}`);
        expect(payload.locale).toBe(locale);
        expect(payload.url).toBe(url);
        // The page knows its build id; its payload, asked for with the id as its query, leaves it out.
        expect(payload).not.toHaveProperty('buildId');
        expect(attr(html, /<meta name="site-build" content="([^"]+)">/)).toBe(result.manifest.id);
        // The heading's text; a product code in it sits in a span that keeps it on one line, and a
        // number keeps its Chinese unit by a no-break space (`2024 年`).
        const h1 = attr(html, /<h1 id="page-title" tabindex="-1">([\s\S]*?)<\/h1>/) ?? '';
        expect(decode(h1.replace(/<[^>]+>/g, ''))).toBe(
          payload.title.replace(/(?<![A-Za-z0-9.,-])(?<![A-Z]{2,} )(\d[\d,.]*) (?=\p{Script=Han})/gu, '$1\u00a0'),
        );
        if (route !== '/')
          expect(decode(attr(html, /<title>([^<]+)<\/title>/) ?? '').startsWith(payload.title)).toBe(true);
      }
    }
    expect(payloadOf('/about/about-group').name).toBe('about-about-group___zhHant');
    expect(payloadOf('/en/strengths/homemade-equipment/eq1').name).toBe('strengths-homemade-equipment-eq1___en');
  });

  it('shows every service page’s steps and every in-house equipment page’s key facts under its scene, beside a drawing of the product, in both languages', () => {
    const pages = ROUTES.flatMap((route) => [route, enUrl(route)]).filter((url) =>
      ['service', 'equipment'].includes(payloadOf(url).template),
    );
    expect(pages.length).toBeGreaterThanOrEqual(28);
    for (const url of pages) {
      const html = htmlOf(url);
      const service = payloadOf(url).template === 'service';
      const block =
        (service ? /<section class="steps"[\s\S]*?<\/section>/ : /<section class="specs[ "][\s\S]*?<\/section>/).exec(
          html,
        )?.[0] ?? '';
      const items = block.match(service ? /<li class="steps__item">/g : /<div class="specs__item">/g) ?? [];
      expect(items.length, url).toBeGreaterThanOrEqual(service ? 3 : 2);
      // Under the page's scene, across the page (its own part of the body) before the text.
      expect(html.indexOf('<figure'), url).toBeLessThan(html.indexOf(block));
      expect(html, url).toContain(`<div class="page-body__top">${block}</div>`);
      expect(html.indexOf(block), url).toBeLessThan(html.indexOf('data-prose'));
      // The key facts are said once: the equipment page's text repeats them in no table of its own.
      if (!service) expect(html.slice(html.indexOf('data-prose')), url).not.toContain('<table');
      if (!service) expectDrawing(url, block);
    }
  });

  /** An equipment page's drawing in its key-facts band, described, its callouts 1 to 3 keyed to the facts after the model. */
  const expectDrawing = (url: string, block: string) => {
    const item = /\/(eq\d)$/.exec(url)?.[1];
    const img = new RegExp(
      `<figure class="specs__figure"><img src="/images/${item}-side\\.svg" alt="([^"]{40,})"`,
    ).exec(block);
    expect(img?.[1], `${url}: the drawing and its text`).toMatch(/1[^2]+2[^3]+3/);
    expect(block.indexOf('specs__figure'), url).toBeLessThan(block.indexOf('<dl'));
    const terms = [...block.matchAll(/<dt class="specs__label">([\s\S]*?)<\/dt>/g)].map(
      (m) => /^<span class="specs__marker">(\d)<\/span>/.exec(m[1] ?? '')?.[1],
    );
    expect(terms, url).toEqual([undefined, '1', '2', '3']);
  };

  it('shows the stages of a service in the order of the work and an equipment page’s facts as written, its model first', () => {
    // The text of each element of a part, up to the next part of its item or the item's end.
    const shown = (html: string, part: string) =>
      [
        ...html.matchAll(
          new RegExp(`class="${part}">([\\s\\S]*?)(?=<span class="steps__text"|</li>|<dd class|</div>)`, 'g'),
        ),
      ].map((m) =>
        decode((m[1] ?? '').replace(/<span class="specs__marker">\d<\/span>|<[^>]+>/g, '')).replace(/\u00a0/g, ' '),
      );
    for (const url of ['/services/service-ramp', '/en/services/service-ramp']) {
      const steps = (payloadOf(url).data.steps as { items: { label: string }[] }).items;
      expect(shown(htmlOf(url), 'steps__label'), url).toEqual(steps.map((step) => step.label));
    }
    expect(shown(htmlOf('/services/service-ramp'), 'steps__label')).toEqual([
      '作業準備',
      '航機到位',
      '過站服務',
      '裝載作業',
      '推離出發',
    ]);
    expect(shown(htmlOf('/en/services/service-ramp'), 'steps__label')).toEqual([
      'Preparation',
      'Arrival',
      'Servicing',
      'Loading',
      'Departure',
    ]);
    for (const [url, model, label] of [
      ['/strengths/homemade-equipment/eq1', '型號', '牽引能力'],
      ['/en/strengths/homemade-equipment/eq1', 'Model', 'Towing capacity'],
    ] as const) {
      const html = htmlOf(url);
      expect(shown(html, 'specs__label'), url).toEqual([model, label, expect.any(String), expect.any(String)]);
      expect(shown(html, 'specs__value')[0], url).toBe('CW-ET60');
      expect(shown(html, 'specs__value')[1], url).toMatch(/^6 (公噸|metric tons)$/);
    }
  });

  it('lists the services on the services overview, leaving out the page of the values behind them', () => {
    for (const url of ['/services/service-layout', '/en/services/service-layout']) {
      const cards = htmlOf(url).match(/class="card /g) ?? [];
      const services = ROUTES.filter((route) => payloadOf(route).template === 'service' && !route.endsWith('-spirit'));
      expect(cards.length, url).toBe(services.length);
      expect(htmlOf(url), url).toMatch(/<a [^>]*href="[^"]*\/services\/service-spirit"/);
    }
  });

  it('shows the monthly base pay of every position on the careers page, each row linked to its position', () => {
    const positions = ROUTES.filter((route) => route.startsWith('/jobs/positions/'));
    for (const [url, prefix] of [
      ['/jobs', ''],
      ['/en/jobs', '/en'],
    ] as const) {
      for (const position of positions) {
        const row = new RegExp(
          `<td[^>]*><a href="${prefix}${position}">(?:[^<]|<wbr>)+</a></td>\\s*<td[^>]*>\\d[^<]*\\d[^<]*</td>`,
        );
        expect(htmlOf(url), `${url} ${position}`).toMatch(row);
      }
    }
  });

  it('keeps an English word joined by hyphens on one line in titles, leads, labels and cards', () => {
    expect(htmlOf('/en')).toContain('ground power and <span class="nowrap">pre-conditioned</span> air');
    expect(htmlOf('/en/services/service-ramp')).toMatch(
      /<p class="page-heading__lead">[^<]*<span class="nowrap">pre-conditioned<\/span>/,
    );
    // A product name with a code: the code and the joined word each on one line.
    expect(htmlOf('/en/strengths/homemade-equipment/eq4')).toMatch(
      /<span class="nowrap">CW-PCA90<\/span> <span class="nowrap">Pre-Conditioned<\/span> Air Unit/,
    );
  });

  it('closes the services overview’s title band with its headline numbers, before the text and the service cards', () => {
    for (const url of ['/services/service-layout', '/en/services/service-layout']) {
      const html = htmlOf(url);
      const heading = /<header class="page-heading[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      const band = /<div class="page-heading__banner"><section class="figures-band page-wide"[\s\S]*?<\/section>/.exec(
        heading,
      )?.[0];
      expect(band?.match(/<li class="figures-band__item">/g), url).toHaveLength(4);
      expect(band, url).toContain('99.3%');
      expect(html.indexOf('figures-band'), url).toBeLessThan(html.indexOf('data-prose'));
      expect(html.indexOf('figures-band'), url).toBeLessThan(html.indexOf('<ul class="cards'));
    }
  });

  it('opens the careers page with its key facts, and shows each benefit as a tile with its icon and a link to them all', () => {
    for (const [url, prefix, pay] of [
      ['/jobs', '', '3.4 萬至 9 萬元'],
      ['/en/jobs', '/en', 'NT$34,000–90,000'],
    ] as const) {
      const html = htmlOf(url);
      // Its key facts close the title band.
      const heading = /<header class="page-heading[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      const facts =
        /<div class="page-heading__banner"><section class="specs"[\s\S]*?<\/section>/.exec(heading)?.[0] ?? '';
      expect(facts.match(/<div class="specs__item">/g), url).toHaveLength(4);
      expect(facts.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' '), url).toContain(pay);
      expect(html.indexOf('class="specs"'), url).toBeLessThan(html.indexOf('data-prose'));
      const tiles = [
        ...html.matchAll(
          /<li class="benefits__item"><span class="benefits__icon icon-badge"><span class="icon icon--(\w+)">/g,
        ),
      ];
      expect(
        tiles.map((t) => t[1]),
        url,
      ).toEqual(['shield', 'gift', 'bus', 'bed', 'cup', 'cap', 'ticket', 'clock']);
      expect(html, url).toMatch(
        new RegExp(`<section class="benefits[^"]*"[\\s\\S]*?<a class="more-link" href="${prefix}/jobs/jobs-benefits">`),
      );
    }
  });

  it('offers a position’s apply buttons before its text and again after it, each an e-mail naming the position and station, and its shift at a glance between them and the text', () => {
    for (const route of ROUTES.filter((r) => r.startsWith('/jobs/positions/'))) {
      for (const url of [route, `/en${route}`]) {
        const html = htmlOf(url);
        const lists = [...html.matchAll(/<ul class="position-apply__stations[^"]*"[^>]*>([\s\S]*?)<\/ul>/g)];
        expect(lists, url).toHaveLength(2);
        const [top, end] = lists.map((m) => [...(m[1] ?? '').matchAll(/href="(mailto:[^"]+)"/g)].map((h) => h[1]));
        expect(end, url).toEqual(top);
        expect(html.indexOf('position-apply__stations--end'), url).toBeGreaterThan(html.indexOf('data-prose'));
        // Its shift at a glance, between the buttons and the text.
        const steps = html.indexOf('class="steps"');
        expect(steps, url).toBeGreaterThan(html.indexOf('position-apply__stations'));
        expect(steps, url).toBeLessThan(html.indexOf('data-prose'));
        expect(html.slice(steps).match(/class="steps__item"/g)?.length, url).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it('shows each station of the stations page with a scene of its own airport and an alt text in the page’s language', () => {
    const scenes = new Set<string>();
    for (const [url, name] of [
      ['/about/about-location', '桃園國際機場'],
      ['/en/about/about-location', 'Taoyuan International Airport'],
    ] as const) {
      const html = htmlOf(url);
      const entries = [...html.matchAll(/<li class="station" id="station-(\w+)">([\s\S]*?)<\/li>/g)];
      expect(
        entries.map((m) => m[1]),
        url,
      ).toEqual(['tpe', 'khh', 'tsa', 'rmq']);
      for (const [, code, entry = ''] of entries) {
        const img = /<img class="station__scene" src="([^"]+)" alt="([^"]+)"/.exec(entry);
        expect(img?.[1], `${url} ${code}`).toBe(`/images/station-${code}.svg`);
        expect(readFileSync(path.join(REPO_ROOT, `site/public/images/station-${code}.svg`), 'utf8')).toMatch(
          /<title>[^<]{20,}<\/title>/,
        );
        const alt = decode(img?.[2] ?? '');
        expect(alt.length, `${url} ${code}`).toBeGreaterThan(40);
        // Written in the page's language: Chinese characters on the Chinese page, none on the English one.
        expect(/[\u4e00-\u9fff]/.test(alt), `${url} ${code}`).toBe(url === '/about/about-location');
        scenes.add(`${url} ${alt}`);
      }
      expect(decode(html)).toContain(name);
    }
    expect(scenes.size).toBe(8);
  });

  it('writes the manifests: latest names the build, meta lists every page', () => {
    const latest = JSON.parse(text('builds/latest.json'));
    expect(latest).toEqual({ id: result.manifest.id, timestamp: result.manifest.timestamp });
    const meta = JSON.parse(text(`builds/meta/${latest.id}.json`));
    expect(meta.id).toBe(latest.id);
    expect(meta.prerendered).toContain('/');
    expect(meta.prerendered).toContain('/en');
    expect(meta.prerendered).toHaveLength(134);
    expect(meta.prerendered.every((u: string) => u === '/' || !u.endsWith('/'))).toBe(true);
    const order = [...(result.files?.keys() ?? [])];
    expect(order.at(-1)).toBe('builds/latest.json');
  });

  it('writes a sitemap with alternates, and robots.txt naming it', () => {
    const sitemap = text('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(132);
    // Every page says when it last changed, with the site's zone: an article its date.
    const lastmods = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    expect(lastmods).toHaveLength(132);
    for (const lastmod of lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+08:00$/);
    expect(sitemap).toContain(`<loc>${abs('/en/news/news3')}</loc>\n    <lastmod>2024-05-28T00:00:00+08:00</lastmod>`);
    expect(locs).toContain(abs('/en/news/newsEn1'));
    expect(locs).not.toContain(abs('/news/newsEn1'));
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="zh-Hant" href="${abs('/services/service-ramp')}"/>`,
    );
    expect(text('robots.txt')).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('shows the English-only articles at their Chinese URL under a Chinese notice', () => {
    const zh = htmlOf('/news/newsEn1');
    expect(zh).toContain('本頁僅提供英文版本');
    expect(zh).toMatch(/<div lang="en-US"><article/);
    // The date and the way back are the page's own, in Chinese (behaviour.md: Single-language pages).
    expect(zh).toMatch(
      /<span lang="zh-Hant">發布日期(<!-- -->)?：(<!-- -->)?<time dateTime="\d{4}-\d{2}-\d{2}">\d{4} 年 \d{1,2} 月 \d{1,2} 日<\/time><\/span>/,
    );
    expect(zh).toMatch(/<p lang="zh-Hant"><a class="more-link more-link--back" href="\/news">返回最新消息<\/a><\/p>/);
    const en = htmlOf('/en/news/newsEn1');
    expect(en).toMatch(
      /Published(<!-- -->)?: (<!-- -->)?<time dateTime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/,
    );
    expect(en).not.toContain('lang="zh-Hant"><');
    expect(payloadOf('/news/newsEn1').contentLocale).toBe('en');
  });

  it('writes every date in the one format of its locale (behaviour.md: Dates and numbers)', () => {
    const zh = htmlOf('/procurement');
    const en = htmlOf('/en/procurement');
    expect(zh).toMatch(/<time dateTime="2026-11-02">2026 年 11 月 2 日<\/time>/);
    expect(zh).toMatch(/<time dateTime="2026-12-11T17:00\+08:00">2026 年 12 月 11 日 下午 5:00<\/time>/);
    expect(en).toMatch(/<time dateTime="2026-11-02">November 2, 2026<\/time>/);
    expect(en).toMatch(/<time dateTime="2026-12-11T17:00\+08:00">December 11, 2026 at 5:00\s?PM<\/time>/);
    const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
    for (const url of ROUTES) {
      // The other way of writing a Chinese date, without its spaces (docs/glossary.md).
      expect(htmlOf(url), url).not.toMatch(/\d{4}年\d{1,2}月/);
      expect(htmlOf(enUrl(url)), url).not.toMatch(new RegExp(`\\b\\d{1,2} (${months}) \\d{4}`));
    }
  });

  it('writes the four error pages in their locale, noindex, without alternates', () => {
    const pages = {
      '404.html': ['zh-Hant', '404 - 找不到頁面｜雲翔航勤'],
      'en/404.html': ['en-US', '404 - Page Not Found | CloudWing'],
      '500.html': ['zh-Hant', '500 - 伺服器內部錯誤｜雲翔航勤'],
      'en/500.html': ['en-US', '500 - Internal Server Error | CloudWing'],
    };
    for (const [file, [lang, title]] of Object.entries(pages)) {
      const html = text(file);
      expect(attr(html, /<html lang="([^"]+)"/)).toBe(lang);
      expect(attr(html, /<title>([^<]+)<\/title>/)).toContain(title);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="alternate"');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toMatch(/<script>/);
    }
    expect(text('en/404.html')).toContain('Page not found: <code data-requested-path="">');
    expect(text('en/404.html')).toMatch(/<script src="\/_app\/not-found\.[\w]+\.js" defer><\/script>/);
  });

  it('bundles the stylesheet, and what every page of a locale shares, under _app/ with content hashes', () => {
    const files = [...(result.files?.keys() ?? [])];
    const css = files.find((f) => /^_app\/site\.\w+\.css$/.test(f));
    expect(css).toBeDefined();
    expect(text(css as string)).toContain('--color-primary:#0066cc');
    expect(text(css as string)).toContain('.skip-link');
    expect(text(css as string)).not.toContain('@import');
    expect(htmlOf('/')).toContain(`<link rel="stylesheet" href="/${css}">`);
    // One file per locale: its texts in every namespace, the locales, navigation, contacts and menus.
    for (const locale of ['zhHant', 'en']) {
      const shared = files.filter((f) => new RegExp(`^_app/data/${locale}\\.\\w+\\.json$`).test(f));
      expect(shared).toHaveLength(1);
      const data = JSON.parse(text(shared[0] as string)) as Record<string, Record<string, unknown>>;
      expect(Object.keys(data.messages ?? {}).sort()).toEqual(['common', 'errors', 'footer', 'nav', 'sidenav']);
      expect(Object.keys(data).sort()).toEqual(['contacts', 'locales', 'menus', 'messages', 'nav']);
      expect(Object.keys(data.menus ?? {})).toContain('services');
      // Every page of the locale names it in its data; none preloads it: it loads with the app, once
      // the page is idle.
      const page = htmlOf(locale === 'en' ? '/en/contact' : '/contact');
      expect(page).toContain(`"shared":"/${shared[0]}"`);
      expect(page).not.toContain('rel="preload" as="fetch"');
    }
    expect(result.files?.has('logo.svg')).toBe(true);
  });

  it("keeps the bundled packages' licences beside the code that names them, and writes text outside ASCII as it is", () => {
    const files = [...(result.files?.keys() ?? [])];
    const legal = files.filter((f) => /^_app\/[\w.-]+\.js\.LEGAL\.txt$/.test(f));
    expect(legal.length).toBeGreaterThan(0);
    const licences = legal.map((f) => text(f)).join('\n');
    expect(licences).toContain('@license React');
    expect(licences).toContain('MIT license');
    for (const file of legal) {
      const code = text(file.replace(/\.LEGAL\.txt$/, ''));
      expect(code).toContain(`/*! For license information please see ${path.basename(file)} */`);
      expect(code).not.toContain('@license');
    }
    // The modules' Chinese text, as written (UTF-8), not as escapes.
    const modules = files.filter((f) => /^_app\/[\w.-]+\.js$/.test(f) && !f.includes('root-redirect'));
    const code = modules.map((f) => text(f)).join('\n');
    expect(code).toContain('雲翔航勤');
    expect(code).not.toMatch(/\\u96F2/i);
  });

  it('lists each topic of the news on its own page in both languages, linked from the newsroom’s filter, with alternates and in the sitemap', () => {
    const topics = ['safety', 'equipment', 'stations', 'people', 'company'];
    const sitemap = text('sitemap.xml');
    const articles = payloadOf('/en/news').listed;
    const seen: string[] = [];
    for (const topic of topics) {
      const route = `/news/topics/${topic}`;
      for (const url of [route, enUrl(route)]) {
        const listed = payloadOf(url).listed;
        expect(listed.length, url).toBeGreaterThan(0);
        expect(
          listed.every((link) => link.topic === topic),
          url,
        ).toBe(true);
        // The filter: every topic and the whole newsroom, this one marked, links that need no script.
        const filter = /<nav class="topic-filter"[^>]*>(.*?)<\/nav>/.exec(htmlOf(url))?.[1] ?? '';
        const hrefs = [...filter.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
        const prefix = url.startsWith('/en') ? '/en' : '';
        expect(hrefs).toEqual([`${prefix}/news`, ...topics.map((t) => `${prefix}/news/topics/${t}`)]);
        expect(filter).toContain(`<a href="${url}" aria-current="page">`);
        expect(sitemap).toContain(`<loc>${abs(url)}</loc>`);
      }
      expect(alternatesOf(htmlOf(route))).toEqual([
        ['x-default', abs(route)],
        ['zh', abs(route)],
        ['zh-Hant', abs(route)],
        ['en', abs(enUrl(route))],
        ['en-US', abs(enUrl(route))],
      ]);
      seen.push(...payloadOf(enUrl(route)).listed.map((link) => link.url));
    }
    // Every article is under exactly one topic.
    expect(seen.sort()).toEqual(articles.map((link) => link.url).sort());
    const newsroom = htmlOf('/news');
    expect(newsroom).toContain('<a href="/news" aria-current="page">全部消息</a>');
    // The featured story leads the newsroom only, and is not listed twice there.
    expect(newsroom.match(/<section class="news-featured"/g)).toHaveLength(1);
    expect(newsroom.match(/href="\/news\/news13"/g)).toHaveLength(1);
    expect(htmlOf('/news/topics/equipment')).not.toContain('news-featured');
    // The stories after the featured one stand under the year of each, newest first.
    for (const [url, label] of [
      ['/news', (y: string) => `${y} 年`],
      ['/en/news', (y: string) => y],
    ] as const) {
      const years = [...htmlOf(url).matchAll(/<h2 id="news-year-(\d{4})" class="news-year__title">([^<]+)<\/h2>/g)];
      expect(years.map((m) => m[1])).toEqual(['2026', '2025', '2024']);
      expect(years.map((m) => m[2])).toEqual(['2026', '2025', '2024'].map(label));
    }
    // Each story of the newsroom names its topic as the filter does.
    for (const prefix of ['', '/en']) {
      const html = htmlOf(`${prefix}/news`);
      const labels = [...html.matchAll(/<span class="card__topic">([^<]+)<\/span>/g)].map((m) => m[1]);
      expect(labels).toHaveLength(14);
      const safety = /<a href="[^"]*\/news\/topics\/safety"[^>]*>([^<]+)<\/a>/.exec(html)?.[1];
      expect(labels.filter((label) => label === safety).length).toBe(
        articles.filter((link) => link.topic === 'safety').length,
      );
    }
  });

  it('ends every article with more news: three other articles with their thumbnails, in its language first, the newest of its topic first', () => {
    for (const [prefix, locale] of [
      ['', 'zhHant'],
      ['/en', 'en'],
    ] as const) {
      const all = payloadOf(`${prefix}/news`).listed;
      for (const article of all) {
        const { data, listed } = payloadOf(article.url);
        const others = all.filter((link) => link.url !== article.url);
        const rank = (link: (typeof all)[number]) =>
          (link.contentLocale === locale ? 0 : 2) + (link.topic === data.topic ? 0 : 1);
        const expected = [0, 1, 2, 3]
          .flatMap((r) => others.filter((link) => rank(link) === r))
          .slice(0, 3)
          .sort((a, b) => all.indexOf(a) - all.indexOf(b));
        expect(
          listed.map((link) => link.url),
          article.url,
        ).toEqual(expected.map((link) => link.url));
        const more = /<section class="page-wide more-news".*?<\/section>/s.exec(htmlOf(article.url))?.[0] ?? '';
        expect(more.match(/<img class="card__image" src="[^"]+" alt="[^"]{10,}"/g), article.url).toHaveLength(3);
      }
    }
  });

  it('gives every article a thumbnail with alt text in both languages, shown in the lists, and marks the English-only releases in the Chinese newsroom', () => {
    const articles = ROUTES.filter((r) => r.startsWith('/news/news'));
    expect(articles).toHaveLength(14);
    for (const route of articles) {
      for (const url of EN_ONLY.has(route) ? [enUrl(route)] : [route, enUrl(route)]) {
        const { data } = payloadOf(url);
        expect(typeof data.image === 'string' && existsSync(path.join(REPO_ROOT, 'site/public', data.image)), url).toBe(
          true,
        );
        expect(String(data.imageAlt ?? '').length, url).toBeGreaterThan(20);
        // The article shows it too.
        expect(htmlOf(url)).toContain(`src="${data.image}"`);
      }
    }
    const zh = htmlOf('/news');
    const thumbs = [...zh.matchAll(/<img class="(?:card__image|news-featured__image)" src="([^"]+)" alt="([^"]*)"/g)];
    expect(thumbs).toHaveLength(14);
    for (const [, , alt] of thumbs) expect(alt?.length).toBeGreaterThan(10);
    const badges = [...zh.matchAll(/<li class="card card--thumb" lang="en-US">.*?<\/li>/g)].map((m) => m[0]);
    expect(badges).toHaveLength(2);
    for (const card of badges) {
      expect(card).toMatch(/<p class="card__date" lang="zh-Hant">.*<span class="badge">僅英文<\/span>/);
      // Under its English title, a Chinese line says what the release is about, in place of the
      // English description: one text, where the other cards have theirs.
      const texts = [...card.matchAll(/<p class="card__text"( lang="zh-Hant")?>(.*?)<\/p>/g)];
      expect(texts).toHaveLength(1);
      expect(texts[0]?.[1]).toBeTruthy();
      expect(texts[0]?.[2]?.replace(/<[^>]+>/g, '')).toMatch(/\p{Script=Han}{8}/u);
    }
    expect(htmlOf('/en/news')).not.toContain('class="badge"');
    expect(htmlOf('/en/news')).not.toContain('card__text" lang=');
  });

  it('gives each role a scene of its own, on its card in the open positions and on its page, in both languages', () => {
    for (const prefix of ['', '/en']) {
      const list = htmlOf(`${prefix}/jobs/jobs-positions`);
      const cards = [...list.matchAll(/<li id="position-[^"]+" class="position">.*?<\/li>/g)].map((m) => m[0]);
      expect(cards.length, prefix).toBeGreaterThan(0);
      const images = cards.map((card) => {
        const [, src = '', alt = ''] = /<img class="position__image" src="([^"]+)" alt="([^"]*)"/.exec(card) ?? [];
        const href = /<h3 id="[^"]+"><a href="([^"]+)"/.exec(card)?.[1] ?? '';
        // The card shows the scene of the position's page beside the title that names the role (so
        // the card's copy is decorative); the page describes it.
        const { data } = payloadOf(href);
        expect(src, href).toBe(data.image);
        expect(alt, href).toBe('');
        expect(String(data.imageAlt ?? '').length, href).toBeGreaterThan(20);
        expect(htmlOf(href)).toContain(`alt="${String(data.imageAlt)}"`);
        return src;
      });
      expect(new Set(images).size, prefix).toBe(cards.length);
      // No role borrows a service's scene.
      for (const service of ['service-layout', 'service-ramp', 'service-passenger', 'service-operation'])
        expect(images, service).not.toContain(payloadOf(`${prefix}/services/${service}`).data.image);
    }
  });

  it('opens the home page with one claim and two actions, the licence and certificates, a way in for each audience, six figures with the safety record, six illustrated services, a case study and the three newest stories', () => {
    for (const [home, prefix] of [
      ['/', ''],
      ['/en', '/en'],
    ] as const) {
      const html = htmlOf(home);
      const hrefs = (pattern: RegExp) =>
        [...(pattern.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(html.match(/<h1 /g)).toHaveLength(1);
      // Phones get the scene drawn for their width; wider screens the wide scene, described.
      expect(html).toMatch(
        /<div class="hero__art"><picture><source media="\(max-width: 37.49rem\)" srcSet="\/images\/hero-apron-phone.svg"[^>]*\/><img src="\/images\/hero-apron.svg" alt="[^"]{40,}"/,
      );
      expect(hrefs(/<p class="hero__actions">(.*?)<\/p>/)).toEqual([
        `${prefix}/proposal`,
        `${prefix}/jobs/jobs-positions`,
      ]);
      // Under the hero, the licence and the three standards as text, and the way to their numbers.
      const trust = /<section class="trust"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      for (const code of ['CAA-GH-0098', 'ISAGO', 'ISO 9001', 'ISO 14001', 'ISO 45001']) expect(trust).toContain(code);
      expect(trust).not.toContain('<img');
      expect(trust).toContain(`href="${prefix}/strengths/strengths-certification"`);
      expect(hrefs(/<ul class="audiences__list">(.*?)<\/ul>/)).toEqual([
        `${prefix}/services/service-layout`,
        `${prefix}/jobs/jobs-positions`,
        `${prefix}/procurement`,
        `${prefix}/about/about-investors`,
        `${prefix}/news`,
      ]);
      expect(html.match(/<li class="figure-card">/g)).toHaveLength(6);
      expect(html).toMatch(/<span class="figure-card__value">0\.21<\/span>/);
      const tiles = [...html.matchAll(/<li class="service-tile">(.*?)<\/li>/g)].map((m) => m[1] ?? '');
      expect(tiles).toHaveLength(6);
      // Each tile its own picture, none of them a service page's scene.
      const pictures = tiles.map((tile) => /<img class="service-tile__image" src="([^"]+)" alt=""/.exec(tile)?.[1]);
      expect(pictures.every((src) => /^\/images\/tile-[a-z-]+\.svg$/.test(src ?? ''))).toBe(true);
      expect(new Set(pictures).size).toBe(6);
      expect(html).toMatch(/<section class="home-section home-case"/);
      const news = /<ul class="cards cards--home-news[^"]*">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
      expect(news.match(/<img class="card__image"/g)).toHaveLength(3);
    }
  });

  it('names airlines of the customers page on the home page and the services overview, and tells on each service page the case study that fits it', () => {
    const plain = (html: string) => decode(html.replace(/<[^>]+>/g, ''));
    for (const prefix of ['', '/en']) {
      const customers = plain(htmlOf(`${prefix}/customers`));
      for (const url of [prefix || '/', `${prefix}/services/service-layout`]) {
        const strip =
          /<section class="home-section customer-strip page-wide"[\s\S]*?<\/section>/.exec(htmlOf(url))?.[0] ?? '';
        const names = [...strip.matchAll(/<span class="trust__code">(.*?)<\/span><span/g)].map((m) =>
          plain(m[1] ?? ''),
        );
        expect(names.length, url).toBeGreaterThanOrEqual(4);
        // Each one an airline the customers page lists: the strip names no other.
        for (const name of names) expect(customers, `${url}: ${name}`).toContain(name);
        expect(strip, url).toContain(`href="${prefix}/customers"`);
      }
      const casesOf = (url: string) =>
        [...htmlOf(url).matchAll(/class="case-studies__item" aria-labelledby="case-(\w+)"/g)].map((m) => m[1]);
      // The freighter story on the cargo pages; a passenger airline's on the ramp and passenger ones.
      for (const service of ['service-cargo', 'service-cargo-loading'])
        expect(casesOf(`${prefix}/services/${service}`), service).toEqual(['freighters']);
      for (const service of ['service-ramp', 'service-passenger']) {
        const told = casesOf(`${prefix}/services/${service}`);
        expect(told.length, service).toBeGreaterThan(0);
        expect(told, service).not.toContain('freighters');
      }
      expect(casesOf(`${prefix}/customers`).sort()).toEqual(['freighters', 'jadeCoast', 'terminal3']);
    }
    // Each airline its own emblem, not one fin recoloured; the same airline, at the same place in
    // the list, has the same fin in both languages and on both pages.
    const finsOf = (url: string) => {
      const strip = /<section class="home-section customer-strip[\s\S]*?<\/section>/.exec(htmlOf(url))?.[0] ?? '';
      return [...strip.matchAll(/<svg class="customer-strip__fin[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    };
    const fins = finsOf('/');
    expect(fins.length).toBeGreaterThanOrEqual(4);
    expect(fins.join('')).not.toContain('customer-strip__fin--plain');
    // The drawing inside each fin, not only its class or colour, differs from the others'.
    expect(new Set(fins.map((fin) => fin.replace(/^<svg[^>]*>/, ''))).size).toBe(fins.length);
    for (const url of ['/en', '/services/service-layout', '/en/services/service-layout'])
      expect(finsOf(url), url).toEqual(fins);
  });

  it('renders section pages with their side navigation (a menu under the heading below desktops) and overviews with a card per page', () => {
    const ramp = htmlOf('/en/services/service-ramp');
    expect(ramp).toMatch(/<nav class="side-nav" aria-label="Services section">/);
    expect(ramp).toContain('<a href="/en/services/service-ramp" aria-current="page">Ramp handling</a>');
    // Below desktops the same pages fold under the heading, in a disclosure that needs no script.
    const heading = /<header class="page-heading[^"]*">([\s\S]*?)<\/header>/.exec(ramp)?.[1] ?? '';
    // The title band holds the page's illustration, first to load.
    expect(heading).toMatch(/<figure class="page-figure"><img src="[^"]+service-ramp[^"]*"[^>]* loading="eager"/);
    // So do the newsroom's and the proposal form's, as every page's, on phones as well.
    for (const url of ['/en/news', '/proposal'])
      expect(htmlOf(url)).toMatch(/<figure class="page-figure"><img [^>]* loading="eager"/);
    expect(heading).toMatch(
      /<nav class="section-menu" aria-labelledby="section-menu-title"><details><summary><span id="section-menu-title" class="section-menu__section">Services<\/span>/,
    );
    expect(heading).toContain('<a href="/en/services/service-ramp" aria-current="page">Ramp handling</a>');
    // The aside is the page's one contact box: no contact block repeats it at the end.
    expect(ramp).toMatch(/<div class="page-body page-body--aside"><div class="page-aside">/);
    expect(ramp).not.toContain('class="contact-block"');
    // The services overview opens with its scene, like every service page.
    expect(htmlOf('/en/services/service-layout')).toMatch(
      /<figure class="[^"]*"><img[^>]* src="\/images\/turnaround-plan\.svg"/,
    );
    // The header's proposal request, to its form; the careers page's action under its lead.
    expect(ramp).toMatch(/<a class="button header-action" href="\/en\/proposal">Get a quote<\/a>/);
    // The careers page at the top is its section's first page, in its side navigation by its title;
    // the header's careers menu leaves it out, as the entry's own link goes there.
    const careers = htmlOf('/en/jobs');
    expect(careers).toMatch(
      /<nav class="side-nav" aria-label="[^"]+"><p class="side-nav__heading">Careers<\/p><ul><li><a href="\/en\/jobs" aria-current="page">/,
    );
    expect(careers).toContain('<a href="/en/jobs/jobs-benefits">Benefits</a>');
    const menu = /<ul class="submenu" id="menu-jobs">([\s\S]*?)<\/ul>/.exec(careers)?.[1] ?? '';
    expect(menu).toContain('href="/en/jobs/jobs-benefits"');
    expect(menu).not.toContain('href="/en/jobs"');
    expect(htmlOf('/en/jobs')).toMatch(
      /<p class="page-heading__action"><a class="button" href="\/en\/jobs\/jobs-positions">See open positions<\/a><\/p>/,
    );
    const overview = payloadOf('/services/service-layout');
    // A card per service: the service philosophy, a page of values (`inOverview: false`), is not
    // among them, and stays in the section's navigation.
    expect(overview.listed.map((l) => l.url)).toHaveLength(9);
    expect(overview.sectionPages.map((l) => l.url)).toContain('/services/service-spirit');
    expect(overview.listed.map((l) => l.url)).not.toContain('/services/service-layout');
    expect(overview.listed.map((l) => l.url)).not.toContain('/services/service-spirit');
    const news = payloadOf('/en/news');
    expect(news.listed).toHaveLength(14);
    const dates = news.listed.map((l) => l.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

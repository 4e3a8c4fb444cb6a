import { describe, expect, it } from 'vitest';
import { toHtmlText, toScriptJson } from '../../generator/escape.ts';
import { renderMarkdown, toSlug } from '../../generator/render/markdown.ts';
import { toRouteName } from '../../generator/resolve/routes.ts';
import { toShownDates } from '../../generator/render/page.ts';
import type { ContentFile, LinkIndex } from '../../generator/types.ts';
import { makeContentFile } from '../helpers/content-file.ts';

const links: LinkIndex = {
  pages: new Map([
    ['/contact', { path: '/contact', locale: 'zhHant' }],
    ['/en/contact', { path: '/contact', locale: 'en' }],
    ['/en', { path: '/', locale: 'en' }],
    ['/', { path: '/', locale: 'zhHant' }],
  ]),
  urls: new Map([
    ['/contact', { zhHant: '/contact', en: '/en/contact' }],
    ['/', { zhHant: '/', en: '/en' }],
    ['/news/newsEn1', { zhHant: '/news/newsEn1', en: '/en/news/newsEn1' }],
  ]),
  publicFiles: new Set(['/logo.svg']),
};

const file = (body: string, locale = 'en'): ContentFile =>
  makeContentFile(body, {
    file: `site/content/news/newsEn1.${locale}.md`,
    path: '/news/newsEn1',
    locale,
    bodyLine: 7,
    data: { locales: ['en'] },
  });

describe('markdown', () => {
  it('marks the places between Chinese words in a table cell and a heading, and leaves other cells as they are', () => {
    const table = ['| 裝備類型 | Role |', '|---|---|', '| 無障礙升降車 | CW-AL12 lift |'];
    const { html } = renderMarkdown(file(table.join('\n'), 'zhHant'), 'zhHant', links);
    expect(html).toContain('<th class="ph">裝備<wbr>類型</th>');
    expect(html).toContain('<td class="ph">無<wbr>障礙<wbr>升降車</td>');
    expect(html).toContain('<th>Role</th>');
    expect(html).toContain('<span class="nowrap">CW-AL12</span> lift</td>');
    // A short bracketed note keeps together: the validity of a certificate.
    const validity = ['| 證書 | 有效期限 |', '|---|---|', '| 許可證 | 至 2029 年（2024 年換發） |'];
    const cells = renderMarkdown(file(validity.join('\n'), 'zhHant'), 'zhHant', links).html;
    expect(cells).toMatch(/（2024[^<]*年換發）<\/td>/u);
    const heading = renderMarkdown(file('## 從機坪到客艙的每一次過站', 'zhHant'), 'zhHant', links).html;
    expect(heading).toContain('class="ph">從機坪到<wbr>客艙的<wbr>每一次<wbr>過站</h2>');
  });

  it("lets a Chinese paragraph and a cell of sentences break anywhere, the paragraph's last two characters on one line, with the rest of their word", () => {
    const body = [
      '航機引導、推機與拖機及溫控醫藥品。',
      '',
      '| 項目 | 說明 |',
      '|---|---|',
      '| 電池 | 一次充電，支援一整個班次。 |',
    ];
    const { html } = renderMarkdown(file(body.join('\n'), 'zhHant'), 'zhHant', links);
    expect(html).toContain('<p>航機引導、推機與拖機及溫控<span class="nowrap">醫藥品。</span></p>');
    expect(html).toContain('<td>一次充電，支援一整個班次。</td>');
  });

  it('makes an image alone in its paragraph a figure with its title as the caption, loaded lazily below the illustration of the page', () => {
    const body = [
      '![The logo](/logo.svg "Our logo, drawn in 2014.")',
      '',
      'Text with ![a small logo](/logo.svg "A title") inside it.',
      '',
      '- ![In a list](/logo.svg "Not a figure")',
    ];
    const plain = renderMarkdown(file(body.join('\n')), 'en', links).html;
    expect(plain).toContain(
      '<figure><img src="/logo.svg" alt="The logo"><figcaption>Our logo, drawn in 2014.</figcaption></figure>',
    );
    expect(plain).toContain(
      '<p>Text with <img src="/logo.svg" alt="a small logo" title="A title" loading="lazy" decoding="async"> inside it.</p>',
    );
    expect(plain).toContain(
      '<li><img src="/logo.svg" alt="In a list" title="Not a figure" loading="lazy" decoding="async"></li>',
    );
    // A page that names its own illustration shows that one first: the body's images wait, a
    // photo's as well.
    const photo = { key: 'k', width: 800, height: 600, avif: 'a.avif 800w', webp: 'a.webp 800w', sizes: '100vw' };
    const images = new Map([
      ['/a.jpg', { ...photo, fallback: { type: 'image/jpeg', src: '/a.jpg', srcset: '/a.jpg 800w' } }],
    ]);
    const withPhoto = { ...links, publicFiles: new Set(['/logo.svg', '/a.jpg']), images };
    const photoBody = '![Apron](/a.jpg "At dusk.")';
    const first = renderMarkdown(file(photoBody), 'en', withPhoto).html.trim();
    expect(first).toMatch(
      /^<figure><picture>.* alt="Apron" fetchpriority="high"><\/picture><figcaption>At dusk\.<\/figcaption><\/figure>$/,
    );
    for (const shown of [body[0] ?? '', photoBody]) {
      const illustrated = makeContentFile(shown, { data: { extra: { image: '/logo.svg' } } });
      const html = renderMarkdown(illustrated, 'en', withPhoto).html;
      expect(html).toMatch(/ loading="lazy" decoding="async">(?:<\/picture>)?<figcaption>/);
      expect(html).not.toContain('fetchpriority');
    }
  });

  it("gives each body cell but a row's first its column's header text as data-label, without the header's Markdown", () => {
    const table = [
      '| **截止日期** | `Code` | Note |',
      '|---|---|---|',
      '| 12 月 11 日 | CW-UD20 | a < b |',
      '| x | | |',
    ];
    const { html } = renderMarkdown(file(table.join('\n')), 'en', links);
    // The first cell is the row's title on a phone.
    // A Chinese cell keeps its words whole, and each number its unit (a no-break space).
    expect(html).toContain('<td class="ph">12\u00a0月 11\u00a0日</td>');
    expect(html).toContain('<td data-label="Code"><span class="nowrap">CW-UD20</span></td>');
    expect(html).toContain('<td data-label="Note">a &lt; b</td>');
    expect(html).toContain('<th>Note</th>');
    expect(html.match(/data-label=/g)).toHaveLength(4);
    // A key and its value: no labels at all.
    const pairs = renderMarkdown(file('| Item | Details |\n|---|---|\n| Founded | 1998 |'), 'en', links).html;
    expect(pairs).toContain('<td>Founded</td>\n<td>1998</td>');
  });

  it('keeps product codes and standards on one line, and escapes the text around them', () => {
    const { html } = renderMarkdown(file('The CW-ET60 & CW-AL12 meet ISO 9001; CW-x and A-B are words.'), 'en', links);
    expect(html).toBe(
      '<p>The <span class="nowrap">CW-ET60</span> &amp; <span class="nowrap">CW-AL12</span> meet ' +
        '<span class="nowrap">ISO 9001</span>; <span class="nowrap">CW-x</span> and ' +
        '<span class="nowrap">A-B</span> are words.</p>\n',
    );
  });

  it('keeps an English word joined by hyphens on one line in the prose, and nothing else', () => {
    const { html } = renderMarkdown(
      file('Our pre-conditioned air units run **in-house**, 24-7 and at 3-4 stands: well-known.'),
      'en',
      links,
    );
    expect(html).toBe(
      '<p>Our <span class="nowrap">pre-conditioned</span> air units run <strong>' +
        '<span class="nowrap">in-house</span></strong>, 24-7 and at 3-4 stands: ' +
        '<span class="nowrap">well-known</span>.</p>\n',
    );
  });

  it("keeps valid internal links and points another locale's links at the page's own locale", () => {
    const own = renderMarkdown(file('[Contact us](/en/contact#map).'), 'en', links);
    expect(own.problems).toEqual([]);
    expect(own.html).toContain('<a href="/en/contact#map">Contact us</a>');
    const shown = renderMarkdown(file('[Contact us](/en/contact#map).'), 'zhHant', links);
    expect(shown.html).toContain('<a href="/contact#map">Contact us</a>');
  });

  it('reads a relative link from the page it is written on, page after page of one build', () => {
    const home = makeContentFile('[Contact us](contact)', {
      file: 'site/content/index.en.md',
      path: '/',
      locale: 'en',
      bodyLine: 5,
      data: { locales: ['en'] },
    });
    // From /en the link names /en/contact; from /en/news/newsEn1, a page that does not exist.
    expect(renderMarkdown(home, 'en', links)).toEqual({
      html: '<p><a href="/en/contact">Contact us</a></p>\n',
      problems: [],
    });
    const article = renderMarkdown(file('[Contact us](contact)'), 'en', links);
    expect(article.problems.map((p) => p.code)).toEqual(['LINK_UNKNOWN_ROUTE']);
    expect(renderMarkdown(home, 'en', links).problems).toEqual([]);
  });

  it('accepts public files, external links, mail and fragments', () => {
    const { problems } = renderMarkdown(
      file('[a](/logo.svg) [b](https://example.org/x) [c](mailto:ir@cloudwing.example) [d](#top)'),
      'en',
      links,
    );
    expect(problems).toEqual([]);
  });

  it('shows images of site/public only, each at its line and column when it is not one', () => {
    const good = renderMarkdown(
      file('![Logo](/logo.svg) ![Dot](data:image/png;base64,iVBORw0KGgo=) ![Up](../../../logo.svg)'),
      'en',
      links,
    );
    expect(good.problems).toEqual([]);
    // A relative path is written out as the path it was found at.
    expect([...good.html.matchAll(/ src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/logo.svg',
      'data:image/png;base64,iVBORw0KGgo=',
      '/logo.svg',
    ]);
    const bad = renderMarkdown(
      file('![Chart](/images/chart.png)\n\n![Page](/en/contact) ![Hotlinked](https://example.org/chart.png)'),
      'en',
      links,
    );
    expect(bad.problems.map((p) => [p.code, p.loc?.line, p.loc?.column])).toEqual([
      ['IMAGE_UNKNOWN_FILE', 7, 10],
      ['IMAGE_UNKNOWN_FILE', 9, 9],
      ['IMAGE_NOT_LOCAL', 9, 35],
    ]);
    expect(bad.problems[2]?.message).toContain('shows images of this site only');
  });

  it('reports an unknown route at its line and column', () => {
    const { problems } = renderMarkdown(file('First.\n\nSecond line with [bad](/en/nowhere).'), 'en', links);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'LINK_UNKNOWN_ROUTE',
        loc: { file: 'site/content/news/newsEn1.en.md', line: 9, column: 24 },
      }),
    ]);
  });

  it('escapes raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown(file('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>'), 'en', links);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('gives headings unique ids', () => {
    const { html } = renderMarkdown(file('## What we do\n\n## What we do\n\n## 服務內容'), 'en', links);
    expect(html).toContain('<h2 id="what-we-do">');
    expect(html).toContain('<h2 id="what-we-do-2">');
    expect(html).toContain('<h2 id="服務內容" class="ph">');
    // An id a heading would take twice, or that the page around the prose has, gets a free suffix.
    const taken = renderMarkdown(
      file('## Overview\n\n## Overview\n\n## Overview 2\n\n## Main\n\n## Page title'),
      'en',
      links,
    );
    expect([...taken.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'overview',
      'overview-2',
      'overview-2-2',
      'main-2',
      'page-title-2',
    ]);
    expect(toSlug('Ramp & Cargo: 24/7')).toBe('ramp-cargo-247');
  });

  it('links e-mail addresses, breakable after their @, and telephone numbers, never a fax number, a link or code (behaviour.md: Contact details)', () => {
    const contacts = [{ key: 'service', email: 'a@b.example', phone: '+886-3-555-0100', fax: '+886-3-555-0199' }];
    const body =
      '## Reach us at ir@b.example\n\nWrite to a@b.example, call **+886-3-555-0100**; fax +886-3-555-0199.\n\n' +
      '[the desk](mailto:a@b.example) [a@b.example](/en/contact) `x@y.example`';
    const { html, problems } = renderMarkdown(file(body), 'en', { ...links, contacts });
    expect(problems).toEqual([]);
    expect(html).toContain(
      '<h2 id="reach-us-at-irbexample">Reach us at <a href="mailto:ir@b.example">ir<wbr>@b.example</a></h2>',
    );
    expect(html).toContain('Write to <a href="mailto:a@b.example">a<wbr>@b.example</a>, call ');
    expect(html).toContain('<strong><a href="tel:+88635550100">+886-3-555-0100</a></strong>');
    expect(html).toContain('fax +886-3-555-0199.');
    expect(html).not.toContain('tel:+88635550199');
    expect(html).toContain('<a href="mailto:a@b.example">the desk</a> <a href="/en/contact">a@b.example</a>');
    expect(html).toContain('<code>x@y.example</code>');
  });
});

describe('escaping', () => {
  it('no text can close a JSON script element', () => {
    const json = toScriptJson({ title: '</script><script>alert(1)</script>', sep: '\u2028' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>', sep: '\u2028' });
    expect(toHtmlText('"a" <b> & \'c\'')).toBe('&quot;a&quot; &lt;b&gt; &amp; &#39;c&#39;');
  });
});

describe('route names', () => {
  it('joins the path segments with dashes; the home page is index', () => {
    expect(toRouteName('/')).toBe('index');
    expect(toRouteName('/about/about-group')).toBe('about-about-group');
    expect(toRouteName('/strengths/homemade-equipment/eq1')).toBe('strengths-homemade-equipment-eq1');
  });
});

describe('the dates a page shows', () => {
  it('are read from its time elements by datetime, without a zone offset, as their text reads', () => {
    const html =
      '<p><time dateTime="2024-05-28">May 28, 2024</time> and <time datetime="2026-12-11T17:00+08:00">2026年12月11日 下午5:00</time>' +
      ' <time dateTime="2025-01-02">Jan &amp; &quot;2&quot;</time></p><time>no datetime</time>';
    expect(toShownDates(html)).toEqual({
      '2024-05-28': 'May 28, 2024',
      '2026-12-11T17:00': '2026年12月11日 下午5:00',
      '2025-01-02': 'Jan & "2"',
    });
  });
});

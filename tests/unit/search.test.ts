import { describe, expect, it } from 'vitest';
import { toIndexLanguage, toSearchHtml } from '../../generator/search/entries.ts';
import { byKeywords, toExcerpt } from '../../runtime/search-results.ts';

// The search's own pieces (behaviour.md: Search): the language an index is made in, the document
// Pagefind reads, the excerpt as text, and the keywords' order.

describe('search pieces', () => {
  it('indexes Traditional Chinese as zh-TW and other languages by their primary subtag', () => {
    expect(toIndexLanguage('zh-Hant')).toBe('zh-TW');
    expect(toIndexLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(toIndexLanguage('zh-TW')).toBe('zh-TW');
    expect(toIndexLanguage('zh-Hans')).toBe('zh-CN');
    expect(toIndexLanguage('zh')).toBe('zh');
    expect(toIndexLanguage('en-US')).toBe('en');
    expect(toIndexLanguage('ja')).toBe('ja');
  });

  it('gives Pagefind the main element, the title and section as metadata, and only the keywords the page never says', () => {
    const html = toSearchHtml(
      {
        url: '/x',
        title: 'Fuel & "Oil"',
        section: 'Services',
        main: '<main><h1>Fuel</h1><p>Into-plane fuelling.</p></main>',
        keywords: ['fuel', 'jet-a1', '"><script>'],
      },
      'en',
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta data-pagefind-meta="title[content]" content="Fuel &amp; &quot;Oil&quot;">');
    expect(html).toContain('<meta data-pagefind-meta="section[content]" content="Services">');
    expect(html).toContain(
      '<main><h1>Fuel</h1><p>Into-plane fuelling.</p></main><p>jet-a1, &quot;&gt;&lt;script&gt;</p>',
    );
    expect(html).not.toContain('<script>');
  });

  it('turns an excerpt into text parts, marks kept apart and nothing read as markup', () => {
    expect(toExcerpt('Our <mark>ramp</mark> teams &amp; their &lt;script&gt; &#39;tools&#x27;')).toEqual([
      { text: '…', mark: false },
      { text: 'Our ', mark: false },
      { text: 'ramp', mark: true },
      { text: " teams & their <script> 'tools'", mark: false },
      { text: '…', mark: false },
    ]);
    // A page's text that holds markup stays text, escaped or not.
    expect(toExcerpt('<script>alert(1)</script> <mark>a</mark><img src=x>.')).toEqual([
      { text: '…', mark: false },
      { text: '<script>alert(1)</script> ', mark: false },
      { text: 'a', mark: true },
      { text: '<img src=x>.', mark: false },
    ]);
    expect(toExcerpt('&bogus; &#0; &#xZZ;')).toEqual([
      { text: '…', mark: false },
      { text: '&bogus; &#0; &#xZZ;', mark: false },
      { text: '…', mark: false },
    ]);
  });

  it('tidies Chinese excerpts: no word breaks, no spaces between blocks, a full-width stop, no leading mark', () => {
    const text = (html: string, title?: string) =>
      toExcerpt(html, title)
        .map((p) => (p.mark ? `[${p.text}]` : p.text))
        .join('');
    expect(text('航空\u200b<mark>貨運</mark>\u200b服務\u200b. \u200b雲翔航勤提供服務。', '航空貨運服務')).toBe(
      '航空[貨運]服務。雲翔航勤提供服務。',
    );
    expect(text('、\u200b電動\u200b空調\u200b機. CW-ET60 電動<mark>行李</mark>拖車')).toBe(
      '…電動空調機。CW-ET60 電動[行李]拖車…',
    );
    expect(text('噪音的方案。 目前公開徵求項目. 公告：電動<mark>行李</mark>')).toBe(
      '…噪音的方案。目前公開徵求項目。公告：電動[行李]…',
    );
    // English keeps its spaces and stops; a sentence's end needs no ellipsis.
    expect(text('and <mark>baggage</mark> acceptance. Boarding gate operations.')).toBe(
      '…and [baggage] acceptance. Boarding gate operations.',
    );
  });

  it('puts the pages whose keywords hold a word of the query first, each group in its order', () => {
    const pages = [
      { id: 'tractor', meta: {} },
      { id: 'passenger', meta: { keywords: 'check-in, Baggage, lost baggage' } },
      { id: 'procurement', meta: { keywords: 'tenders' } },
      { id: 'ramp', meta: { keywords: 'baggage loading' } },
    ];
    expect(byKeywords(pages, 'baggage').map((p) => p.id)).toEqual(['passenger', 'ramp', 'tractor', 'procurement']);
    expect(byKeywords(pages, 'cargo').map((p) => p.id)).toEqual(['tractor', 'passenger', 'procurement', 'ramp']);
  });
});

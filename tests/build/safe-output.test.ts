import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { findActive } from '../../generator/resolve/active-content.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

afterAll(removeSites);

const real = (file: string) => readFileSync(path.join(import.meta.dirname, '../../', file), 'utf8');

describe('safe output', () => {
  it('content cannot close the data script or inject markup, in titles, texts or raw HTML', async () => {
    const file = 'site/content/news/news1.en.md';
    const text = real(file)
      .replace(/^title: .*$/m, 'title: "Closing </script><script>alert(1)</script> tags"')
      .replace(
        /^description: .*$/m,
        'description: "A description with <img src=x onerror=alert(2)> and a quote \\" inside, long enough to be a real one."',
      )
      .concat(
        '\n\nRaw HTML is shown as text: <script>alert(3)</script> <iframe src="https://example.org"></iframe> <b onclick="alert(4)">bold</b>\n',
      );
    const result = await buildSite({ root: makeSite({ [file]: text }), write: false });
    const html = result.files?.get('en/news/news1/index.html') as string;
    // One data element, which closes where the page closes it.
    const data = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(() => JSON.parse(data)).not.toThrow();
    expect(JSON.parse(data).title).toBe('Closing </script><script>alert(1)</script> tags');
    expect(data).not.toMatch(/<\/script|<script|<img|<iframe/i);
    // No script element but the page's own, external ones; no injected element or handler.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(
      scripts.every(
        (s) =>
          s.includes('src="/_app/') ||
          s.includes('type="application/json"') ||
          s.includes('type="application/ld+json"'),
      ),
    ).toBe(true);
    // The structured data is data too: the headline is in it, and cannot close its element.
    const structured = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] as string,
    );
    const nodes = structured.flatMap((block) => JSON.parse(block)['@graph'] as Record<string, unknown>[]);
    expect(nodes.map((node) => node['@type'])).toContain('NewsArticle');
    expect(structured.find((block) => block.includes('NewsArticle'))).not.toMatch(/<\/script|<script|<img/i);
    expect(nodes.find((node) => node['@type'] === 'NewsArticle')?.headline).toBe(
      'Closing </script><script>alert(1)</script> tags',
    );
    // No element and no event-handler attribute came from the content (quoted values are skipped).
    expect(html).not.toMatch(/<iframe|<img src="?x/i);
    expect(html).not.toMatch(/<[a-z][\w-]*(?:\s+[\w-]+(?:="[^"]*")?)*\s+on[a-z]+=/i);
    expect(html).toContain('&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(html).toContain('<title>Closing &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; tags | CloudWing');
    const payload = result.files?.get('en/news/news1/_payload.json') as string;
    expect(JSON.parse(payload).html).toContain('&lt;iframe');
  });
});

describe('script in a public SVG or HTML file is found, however it is written', () => {
  /** A character as markup may write it: itself (in either case), or a decimal or hexadecimal reference. */
  const spelled = (c: string) =>
    fc.constantFrom(
      c,
      c.toUpperCase(),
      `&#${c.charCodeAt(0)};`,
      `&#00${c.charCodeAt(0)}`,
      `&#x${c.charCodeAt(0).toString(16)};`,
      `&#X${c.charCodeAt(0).toString(16).toUpperCase()};`,
    );
  /** What a URL parser drops between the letters of a scheme. */
  const blank = fc.constantFrom('', '', '\t', '\n', '&#9;', '&#x0A;', '&Tab;', '&NewLine;', '&#13');
  const javascriptUrl = fc
    .tuple(...[...'javascript:'].map((c) => fc.tuple(spelled(c), blank)))
    .map((parts) => parts.map(([c, b]) => c + b).join(''));
  const attribute = fc.constantFrom('href', 'xlink:href', 'src', 'action', 'formaction', 'to', 'values');
  const active = fc.oneof(
    fc
      .tuple(fc.constantFrom('script', 'SCRIPT', 'svg:script', 'html:script'), fc.constantFrom(' ', '>', '/', '\n'))
      .map(([name, after]) => `<${name}${after}alert(1)</${name}>`),
    fc
      .tuple(
        fc.constantFrom(' ', '\n', '\t', '/', '"'),
        fc.constantFrom('onload', 'ONCLICK', 'onBegin', 'onerror'),
        fc.constantFrom('=', ' = ', '\n='),
      )
      .map(([before, name, eq]) => `<rect${before}${name}${eq}"alert(1)"/>`),
    fc.tuple(attribute, javascriptUrl).map(([name, url]) => `<a ${name}="${url}alert(1)">x</a>`),
    fc.constantFrom(
      '<set attributeName="onmouseover" to="alert(1)"/>',
      '<foreignObject><iframe src="/x.html"></iframe></foreignObject>',
      '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    ),
  );
  const benign = fc.constantFrom(
    '<rect width="10" height="10" fill="#0a6"/>',
    '<path d="M0 0L10 10" stroke-width="2" opacity=".5"/>',
    '<text x="1">Turn on = off, see javascript (the language).</text>',
    '<a href="/en/contact"><circle r="3"/></a>',
    '<!-- a comment -->',
    '<style>.a{fill:red}</style>',
  );

  it('at its line, among any other markup', () => {
    fc.assert(
      fc.property(
        fc.array(benign, { maxLength: 6 }),
        active,
        fc.array(benign, { maxLength: 6 }),
        (before, part, after) => {
          const text = ['<svg xmlns="http://www.w3.org/2000/svg">', ...before, part, ...after, '</svg>'].join('\n');
          expect(findActive(text)?.at.line).toBe(before.length + 2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('and pictures without script pass', () => {
    fc.assert(
      fc.property(fc.array(benign, { maxLength: 12 }), (parts) => {
        expect(findActive(['<svg xmlns="http://www.w3.org/2000/svg">', ...parts, '</svg>'].join('\n'))).toBeNull();
      }),
    );
  });

  it('in time linear in the file: megabytes of shapes that almost match', () => {
    const mb = 1 << 20;
    for (const shape of [
      'j&#0000000',
      ' on' + 'a'.repeat(1000),
      '<!ENTITY ',
      '<?xml-stylesheet ',
      'attributeName=' + ' '.repeat(1000),
      '<a',
      'java\t\t\t\t',
      '<foreignObject <x:',
    ]) {
      const text = shape.repeat(Math.ceil(mb / shape.length));
      expect(findActive(`<svg>${text}</svg>`), shape).toBeNull();
    }
  });
});

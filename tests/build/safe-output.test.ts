import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
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
    expect(structured.map((block) => JSON.parse(block)['@type'])).toContain('NewsArticle');
    expect(structured.find((block) => block.includes('NewsArticle'))).not.toMatch(/<\/script|<script|<img/i);
    expect(JSON.parse(structured.find((block) => block.includes('NewsArticle')) ?? '{}').headline).toBe(
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

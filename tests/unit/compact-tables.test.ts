import { describe, expect, it } from 'vitest';
import { renderMarkdown, toLinkIndex } from '../../generator/render/markdown.ts';
import { makeContentFile } from '../helpers/content-file.ts';

// A table of four columns or more is written a second time in compact rows, for phones
// (behaviour.md: Presentation); a narrower one is written once.

const render = (body: string) => renderMarkdown(makeContentFile(body), 'en', toLinkIndex([], [])).html;

describe('compact tables', () => {
  it('writes a four-column table as it is, then a band for each row: its name, then each cell beside its header', () => {
    const html = render(
      [
        '| Certificate | Issued by | Number | Validity |',
        '|---|---|---|---|',
        '| **Quality** | Formosa | QMS-1 | 2027 |',
      ].join('\n'),
    );
    expect(html).toContain('<table class="table-wide">');
    const compact = /<table class="table-compact" data-pagefind-ignore="all">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(compact).toContain('<th colspan="2" scope="colgroup"><strong>Quality</strong></th>');
    expect(compact).toContain('<th scope="row">Issued by</th>\n<td>Formosa</td>');
    expect(compact).toContain('<th scope="row">Validity</th>\n<td>2027</td>');
    expect(compact.match(/<tbody>/g)).toHaveLength(1);
  });

  it('writes a table of three columns once', () => {
    const html = render(['| a | b | c |', '|---|---|---|', '| 1 | 2 | 3 |'].join('\n'));
    expect(html).not.toContain('table-compact');
    expect(html).toContain('<table>');
  });
});

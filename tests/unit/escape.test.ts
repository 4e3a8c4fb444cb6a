import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHtmlText, toScriptJson, unescapeHtml } from '../../generator/escape.ts';

// behaviour.md: Safety. The escapes written into every page read back as the text, whatever it
// is, in a time in step with its length.
const MB = 1024 * 1024;

describe('escaping text for a page', () => {
  it('reads back as the text written, and leaves no character that would close an element', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .array(fc.constantFrom('&', '<', '>', '"', "'", 'amp;', 'lt;', '#39;', '\u2028', 'a'), { maxLength: 20 })
        .map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        const html = toHtmlText(t);
        expect(html).not.toMatch(/[<>"']/);
        expect(unescapeHtml(html)).toBe(t);
        const json = toScriptJson({ t });
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual({ t });
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['`<`', '<'],
    ['`&amp;`', '&amp;'],
    ['a line separator', '\u2028'],
    ['`&`', '&'],
  ])('of 1 MB of %s takes a time in step with its length', (_, piece) => {
    const text = piece.repeat(MB / piece.length);
    expect(unescapeHtml(toHtmlText(text))).toBe(text);
    expect(JSON.parse(toScriptJson(text))).toBe(text);
  });
});

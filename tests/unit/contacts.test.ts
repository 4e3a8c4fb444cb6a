import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as tool from '../../runtime/contacts.ts';
import * as templates from '../../site/templates/components/contact-text.ts';

// behaviour.md: Contact details. The Markdown renderer (runtime/contacts.ts) and the templates
// (their own copy, as a project's site/ imports nothing of the tool) must link the same text alike.
const contacts = [
  { key: 'service', email: 'service@cloudwing.example', phone: '+886-3-555-0100', fax: '+886-3-555-0199' },
];
const MB = 1024 * 1024;
const SAMPLES = [
  '歡迎來信 service@cloudwing.example 告訴我們。',
  '電話 +886-3-555-0100，傳真 +886-3-555-0199。',
  'Telephone: +886-3-555-0100 (headquarters); fax +886 3 555 0199.',
  'Write to ir@cloudwing.example or first.last+tag@mail.example.org.',
  'Founded in 1998; 99.3 % on time; 2,800 staff; CW-ET60; +5 %; x@y; @handle; a@b.c',
  'Call +1-800-555-0100 or +44 20 7946 0000, not 555-0100.',
  '',
];

describe('the contact text rule', () => {
  it.each(SAMPLES)('is the same for the renderer and the templates: %s', (text) => {
    expect(templates.toTextParts(text, contacts)).toEqual(tool.toTextParts(text, contacts));
    expect(templates.toTelHref('+886-3-555-0100')).toBe(tool.toTelHref('+886-3-555-0100'));
  });

  it('cuts addresses and numbers out of running text, leaving fax numbers as text', () => {
    expect(tool.toTextParts(SAMPLES[1] as string, contacts)).toEqual([
      '電話 ',
      { kind: 'phone', text: '+886-3-555-0100', href: 'tel:+88635550100' },
      '，傳真 +886-3-555-0199。',
    ]);
    expect(tool.toTextParts(SAMPLES[3] as string, contacts).filter((p) => typeof p !== 'string')).toEqual([
      { kind: 'email', text: 'ir@cloudwing.example', href: 'mailto:ir@cloudwing.example' },
      { kind: 'email', text: 'first.last+tag@mail.example.org', href: 'mailto:first.last+tag@mail.example.org' },
    ]);
  });

  it('leaves years, figures, codes and half addresses whole', () => {
    expect(tool.toTextParts(SAMPLES[4] as string, contacts)).toEqual([SAMPLES[4]]);
  });
});

// The rule as one regular expression, as it was written before it was found in one pass: the
// results must stay the same, on any text.
const OLD_CONTACT = new RegExp(`(?<![\\w.+-])(?:(${tool.EMAIL})|(${tool.PHONE}))(?![\\w@-])`, 'g');
function toOldTextParts(text: string, list: readonly tool.Contact[]): tool.TextPart[] {
  if (!text.includes('@') && !text.includes('+')) return [text];
  const parts: tool.TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(OLD_CONTACT)) {
    const [found, email] = match;
    if (!email && tool.isFax(found, list)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      email
        ? { kind: 'email', text: found, href: `mailto:${found}` }
        : { kind: 'phone', text: found, href: tool.toTelHref(found) },
    );
    last = match.index + found.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

describe('finding contact details in any text', () => {
  // Pieces that make and unmake addresses and numbers, in any order.
  const pieces = fc.constantFrom(
    ...['a', 'Z', '0', '9', '_', '.', '%', '+', '-', '@', ' ', 'co', '.com', '@a.co', 'x@', '+1', ' 12', '-3'],
    ...['9999', '的', '，', 'é', '\n', 'service@cloudwing.example', '+886-3-555-0100', '+886-3-555-0199'],
  );
  const text = fc.oneof(
    fc.array(pieces, { maxLength: 24 }).map((list) => list.join('')),
    fc.string({ maxLength: 40 }),
  );

  it('finds what the single regular expression found', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(tool.toTextParts(t, contacts)).toEqual(toOldTextParts(t, contacts));
        expect(templates.toTextParts(t, contacts)).toEqual(toOldTextParts(t, contacts));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['a run of `%` before an `@`', `${'%'.repeat(MB)}@`],
    ['`%` and a letter, again and again, before an `@`', `${'%a'.repeat(MB / 2)}@x`],
    ['an address whose domain never ends in letters', `a@${'b.'.repeat(MB / 2)}1`],
    ['`@` and `.` in turns', '@.'.repeat(MB / 2)],
    ['`+` and digits', `${'+1 1'.repeat(MB / 4)}`],
    ['a run of digits after `+`', `+${'9'.repeat(MB)}`],
    ['a run of letters', `${'a'.repeat(MB)}@`],
    ['dots', `${'.'.repeat(MB)}@a.com`],
  ])('takes a time in step with the text for %s (1 MB), in the renderer and the templates', (_, body) => {
    for (const parts of [tool.toTextParts(body, contacts), templates.toTextParts(body, contacts)])
      expect(parts.map((p) => (typeof p === 'string' ? p : p.text)).join('')).toBe(body);
  });
});

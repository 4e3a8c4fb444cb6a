import { describe, expect, it } from 'vitest';
import * as tool from '../../runtime/contacts.ts';
import * as templates from '../../site/templates/components/contact-text.ts';

// behaviour.md: Contact details. The Markdown renderer (runtime/contacts.ts) and the templates
// (their own copy, as a project's site/ imports nothing of the tool) must link the same text alike.
const contacts = [
  { key: 'service', email: 'service@cloudwing.example', phone: '+886-3-555-0100', fax: '+886-3-555-0199' },
];
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

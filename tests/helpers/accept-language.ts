import fc from 'fast-check';
import { expect } from 'vitest';
import type { RawResponse } from './http.ts';

// What visitors send the bare root, which a host or `site serve` may decide on
// (behaviour.md: Root redirect), and what every answer to it must be.

/**
 * `Accept-Language` values a visitor can send, hostile ones among them (behaviour.md: Safety): each
 * shape repeated to lengths up to what nginx takes in one header line (8 KB), then an end that
 * names a language of the site, or not.
 */
export const HOSTILE_ACCEPT_LANGUAGES: readonly string[] = [
  'a,  ',
  ',',
  ' ',
  '\t,',
  ', ,',
  'a;q=0.',
  'en-',
  'x-en,',
  'zh',
  'enen',
  ';,',
  '-_',
  'fr-FR;q=0.9, ',
].flatMap((shape) =>
  [16, 80, 512, 4096, 8000].flatMap((length) =>
    ['', 'x', ',en', ', zh-TW'].map((end) => shape.repeat(Math.ceil(length / shape.length)).slice(0, length) + end),
  ),
);

/** Any `Accept-Language` made of the pieces real and hostile ones are made of, up to 8 KB. */
export const ACCEPT_LANGUAGE = fc
  .tuple(
    fc.array(
      fc.constantFrom('en', 'EN', 'zh', 'fr', 'a', ',', ', ', ' ', '\t', ';', ';q=0.9', '=', '-', '-US', '_TW', '*'),
      { minLength: 1, maxLength: 10 },
    ),
    fc.integer({ min: 1, max: 8000 }),
  )
  .map(([pieces, length]) => pieces.join('').repeat(length).slice(0, length));

/** The bare root's answer, as every host must give it: the page, or a redirect a shared cache keeps apart. */
export function expectRootAnswer(response: RawResponse, https: boolean, sent: string): void {
  expect([200, 302], sent).toContain(response.status);
  if (response.status !== 302) return;
  const vary = String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);
  expect(vary, sent).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
  for (const cookie of [response.headers['set-cookie'] ?? []].flat())
    expect(/;\s*Secure(;|$)/i.test(cookie), sent).toBe(https);
}

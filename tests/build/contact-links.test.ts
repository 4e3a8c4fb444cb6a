import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../generator/pipeline/build.ts';
import { loadConfig } from '../../generator/config.ts';
import type { Contact } from '../../generator/types.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { buildProblems } from '../helpers/problems.ts';

// behaviour.md: Contact details. Every page of both locales, the error pages included: what a
// visitor reads, outside links, holds no e-mail address or telephone number; fax numbers are text.
let result: BuildResult;
let contacts: readonly Contact[];
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NUMBER = /\+\d{1,3}(?:[ -]\d{1,4}){2,5}/g;

const pages = () =>
  [...(result.files ?? new Map<string, string | Uint8Array>())].filter(
    (entry): entry is [string, string] => entry[0].endsWith('.html') && typeof entry[1] === 'string',
  );

/** The visible text of a page's body outside `<a>` elements (scripts and the head left out). */
function textOutsideLinks(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<a\b[\s\S]*?<\/a>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);

beforeAll(async () => {
  result = await buildSite({ root: REPO_ROOT, write: false });
  contacts = (await loadConfig(REPO_ROOT)).contacts;
});

afterAll(removeSites);

describe('contact details on the built site', () => {
  it('has every department of the brief in the configuration', () => {
    expect(contacts.map((c) => c.email)).toEqual([
      'service@cloudwing.example',
      'recruit@cloudwing.example',
      'procurement@cloudwing.example',
      'ir@cloudwing.example',
    ]);
  });

  it('shows no e-mail address and no telephone number as plain text, on any page of either locale', () => {
    const faxes = new Set(contacts.flatMap((c) => (c.fax ? [c.fax] : [])));
    const plain: string[] = [];
    for (const [file, html] of pages()) {
      const text = textOutsideLinks(html);
      for (const [email] of text.matchAll(EMAIL)) plain.push(`${file}: ${email}`);
      for (const [number] of text.matchAll(NUMBER)) if (!faxes.has(number)) plain.push(`${file}: ${number}`);
    }
    expect(plain).toEqual([]);
    expect(pages().length).toBeGreaterThan(100);
  });

  it('links every address with mailto:, breakable after its @, and every telephone number with tel:, never a fax number', () => {
    const fax = 'tel:+88635550199';
    for (const [file, html] of pages()) {
      expect(hrefs(html), file).not.toContain(fax);
      for (const match of html.matchAll(/<a\b[^>]*href="(mailto:|tel:)([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
        const [, scheme, target, inner] = match as unknown as [string, string, string, string];
        // The text a visitor copies is the address or number: a <wbr> adds no character.
        const text = inner.replace(/<wbr\/?>/g, '');
        expect(text, file).not.toContain('<');
        if (scheme === 'mailto:') {
          expect(target, file).toBe(text);
          // In a template's box and in Markdown prose alike, a narrow column breaks it after its @.
          expect(inner, file).toMatch(/^[^@<]+@<wbr\/?>[^@<]+$/);
        } else expect(target, file).toBe(text.replace(/[^+\d]/g, ''));
      }
    }
    const contact = pages().find(([file]) => file === 'contact/index.html')?.[1] ?? '';
    expect(contact).toContain('+886-3-555-0199');
    expect(textOutsideLinks(contact)).toContain('+886-3-555-0199');
  });

  it('ends each audience page with its department in both locales', () => {
    const expected: Record<string, string> = {
      'customers/index.html': 'service',
      'services/service-ramp/index.html': 'service',
      'jobs/index.html': 'recruit',
      'jobs/jobs-positions/index.html': 'recruit',
      'procurement/index.html': 'procurement',
      'about/about-investors/index.html': 'ir',
    };
    for (const [file, key] of Object.entries(expected)) {
      for (const path of [file, `en/${file}`]) {
        const html = pages().find(([f]) => f === path)?.[1] ?? '';
        const block = /<section class="contact-block"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
        expect(block, path).toContain(`href="mailto:${key}@cloudwing.example"`);
        expect(block, path).toContain('href="tel:+88635550100"');
        expect(block, path).toContain(path.startsWith('en/') ? 'href="/en/contact"' : 'href="/contact"');
      }
    }
  });

  it('lists the stations once on the contact page', () => {
    for (const path of ['contact/index.html', 'en/contact/index.html']) {
      const html = pages().find(([f]) => f === path)?.[1] ?? '';
      const shown = html.replace(/<script\b[\s\S]*?<\/script>/g, '');
      expect(shown.match(/KHH/g) ?? [], path).toHaveLength(1);
    }
  });
});

describe('the stations', () => {
  const stationsOf = (html: string) =>
    /<section aria-labelledby="stations-title">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

  it('show no number or address that is not their own: headquarters answers for them, named once', () => {
    for (const file of ['contact/index.html', 'about/about-location/index.html']) {
      for (const path of [file, `en/${file}`]) {
        const section = stationsOf(pages().find(([f]) => f === path)?.[1] ?? '');
        const cards = section.match(/<li class="station">[\s\S]*?<\/li>/g) ?? [];
        expect(cards, path).toHaveLength(4);
        for (const card of cards) expect(card, path).not.toMatch(/href="(tel|mailto):/);
        expect(section.match(/href="tel:\+88635550100"/g), path).toHaveLength(1);
        expect(section.match(/href="mailto:service@cloudwing\.example"/g), path).toHaveLength(1);
      }
    }
  });

  it("show a station's own telephone number and e-mail address where it has them", async () => {
    const file = 'site/content/contact.en.md';
    const source = readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(
      '    address: "Kaohsiung International Airport, Kaohsiung"\n',
      '    address: "Kaohsiung International Airport, Kaohsiung"\n    phone: "+886-7-555-0100"\n    email: "khh@cloudwing.example"\n',
    );
    const built = await buildSite({ root: makeSite({ [file]: source }), write: false });
    const section = stationsOf(String(built.files?.get('en/contact/index.html') ?? ''));
    const khh = (section.match(/<li class="station">[\s\S]*?<\/li>/g) ?? []).find((card) => card.includes('KHH')) ?? '';
    expect(khh).toContain('<a href="tel:+88675550100">+886-7-555-0100</a>');
    expect(khh).toContain('href="mailto:khh@cloudwing.example"');
    // The other three still have none of their own: headquarters is named for them.
    expect(section).toContain('href="tel:+88635550100"');
  });
});

describe('the footer', () => {
  it('shows the configured telephone and fax numbers and the general e-mail address, in both locales', async () => {
    const config = readFileSync(path.join(REPO_ROOT, 'site/site.config.ts'), 'utf8')
      .replaceAll('+886-3-555-0100', '+886-2-555-0123')
      .replaceAll('+886-3-555-0199', '+886-2-555-0124')
      .replace("email: 'service@cloudwing.example'", "email: 'hello@cloudwing.example'");
    const built = await buildSite({ root: makeSite({ 'site/site.config.ts': config }), write: false });
    for (const file of ['index.html', 'en/index.html', 'contact/index.html']) {
      const html = String(built.files?.get(file) ?? '');
      const footer = /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
      expect(footer, file).toContain('<a href="tel:+88625550123">+886-2-555-0123</a>');
      expect(footer, file).toContain('<dd>+886-2-555-0124</dd>');
      expect(footer, file).toContain('<a href="mailto:hello@cloudwing.example">hello@<wbr/>cloudwing.example</a>');
      expect(footer, file).not.toMatch(/555-0100|555-0199|service@/);
    }
  });
});

describe('the contact field of front matter', () => {
  it('names the file and line of a page that asks for a contact block the configuration does not have', async () => {
    const problems = await buildProblems({
      'site/content/customers.en.md':
        '---\ntitle: Customers\ndescription: d\ntemplate: customers\ncontact: sales\n---\nText.\n',
    });
    const problem = problems.find((p) => p.code === 'FRONT_MATTER_INVALID');
    expect(problem?.loc).toMatchObject({ file: 'site/content/customers.en.md', line: 5 });
    expect(problem?.message).toContain('service, recruit, procurement, ir');
  });
});

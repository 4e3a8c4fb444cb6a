import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { loadConfig } from '../../generator/config.ts';
import type { Contact } from '../../generator/types.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { buildProblems } from '../helpers/problems.ts';
import { readOutputTexts } from '../helpers/build-output.ts';

// behaviour.md: Contact details. Every page of both locales, the error pages included: what a
// visitor reads, outside links, holds no e-mail address or telephone number; fax numbers are text.
/** The real site's pages, error pages included, as the run built it once. */
let builtPages: ReadonlyMap<string, string>;
let contacts: readonly Contact[];
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NUMBER = /\+\d{1,3}(?:[ -]\d{1,4}){2,5}/g;

const pages = () => [...builtPages];

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
  builtPages = readOutputTexts(inject('builtSite').out, (file) => file.endsWith('.html'));
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
      'media@cloudwing.example',
    ]);
  });

  it('shows no e-mail address and no telephone number as plain text, on any page of either locale', () => {
    const faxes = new Set(contacts.flatMap((c) => (c.fax ? [c.fax] : [])));
    const plain: string[] = [];
    for (const [file, html] of pages()) {
      const text = textOutsideLinks(html);
      for (const [email] of text.matchAll(EMAIL)) plain.push(`${file}: ${email}`);
      for (const [number] of text.matchAll(NUMBER)) if (!faxes.has(number)) plain.push(`${file}: ${number}`);
      // The Chinese pages' numbers, as Taiwan writes them (03-555-0100), are links all the same.
      for (const [number] of text.matchAll(/(?<![\d-])0\d-\d{3}-\d{4}\b/g))
        if (!faxes.has(number.replace(/^0/, '+886-'))) plain.push(`${file}: ${number}`);
    }
    expect(plain).toEqual([]);
    expect(pages().length).toBeGreaterThan(100);
  });

  it('links every address with mailto:, breakable before its @, and every telephone number with tel:, never a fax number', () => {
    const fax = 'tel:+88635550199';
    for (const [file, html] of pages()) {
      expect(hrefs(html), file).not.toContain(fax);
      for (const match of html.matchAll(/<a\b[^>]*href="(mailto:|tel:)([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
        const [, scheme, target, inner] = match as unknown as [string, string, string, string];
        // The text a visitor copies is the address or number: a <wbr> adds no character.
        const text = inner.replace(/<wbr\/?>/g, '');
        expect(text, file).not.toContain('<');
        if (scheme === 'mailto:' && match[0].includes('share-story__action')) {
          // A story sent on by e-mail: to whom the visitor chooses, its title the subject, its address the body.
          expect(target, file).toMatch(/^\?subject=[^"&]+&amp;body=https%3A%2F%2Fcloudwing\.example%2F/);
        } else if (scheme === 'mailto:' && !text.includes('@')) {
          // A button (apply, request a proposal) writes to an address, its subject line written.
          expect(target, file).toMatch(/^[\w.-]+@cloudwing\.example(\?subject=[^"&]+)?$/);
        } else if (scheme === 'mailto:') {
          expect(target, file).toBe(text);
          // In a template's box and in Markdown prose alike, a narrow column breaks it before its @.
          expect(inner, file).toMatch(/^[^@<]+<wbr\/?>@[^@<]+$/);
        } else {
          // A Chinese page writes the number as Taiwan dials it at home; the link dials it from anywhere.
          const local = file.startsWith('en/') ? text : text.replace(/^0/, '+886');
          expect(target, file).toBe(local.replace(/[^+\d]/g, ''));
        }
      }
    }
    const contact = pages().find(([file]) => file === 'en/contact/index.html')?.[1] ?? '';
    expect(contact).toContain('+886-3-555-0199');
    expect(textOutsideLinks(contact)).toContain('+886-3-555-0199');
    expect(textOutsideLinks(pages().find(([file]) => file === 'contact/index.html')?.[1] ?? '')).toContain(
      '03-555-0199',
    );
  });

  it("gives each audience page its department's one contact box in both locales", () => {
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
        // The aside's box where the page has the aside, else the block that ends the page: never both.
        const boxes = html.match(/<section class="(?:contact-block|page-aside__contact)[\s\S]*?<\/section>/g) ?? [];
        expect(boxes, path).toHaveLength(1);
        const block = boxes[0] ?? '';
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
    /<section class="page-wide" aria-labelledby="stations-title">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const cardsOf = (section: string) => section.match(/<li class="station"[^>]*>[\s\S]*?<\/li>/g) ?? [];

  it("give each station's own number once, as Taiwan writes it on Chinese pages, dialled in the international form", () => {
    const numbers = { KHH: '+886-7-555-0200', TSA: '+886-2-555-0300', RMQ: '+886-4-555-0400' };
    for (const file of ['contact/index.html', 'about/about-location/index.html']) {
      for (const path of [file, `en/${file}`]) {
        const section = stationsOf(pages().find(([f]) => f === path)?.[1] ?? '');
        const cards = cardsOf(section);
        expect(cards, path).toHaveLength(4);
        for (const [code, number] of Object.entries(numbers)) {
          const card = cards.find((c) => c.includes(`>${code}<`)) ?? '';
          const shown = path.startsWith('en/') ? number : number.replace('+886-', '0');
          expect(card, `${path} ${code}`).toContain(`<a href="tel:${number.replace(/-/g, '')}">${shown}</a>`);
          expect(section.split(number.replace(/-/g, '')), `${path} ${code}`).toHaveLength(2);
        }
      }
    }
  });

  it('say the same of each station on the contact page as on the stations page', () => {
    const factsOf = (card: string) => [...card.matchAll(/<dd>([\s\S]*?)<\/dd>/g)].map((m) => m[1] ?? '');
    for (const prefix of ['', 'en/']) {
      const of = (file: string) => cardsOf(stationsOf(pages().find(([f]) => f === `${prefix}${file}`)?.[1] ?? ''));
      const stations = of('about/about-location/index.html');
      for (const card of of('contact/index.html')) {
        const code = /<span class="station__code">(\w+)<\/span>/.exec(card)?.[1] ?? '';
        const same = stations.find((c) => c.includes(`<span class="station__code">${code}</span>`)) ?? '';
        expect(factsOf(card).length, `${prefix}${code}`).toBeGreaterThan(0);
        for (const fact of factsOf(card)) expect(factsOf(same), `${prefix}${code}`).toContain(fact);
        // The name and role read the same; the stations page adds the airport's scene between them.
        const heading = (html: string) =>
          /<h3>[\s\S]*?<\/p>/.exec(html.replace(/<img class="station__scene"[^>]*>/, ''))?.[0];
        expect(heading(card), `${prefix}${code}`).toBe(heading(same));
      }
    }
  });
});

describe('the contact page', () => {
  it('gives office hours, the 24-hour operations line, and the media contact by name', () => {
    const expected = {
      'contact/index.html': ['週一至週五 08:30–17:30', '>03-555-0111</a>', '林雅婷', 'mailto:media@cloudwing.example'],
      'en/contact/index.html': [
        'Monday to Friday',
        '>+886-3-555-0111</a>',
        // The name's hyphen does not break: its two parts stay on one line.
        'Lin Ya\u2011ting',
        'mailto:media@cloudwing.example',
      ],
    };
    for (const [file, texts] of Object.entries(expected)) {
      const html = pages().find(([f]) => f === file)?.[1] ?? '';
      const directory = /<section class="contact-directory"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      // The text as a reader sees it: without the marks of where Chinese may end a line.
      const shown = directory.replace(/<wbr\/?>|<span class="(?:ph|latin)">|<\/span>/g, '');
      for (const text of texts) expect(shown, file).toContain(text);
      expect(directory, file).toContain('href="tel:+88635550111"');
    }
  });
});

describe('the call to action', () => {
  const asideOf = (file: string) => {
    const html = pages().find(([f]) => f === file)?.[1] ?? '';
    return /<section class="page-aside__contact[^"]*"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  };
  const buttonOf = (html: string) => /<a class="button" href="([^"]+)"/.exec(html)?.[1] ?? '';

  it("is chosen by the page's audience, in the aside of both locales", () => {
    const expected: Record<string, [audience: string, href: RegExp]> = {
      'customers/index.html': ['service', /^(\/en)?\/proposal$/],
      'jobs/index.html': ['recruit', /^(\/en)?\/jobs\/jobs-positions$/],
      // The recruiting article is the careers contact's, the other stories the press's.
      'news/news1/index.html': ['recruit', /^(\/en)?\/jobs\/jobs-positions$/],
      'news/news3/index.html': ['media', /^mailto:media@cloudwing\.example$/],
      'news/index.html': ['media', /^mailto:media@cloudwing\.example$/],
    };
    for (const [file, [audience, href]] of Object.entries(expected)) {
      for (const path of [file, `en/${file}`]) {
        const aside = asideOf(path);
        expect(aside, path).toContain(`data-audience="${audience}"`);
        expect(buttonOf(aside), path).toMatch(href);
      }
    }
    // No sales pitch beside the careers pages and the recruiting article.
    for (const path of ['jobs/index.html', 'news/news1/index.html', 'en/news/news1/index.html'])
      expect(asideOf(path), path).not.toContain('service@');
    // No link to the open positions on their list, nor beside a position's own apply buttons.
    for (const file of ['jobs/jobs-positions/index.html', 'jobs/positions/ramp-agent/index.html'])
      for (const path of [file, `en/${file}`]) {
        expect(asideOf(path), path).toContain('data-audience="recruit"');
        expect(buttonOf(asideOf(path)), path).toBe('');
      }
  });

  it('asks for a proposal on its form from the service pages, and registers a supplier on procurement with its subject line written', () => {
    const blockOf = (path: string) => {
      const html = pages().find(([f]) => f === path)?.[1] ?? '';
      return /<section class="(?:contact-block|page-aside__contact)[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    };
    for (const file of ['services/service-ramp/index.html', 'strengths/strengths-quality/index.html'])
      for (const path of [file, `en/${file}`])
        expect(buttonOf(blockOf(path)), path).toBe(path.startsWith('en/') ? '/en/proposal' : '/proposal');
    for (const path of ['procurement/index.html', 'en/procurement/index.html']) {
      const block = blockOf(path);
      const subject = decodeURIComponent(/mailto:[^"?]+\?subject=([^"]+)/.exec(block)?.[1] ?? '');
      expect(buttonOf(block), path).toMatch(/^mailto:procurement@cloudwing\.example\?subject=/);
      expect(subject, path).toMatch(path.startsWith('en/') ? /Supplier registration/ : /供應商登錄/);
    }
  });
});

describe('applying for a position', () => {
  it('offers one button for each station with openings, an e-mail with the position and the station in its subject', () => {
    const expected: Record<string, string[]> = {
      'jobs/positions/ramp-agent/index.html': ['TPE', 'KHH', 'RMQ'],
      'jobs/positions/passenger-service-agent/index.html': ['TPE', 'KHH', 'TSA'],
      'jobs/positions/load-controller/index.html': ['TPE'],
    };
    for (const [file, codes] of Object.entries(expected)) {
      for (const path of [file, `en/${file}`]) {
        const html = pages().find(([f]) => f === path)?.[1] ?? '';
        const apply = /<section class="position-apply"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
        const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
        const subjects = [...apply.matchAll(/href="mailto:recruit@cloudwing\.example\?subject=([^"]+)"/g)].map((m) =>
          decodeURIComponent(m[1] as string),
        );
        expect(subjects, path).toHaveLength(codes.length);
        subjects.forEach((subject, i) => {
          expect(subject, path).toContain(title);
          expect(subject, path).toContain(`${codes[i]}`);
        });
      }
    }
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
      // On Chinese pages the numbers read as Taiwan writes them; the link dials them from anywhere.
      const [phone, fax] = file.startsWith('en/')
        ? ['+886-2-555-0123', '+886-2-555-0124']
        : ['02-555-0123', '02-555-0124'];
      expect(footer, file).toContain(`<a href="tel:+88625550123">${phone}</a>`);
      expect(footer, file).toContain(`<dd>${fax}</dd>`);
      expect(footer, file).toContain('<a href="mailto:hello@cloudwing.example">hello<wbr/>@cloudwing.example</a>');
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

import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { loadContent } from '../../generator/load/content.ts';
import { toContentFile } from '../../generator/load/parse-content.ts';
import { parseMessages } from '../../generator/load/messages.ts';
import { renderMarkdown } from '../../generator/render/markdown.ts';
import type { ContentFile, LinkIndex, SiteConfig, SiteProblem } from '../../generator/types.ts';
import { REPO_ROOT, makeSite, removeSites } from '../helpers/make-site.ts';
import { buildProblems } from '../helpers/problems.ts';
import { makeContentFile } from '../helpers/content-file.ts';

let config: SiteConfig;
beforeAll(async () => {
  config = await loadConfig(REPO_ROOT);
});
afterAll(removeSites);

const FILE = 'site/content/news/a.en.md';
const real = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** A page whose front matter has `extra` after three good lines: `extra`'s first line is file line 5. */
const page = (extra: string, body = 'Body.\n') =>
  `---\ntitle: A title\ndescription: A description.\ntemplate: article\n${extra}---\n${body}`;
const parse = (text: string, file = FILE) => toContentFile(config, file, text);
const only = (text: string, file = FILE): SiteProblem => {
  const { file: parsed, problems } = parse(text, file);
  expect(parsed).toBeNull();
  expect(problems).toHaveLength(1);
  return problems[0] as SiteProblem;
};

const problemsOf = buildProblems;

describe('front matter is read by the YAML core schema', () => {
  it('an unclosed list points at its `[`, not at the next line', () => {
    const problem = only('---\ntitle: A title\ndescription: [unclosed\ntemplate: article\n---\nBody\n');
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 3, column: 14 } });
    expect(problem.message).toContain('the `[` here is never closed');
  });

  it('an unclosed quote points at the quote', () => {
    const problem = only(page('order: 1\nlayout: "default\nlist: section\n'));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 9 } });
  });

  it('a key given twice: the second one', () => {
    const problem = only(page('order: 1\norder: 2\n'));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 1 } });
    expect(problem.message).toContain('map keys must be unique');
  });

  it('front matter that is never closed, or is not a mapping', () => {
    expect(only('---\ntitle: A title\n\nBody without an end.\n')).toMatchObject({
      code: 'FRONT_MATTER_SYNTAX',
      loc: { file: FILE, line: 1, column: 1 },
      message: expect.stringContaining('is never closed'),
    });
    expect(only('---\n- title\n- description\n---\nBody\n')).toMatchObject({
      code: 'FRONT_MATTER_SYNTAX',
      loc: { file: FILE, line: 2, column: 1 },
      message: expect.stringContaining('is not a mapping'),
    });
  });

  it('keeps text that looks like a date, a number with a leading zero or `yes` as YAML 1.2 reads it', () => {
    const { file, problems } = parse(page('opened: 2019-05-01\ncode: 017\nshown: yes\ndate: 2024-02-29\n'));
    expect(problems).toEqual([]);
    expect(file?.data.date).toBe('2024-02-29');
    expect(file?.data.extra).toEqual({ opened: '2019-05-01', code: 17, shown: 'yes' });
  });

  it('refuses lists nested past the limit before the parser sees them', () => {
    const problem = only(page(`order: 1\ndeep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 71 } });
    expect(problem.message).toContain('nests too deeply');
  });
});

describe('front matter is YAML and nothing else', () => {
  // Code that marks it ran: front matter read as JavaScript would evaluate it.
  const hostile = (language: string) =>
    `---${language}\n{ title: (globalThis.frontMatterRan = true, "Ran"), description: "x", template: "article" }\n---\nBody.\n`;
  const ran = () => (globalThis as { frontMatterRan?: boolean }).frontMatterRan;

  it.each(['js', 'javascript', ' javascript ', 'JS', 'coffee', 'json', 'yaml'])(
    '`---%s` is refused at line 1, and the text after it never runs',
    (language) => {
      const problem = only(hostile(language));
      expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 1, column: 4 } });
      expect(problem.message).toContain(`\`---${language.trim()}\` names another language`);
      expect(ran()).toBeUndefined();
    },
  );

  it('whatever follows the first `---`, no page is made of the text as code', () => {
    const language = fc.oneof(
      fc.constantFrom('js', 'javascript', 'JavaScript', 'coffee', 'cson', 'json', 'toml', '\u00a0js', 'js\r', '-js'),
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\r\n]/.test(s)),
    );
    fc.assert(
      fc.property(language, fc.constantFrom('', '\r'), (name, cr) => {
        const { file, problems } = parse(hostile(name).replace(/\n/g, `${cr}\n`));
        expect(file).toBeNull();
        expect(problems.length).toBeGreaterThan(0);
        expect(ran()).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('a line of the front matter that starts with `---` and goes on is refused at that line', () => {
    const problem = only(page('order: 1\n---- a rule\nlist: section\n'));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 4 } });
    expect(problem.message).toContain('goes on with `- a rule`');
  });

  it('refuses more than 100 blank lines in a row at the first, at once however many follow', () => {
    expect(parse(page(`order: 1\n${'\n'.repeat(100)}list: section\n`)).problems).toEqual([]);
    for (const blank of ['\n', '  \n', '\u2028']) {
      const started = performance.now();
      const problem = only(page(`order: 1\n${blank.repeat(80_000)}list: section\n`));
      expect(problem).toMatchObject({
        code: 'FRONT_MATTER_SYNTAX',
        loc: { file: FILE, line: 6 },
      });
      expect(problem.message).toContain('has too many blank lines');
      // Unguarded, gray-matter takes seconds over these (the square of the blank lines).
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe('dates', () => {
  it.each([
    ['2026-13-45', 'does not exist'],
    ['2026-02-30', 'does not exist'],
    ['"2026-02-30"', 'does not exist'],
    ['2026-2-3', 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, not `2026-2-3`'],
    ["'2026-2-3'", 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, not `2026-2-3`'],
    ['18 March 2025', 'YYYY-MM-DD'],
    ['20250318', 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, not `20250318`'],
  ])('`date: %s` is refused at its line', (value, reason) => {
    const problem = only(page(`order: 1\ndate: ${value}\n`));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 6 } });
    expect(problem.message).toContain(reason);
    expect(problem.hint).toContain('`date: 2025-03-18`');
  });

  it('a real day passes, quoted or not, and stays the text written', () => {
    for (const value of ['2024-02-29', '"2024-02-29"', "'2024-02-29'"]) {
      expect(parse(page(`date: ${value}\n`)).file?.data.date).toBe('2024-02-29');
    }
  });

  it('`date` and `updated` take a time of day to the minute; `updated` before `date`, or a time of no day, is refused at its line', () => {
    expect(parse(page('date: 2024-03-12T09:00\nupdated: 2024-03-13T17:45\n')).file?.data).toMatchObject({
      date: '2024-03-12T09:00',
      updated: '2024-03-13T17:45',
    });
    expect(parse(page('date: 2024-03-12\n')).file?.data.updated).toBeNull();
    for (const [value, reason] of [
      ['2024-03-13T24:00', 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, not `2024-03-13T24:00`'],
      ['2024-03-13T09:00:30', 'YYYY-MM-DD or YYYY-MM-DDTHH:MM'],
      ['2024-02-30T09:00', '`2024-02-30` does not exist'],
      ['2024-03-11', "is before the page's date (2024-03-12)"],
    ]) {
      const problem = only(page(`date: 2024-03-12\nupdated: ${value}\n`));
      expect(problem, value).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 6 } });
      expect(problem.message, value).toContain(reason);
    }
    // The days that publish a page are days.
    expect(only(page('publishDate: 2024-03-12T09:00\n')).message).toContain('YYYY-MM-DD, not `2024-03-12T09:00`');
  });
});

describe('a position (front matter `job`)', () => {
  const job = (fields: string, date = 'date: 2026-01-01\n') =>
    page(`template: position\n${date}job:\n${fields}`.replace('template: position\n', ''));
  const good =
    '  employmentType: FULL_TIME\n  stations: [TPE, KHH]\n  salary: { currency: TWD, min: 36000, max: 42000, per: MONTH }\n  validThrough: 2026-12-31\n';

  it('passes with its kind of employment, stations of the configuration, a salary and a last day', () => {
    expect(parse(job(good)).problems).toEqual([]);
  });

  it.each([
    [good.replace('FULL_TIME', 'FULLTIME'), '`employmentType` must be one of FULL_TIME, PART_TIME'],
    [
      good.replace('[TPE, KHH]', '[TPE, HKG]'),
      '`stations` must list the airports of the position by IATA code, from `organization.stations` in site/site.config.ts (TPE, KHH, TSA, RMQ)',
    ],
    [good.replace('currency: TWD', 'currency: NT$'), '`salary.currency` must be a currency code'],
    [good.replace('min: 36000', 'min: 46000'), '`salary.min` and `salary.max` must be whole amounts, the lower first'],
    [good.replace('per: MONTH', 'per: monthly'), '`salary.per` must be one of HOUR, DAY, WEEK, MONTH, YEAR'],
    [
      good.replace('validThrough: 2026-12-31', 'validThrough: 2025-12-31'),
      "`validThrough` (2025-12-31) is before the page's date (2026-01-01)",
    ],
  ])('refuses a fault at the line of `job`: %#', (fields, reason) => {
    const problem = only(job(fields));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 6 } });
    expect(problem.message).toContain(reason);
  });

  it('needs the page’s date, the day the position was posted', () => {
    expect(only(job(good, '')).message).toContain("needs the page's `date`: the day the position was posted");
  });
});

describe('a service page’s steps and an equipment page’s key facts (front matter `steps`, `specs`)', () => {
  const steps = (items: string) => page(`steps:\n  title: How a turnaround runs\n  items:\n${items}`);
  const item = (label: string, text = 'A line') => `    - label: "${label}"\n      text: "${text}"\n`;
  const three = item('Arrival') + item('Servicing') + item('Departure');

  it('passes with a title and three to six steps, each a short label and a line', () => {
    expect(parse(steps(three)).problems).toEqual([]);
    expect(
      parse(
        page(
          'specs:\n  title: At a glance\n  items: [{ label: Towing, value: 6 t }, { label: Battery, value: LFP }]\n',
        ),
      ).problems,
    ).toEqual([]);
  });

  it.each([
    [item('Arrival') + item('Departure'), '`items` must be a list of 3 to 6 entries'],
    [three + '    - text: "No label"\n', '`items[3].label` must be a non-empty text'],
    [
      three.replace('Servicing', 'Servicing, cleaning, catering and fueling'),
      '`items[1].label` is 41 characters long, over the limit of 30',
    ],
  ])('refuses a fault at the line of `steps`, naming the item: %#', (items, reason) => {
    const problem = only(steps(items));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 5 } });
    expect(problem.message).toContain(reason);
    expect(problem.hint).toContain('three to six steps');
  });

  it('refuses a key fact without its value', () => {
    const problem = only(
      page('specs:\n  title: At a glance\n  items: [{ label: Towing, value: 6 t }, { label: Battery }]\n'),
    );
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 5 } });
    expect(problem.message).toContain('`items[1].value` must be a non-empty text');
  });

  const drawn = (fields: string) =>
    page(
      `specs:\n  title: At a glance\n${fields}  items: [{ label: Model, value: CW-ET60 }, { label: Towing, value: 6 t }]\n`,
    );

  it('passes with a drawing of the product and its text, and refuses either alone, at the line of `specs`', () => {
    expect(
      parse(drawn('  image: /images/eq1-side.svg\n  imageAlt: "Side view: 1 marks the tow hitch."\n')).problems,
    ).toEqual([]);
    for (const [fields, reason] of [
      [
        '  image: /images/eq1-side.svg\n',
        '`imageAlt` must say what the drawing shows and what each of its numbers marks',
      ],
      ['  imageAlt: "Side view: 1 marks the tow hitch."\n', '`image` must name the drawing'],
      [
        `  image: /images/eq1-side.svg\n  imageAlt: "${'x'.repeat(201)}"\n`,
        '`imageAlt` is 201 characters long, over the limit of 200',
      ],
    ]) {
      const problem = only(drawn(fields as string));
      expect(problem, reason).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 5 } });
      expect(problem.message).toContain(reason);
      expect(problem.hint).toContain('callouts 1, 2, 3');
    }
  });
});

describe('anchors, aliases and tags', () => {
  const lol = (name: string, of: string) => `${name}: &${name} [${Array(9).fill(`*${of}`).join(',')}]\n`;
  const bomb =
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' +
    ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((n, i) => lol(n, 'abcdefgh'[i] as string)).join('');

  it('a billion laughs fails at its first alias, without expanding it', () => {
    expect(bomb.length).toBeLessThan(1024);
    const problem = only(page(bomb));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 8 } });
    expect(problem.message).toContain('uses an alias, which is not allowed: `*a` repeats the value anchored `&a`');
    expect(problem.hint).toContain('no anchors (`&name`) or aliases (`*name`)');
  });

  it('an anchor alone is refused at the anchor', () => {
    const problem = only(page('order: 1\nhero:\n  &h\n  title: x\n'));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 7, column: 3 } });
    expect(problem.message).toContain('uses an anchor');
  });

  it.each([
    ['!!js/function "function () { return 1; }"', '!!js/function'],
    ['!foo bar', '!foo'],
    ['!!binary aGk=', '!!binary'],
    ['!!str 12', '!!str'],
  ])('the tag of `x: %s` is refused at its line', (value, tag) => {
    const problem = only(page(`order: 1\nx: ${value}\n`));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { file: FILE, line: 6, column: 4 } });
    expect(problem.message).toContain(`uses a tag, which is not allowed: \`${tag}\``);
  });
});

describe('size limits', () => {
  it('a content file over 4 MB fails before it is parsed', () => {
    const problem = only(page('order: 1\n', 'x'.repeat(4 * 1024 * 1024)));
    expect(problem).toMatchObject({ code: 'CONTENT_TOO_LARGE', loc: { file: FILE, line: 1, column: 1 } });
    expect(problem.message).toBe('The content file is 4,194,382 bytes, over the limit of 4 MB; it is not read.');
  });

  // Sparse files: 3 GB is more than Node's readFile accepts, so only a file that is never read passes.
  it.each([
    [5 * 1024 * 1024, '5 MB'],
    [3 * 1024 ** 3, '3072 MB'],
  ])('a content file of %i bytes on disk is refused by its size, without being read', async (size, shown) => {
    const root = makeSite({ [FILE]: '' });
    truncateSync(path.join(root, FILE), size);
    const { files, problems } = await loadContent(await loadConfig(root), [FILE]);
    expect(files).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'CONTENT_TOO_LARGE', loc: { file: FILE, line: 1, column: 1 } }),
    ]);
    expect(problems[0]?.message).toBe(`The content file is ${shown}, over the limit of 4 MB; it is not read.`);
  });

  it('front matter over 256 KB fails', () => {
    const problem = only(page(`order: 1\nnote: "${'y'.repeat(300 * 1024)}"\n`));
    expect(problem).toMatchObject({ code: 'CONTENT_TOO_LARGE', loc: { file: FILE, line: 1, column: 1 } });
    expect(problem.message).toContain('The front matter is 300.1 KB, over the limit of 256 KB');
  });

  it('a Markdown body over 1 MB is a warning, and the page is kept', () => {
    const { file, problems } = parse(page('order: 1\n', 'z'.repeat(1536 * 1024)));
    expect(file?.body).toHaveLength(1536 * 1024);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'CONTENT_LARGE', severity: 'warning', loc: { file: FILE, line: 7, column: 1 } }),
    ]);
    expect(problems[0]?.message).toContain('is 1.5 MB, over 1 MB');
  });
});

describe('long texts in the front matter', () => {
  // A title and a description are shown whole where a line or two fits, broken into words there.
  it.each([
    ['title', 200, '營'],
    ['description', 1000, 'a'],
    ['title', 200, '𠀋'],
  ])('`%s` over %i characters is refused at its line', (field, limit, char) => {
    const line = (length: number) => `${field}: "${char.repeat(length)}"`;
    const text = (length: number) => page('order: 1\n').replace(new RegExp(`^${field}: .*$`, 'm'), line(length));
    expect(parse(text(limit)).problems).toEqual([]);
    const problem = only(text(limit + 1));
    expect(problem).toMatchObject({
      code: 'FRONT_MATTER_INVALID',
      loc: { file: FILE, line: field === 'title' ? 2 : 3, column: 1 },
    });
    expect(problem.message).toBe(
      `Front matter field \`${field}\` is ${(limit + 1).toLocaleString('en-US')} characters long, over the limit of ${limit.toLocaleString('en-US')}.`,
    );
    expect(problem.hint).toContain('Shorten it');
  });

  it('a title as long as the front matter allows is refused at once', () => {
    const problem = only(page('order: 1\n').replace(/^title: .*$/m, `title: "${'營'.repeat(80_000)}"`));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 2 } });
    expect(problem.message).toContain('is 80,000 characters long');
  });
});

describe('URL fields of the front matter', () => {
  it.each([
    ['image: javascript:alert(1)', 'image', 'not `javascript:alert(1)`'],
    ['mapImage: "data:image/svg+xml,<svg onload=alert(1)>"', 'mapImage', 'not `data:image/svg+xml'],
    ['href: //evil.example/x', 'href', 'protocol-relative'],
    ['src: "/\\\\evil.example"', 'src', 'holds a backslash'],
    ['url: "/a\\tb"', 'url', 'control character: `/a\\u0009b`'],
    ['ctaUrl: vbscript:msgbox(1)', 'ctaUrl', 'not `vbscript:msgbox(1)`'],
    ['link: " javascript:alert(1)"', 'link', 'not ` javascript:alert(1)`'],
    ['heroLink: "java\\tscript:alert(1)"', 'heroLink', 'control character'],
    ['image: ""', 'image', 'is empty'],
    ['image: images/hero.svg', 'image', 'not `images/hero.svg`'],
  ])('`%s` is refused, naming the field at its line', (line, field, reason) => {
    const problem = only(page(`order: 1\n${line}\n`));
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: FILE, line: 6, column: 1 } });
    expect(problem.message).toContain(`\`${field}\` `);
    expect(problem.message).toContain(reason);
    expect(problem.hint).toContain('`javascript:` and `data:`');
  });

  it('a nested field is named by its path, at the line of its key', () => {
    const { problems } = parse(
      page(
        'cards:\n  - title: One\n    link: /services\n  - title: Two\n    link: /contact\n' +
          '  - title: Three\n    link: javascript:alert(1)\nhero: { backgroundImage: "//evil.example/a.png" }\n' +
          'gallery:\n  images:\n    - /a.svg\n  imageSrc: [/b.svg, "data:x"]\n',
      ),
    );
    expect(
      problems.map((p) => [
        p.code,
        p.code === 'FRONT_MATTER_INVALID' ? p.args.field : undefined,
        p.loc?.line,
        p.loc?.column,
      ]),
    ).toEqual([
      ['FRONT_MATTER_INVALID', 'cards[2].link', 11, 5],
      ['FRONT_MATTER_INVALID', 'hero.backgroundImage', 12, 9],
      ['FRONT_MATTER_INVALID', 'gallery.imageSrc[1]', 16, 22],
    ]);
  });

  it('root-relative paths, http(s) URLs and link labels pass', () => {
    const { problems } = parse(
      page(
        'image: /images/hero.svg\nmapImage: https://cdn.example.org/map.svg?v=2\nhref: http://example.org\n' +
          'sections:\n  contact:\n    link: "Contact CloudWing"\n  customers:\n    link: 認識我們的航空公司客戶\n' +
          'imageAlt: "javascript: is only text here"\n',
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('file names', () => {
  it('names the characters that break the rule and says the locale suffix is fine', () => {
    const problem = only(page(''), 'site/content/news/news é14.en.md');
    expect(problem).toMatchObject({
      code: 'CONTENT_FILE_NAME',
      loc: { file: 'site/content/news/news é14.en.md', line: 1, column: 1 },
    });
    expect(problem.message).toContain('`news é14` holds a space and `é`');
    expect(problem.message).toContain('ASCII letters, digits and `-`');
    expect(problem.message).toContain('start with a lower-case letter or a digit');
    expect(problem.hint).toBe(
      'Rename it `news-e14.en.md`; the `.en` before `.md` is the locale suffix and is fine as it is.',
    );
  });

  it('a capital first letter, an underscore, a dot, a folder', () => {
    expect(only(page(''), 'site/content/news/News14.en.md').message).toContain('`News14` starts with `N`');
    expect(only(page(''), 'site/content/news/news_14.zhHant.md').hint).toContain(
      'Rename it `news-14.zhHant.md`; the `.zhHant` before `.md` is the locale suffix',
    );
    expect(only(page(''), 'site/content/news/news.14.en.md').message).toContain('`news.14` holds a dot');
    const folder = only(page(''), 'site/content/news items/a.en.md');
    expect(folder.message).toContain('`news items` holds a space');
    expect(folder.hint).toContain('Rename the folder `news items` to `news-items`');
    expect(only(page(''), 'site/content/新聞/a.en.md').message).toContain('`新聞` holds `新` and `聞`');
  });

  it('an unknown or missing locale suffix', () => {
    const upper = only(page(''), 'site/content/news/news14.EN.md');
    expect(upper).toMatchObject({
      code: 'CONTENT_FILE_NAME',
      loc: { file: 'site/content/news/news14.EN.md', line: 1 },
    });
    expect(upper.message).toContain('`news14.EN.md` ends in `.EN`, which is not one of zhHant, en');
    expect(upper.hint).toContain('spelled exactly: `news14.en.md`');
    const none = only(page(''), 'site/content/news/news14.md');
    expect(none.message).toContain('`news14.md` has no `.<locale>` suffix before `.md`');
    expect(none.hint).toContain('`news14.zhHant.md` or `news14.en.md`');
  });

  it('a bad name and a bad front matter are reported together', () => {
    const { problems } = parse(page('date: 2026-13-45\n'), 'site/content/news/news 14.en.md');
    expect(problems.map((p) => p.code)).toEqual(['CONTENT_FILE_NAME', 'FRONT_MATTER_INVALID']);
  });
});

describe('Markdown links', () => {
  const links: LinkIndex = {
    pages: new Map([['/en/contact', { path: '/contact', locale: 'en' }]]),
    urls: new Map([['/contact', { zhHant: '/contact', en: '/en/contact' }]]),
    publicFiles: new Set(),
  };
  const file = (body: string): ContentFile => makeContentFile(body, { file: FILE });

  it('never makes a javascript:, vbscript: or data: link', () => {
    const { html, problems } = renderMarkdown(
      file(
        '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](&#106;avascript:alert(1)) [d](vbscript:x)\n' +
          '[e](data:text/html,<script>alert(1)</script>) <javascript:alert(1)> [f](%20javascript:alert(1))',
      ),
      'en',
      links,
    );
    expect(html).not.toMatch(/href="\s*(?:javascript|vbscript|data):/i);
    // The escaped space makes the last one a relative path, which names no page.
    expect(html).toContain('<a href="%20javascript:alert(1)">f</a>');
    expect(problems.map((p) => p.code)).toEqual(['LINK_UNKNOWN_ROUTE']);
  });

  it('a very long address is an ordinary problem with a short message', () => {
    const href = `/en/${'x'.repeat(200_000)}`;
    const { problems } = renderMarkdown(file(`Read [this](${href}).`), 'en', links);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'LINK_UNKNOWN_ROUTE', loc: { file: FILE, line: 6, column: 13 } }),
    ]);
    expect(problems[0]?.message.length).toBeLessThan(250);
  });

  it('a paragraph of thousands of broken links is read once: each is reported at its own column', () => {
    const count = 8000;
    const line = Array.from({ length: count }, (_, n) => `[${n}](/en/gone-${n})`).join(' ');
    const { problems } = renderMarkdown(file(line), 'en', links);
    expect(problems).toHaveLength(count);
    expect(problems.every((p) => p.code === 'LINK_UNKNOWN_ROUTE' && p.loc?.line === 6)).toBe(true);
    const columns = problems.map((p) => p.loc?.column ?? 0);
    expect(columns).toEqual([...columns].sort((x, y) => x - y));
    expect(columns[count - 1]).toBe(line.lastIndexOf('(/en/gone-') + 2);
  });

  it('the build reports malformed links at their line and column instead of failing to write', async () => {
    const article = 'site/content/news/news1.en.md';
    const text = real(article).trimEnd();
    const added = [
      'A bad escape: [contact](/en/contact%E0%A4).',
      'A lone percent: [x](%).',
      'A bad host: [x](http://[).',
      'No address: [x](<>).',
      'A percent before non-hex: [x](/en/contact%zz).',
    ];
    const problems = await problemsOf({ [article]: `${text}\n\n${added.join('\n\n')}\n` });
    const lineOf = (s: string) => `${text}\n\n${added.join('\n\n')}`.split('\n').findIndex((l) => l === s) + 1;
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line, p.loc?.column])).toEqual([
      ['LINK_MALFORMED', article, lineOf(added[0] as string), 25],
      ['LINK_MALFORMED', article, lineOf(added[1] as string), 21],
      ['LINK_MALFORMED', article, lineOf(added[2] as string), 17],
      ['LINK_MALFORMED', article, lineOf(added[3] as string), 17],
      ['LINK_MALFORMED', article, lineOf(added[4] as string), 31],
    ]);
    expect(problems[0]?.message).toBe(
      'The link `/en/contact%E0%A4` is malformed: `%E0%A4` is not a percent-escape of UTF-8 text.',
    );
    expect(problems[0]?.hint).toContain('write `%25` for a percent sign');
    expect(problems[1]?.message).toBe(
      'The link `%` is malformed: a `%` in it does not start a percent-escape (two hex digits).',
    );
    expect(problems[2]?.message).toContain('it is not a valid URL');
    expect(problems[3]?.message).toContain('its address is empty');
  });
});

describe('patterns run over a body', () => {
  const MB = 1024 * 1024;
  const links: LinkIndex = {
    pages: new Map(),
    urls: new Map(),
    publicFiles: new Set(),
    contacts: [{ key: 'service', email: 'service@cloudwing.example', fax: '+886-3-555-0199' }],
    keepWhole: ['營運控制中心'],
  };
  // Each body ends with a link to no page: the patterns run over the whole body before its problem is reported.
  const render = (body: string) => {
    const { html, problems } = renderMarkdown(makeContentFile(`${body}\n\n[x](/nowhere)\n`), 'en', links);
    expect(problems.map((p) => p.code)).toEqual(['LINK_UNKNOWN_ROUTE']);
    return html;
  };
  const cell = (text: string) => `| a | b |\n|---|---|\n| x | ${text} |`;

  it.each([
    ['a run of `%` before an `@`', `${'%'.repeat(MB)}@`, '%%%%@'],
    ['an address whose domain never ends in letters', `a@${'b.'.repeat(MB / 2)}1`, 'b.b.1'],
    ['numbers that never end', `+886 ${'1 '.repeat(MB / 2)}`, '+886 1 1 1'],
    ['a code that never ends', `CW-${'1'.repeat(MB)}x`, '111x'],
    ['words joined by hyphens that never end', `${'a-'.repeat(MB / 2)}1`, 'a-a-a-1'],
    ['a table cell of one run of Chinese', cell('營運控制中心與公司新聞'.repeat(MB / 33)), '營運控制中心'],
    ['a table cell of a word kept whole, again and again', cell('營運控制中心'.repeat(MB / 18)), '營運控制中心'],
  ])('take a time in step with its length: %s (1 MB)', (_, body, shown) => {
    const html = render(body);
    expect(html).toContain(shown);
    expect(html).not.toContain('<a href="mailto:');
    expect(html).not.toContain('class="nowrap"');
    // A line may end between two of the words kept whole, never inside one.
    expect(html).not.toMatch(/<wbr>[運控制中心]/);
  });

  // The rule as docs/glossary.md states it: capitals, then one or more hyphened parts, one of them
  // with a digit (a product code, a licence or certificate number), or `ISO` and its number.
  const CODES = /\b(?:[A-Z]{2,}(?:-[A-Z0-9]+)+|ISO \d{4,5})\b/g;

  // An English word joined by hyphens (behaviour.md: Presentation), between the codes.
  const COMPOUND = /(?<![\p{L}\d-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\p{L}\d-])/gu;
  const toKeptWhole = (text: string): string[] => {
    const kept: string[] = [];
    let from = 0;
    const codes = [...text.matchAll(CODES)].filter((m) => m[0].startsWith('ISO ') || /\d/.test(m[0]));
    for (const m of [...codes, null]) {
      const gap = text.slice(from, m ? m.index : text.length);
      kept.push(...[...gap.matchAll(COMPOUND)].map((c) => c[0]));
      if (m) kept.push(m[0]);
      from = m ? m.index + m[0].length : from;
    }
    return kept;
  };

  it('wrap the product codes, numbers and standards the rule names, the words joined by hyphens, and no others', () => {
    const piece = fc.constantFrom('A', 'B', 'Z', '1', '9', '-', 'a', ' ', 'ISO ', 'ISO 9001', 'CW-', 'é', '.');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = `x ${pieces.join('')}`.trim();
        const html = render(text);
        const wrapped = [...html.matchAll(/<span class="nowrap">(.*?)<\/span>/g)].map((m) => m[1]);
        expect(wrapped).toEqual(toKeptWhole(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the build reports every hostile front matter at once', () => {
  it('dates, URL fields, aliases and file names, each with its file and line', async () => {
    const news = 'site/content/news/news3.en.md';
    const service = 'site/content/services/service-ramp.en.md';
    const newsText = real(news).replace(/^date: .*$/m, 'date: 2026-02-30');
    const serviceText = real(service).replace(/^image: .*$/m, 'image: javascript:alert(1)');
    const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;
    const problems = await problemsOf({
      [news]: newsText,
      [service]: serviceText,
      'site/content/news/news 14.en.md': page('a: &a [1, 2]\nb: [*a, *a]\n'),
    });
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual(
      expect.arrayContaining([
        ['FRONT_MATTER_INVALID', news, lineOf(newsText, 'date:')],
        ['FRONT_MATTER_INVALID', service, lineOf(serviceText, 'image:')],
        ['CONTENT_FILE_NAME', 'site/content/news/news 14.en.md', 1],
        ['FRONT_MATTER_SYNTAX', 'site/content/news/news 14.en.md', 6],
      ]),
    );
    expect(problems.some((p) => p.code === 'OUTPUT_FAILED')).toBe(false);
  });
});

describe('the content cache', () => {
  it('gives what parsing gives, sees every edit, and never keeps a file with an error', async () => {
    const root = makeSite();
    const config = await loadConfig(root);
    const file = 'site/content/contact.en.md';
    const load = async () => {
      const { files, problems } = await loadContent(config, [file]);
      return { page: files[0], codes: problems.map((p) => p.code) };
    };
    const original = readFileSync(path.join(root, file), 'utf8');
    const first = await load();
    // The second load reads the cache the first one wrote: the same page, field for field.
    expect(await load()).toEqual(first);
    expect(first.page).toEqual(toContentFile(config, file, original).file);
    writeFileSync(path.join(root, file), original.replace(/^title: .*$/m, 'title: Contact the ramp team'));
    expect((await load()).page?.data.title).toBe('Contact the ramp team');
    writeFileSync(path.join(root, file), original.replace(/^title: .*$/m, 'title: [unclosed'));
    expect((await load()).codes).toEqual(['FRONT_MATTER_SYNTAX']);
    expect((await load()).codes).toEqual(['FRONT_MATTER_SYNTAX']);
  });
});

describe('Markdown nested past the limit of its reader', () => {
  const links: LinkIndex = { pages: new Map(), urls: new Map(), publicFiles: new Set() };
  const render = (body: string) => renderMarkdown(makeContentFile(body, { file: FILE }), 'en', links);
  /** A list `depth` levels deep, one item a line, then a paragraph. */
  const deepList = (depth: number) =>
    `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i + 1}`).join('\n')}\n\nThe end.\n`;

  it('a list 60 levels deep is refused at the first item past the limit, not cut short', () => {
    const { problems } = render(deepList(60));
    // A list counts two levels: item 50 opens level 100, the limit. Its text starts after `- `.
    expect(problems).toEqual([
      expect.objectContaining({ code: 'MARKDOWN_TOO_DEEP', loc: { file: FILE, line: 6 + 49, column: 101 } }),
    ]);
    expect(problems[0]?.message).toContain('would be left out of the page');
  });

  it('quotes 120 deep are refused at the first character past the limit', () => {
    const { problems } = render(`Before.\n\n${'>'.repeat(120)} deep\n\nAfter.\n`);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'MARKDOWN_TOO_DEEP', loc: { file: FILE, line: 8, column: 101 } }),
    ]);
  });

  it('a list as deep as the limit allows renders whole', () => {
    const { html, problems } = render(deepList(49));
    expect(problems).toEqual([]);
    expect(html).toContain('item 49');
    expect(html).toContain('The end.');
  });

  it('the build fails with the file and line; nothing is published without the text', async () => {
    const article = 'site/content/news/news1.en.md';
    const text = `${real(article).trimEnd()}\n\n${deepList(55)}`;
    const problems = await problemsOf({ [article]: text });
    const line = text.split('\n').findIndex((l) => l.endsWith('- item 50')) + 1;
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([['MARKDOWN_TOO_DEEP', article, line]]);
  });

  it('a megabyte of nesting is refused quickly', () => {
    const { problems } = render(`${'> '.repeat(512 * 1024)}x\n`);
    expect(problems.map((p) => [p.code, p.loc?.line])).toEqual([['MARKDOWN_TOO_DEEP', 6]]);
    const lists = render(`${'- '.repeat(512 * 1024)}x\n`);
    expect(lists.problems.map((p) => p.code)).toEqual(['MARKDOWN_TOO_DEEP']);
  });

  it('property: any nesting of lists and quotes shows every text, or is refused past the limit', () => {
    const marker = fc.constantFrom('> ', '- ', '1. ', '* ');
    fc.assert(
      fc.property(fc.array(marker, { minLength: 1, maxLength: 120, size: 'max' }), (markers) => {
        // Each level on its own line, indented under the one before, with its own text.
        let indent = '';
        const lines = markers.map((m, i) => {
          const line = `${indent}${m}word${i}`;
          indent += m.startsWith('>') ? '> ' : ' '.repeat(m.length);
          return line;
        });
        const { html, problems } = render(`${lines.join('\n')}\n\nlast words\n`);
        const lost = markers.some((_, i) => !html.includes(`word${i}<`) && !html.includes(`word${i}\n`));
        const refused = problems.some((p) => p.code === 'MARKDOWN_TOO_DEEP');
        expect(refused || (!lost && html.includes('last words'))).toBe(true);
        // Refused only past the limit: a list takes two of the reader's levels, a quote one.
        expect(refused).toBe(markers.reduce((depth, m) => depth + (m === '> ' ? 1 : 2), 0) >= 100);
      }),
      { numRuns: 200 },
    );
  });
});

describe('characters that are not text', () => {
  /** Whether a text holds a character the site refuses: in a file's text, a CR ends a line. */
  const holdsNotText = (text: string, inFile = false) =>
    [...text].some((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      const control = (c < 0x20 && c !== 0x09 && c !== 0x0a && !(inFile && c === 0x0d)) || c === 0x7f;
      return control || c === 0xfffe || c === 0xffff || (c >= 0xd800 && c <= 0xdfff);
    });

  it.each([
    ['a bell in the title', page('', 'Body.\n').replace('A title', 'A \u0007title'), 2, 10, 'U+0007'],
    ['DEL in the body', page('', 'One line.\nTwo \u007f lines.\n'), 7, 5, 'U+007F'],
    ['U+FFFF in a nested text', page('cards:\n  - label: "x\uffff"\n'), 6, 14, 'U+FFFF'],
    ['a NUL on a line of a CR LF file', page('order: 1\n', 'Body\u0000.\n').replace(/\n/g, '\r\n'), 7, 5, 'U+0000'],
  ])('%s is refused at its line and column', (_, text, line, column, character) => {
    const problem = only(text);
    expect(problem).toMatchObject({ code: 'TEXT_INVALID_CHARACTER', loc: { file: FILE, line, column } });
    expect(problem.message).toContain(character);
  });

  it.each([
    ['title: "A \\uD800 title"', 'title', 'U+D800', '\\uD800', 'half of a surrogate pair'],
    ['title: "Bell\\x07"', 'title', 'U+0007', '\\x07', 'a control character'],
    ['description: "Escape\\e"', 'description', 'U+001B', '\\e', 'a control character'],
    ['title: "Two\\rlines"', 'title', 'U+000D', '\\r', 'a control character'],
    ['title: "Not \\uFFFE"', 'title', 'U+FFFE', '\\uFFFE', 'a noncharacter'],
    ['title: "Low \\udc00 half"', 'title', 'U+DC00', '\\udc00', 'half of a surrogate pair'],
  ])('`%s`: an escape that writes no text is refused at the escape', (line, key, character, escaped, kind) => {
    const other = key === 'title' ? 'description: A description.' : 'title: A title';
    const problem = only(`---\n${line}\n${other}\ntemplate: article\n---\nBody.\n`);
    expect(problem).toMatchObject({
      code: 'TEXT_INVALID_CHARACTER',
      loc: { file: FILE, line: 2, column: line.indexOf('\\') + 1 },
    });
    expect(problem.message).toContain(`${character} (${kind}), written as an escape`);
    expect(problem.hint).toContain(`\`${escaped}\``);
  });

  it('at the end of a megabyte of body, or of front matter at its limit, found at once', () => {
    const body = only(page('', `${'x'.repeat(1024 * 1024)}\u0007\n`));
    expect(body).toMatchObject({ code: 'TEXT_INVALID_CHARACTER', loc: { line: 6, column: 1024 * 1024 + 1 } });
    const field = only(page(`note: "${'\\t'.repeat(120 * 1024)}\\x7f"\n`));
    expect(field).toMatchObject({ code: 'TEXT_INVALID_CHARACTER', loc: { line: 5, column: 8 + 240 * 1024 } });
  });

  it('an escape in a list of a nested field is found at its line', () => {
    const problem = only(page('cards:\n  - title: One\n    note: [a, "b\\u0001"]\n'));
    expect(problem).toMatchObject({ code: 'TEXT_INVALID_CHARACTER', loc: { file: FILE, line: 7, column: 17 } });
  });

  it('tabs, line feeds, emoji written as a surrogate pair and backslashes outside double quotes pass', () => {
    const { file, problems } = parse(
      page('note: "tab\\tand\\nbreak"\nsmile: "\\uD83D\\uDE00"\npath: C:\\x07\nquoted: \'\\u0000\'\n', 'A\ttab.\n'),
    );
    expect(problems).toEqual([]);
    expect(file?.data.extra).toEqual({
      note: 'tab\tand\nbreak',
      smile: '😀',
      path: 'C:\\x07',
      quoted: '\\u0000',
    });
  });

  it('a lone surrogate in a title fails the build at its line, not the search step', async () => {
    const article = 'site/content/news/news1.en.md';
    const text = real(article).replace(/^title: .*$/m, 'title: "Half \\uD83D of a smile"');
    const problems = await problemsOf({ [article]: text });
    const line = text.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line, p.loc?.column])).toEqual([
      ['TEXT_INVALID_CHARACTER', article, line, 14],
    ]);
  });

  it('translation files: a raw character or an escape that writes no text, at its place', () => {
    const file = 'site/locales/en/common.json';
    const at = (text: string) => {
      const parsed = parseMessages(file, text);
      return 'problem' in parsed ? [parsed.problem.code, parsed.problem.loc?.line, parsed.problem.loc?.column] : null;
    };
    expect(at('{\n  "a": "one",\n  "b": "t\u0007wo"\n}\n')).toEqual(['TEXT_INVALID_CHARACTER', 3, 10]);
    expect(at('{\n  "a": "one",\n  "b": "t\u007fwo"\n}\n')).toEqual(['TEXT_INVALID_CHARACTER', 3, 10]);
    expect(at('{\r\n  "a": { "b": "x\\ud800" }\r\n}\r\n')).toEqual(['TEXT_INVALID_CHARACTER', 2, 17]);
    expect(at('{ "a": "\\\\u0007 is text", "b": "\\uD83D\\uDE00", "c": "\\b" }')).toEqual([
      'TEXT_INVALID_CHARACTER',
      1,
      54,
    ]);
    expect(at('{ "a": "\\\\u0007 is text", "b": "\\uD83D\\uDE00\\t\\n" }')).toBeNull();
  });

  it('property: a title holds any text, and what is not text is refused at the escape that wrote it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (title, body) => {
          // JSON's escapes are YAML's double-quoted ones: every character of the title reaches the YAML reader.
          const text = `---\ntitle: ${JSON.stringify(`T${title}`)}\ndescription: D.\n---\nBody ${body}\n`;
          const { file, problems } = parse(text);
          const refused = problems.filter((p) => p.code === 'TEXT_INVALID_CHARACTER');
          if (holdsNotText(text, true)) {
            expect(refused.map((p) => p.loc?.line)).toEqual([
              text.split(/\r\n?|\n/).findIndex((l) => holdsNotText(l, true)) + 1,
            ]);
          } else if (holdsNotText(title)) {
            expect(refused.map((p) => p.loc?.line)).toEqual([2]);
            expect([...(text.split('\n')[1] ?? '')][(refused[0]?.loc?.column ?? 0) - 1]).toBe('\\');
          } else {
            expect(refused).toEqual([]);
            if (file) expect(file.data.title).toBe(`T${title}`.trim());
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

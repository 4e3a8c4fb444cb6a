import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, toNameText } from '../../generator/load/files.ts';
import { buildSite, type BuildResult } from '../../generator/pipeline/build.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { toCodeFrame } from '../../generator/problems/format.ts';
import { readTranslationRecord } from '../../generator/translations/record.ts';
import type { SiteProblem } from '../../generator/types.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { buildProblems, problemsOf as failureOf } from '../helpers/problems.ts';

afterAll(removeSites);

const problemsOf = buildProblems;

const real = (file: string) => readFileSync(path.join(import.meta.dirname, '../../', file), 'utf8');
const ARTICLE = 'site/content/news/news1.en.md';

/**
 * Builds the site with its configuration replaced by `config` and expects one problem, CONFIG_INVALID
 * at the first line holding `at`; returns its message.
 */
async function configProblemAt(config: string, at: string): Promise<string> {
  const problems = await problemsOf({ 'site/site.config.ts': config });
  const line = config.split('\n').findIndex((l) => l.includes(at)) + 1;
  expect(problems).toEqual([
    expect.objectContaining({ code: 'CONFIG_INVALID', loc: { file: 'site/site.config.ts', line, column: 1 } }),
  ]);
  return problems[0]?.message ?? '';
}

describe('bad input fails the build with the code, the file and the line', () => {
  it('malformed front matter: a YAML error at its line in the file', async () => {
    const problems = await problemsOf({
      [ARTICLE]: '---\ntitle: A fine title\ndescription: [unclosed\ntemplate: article\n---\nBody text.\n',
    });
    // The first front matter line is the file's line 2; the error points at the `[` never closed.
    expect(problems).toEqual([
      expect.objectContaining({ code: 'FRONT_MATTER_SYNTAX', loc: { file: ARTICLE, line: 3, column: 14 } }),
    ]);
  });

  it('a missing title names the field', async () => {
    const problems = await problemsOf({
      [ARTICLE]: '---\ndescription: Something\ntemplate: article\ndate: 2024-03-12\n---\nBody\n',
    });
    expect(problems[0]).toMatchObject({ code: 'FRONT_MATTER_INVALID', loc: { file: ARTICLE, line: 1 } });
    expect(problems[0]?.message).toContain('`title` is missing');
  });

  it('a route with no content in either locale: the navigation entry that names it', async () => {
    const config = real('site/site.config.ts').replace(
      "{ key: 'contact', path: '/contact' },",
      "{ key: 'contact', path: '/contact' },\n    { key: 'contact', path: '/no-such-page' },",
    );
    const problems = await problemsOf({ 'site/site.config.ts': config });
    const line = config.split('\n').findIndex((l) => l.includes('/no-such-page')) + 1;
    expect(problems).toEqual([
      expect.objectContaining({ code: 'ROUTE_NO_CONTENT', loc: { file: 'site/site.config.ts', line, column: 1 } }),
    ]);
    expect(problems[0]?.hint).toContain('site/content/no-such-page.zhHant.md');
  });

  it('a page with content in only one locale, not declared single-language', async () => {
    const problems = await problemsOf({ 'site/content/customers.en.md': null });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'ROUTE_MISSING_LOCALE',
        loc: { file: 'site/content/customers.zhHant.md', line: 1, column: 1 },
      }),
    ]);
    expect(problems[0]?.hint).toContain('site/content/customers.en.md');
  });

  it('an unknown template: the line of `template:`', async () => {
    const text = real(ARTICLE).replace('template: article', 'template: articel');
    const zh = real('site/content/news/news1.zhHant.md').replace('template: article', 'template: articel');
    const problems = await problemsOf({ [ARTICLE]: text, 'site/content/news/news1.zhHant.md': zh });
    const line = text.split('\n').findIndex((l) => l.startsWith('template:')) + 1;
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'TEMPLATE_UNKNOWN',
        loc: { file: 'site/content/news/news1.zhHant.md', line, column: 1 },
      }),
    ]);
    expect(problems[0]?.hint).toContain('article');
  });

  it('two files claiming one route', async () => {
    const problems = await problemsOf({ 'site/content/contact/index.en.md': real('site/content/contact.en.md') });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'ROUTE_DUPLICATE',
        loc: expect.objectContaining({ file: 'site/content/contact/index.en.md' }),
      }),
    ]);
    expect(problems[0]?.message).toContain('site/content/contact.en.md');
  });

  it('locale files that disagree on a locale-neutral setting', async () => {
    const text = real(ARTICLE).replace(/^date: .*$/m, 'date: 2020-01-01');
    const problems = await problemsOf({ [ARTICLE]: text });
    expect(problems).toEqual([expect.objectContaining({ code: 'ROUTE_SETTINGS_DISAGREE' })]);
    expect(problems[0]?.message).toContain('`date`');
  });

  it('a translation key missing in one locale: locale, namespace and key', async () => {
    const nav = JSON.parse(real('site/locales/en/nav.json'));
    delete nav.customers;
    const problems = await problemsOf({ 'site/locales/en/nav.json': JSON.stringify(nav, null, 2) });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'MESSAGE_KEY_MISSING',
        loc: expect.objectContaining({ file: 'site/locales/en/nav.json' }),
      }),
    ]);
    expect(problems[0]?.message).toBe(
      'Missing translation: locale en, namespace nav, key `customers` (used by the zhHant file).',
    );
  });

  it('a key a template reads that no locale has, for every locale', async () => {
    const problems = await problemsOf({
      'site/templates/components/Prose.tsx':
        "import { useSite } from './site.tsx';\nexport default function Prose({ html }: { html: string }) {\n  const { t } = useSite();\n  return <div className=\"prose\" title={t('common:proseLabel')} dangerouslySetInnerHTML={{ __html: html }} />;\n}\n",
    });
    const keys = problems.map((p) => p.message);
    expect(keys.some((m) => m.includes('locale zhHant, namespace common, key `proseLabel`'))).toBe(true);
    expect(keys.some((m) => m.includes('locale en, namespace common, key `proseLabel`'))).toBe(true);
    expect(problems.every((p) => p.code === 'MESSAGE_KEY_MISSING')).toBe(true);
  });

  it('a public file where the build writes a page, a page folder or a file of its own', async () => {
    const problems = await problemsOf({
      // Would replace the contact page, or be replaced by it.
      'site/public/contact/index.html': '<p>An old contact page.</p>\n',
      // A file where the articles' folders go: the articles could not be written.
      'site/public/news': 'not a folder\n',
      // The build writes its own.
      'site/public/robots.txt': 'User-agent: *\n',
      'site/public/_app/extra.js': 'console.log(1);\n',
      // Beside a page's folder, not in its place: published as it is.
      'site/public/images/contact-map.png': 'png\n',
    });
    expect(problems.map((p) => [p.code, p.loc?.file, p.args])).toEqual([
      ['PUBLIC_FILE_CONFLICT', 'site/public/_app/extra.js', expect.objectContaining({ output: '_app/' })],
      [
        'PUBLIC_FILE_CONFLICT',
        'site/public/contact/index.html',
        expect.objectContaining({ output: 'contact/index.html', what: 'the page /contact' }),
      ],
      [
        'PUBLIC_FILE_CONFLICT',
        'site/public/news',
        expect.objectContaining({ output: expect.stringMatching(/^news\//) as unknown }),
      ],
      ['PUBLIC_FILE_CONFLICT', 'site/public/robots.txt', expect.objectContaining({ output: 'robots.txt' })],
    ]);
    expect(problems[1]?.message).toContain(
      'site/public/contact/index.html stands where the build writes the page /contact',
    );
  });

  it('a translation file that is not JSON: line and column', async () => {
    const problems = await problemsOf({
      'site/locales/zhHant/footer.json': '{\n  "company": "雲翔"\n  "tagline": "x"\n}\n',
    });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'MESSAGES_SYNTAX',
        loc: expect.objectContaining({ file: 'site/locales/zhHant/footer.json', line: 3 }),
      }),
    ]);
  });

  it('a URL field of front matter naming no page or file: the field, its line, at any depth', async () => {
    const home = real('site/content/index.en.md')
      .replace('image: /images/hero-apron.svg', 'image: /images/turnaround-old.svg')
      .replace('    href: /proposal\n', '    href: /en/proposal/\n')
      .replace('list: articles\n', 'list: articles\nfeedUrl: /en/news/feed.xml?x#y\n');
    const problems = await problemsOf({ 'site/content/index.en.md': home });
    const lineOf = (text: string) => home.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(problems.map((p) => [p.code, p.loc?.line, p.args])).toEqual([
      ['FRONT_MATTER_INVALID', lineOf('turnaround-old'), expect.objectContaining({ field: 'image' })],
      ['FRONT_MATTER_INVALID', lineOf('/en/proposal/'), expect.objectContaining({ field: 'actions.proposal.href' })],
    ]);
    expect(problems[0]?.message).toContain('names `/images/turnaround-old.svg`, which is no page or file of this site');
  });

  it('a merge never finished (conflict markers) in content, a translation file or the record: refused at the first marker', async () => {
    const conflicted = (text: string, at: number) => {
      const lines = text.split('\n');
      lines.splice(
        at,
        1,
        '<<<<<<< HEAD',
        lines[at] as string,
        '=======',
        `${lines[at]} (theirs)`,
        '>>>>>>> news-update',
      );
      return lines.join('\n');
    };
    const article = real('site/content/news/news3.en.md');
    const bodyLine = article.split('\n').indexOf('---', 1) + 3;
    const problems = await problemsOf({
      'site/content/news/news3.en.md': conflicted(article, bodyLine - 1),
      'site/locales/en/footer.json': conflicted(real('site/locales/en/footer.json'), 2),
      // Seven `=` under a line of text is a Markdown heading, not a conflict.
      'site/content/news/news1.en.md': `${real('site/content/news/news1.en.md')}\nMore news\n=======\n`,
    });
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([
      ['MERGE_CONFLICT', 'site/content/news/news3.en.md', bodyLine],
      ['MERGE_CONFLICT', 'site/locales/en/footer.json', 3],
    ]);
    expect(problems[0]?.message).toContain('a merge that was never finished');
    const root = makeSite({
      'site/translations.lock.json': conflicted(real('site/translations.lock.json'), 5),
    });
    expect(readTranslationRecord(root).problem).toMatchObject({
      code: 'MERGE_CONFLICT',
      loc: { file: 'site/translations.lock.json', line: 6 },
    });
  });

  it('a translation left empty, or whose {{placeholder}} is mistyped: refused at its line, not published as it is', async () => {
    const common = real('site/locales/en/common.json')
      .replace('"Switch to {{language}}"', '"Switch to {{lang}}"')
      .replace('"Back to all news"', '" "');
    const lineOf = (text: string) => common.split('\n').findIndex((l) => l.includes(text)) + 1;
    const problems = await problemsOf({ 'site/locales/en/common.json': common });
    expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([
      ['I18N_PLACEHOLDERS', 'site/locales/en/common.json', lineOf('"switchTo"')],
      ['I18N_EMPTY', 'site/locales/en/common.json', lineOf('"backToNews"')],
    ]);
    expect(problems[0]?.message).toContain('zhHant: {{language}}; en: {{lang}}');
  });

  it('a translation file nested thousands deep: refused at the level past the limit, a frame of one window', async () => {
    const deep = `${'{"deep":'.repeat(50_000)}"x"${'}'.repeat(50_000)}`;
    const footer = real('site/locales/en/footer.json').replace(/\n\}\s*$/, `,\n  "nest": ${deep}\n}\n`);
    const problems = await problemsOf({ 'site/locales/en/footer.json': footer });
    const line = footer.split('\n').findIndex((l) => l.startsWith('  "nest"')) + 1;
    // The file's own object is the first level: the 32nd `{` of the value opens the 33rd.
    expect(problems.map((p) => [p.code, p.loc])).toEqual([
      ['MESSAGES_SHAPE', { file: 'site/locales/en/footer.json', line, column: 11 + 8 * 31 }],
    ]);
    // The line is 450,000 characters; the frame shows a window around the column.
    const frame = toCodeFrame(makeSite({ 'site/locales/en/footer.json': footer }), problems[0] as SiteProblem) ?? '';
    expect(frame.length).toBeLessThan(2000);
    const lines = frame.split('\n');
    const marked = lines.findIndex((l) => l.startsWith('>'));
    // The caret is under the `{` it names (the two lines' prefixes are as wide).
    expect(lines[marked]?.[lines[marked + 1]?.indexOf('^') ?? -1]).toBe('{');
  });

  it('a key twice in a translation file (a pasted line): the second one, and where the first is', async () => {
    const problems = await problemsOf({
      'site/locales/en/footer.json': real('site/locales/en/footer.json').replace(
        /\n\}\s*$/,
        ',\n  "inner": { "a": "x", "b": "y" },\n  "other": { "a": "x", "a": "y" }\n}\n',
      ),
    });
    const lines = real('site/locales/en/footer.json').trimEnd().split('\n');
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'MESSAGES_KEY_TWICE',
        loc: expect.objectContaining({ file: 'site/locales/en/footer.json', line: lines.length + 1, column: 24 }),
      }),
    ]);
    expect(problems[0]?.message).toContain(
      `The key \`other.a\` is in the translation file twice, here and on line ${lines.length + 1}`,
    );
  });

  it('a key with a dot in its name, or an empty key, in a translation file: refused at its line, no crash', async () => {
    // In both locales, so the keys agree: `t('footer:a.b')` would read `b` inside `a`, never this text.
    for (const [key, says] of [
      ['contact.phone', 'has a dot in its name'],
      ['', 'a key is empty'],
    ] as const) {
      const entry = (text: string) => `,\n  ${JSON.stringify(key)}: ${JSON.stringify(text)}\n}\n`;
      const problems = await problemsOf({
        'site/locales/en/footer.json': real('site/locales/en/footer.json').replace(/\n\}\s*$/, entry('Call us')),
        'site/locales/zhHant/footer.json': real('site/locales/zhHant/footer.json').replace(/\n\}\s*$/, entry('來電')),
      });
      const lastLine = (file: string) => real(file).trimEnd().split('\n').length;
      expect(problems.map((p) => [p.code, p.loc?.file, p.loc?.line]).sort()).toEqual([
        ['MESSAGES_SHAPE', 'site/locales/en/footer.json', lastLine('site/locales/en/footer.json')],
        ['MESSAGES_SHAPE', 'site/locales/zhHant/footer.json', lastLine('site/locales/zhHant/footer.json')],
      ]);
      expect(problems[0]?.message).toContain(says);
    }
  });

  it('an invalid config value: the field and its line', async () => {
    const config = real('site/site.config.ts').replace("primary: '#0066cc'", "primary: 'blue'");
    expect(await configProblemAt(config, "primary: 'blue'")).toContain('`theme.primary`');
  });

  it('two locales with one language tag, or one prefix (a locale block copied and not changed): refused', async () => {
    const sameTag = real('site/site.config.ts').replace("iso: 'en-US'", "iso: 'zh-Hant'");
    expect(await configProblemAt(sameTag, 'locales: [')).toContain('two locales with the same language tag');
    const samePrefix = real('site/site.config.ts').replace("prefix: '/en'", "prefix: '/zh'");
    const copied = samePrefix.replace("prefix: ''", "prefix: '/zh'");
    const problems = await problemsOf({ 'site/site.config.ts': copied });
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringContaining('two locales with the same prefix'));
  });

  it("an invalid value of the second locale: that locale's line, not the first locale's", async () => {
    const config = real('site/site.config.ts').replace("prefix: '/en'", "prefix: '/EN'");
    // The first locale has a `prefix` line too, before this one.
    const lines = config.split('\n');
    expect(lines.findIndex((l) => l.includes("prefix: '/EN'"))).toBeGreaterThan(
      lines.findIndex((l) => l.includes('prefix:')),
    );
    expect(await configProblemAt(config, "prefix: '/EN'")).toContain('`locales.1.prefix`');
  });

  it('an og:locale share dialogs do not know, or a station that is no airport code: the field and its line', async () => {
    const script = real('site/site.config.ts').replace("ogLocale: 'zh_TW'", "ogLocale: 'zh_Hant'");
    const message = await configProblemAt(script, "ogLocale: 'zh_Hant'");
    expect(message).toContain('`locales.0.ogLocale`: must be a language and a country, such as `zh_TW` or `en_US`');
    const station = real('site/site.config.ts').replace("{ iataCode: 'KHH' }", "{ iataCode: 'Kaohsiung' }");
    expect(await configProblemAt(station, "iataCode: 'Kaohsiung'")).toContain(
      "`organization.stations.1.iataCode`: must be an airport's three-letter IATA code",
    );
  });

  it('a word to keep whole that is none: the field, its line and what a word is', async () => {
    const config = real('site/site.config.ts').replace("'營運控制中心',", "'營運 控制中心',");
    const message = await configProblemAt(config, 'keepWhole:');
    expect(message).toContain('`keepWhole`');
    expect(message).toContain('without spaces');
  });

  it('a base URL with a user name or password: refused, never written into the pages', async () => {
    const config = real('site/site.config.ts').replace(
      "baseUrl: 'https://cloudwing.example'",
      "baseUrl: 'https://preview:s3cret@cloudwing.example'",
    );
    expect(config).toContain('s3cret');
    expect(await configProblemAt(config, 's3cret')).toContain('user name or password');
    // Given on the command line or in the environment instead: refused the same way.
    const root = makeSite();
    const failure = await buildSite({ root, write: false, baseUrl: 'https://preview:s3cret@cloudwing.example' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SiteError);
    expect((failure as SiteError).problems[0]?.message).toContain('user name or password');
  });

  it('a content or translation file saved as Big5, not UTF-8: the file and the line of its first such byte', async () => {
    const content = real('site/content/contact.zhHant.md');
    const footer = real('site/locales/zhHant/footer.json');
    const root = makeSite();
    // As an older Windows editor saves Traditional Chinese: 聯絡 is A770 B5B8 in Big5.
    const big5 = (text: string) => Buffer.from(text.replace(/[\u0080-\uffff]+/g, '\xa7\x70\xb5\xb8'), 'latin1');
    writeFileSync(path.join(root, 'site/content/contact.zhHant.md'), big5(content));
    writeFileSync(path.join(root, 'site/locales/zhHant/footer.json'), big5(footer));
    // As Windows Notepad saves "Unicode": UTF-16 with its byte order mark.
    const english = 'site/content/contact.en.md';
    writeFileSync(path.join(root, english), Buffer.from(`\ufeff${real(english)}`, 'utf16le'));
    const problems = await failureOf(buildSite({ root, write: false }));
    const utf16 = problems.find((p) => p.loc?.file === english);
    expect(utf16).toMatchObject({ code: 'TEXT_NOT_UTF8', loc: { line: 1, column: 1 } });
    expect(utf16?.message).toContain('saved as UTF-16');
    // Its text is not printed as a code frame of zero bytes and halves of characters.
    expect(toCodeFrame(root, utf16 as SiteProblem)).toBeNull();
    const lineOf = (text: string) => text.split('\n').findIndex((line) => /[\u0080-\uffff]/.test(line)) + 1;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'TEXT_NOT_UTF8',
          loc: expect.objectContaining({ file: 'site/content/contact.zhHant.md', line: lineOf(content) }),
        }),
        expect.objectContaining({
          code: 'TEXT_NOT_UTF8',
          loc: expect.objectContaining({ file: 'site/locales/zhHant/footer.json', line: lineOf(footer) }),
        }),
      ]),
    );
  });

  it('every invalid config value at once', async () => {
    const config = real('site/site.config.ts')
      .replace("defaultLocale: 'zhHant'", "defaultLocale: 'fr'")
      .replace('reloadGuardMs: 10000', 'reloadGuardMs: -5');
    const problems = await problemsOf({ 'site/site.config.ts': config });
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('`defaultLocale`'),
        expect.stringContaining('`runtime.reloadGuardMs`'),
      ]),
    );
  });

  it('a config file that does not compile', async () => {
    const problems = await problemsOf({
      'site/site.config.ts': 'const config = {\n  locales: [\n};\nexport default config;\n',
    });
    expect(problems[0]).toMatchObject({ code: 'CONFIG_LOAD', loc: expect.objectContaining({ line: 3 }) });
  });

  it('a Markdown link to a route that does not exist: its line and column; with a trailing slash, the page suggested', async () => {
    const text = `${real(ARTICLE).trimEnd()}\n\nSee [our fleet](/en/services/service-fleet) for details.\n\nSee [contact](/en/contact/).\n`;
    const problems = await problemsOf({ [ARTICLE]: text });
    const lineOf = (link: string) => text.split('\n').findIndex((l) => l.includes(link)) + 1;
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'LINK_UNKNOWN_ROUTE',
        loc: { file: ARTICLE, line: lineOf('service-fleet'), column: 17 },
      }),
      expect.objectContaining({
        code: 'LINK_UNKNOWN_ROUTE',
        loc: expect.objectContaining({ line: lineOf('/en/contact/') }),
      }),
    ]);
    expect(problems[1]?.hint).toContain('`/en/contact`');
  });
});

describe('warnings', () => {
  // One build of a site with three things that warn, each the subject of a test of its own.
  const DATED = 'site/content/news/newsEn1.en.md';
  const dated = real(DATED).replace(/^date: .*$/m, 'date: 2999-05-28');
  const ZH_ARTICLE = 'site/content/news/news1.zhHant.md';
  let warned: BuildResult;
  beforeAll(async () => {
    const root = makeSite({
      // A layout that does not exist, in both locales.
      [ARTICLE]: real(ARTICLE).replace('layout: default', 'layout: wide'),
      [ZH_ARTICLE]: real(ZH_ARTICLE).replace('layout: default', 'layout: wide'),
      // Markdown in files that do not end in `.md`.
      'site/content/news/news9.en.MD': real(ARTICLE),
      'site/content/news/news9.zhHant.markdown': real(ARTICLE),
      'site/content/news/notes.txt': 'not Markdown: no warning',
      // A mistyped year.
      [DATED]: dated,
    });
    warned = await buildSite({ root, write: false });
  });

  it('a page dated years ahead (a mistyped year): left out like any scheduled page, with a warning at its date', () => {
    const { report } = warned;
    const line = dated.split('\n').findIndex((l) => l.startsWith('date:')) + 1;
    const warnings = report.warnings.filter((p) => p.code === 'DATE_IN_FUTURE');
    expect(warnings.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([['DATE_IN_FUTURE', DATED, line]]);
    expect(warnings[0]?.message).toContain('scheduled for 2999-05-28');
    expect(report.held).toEqual([{ path: '/news/newsEn1', kind: 'scheduled', date: '2999-05-28', built: false }]);
    // No other warning than those of the three things.
    expect(report.warnings.map((p) => p.code).sort()).toEqual([
      'CONTENT_FILE_IGNORED',
      'CONTENT_FILE_IGNORED',
      'DATE_IN_FUTURE',
      'LAYOUT_UNKNOWN',
    ]);
  });

  it('an unknown layout renders with the fallback layout and names the file', () => {
    const warning = warned.report.warnings.find((w) => w.code === 'LAYOUT_UNKNOWN');
    expect(warning?.loc?.file).toBe(ZH_ARTICLE);
    const html = warned.files?.get('en/news/news1/index.html') as string;
    expect(html).toContain('class="shell layout-fallback"');
  });

  it('a Markdown file that does not end in .md is no page, and is named in a warning', () => {
    const ignored = warned.report.warnings.filter((w) => w.code === 'CONTENT_FILE_IGNORED');
    expect(ignored.map((w) => w.loc?.file).sort()).toEqual([
      'site/content/news/news9.en.MD',
      'site/content/news/news9.zhHant.markdown',
    ]);
    expect(ignored.map((w) => w.message)).toContain(
      'This file is not read as a page: only files ending in `.md` are, and it ends in `.MD`.',
    );
    expect(warned.files?.has('en/news/news9/index.html')).toBe(false);
  });

  it('no base URL: one warning, and root-relative SEO links', async () => {
    const root = makeSite({ 'site/site.config.ts': real('site/site.config.ts').replace(/^\s*baseUrl: .*$/m, '') });
    const saved = process.env.SITE_BASE_URL;
    delete process.env.SITE_BASE_URL;
    try {
      const result = await buildSite({ root, write: false });
      expect(result.report.warnings.filter((w) => w.code === 'BASE_URL_MISSING')).toHaveLength(1);
      expect(result.report.warnings[0]?.message).toContain('Base URL for SEO links missing');
      const html = result.files?.get('en/contact/index.html') as string;
      expect(html).toContain('<link rel="canonical" href="/en/contact">');
      expect(html).toContain('<link rel="alternate" hreflang="x-default" href="/contact">');
      expect(result.files?.get('index.html')).toContain('<link rel="alternate" hreflang="en" href="/en">');
    } finally {
      if (saved !== undefined) process.env.SITE_BASE_URL = saved;
    }
  });

  it('a base URL with a line break: around it, dropped; inside it, refused; the host written as browsers do', async () => {
    const root = makeSite();
    // A CI variable set from a YAML block ends in a line break; the URL parser drops it, the pages did not.
    process.env.SITE_BASE_URL = 'https://CloudWing.Example:443/\n';
    try {
      const result = await buildSite({ root, write: false });
      const home = result.files?.get('en/index.html') as string;
      expect(home).toContain('<link rel="canonical" href="https://cloudwing.example/en">');
      expect(home).not.toContain('CloudWing.Example');
      expect(result.files?.get('sitemap.xml')).toContain('<loc>https://cloudwing.example/en</loc>');
      // Inside the host, a line break would be dropped by the parser and written by the pages.
      process.env.SITE_BASE_URL = 'https://cloud\nwing.example';
      const failure = await buildSite({ root, write: false }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SiteError);
      const message = (failure as SiteError).problems[0]?.message ?? '';
      expect(message).toContain('"https://cloud\\nwing.example" (from SITE_BASE_URL)');
      expect(message).toContain('line break inside');
      // Set to nothing (a CI variable that is not defined): unset, and the configuration's applies.
      for (const nothing of ['', '  \n']) {
        process.env.SITE_BASE_URL = nothing;
        const unset = await buildSite({ root, write: false });
        expect(unset.files?.get('en/index.html')).toContain(
          '<link rel="canonical" href="https://cloudwing.example/en">',
        );
      }
    } finally {
      delete process.env.SITE_BASE_URL;
    }
  });

  it('SITE_BASE_URL overrides the configured base URL', async () => {
    const root = makeSite();
    // Another scheme, the same host: the share cards, which show the host, are the configuration's.
    process.env.SITE_BASE_URL = 'http://cloudwing.example/';
    try {
      const result = await buildSite({ root, write: false });
      expect(result.files?.get('en/index.html')).toContain('<link rel="canonical" href="http://cloudwing.example/en">');
      expect(result.files?.get('index.html')).toContain('<link rel="canonical" href="http://cloudwing.example">');
      // Plain HTTP for a site on the web: said once, as search engines would show it.
      const warned = (r: typeof result) => r.report.warnings.filter((w) => w.code === 'BASE_URL_NOT_HTTPS');
      expect(warned(result)).toHaveLength(1);
      expect(warned(result)[0]?.message).toContain('`http://cloudwing.example` is plain HTTP');
      // Not for a preview on this machine, nor for HTTPS.
      for (const quiet of ['http://localhost:8080', 'http://127.0.0.1:3000', 'https://cloudwing.example']) {
        process.env.SITE_BASE_URL = quiet;
        expect(warned(await buildSite({ root, write: false })), quiet).toEqual([]);
      }
    } finally {
      delete process.env.SITE_BASE_URL;
    }
  });
});

describe('a file name that is not UTF-8 (from a zip made on Windows)', () => {
  /** `dir` joined with a name given as bytes, as a zip tool that keeps them writes it. */
  const bytePath = (dir: string, name: Buffer) => Buffer.concat([Buffer.from(`${dir}/`), name]);
  // Latin-1 `café`, Big5 `聯絡` (A770 B5B8: `p` is ASCII, the rest no UTF-8).
  const LATIN1 = Buffer.from('caf\xe9', 'latin1');
  const BIG5 = Buffer.from('\xa7\x70\xb5\xb8', 'latin1');

  it('in site/content, site/public, the templates and the translations: named at the file, as its bytes allow', async () => {
    const root = makeSite();
    const site = (folder: string) => path.join(root, 'site', folder);
    writeFileSync(
      bytePath(site('content/news'), Buffer.concat([LATIN1, Buffer.from('.en.md')])),
      '---\ntitle: x\n---\n',
    );
    mkdirSync(bytePath(site('content'), BIG5));
    writeFileSync(bytePath(site('public/images'), Buffer.concat([BIG5, Buffer.from('.svg')])), '<svg/>');
    mkdirSync(bytePath(site('public'), LATIN1));
    writeFileSync(bytePath(site('templates/pages'), Buffer.concat([LATIN1, Buffer.from('.tsx')])), 'export {};\n');
    writeFileSync(bytePath(site('locales/en'), Buffer.concat([BIG5, Buffer.from('.json')])), '{}');
    const problems = await failureOf(buildSite({ root, write: false }));
    expect(problems.map((p) => [p.code, p.loc])).toEqual([
      ['CONTENT_FILE_NAME', { file: 'site/content/\\xA7p\\xB5\\xB8/', line: 1, column: 1 }],
      ['CONTENT_FILE_NAME', { file: 'site/content/news/caf\\xE9.en.md', line: 1, column: 1 }],
      ['FILE_NAME_NOT_UTF8', { file: 'site/public/caf\\xE9/', line: 1, column: 1 }],
      ['FILE_NAME_NOT_UTF8', { file: 'site/public/images/\\xA7p\\xB5\\xB8.svg', line: 1, column: 1 }],
      ['FILE_NAME_NOT_UTF8', { file: 'site/locales/en/\\xA7p\\xB5\\xB8.json', line: 1, column: 1 }],
      ['FILE_NAME_NOT_UTF8', { file: 'site/templates/pages/caf\\xE9.tsx', line: 1, column: 1 }],
    ]);
    expect(problems[1]?.message).toContain('`caf\\xE9.en.md` is not UTF-8');
    // Not an internal error, nor a failure of the output folder.
    expect(problems.map((p) => p.code)).not.toContain('OUTPUT_FAILED');
  });

  it('any name of bytes: listed without a throw, each byte that is no UTF-8 shown as \\xNN, the rest as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-names-'));
    // Any byte but the separator and NUL (which no name holds) and the backslash (which the escapes use).
    const nameByte = fc.integer({ min: 1, max: 255 }).filter((b) => b !== 0x2f && b !== 0x5c);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(nameByte, { minLength: 1, maxLength: 24 }), async (bytes) => {
        const name = Buffer.concat([Buffer.from(`${n++}-`), Buffer.from(bytes)]);
        const folder = path.join(dir, String(n));
        mkdirSync(folder);
        writeFileSync(bytePath(folder, name), 'x');
        const listed = await listFiles(dir, folder, { misnamed: 'FILE_NAME_NOT_UTF8' });
        const shown = toNameText(name);
        // The text spells the bytes back: its escapes as bytes, the rest as UTF-8.
        const spelled = shown.split(/\\x([0-9A-F]{2})/).map((part, i) => Buffer.from(part, i % 2 ? 'hex' : 'utf8'));
        expect(Buffer.concat(spelled).equals(name)).toBe(true);
        expect(shown).not.toContain('\ufffd');
        if (name.toString() === shown && !shown.startsWith('.')) expect(listed.files).toEqual([shown]);
        else if (name.toString() !== shown)
          expect(listed.problems.map((p) => p.loc?.file)).toEqual([path.relative(dir, folder) + '/' + shown]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a key no setting has', () => {
  const config = real('site/site.config.ts');

  it('`baseURL` for `baseUrl` is refused at its line, with the setting it misspells', async () => {
    const typo = config.replace('  baseUrl:', '  baseURL:');
    const problems = await problemsOf({ 'site/site.config.ts': typo });
    const line = typo.split('\n').findIndex((l) => l.includes('baseURL:')) + 1;
    expect(problems).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID', loc: { file: 'site/site.config.ts', line, column: 1 } }),
    ]);
    expect(problems[0]?.message).toBe(
      'Invalid configuration value at `baseURL`: is not a setting, and would be ignored.',
    );
    expect(problems[0]?.hint).toBe('Did you mean `baseUrl`? Rename the key.');
  });

  it('at any level: a locale, the theme, a menu entry, the budgets', async () => {
    const typos = config
      .replace("siteTitle: 'CloudWing", "sitetitle: 'x',\n      siteTitle: 'CloudWing")
      .replace('ripple: false,', 'ripple: false,\n    primaryColour: 1,')
      .replace("{ key: 'jobs', path: '/jobs', section: 'jobs' }", "{ key: 'jobs', path: '/jobs', sectoin: 'jobs' }")
      .replace('budgets: { jsKb: 15,', 'budgets: { jsKB: 15, jsKb: 15,');
    const problems = await problemsOf({ 'site/site.config.ts': typos });
    const lineOf = (text: string) => typos.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(problems.map((p) => [p.code, p.code === 'CONFIG_INVALID' && p.args.field, p.loc?.line])).toEqual([
      ['CONFIG_INVALID', 'locales.1.sitetitle', lineOf('sitetitle:')],
      ['CONFIG_INVALID', 'theme.primaryColour', lineOf('primaryColour')],
      ['CONFIG_INVALID', 'navigation.6.sectoin', lineOf('sectoin')],
      ['CONFIG_INVALID', 'check.budgets.jsKB', lineOf('jsKB')],
    ]);
    expect(problems.map((p) => p.hint)).toEqual([
      'Did you mean `siteTitle`? Rename the key.',
      'The settings here are `dark`, `primary`, `secondary`, `ripple`, `preloadFonts`; remove the key or name one of them.',
      'Did you mean `section`? Rename the key.',
      'Did you mean `jsKb`? Rename the key.',
    ]);
  });

  it('a quoted key, and one that holds the characters of a pattern', async () => {
    const typos = config.replace('  titleSeparator:', "  'title(Separator':");
    const problems = await problemsOf({ 'site/site.config.ts': typos });
    const line = typos.split('\n').findIndex((l) => l.includes('title(Separator')) + 1;
    expect(problems.map((p) => [p.code, p.loc?.line, p.hint])).toEqual([
      ['CONFIG_INVALID', line, 'Did you mean `titleSeparator`? Rename the key.'],
    ]);
  });
});

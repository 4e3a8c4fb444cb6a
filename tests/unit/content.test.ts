import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { toContentFile } from '../../generator/load/parse-content.ts';
import { toUtf8Text } from '../../generator/load/encoding.ts';
import { listFiles } from '../../generator/load/files.ts';
import type { SiteConfig } from '../../generator/types.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

let config: SiteConfig;
beforeAll(async () => {
  config = await loadConfig(REPO_ROOT);
});

const page = (extra = '') =>
  `---\ntitle: Ramp\ndescription: What the ramp team does.\ntemplate: service\n${extra}---\nFirst paragraph.\n`;

describe('content files', () => {
  it('maps file names to route paths and locales', () => {
    const cases: [string, string, string][] = [
      ['site/content/index.zhHant.md', '/', 'zhHant'],
      ['site/content/contact.en.md', '/contact', 'en'],
      ['site/content/news/index.en.md', '/news', 'en'],
      ['site/content/strengths/homemade-equipment/eq1.zhHant.md', '/strengths/homemade-equipment/eq1', 'zhHant'],
      ['site/content/news/newsEn1.en.md', '/news/newsEn1', 'en'],
    ];
    for (const [file, path, locale] of cases) {
      const { file: parsed, problems } = toContentFile(config, file, page());
      expect(problems).toEqual([]);
      expect(parsed).toMatchObject({ path, locale });
    }
  });

  it('rejects a file whose name carries no known locale', () => {
    const { file, problems } = toContentFile(config, 'site/content/contact.fr.md', page());
    expect(file).toBeNull();
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_FILE_NAME',
      loc: { file: 'site/content/contact.fr.md', line: 1, column: 1 },
    });
    expect(problems[0]?.hint).toContain('zhHant, en');
  });

  it('converts YAML positions (0-based, inside the front matter) into file lines', () => {
    const text =
      '---\ntitle: Ramp\ndescription: What the ramp team does.\ntemplate: service\norder: [1, 2\n---\nBody\n';
    const { problems } = toContentFile(config, 'site/content/a.en.md', text);
    // The unclosed list opens on line 5 of the file; YAML notices on the next line, and the
    // error is moved back to the `[` that is never closed.
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'FRONT_MATTER_SYNTAX',
        loc: { file: 'site/content/a.en.md', line: 5, column: 8 },
      }),
    ]);
  });

  it('pins a YAML error to its exact line', () => {
    const text = '---\ntitle: Ramp\ndescription: What: the: ramp\n  bad indent: x\ntemplate: service\n---\nBody\n';
    const { problems } = toContentFile(config, 'site/content/a.en.md', text);
    expect(problems[0]).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', loc: { line: 3, column: 14 } });
  });

  it('knows where the body starts and the line of each key', () => {
    const { file } = toContentFile(
      config,
      'site/content/a.en.md',
      page('layout: section\norder: 4\ndate: 2025-03-18\n'),
    );
    expect(file?.bodyLine).toBe(9);
    expect(file?.keyLines).toMatchObject({ title: 2, description: 3, template: 4, layout: 5, order: 6, date: 7 });
    expect(file?.data).toMatchObject({ layout: 'section', order: 4, date: '2025-03-18', list: null, locales: null });
  });

  it('validates every field and names its line', () => {
    const { problems } = toContentFile(
      config,
      'site/content/a.en.md',
      '---\ntitle: ""\ndescription: x\norder: first\ndate: 18 March\nlocales: [fr]\nlist: everything\ninOverview: no\n---\n',
    );
    expect(problems.map((p) => [p.message.split(' ')[3], p.loc?.line])).toEqual([
      ['`title`', 2],
      ['`order`', 4],
      ['`date`', 5],
      ['`locales`', 6],
      ['`list`', 7],
      ['`inOverview`', 8],
    ]);
  });

  it('keeps structured texts beside the known fields', () => {
    const { file } = toContentFile(
      config,
      'site/content/a.en.md',
      page('figures:\n  - label: Flights\n    value: "92,000"\n'),
    );
    expect(file?.data.extra).toEqual({ figures: [{ label: 'Flights', value: '92,000' }] });
  });

  it('starts the body on the line after the closing `---`, whatever spaces end the fences', () => {
    const text = '---  \ntitle: Ramp\ndescription: x\n---\t\n\nFirst paragraph.\n';
    const { file } = toContentFile(config, 'site/content/a.en.md', text);
    expect(file).toMatchObject({ bodyLine: 5, body: '\nFirst paragraph.\n', keyLines: { title: 2, description: 3 } });
    const closedAtEnd = toContentFile(config, 'site/content/a.en.md', '---\ntitle: Ramp\ndescription: x\n---');
    expect(closedAtEnd.file).toMatchObject({ bodyLine: 5, body: '' });
  });

  it('gives each of two files with the same text its own problems', () => {
    const text = page('image: javascript:alert(1)\n');
    const [a, b] = ['site/content/a.en.md', 'site/content/b.en.md'].map((f) => toContentFile(config, f, text));
    expect(a?.problems.map((p) => p.loc?.file)).toEqual(['site/content/a.en.md']);
    expect(b?.problems.map((p) => p.loc?.file)).toEqual(['site/content/b.en.md']);
  });
});

describe('a content file as a Windows editor saves it', () => {
  it('reads CR LF line endings and a byte order mark as it reads the same file with LF: the same data, lines and body', async () => {
    const content = path.join(REPO_ROOT, 'site/content');
    const { files } = await listFiles(REPO_ROOT, content);
    // Every page of the real site: quoted values end lines, lists and maps nest.
    for (const name of files.filter((f) => f.endsWith('.md'))) {
      const file = `site/content/${name}`;
      const text = readFileSync(path.join(content, name), 'utf8');
      const unix = toContentFile(config, file, text);
      expect(unix.file, file).not.toBeNull();
      for (const saved of [text.replace(/\n/g, '\r\n'), `\uFEFF${text.replace(/\n/g, '\r\n')}`]) {
        expect(toContentFile(config, file, saved), file).toEqual(unix);
      }
    }
  });
});

describe('a front matter key a letter or two from a setting', () => {
  const file = 'site/content/a.en.md';
  const warnings = (extra: string) => {
    const parsed = toContentFile(config, file, page(extra));
    expect(parsed.file).not.toBeNull();
    return parsed.problems.map((p) => [
      p.code,
      p.severity,
      p.code === 'FRONT_MATTER_TYPO' && p.args.setting,
      p.loc?.line,
    ]);
  };

  it('is a warning at its line, naming the setting; the key still reaches the template', () => {
    expect(warnings('templete: article\nlayuot: wide\nTitle: Again\norder: 2\nlsit: section\n')).toEqual([
      ['FRONT_MATTER_TYPO', 'warning', 'template', 5],
      ['FRONT_MATTER_TYPO', 'warning', 'layout', 6],
      ['FRONT_MATTER_TYPO', 'warning', 'title', 7],
      ['FRONT_MATTER_TYPO', 'warning', 'list', 9],
    ]);
    const parsed = toContentFile(config, file, page('templete: article\n'));
    expect(parsed.file?.data.extra).toEqual({ templete: 'article' });
    expect(parsed.problems[0]?.message).toContain(
      '`templete` is not a page setting, and reads like a misspelling of `template`',
    );
  });

  it('other keys pass as they are: the structured texts of the real pages, and names far from any setting', () => {
    expect(
      warnings('figures: []\nimageAlt: x\nmapImage: /a.svg\nstations: []\nnotices: []\ncontact: service\nintro: x\n'),
    ).toEqual([]);
  });

  it('property: one edit of a setting is named as its misspelling', () => {
    const settings = [
      'title',
      'description',
      'template',
      'layout',
      'order',
      'date',
      'locales',
      'list',
      'listLimit',
      'inOverview',
      'contact',
    ];
    const edit = fc
      .tuple(
        fc.constantFrom(...settings),
        fc.nat(),
        fc.constantFrom('drop', 'swap', 'change', 'add'),
        fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      )
      .map(([setting, at, kind, letter]) => {
        const i = at % setting.length;
        if (kind === 'drop') return setting.slice(0, i) + setting.slice(i + 1);
        if (kind === 'swap' && i + 1 < setting.length)
          return setting.slice(0, i) + setting[i + 1] + setting[i] + setting.slice(i + 2);
        if (kind === 'change') return setting.slice(0, i) + letter + setting.slice(i + 1);
        return setting.slice(0, i) + letter + setting.slice(i);
      })
      .filter((key) => key.length > 1 && !settings.includes(key) && /^[a-z]/i.test(key));
    fc.assert(
      fc.property(edit, (key) => {
        const [warning] = warnings(`${key}: x\n`);
        expect(warning?.[0]).toBe('FRONT_MATTER_TYPO');
        expect(warning?.[3]).toBe(5);
      }),
    );
  });
});

describe('a file that is not UTF-8', () => {
  it('property: is named at the line and column of its first byte that is not, whatever text comes before', () => {
    const invalid = fc.constantFrom([0x80], [0xff], [0xc0, 0x80], [0xf5], [0xed, 0xa0, 0x80], [0xe0, 0x80]);
    // Zero bytes stay out: a file of them is taken for UTF-16, which is reported at its start.
    const texts = fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\0', ''));
    const tails = fc.uint8Array({ min: 1, maxLength: 8 });
    fc.assert(
      fc.property(texts, invalid, tails, (before, bad, after) => {
        // A U+FFFD the file holds (or a lone surrogate, which is written as one) is text, not the fault.
        const text = `${before}\uFFFD`;
        const result = toUtf8Text('f.md', Buffer.concat([Buffer.from(text), Buffer.from(bad), after]));
        const lines = text.split('\n');
        expect(result).toEqual({
          problem: expect.objectContaining({
            code: 'TEXT_NOT_UTF8',
            loc: { file: 'f.md', line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1 },
          }),
        });
      }),
    );
  });
});

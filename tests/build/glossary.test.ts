import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGlossary, GLOSSARY_FILE, toGlossary } from '../../generator/check/glossary.ts';
import { loadConfig } from '../../generator/config.ts';
import { loadContent } from '../../generator/load/content.ts';
import { loadTemplateInventory } from '../../generator/load/templates.ts';
import { resolveRoutes } from '../../generator/resolve/routes.ts';
import { REPO_ROOT, makeSite, removeSites } from '../helpers/make-site.ts';

// behaviour.md: Terms. The glossary is read from docs/glossary.md; `site check` warns at every
// use of a variant in a content or message file of the glossary's locale.
const GLOSSARY = readFileSync(path.join(REPO_ROOT, GLOSSARY_FILE), 'utf8');

async function glossaryProblems(root: string) {
  const config = await loadConfig(root);
  const [content, templates] = await Promise.all([loadContent(config), loadTemplateInventory(config)]);
  return checkGlossary(config, resolveRoutes(config, content.files, templates).routes);
}

afterAll(removeSites);

describe('the glossary', () => {
  it('names one Chinese term, its variants and its English term for each concept', () => {
    const terms = toGlossary(GLOSSARY, ['zhHant', 'en']);
    const byPreferred = Object.fromEntries(terms.map((t) => [t.preferred, t]));
    expect(byPreferred['ISAGO 註冊']?.variants).toContain('ISAGO 登錄');
    expect(byPreferred['企業事務部']?.variants).toEqual(['行政管理部', '企業事務處']);
    expect(byPreferred['場站']?.variants).toEqual(expect.arrayContaining(['服務據點', '營運據點', '四個航站']));
    // One term for ground support equipment, where three were in use.
    expect(byPreferred['地面支援設備']).toMatchObject({
      variants: ['地面裝備', '地勤裝備', '地勤設備'],
      english: 'ground support equipment (GSE)',
    });
    expect(byPreferred['最新消息']).toMatchObject({ variants: ['新聞中心'], english: 'News' });
    expect(byPreferred['總覽']?.variants).toEqual(['單元總覽']);
    // One name for each service and product in menus, cards, titles and text.
    expect(byPreferred['客艙服務']).toMatchObject({
      variants: ['客艙清潔與整備', '[客艙清潔]'],
      english: 'Cabin services',
    });
    expect(byPreferred['航空站地勤業許可證']?.english).toBe('ground-handling license');
    // Place names and the currency are written with 臺, never 台.
    expect(byPreferred['臺灣']?.variants).toEqual(['台灣']);
    expect(byPreferred['臺北']?.variants).toEqual(['台北']);
    expect(byPreferred['新臺幣']?.variants).toEqual(['新台幣']);
    expect(terms.every((t) => t.english !== '')).toBe(true);
  });

  it('holds the English site to US spelling and usage', () => {
    const english = toGlossary(GLOSSARY, ['zhHant', 'en']).filter((t) => t.locale === 'en');
    const byPreferred = Object.fromEntries(english.map((t) => [t.preferred, t]));
    expect(byPreferred['center']?.variants).toContain('centre');
    expect(byPreferred['license']?.variants).toContain('licence');
    expect(byPreferred['fueling']?.variants).toContain('fuelling');
    expect(byPreferred['driver’s license']?.variants).toContain('driving license');
    expect(byPreferred['request for proposals']?.variants).toContain('tender');
    // One name for each service and product, and typographic apostrophes.
    expect(byPreferred['Cabin services']?.variants).toContain('Cabin Cleaning and Presentation');
    expect(byPreferred['CW-PCA90 Pre-Conditioned Air Unit']?.variants).toContain('PCA Unit');
    expect(byPreferred['’']?.variants).toContain("'s ");
    expect(english.every((t) => t.english === 'US spelling' || t.english === 'US usage')).toBe(true);
  });

  it('reads only the tables under a heading that is a locale code', () => {
    const text =
      '## Notes\n\n| a | `b` | c |\n\n## en\n\n| preferred | variants | English |\n|---|---|---|\n| center | `centre` | center |\n';
    expect(toGlossary(text, ['zhHant', 'en'])).toEqual([
      { locale: 'en', preferred: 'center', variants: ['centre'], english: 'center' },
    ]);
  });

  it('finds no variant on the real site', async () => {
    expect(await glossaryProblems(REPO_ROOT)).toEqual([]);
  });

  it('warns at the file, line and column of a variant in content and in messages, naming the preferred term', async () => {
    const footer = readFileSync(path.join(REPO_ROOT, 'site/locales/zhHant/footer.json'), 'utf8');
    const root = makeSite({
      [GLOSSARY_FILE]: GLOSSARY,
      'site/content/customers.zhHant.md': readFileSync(
        path.join(REPO_ROOT, 'site/content/customers.zhHant.md'),
        'utf8',
      ).replace(/\n---\n/, '\n---\n請洽新聞中心或總公司。\n四個航站的地面裝備。\n'),
      'site/locales/zhHant/footer.json': footer.replace('"headquarters": "總部"', '"headquarters": "總公司"'),
      // The English site is not held to the Chinese terms, but to US spelling.
      'site/content/customers.en.md': readFileSync(
        path.join(REPO_ROOT, 'site/content/customers.en.md'),
        'utf8',
      ).replace(/\n---\n/, '\n---\nSee 總公司 and our training centre.\n'),
    });
    const problems = await glossaryProblems(root);
    const bodyLine =
      readFileSync(path.join(root, 'site/content/customers.zhHant.md'), 'utf8')
        .split('\n')
        .indexOf('請洽新聞中心或總公司。') + 1;
    const footerLine = footer.split('\n').findIndex((l) => l.includes('"headquarters"')) + 1;
    const englishLine =
      readFileSync(path.join(root, 'site/content/customers.en.md'), 'utf8')
        .split('\n')
        .indexOf('See 總公司 and our training centre.') + 1;
    expect(problems.map((p) => [p.code, p.severity, p.loc, p.args])).toEqual([
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/content/customers.zhHant.md', line: bodyLine, column: 3 },
        { variant: '新聞中心', preferred: '最新消息', english: 'News', glossary: GLOSSARY_FILE },
      ],
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/content/customers.zhHant.md', line: bodyLine, column: 8 },
        { variant: '總公司', preferred: '總部', english: 'headquarters', glossary: GLOSSARY_FILE },
      ],
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/content/customers.zhHant.md', line: bodyLine + 1, column: 1 },
        { variant: '四個航站', preferred: '場站', english: 'station', glossary: GLOSSARY_FILE },
      ],
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/content/customers.zhHant.md', line: bodyLine + 1, column: 6 },
        {
          variant: '地面裝備',
          preferred: '地面支援設備',
          english: 'ground support equipment (GSE)',
          glossary: GLOSSARY_FILE,
        },
      ],
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/locales/zhHant/footer.json', line: footerLine, column: 20 },
        { variant: '總公司', preferred: '總部', english: 'headquarters', glossary: GLOSSARY_FILE },
      ],
      [
        'GLOSSARY_VARIANT',
        'warning',
        { file: 'site/content/customers.en.md', line: englishLine, column: 26 },
        { variant: 'centre', preferred: 'center', english: 'US spelling', glossary: GLOSSARY_FILE },
      ],
    ]);
    expect(problems[0]?.message).toBe('"新聞中心" is a variant the glossary does not use: write "最新消息" (News).');
  });

  it('finds every variant of a line of 1 MB, at its column counted in characters', async () => {
    // 64,000 times a character written as two code units, then the variant: 1.1 MB.
    const line = '𠀋 總公司、'.repeat(64_000);
    const file = 'site/content/customers.zhHant.md';
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\n---\n/, `\n---\n${line}\n`);
    const problems = (await glossaryProblems(makeSite({ [GLOSSARY_FILE]: GLOSSARY, [file]: text }))).filter(
      (p) => p.loc?.file === file,
    );
    expect(problems).toHaveLength(64_000);
    expect(problems.slice(0, 2).map((p) => p.loc?.column)).toEqual([3, 9]);
    expect(problems.at(-1)?.loc?.column).toBe(63_999 * 6 + 3);
  });

  it('checks nothing when the project has no glossary', async () => {
    const footer = readFileSync(path.join(REPO_ROOT, 'site/locales/zhHant/footer.json'), 'utf8');
    const root = makeSite({ 'site/locales/zhHant/footer.json': footer.replace('"總部"', '"總公司"') });
    expect(await glossaryProblems(root)).toEqual([]);
  });
});

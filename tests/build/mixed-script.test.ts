import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMixedScript } from '../../generator/check/mixed-script.ts';
import { loadConfig } from '../../generator/config.ts';
import { loadContent } from '../../generator/load/content.ts';
import { loadTemplateInventory } from '../../generator/load/templates.ts';
import { resolveRoutes } from '../../generator/resolve/routes.ts';
import { spaceNumbers, toScriptRuns } from '../../runtime/mixed-script.ts';
import { REPO_ROOT, makeSite, removeSites } from '../helpers/make-site.ts';

// docs/glossary.md: Chinese and Latin in one text. The templates and the Markdown keep codes on
// one line and Latin runs out of the Chinese letter spacing; `site check` warns where the Chinese
// prose leaves out a space or writes a station code in half-width parentheses, at the column of
// the character before the missing space.

async function mixedScriptProblems(root: string) {
  const config = await loadConfig(root);
  const [content, templates] = await Promise.all([loadContent(config), loadTemplateInventory(config)]);
  return checkMixedScript(config, resolveRoutes(config, content.files, templates).routes);
}

afterAll(removeSites);

describe('Chinese and Latin in one text', () => {
  it('keeps codes, licence numbers and standards whole, and marks the Latin runs of a Chinese text', () => {
    expect(toScriptRuns('CW-PCA90 電動地面空調機')).toEqual([
      { kind: 'code', text: 'CW-PCA90' },
      { kind: 'text', text: ' 電動地面空調機' },
    ]);
    expect(toScriptRuns('民航局許可證 CAA-GH-0098，IATA ISAGO 註冊 ISAGO-TW-0142').map((r) => r.kind)).toEqual([
      'text',
      'code',
      'text',
      'latin',
      'text',
      'code',
    ]);
    expect(toScriptRuns('取得 ISO 45001 認證').find((r) => r.kind === 'code')?.text).toBe('ISO 45001');
    // English: its codes only; a hyphenated word or a year is no code.
    expect(toScriptRuns('The CW-UD20 dolly, a Typhoon-Season plan for 2025').map((r) => r.text)).toEqual([
      'The ',
      'CW-UD20',
      ' dolly, a Typhoon-Season plan for 2025',
    ]);
  });

  it('gives the templates the same rules as the build (their own copy of the module)', () => {
    const body = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/^(\/\/.*\n)+\n?/, '');
    expect(body('site/templates/components/mixed-script.ts')).toBe(body('runtime/mixed-script.ts'));
  });

  it('writes Chinese dates and times with a space between each number and the Chinese', () => {
    expect(spaceNumbers('2026年9月8日')).toBe('2026 年 9 月 8 日');
    expect(spaceNumbers('2026年12月11日 下午5:00')).toBe('2026 年 12 月 11 日 下午 5:00');
    expect(spaceNumbers('2026 年 9 月 8 日')).toBe('2026 年 9 月 8 日');
  });

  it('finds nothing to warn of in the Chinese messages, and one missing space in the content', async () => {
    const problems = await mixedScriptProblems(REPO_ROOT);
    expect(problems.filter((p) => p.loc?.file.startsWith('site/locales/'))).toEqual([]);
    expect(problems.length).toBeLessThanOrEqual(1);
  });

  it('warns at the line and column of a missing space, beside a link too, and of a half-width station code', async () => {
    const contact = readFileSync(path.join(REPO_ROOT, 'site/content/contact.zhHant.md'), 'utf8');
    const root = makeSite({
      'site/content/contact.zhHant.md': contact.replace(
        /\n---\n/,
        '\n---\n本公司成立於1998年。\n請洽[營運控制中心](/contact)24 小時值班。\n桃園(TPE)與高雄（KHH）。\nISO 9001 認證，2025 年。\n',
      ),
      // The English site is not held to the Chinese rules.
      'site/content/contact.en.md': readFileSync(path.join(REPO_ROOT, 'site/content/contact.en.md'), 'utf8').replace(
        /\n---\n/,
        '\n---\nTaoyuan (TPE) since 1998年.\n',
      ),
    });
    const lines = readFileSync(path.join(root, 'site/content/contact.zhHant.md'), 'utf8').split('\n');
    const line = (text: string) => lines.indexOf(text) + 1;
    const found = (await mixedScriptProblems(root))
      .filter((p) => p.loc?.file === 'site/content/contact.zhHant.md')
      .map((p) => [p.code, p.severity, p.loc?.line, p.loc?.column]);
    expect(found).toEqual([
      ['MIXED_SCRIPT_SPACE', 'warning', line('本公司成立於1998年。'), 6],
      ['MIXED_SCRIPT_SPACE', 'warning', line('本公司成立於1998年。'), 10],
      ['MIXED_SCRIPT_SPACE', 'warning', line('請洽[營運控制中心](/contact)24 小時值班。'), 20],
      ['STATION_CODE_WIDTH', 'warning', line('桃園(TPE)與高雄（KHH）。'), 3],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTranslations } from '../../generator/check/translations.ts';
import { loadConfig } from '../../generator/config.ts';
import { loadMessages } from '../../generator/load/messages.ts';
import { NAMESPACES, toFlatKeys } from '../../generator/messages.ts';
import { createTranslators } from '../../generator/render/i18n.ts';
import type { Messages, SiteConfig } from '../../generator/types.ts';
import { createTranslator } from '../../runtime/translate.ts';
import { makeSite, removeSites, REPO_ROOT } from '../helpers/make-site.ts';

afterAll(removeSites);

const EN = { iso: 'en-US', messages: { common: { items_one: '{{count}} item', items_other: '{{count}} items' } } };
const ZH = { iso: 'zh-Hant', messages: { common: { items_other: '共 {{count}} 項', onlyHere: '僅此' } } };

describe('one translator for the server and the browser', () => {
  it('gives identical strings for every key of every locale, with and without values', async () => {
    const config = await loadConfig(REPO_ROOT);
    const { messages } = await loadMessages(config);
    const missing: string[] = [];
    const server = createTranslators(config, messages, (locale, ns, key) => missing.push(`${locale} ${ns}:${key}`));
    const values = { section: '服務項目', language: 'English', path: '/x', count: 3 };
    const catalogOf = (code: string) => ({
      iso: config.locales.find((l) => l.code === code)?.iso ?? '',
      messages: messages[code] ?? {},
    });
    let compared = 0;
    for (const { code } of config.locales) {
      const onServer = server.get(code);
      // The browser reads the page's locale first, then the fallback's.
      const inBrowser = createTranslator([catalogOf(code), catalogOf(config.fallbackLocale)]);
      for (const ns of NAMESPACES) {
        for (const key of toFlatKeys(messages[code]?.[ns] ?? {})) {
          const id = `${ns}:${key}`;
          expect(onServer?.(id), id).toBe(inBrowser(id));
          expect(onServer?.(id, values), id).toBe(inBrowser(id, values));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('fills in {{name}} as it is, reads nested keys and the default namespace', () => {
    const t = createTranslator([
      { iso: 'en-US', messages: { common: { a: { b: 'Switch to {{ language }}' }, plain: 'Plain' }, nav: { x: 'X' } } },
    ]);
    // React escapes what it renders: the translator must not escape it first.
    expect(t('common:a.b', { language: 'A & <B>' })).toBe('Switch to A & <B>');
    expect(t('a.b', { language: 'English' })).toBe('Switch to English');
    expect(t('plain')).toBe('Plain');
    expect(t('plain')).toBe('Plain');
    expect(t('nav:x')).toBe('X');
  });

  it("chooses a plural form by `count`, with the rules of the locale's language", () => {
    const en = createTranslator([EN]);
    expect([en('items', { count: 1 }), en('items', { count: 2 }), en('items', { count: 0 })]).toEqual([
      '1 item',
      '2 items',
      '0 items',
    ]);
    // Chinese has one form for every number.
    const zh = createTranslator([ZH]);
    expect([zh('items', { count: 1 }), zh('items', { count: 2 })]).toEqual(['共 1 項', '共 2 項']);
  });

  it("falls back in the browser; on the server reports every missing key, rendered as the key's path", () => {
    const inBrowser = createTranslator([EN, ZH]);
    expect(inBrowser('onlyHere')).toBe('僅此');
    const missing: string[] = [];
    const config = { locales: [{ code: 'en', iso: 'en-US' }] } as unknown as SiteConfig;
    const messages: Messages = { en: { common: { group: { a: 'A' } } } };
    const used = new Set<string>();
    const t = createTranslators(config, messages, (locale, ns, key) => missing.push(`${locale} ${ns}:${key}`), used);
    expect(t.get('en')?.('nav:nothing.here')).toBe('nothing.here');
    expect(t.get('en')?.('nav:nothing.here')).toBe('nothing.here');
    expect(t.get('en')?.('items', { count: 1 })).toBe('items');
    // A key that names a group of texts is no text.
    expect(t.get('en')?.('group')).toBe('group');
    // A plural text is reported by the forms the language needs.
    expect(missing).toEqual([
      'en nav:nothing.here',
      'en nav:nothing.here',
      'en common:items_one',
      'en common:items_other',
      'en common:group',
    ]);
    expect([...used]).toEqual(['nav:nothing.here', 'common:items', 'common:group']);
  });
});

describe('plural texts in the translation files', () => {
  const withTexts = (file: string, texts: Record<string, string>) =>
    JSON.stringify({ ...JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')), ...texts }, null, 2);
  const EN_FILE = 'site/locales/en/common.json';
  const ZH_FILE = 'site/locales/zhHant/common.json';

  it("holds a plural text complete in the forms of each locale's language", async () => {
    const root = makeSite({
      [EN_FILE]: withTexts(EN_FILE, { items_one: '{{count}} item', items_other: '{{count}} items' }),
      [ZH_FILE]: withTexts(ZH_FILE, { items_other: '共 {{count}} 項' }),
    });
    const config = await loadConfig(root);
    const { messages, problems } = await loadMessages(config);
    expect(problems).toEqual([]);
    const used = new Set(['common:items']);
    const checked = checkTranslations(config, messages, used, [], path.join(REPO_ROOT, 'runtime'));
    expect(checked.problems.filter((p) => JSON.stringify(p.args).includes('items'))).toEqual([]);
  });

  it('reports a form that the language needs, in the build and in `site check`', async () => {
    const root = makeSite({
      [EN_FILE]: withTexts(EN_FILE, { items_other: '{{count}} items' }),
      [ZH_FILE]: withTexts(ZH_FILE, { items_other: '共 {{count}} 項' }),
    });
    const config = await loadConfig(root);
    const { messages, problems } = await loadMessages(config);
    expect(problems.map((p) => [p.code, p.loc?.file, p.args])).toEqual([
      ['MESSAGE_KEY_MISSING', EN_FILE, expect.objectContaining({ locale: 'en', ns: 'common', key: 'items_one' })],
    ]);
    const checked = checkTranslations(config, messages, null, [], path.join(REPO_ROOT, 'runtime'));
    expect(checked.report.namespaces.common?.missing).toEqual({ en: ['items_one'] });
  });
});

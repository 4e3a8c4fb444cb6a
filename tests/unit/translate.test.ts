import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { loadMessages, NAMESPACES, toFlatKeys } from '../../generator/load/messages.ts';
import { createTranslators } from '../../generator/render/i18n.ts';
import { createTranslator } from '../../runtime/translate.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

describe('one translator for the server and the browser', () => {
  it('gives identical strings for every key of every locale, with and without values', async () => {
    const config = await loadConfig(REPO_ROOT);
    const { messages } = await loadMessages(config);
    const missing: string[] = [];
    const server = createTranslators(config, messages, (locale, ns, key) => missing.push(`${locale} ${ns}:${key}`));
    const values = { section: '服務項目', language: 'English', path: '/x', count: 3 };
    let compared = 0;
    for (const { code } of config.locales) {
      const onServer = server.get(code);
      // The browser reads the page's locale first, then the fallback's.
      const inBrowser = createTranslator([messages[code] ?? {}, messages[config.fallbackLocale] ?? {}]);
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

  it('interpolates {{name}}, reads nested keys and the default namespace, and reports a missing key', () => {
    const missing: string[] = [];
    const t = createTranslator([{ common: { a: { b: 'Switch to {{ language }}' }, plain: 'Plain' } }], {
      onMissing: (ns, key) => missing.push(`${ns}:${key}`),
    });
    expect(t('common:a.b', { language: 'English' })).toBe('Switch to English');
    expect(t('plain')).toBe('Plain');
    expect(t('plain')).toBe('Plain');
    expect(t('nav:nothing.here')).toBe('nothing.here');
    expect(missing).toEqual(['nav:nothing.here']);
  });
});

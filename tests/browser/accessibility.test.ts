import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useSite, waitForHydration } from '../helpers/site-fixture.ts';
import { ROUTES } from '../helpers/routes.ts';

const site = useSite();

describe('accessibility', () => {
  it('has no axe-core violations (WCAG 2.2 AA) on any page of either locale', async () => {
    const watched = await site.open('/en', { locale: 'zh-TW' });
    const { page, context } = watched;
    await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url: site.url }]);
    const urls = [
      ...ROUTES,
      ...ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`)),
      '/no-such-page',
      '/en/no-such-page',
    ];
    const failures: string[] = [];
    for (const url of urls) {
      await page.goto(`${site.url}${url}`);
      await waitForHydration(page);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      for (const v of result.violations)
        failures.push(`${url}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}: ${v.help}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

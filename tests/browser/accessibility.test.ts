import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, waitForHydration, type SiteFixture } from '../helpers/site-fixture.ts';
import { ROUTES } from '../helpers/routes.ts';

let site: SiteFixture;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

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

import { describe, expect, it } from 'vitest';
import { problemsIn, useSite, waitForHydration } from '../helpers/site-fixture.ts';

const site = useSite();

describe('hydration', () => {
  // Every page of each locale is loaded and read in every-page.test.ts and every-page-en.test.ts.
  it('embeds the page data as escaped JSON and hydrates the same text the server rendered', async () => {
    const { page } = await site.open('/en/services/service-ramp');
    await waitForHydration(page);
    const data = await page.evaluate(() => {
      const el = document.getElementById('site-data') as HTMLScriptElement;
      return { type: el.type, payload: JSON.parse(el.textContent ?? '') as { name: string; buildId: string } };
    });
    expect(data.type).toBe('application/json');
    expect(data.payload.name).toBe('services-service-ramp___en');
    expect(data.payload.buildId).toBe(site.buildId);
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('fills the 404 page with the requested path and hydrates it', async () => {
    const watched = await site.open('/en/no-such-page?from=test');
    const { page } = watched;
    await waitForHydration(page);
    expect(await page.locator('.error-message').isVisible()).toBe(true);
    expect(await page.locator('.error-message').textContent()).toBe('Page not found: /en/no-such-page?from=test');
    expect(await page.title()).toBe('404 - Page Not Found | CloudWing Aviation Services | Airport Ground Handling');
    expect(problemsIn(watched.logs).filter((l) => !l.includes('404'))).toEqual([]);
    const zh = await site.open('/no-such-page');
    await waitForHydration(zh.page);
    expect(await zh.page.locator('.error-message').textContent()).toBe('找不到頁面：/no-such-page');
    expect(await zh.page.locator('html').getAttribute('lang')).toBe('zh-Hant');
  });

  it('logs a mount failure and re-throws it, leaving the server-rendered page usable', async () => {
    const watched = await site.open('/en/contact', {
      before: async (page) => {
        await page.route('**/en/contact', async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace('id="site-data"', 'id="site-data-missing"');
          await route.fulfill({ response, body: html });
        });
      },
    });
    await watched.page.waitForFunction(() => document.readyState === 'complete');
    await expect.poll(() => watched.logs.find((l) => l.startsWith('error: Error while mounting app:'))).toBeTruthy();
    expect(watched.logs.some((l) => l.startsWith('pageerror:') && l.includes('#site-data'))).toBe(true);
    expect(await watched.page.locator('h1').textContent()).toMatch(/Contact/);
  });
});

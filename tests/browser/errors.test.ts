import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOT_UA } from '../helpers/browser.ts';
import { useSite, waitForHydration, waitForManifest } from '../helpers/site-fixture.ts';

const site = useSite();

/** Answers every request for the article template's chunk with 404, as after a deployment. */
const breakArticleChunk = (page: Page) =>
  page.route(/\/_app\/article(\.\w+)?\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));

/** Serves a payload that makes the page template throw while rendering. */
const poisonPayload = (page: Page, path: string) =>
  page.route(`**${path}/_payload.json*`, async (route) => {
    const response = await route.fetch();
    const payload = await response.json();
    await route.fulfill({ response, json: { ...payload, listed: 42 } });
  });

describe('chunk reload guard', () => {
  it('reloads exactly once when a chunk answers 404, and shows the 500 page for a second failure within 10 s', async () => {
    const watched = await site.openReady('/en/news', {
      // The article chunk must not come in through a prefetch before it is broken.
      before: async (page) => {
        await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
        await breakArticleChunk(page);
      },
    });
    const { page } = watched;
    const article = '/en/news/news3';
    await page.click(`main a[href="${article}"]:visible`);
    await page.waitForURL(`${site.url}${article}`);
    await page.waitForLoadState('load');
    // The full load shows the server-rendered article, even though its chunk still fails.
    expect(await page.locator('h1').count()).toBe(1);
    expect(watched.documents.filter((u) => u.endsWith(article))).toHaveLength(1);
    const guard = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('site:reload-guard') ?? 'null') as { path: string; expires: number },
    );
    expect(guard.path).toBe(article);
    expect(guard.expires - Date.now()).toBeGreaterThan(5000);
    expect(guard.expires - Date.now()).toBeLessThanOrEqual(10_000);

    // Back on the newsroom (a fresh, working page), the same failure within 10 s: no second reload.
    await page.goto(`${site.url}/en/news`);
    await waitForHydration(page);
    await waitForManifest(watched);
    await page.click(`main a[href="${article}"]:visible`);
    await page.waitForSelector('.page--error');
    expect(watched.documents.filter((u) => u.endsWith(article))).toHaveLength(1);
    expect(await page.locator('h1').textContent()).toBe('Internal Server Error');
    expect(await page.locator('.error-code').textContent()).toContain('500');
    const retry = page.locator('.error-actions a[data-full-load]');
    expect(await retry.textContent()).toBe('Try again');
    expect(await retry.getAttribute('href')).toBe(`${site.url}${article}`);
    expect(await page.title()).toBe('500 - Internal Server Error | CloudWing');
    expect(new URL(page.url()).pathname).toBe(article);
  });

  it('reloads again once the 10 s window has passed', async () => {
    const watched = await site.openReady('/en/news', {
      before: async (page) => {
        await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
        await page.addInitScript(() =>
          sessionStorage.setItem(
            'site:reload-guard',
            JSON.stringify({ path: '/en/news/news4', expires: Date.now() - 1 }),
          ),
        );
        await breakArticleChunk(page);
      },
    });
    await watched.page.click('main a[href="/en/news/news4"]:visible');
    await watched.page.waitForURL(`${site.url}/en/news/news4`);
    await watched.page.waitForLoadState('load');
    expect(watched.documents.filter((u) => u.endsWith('/en/news/news4'))).toHaveLength(1);
  });

  it('leaves the server-rendered page usable when its own chunk fails at first load', async () => {
    const watched = await site.open('/en/news/news5', { before: breakArticleChunk });
    await watched.page.waitForLoadState('load');
    await expect
      .poll(() => watched.logs.some((l) => l.startsWith('warning: The page stays server-rendered:')))
      .toBe(true);
    expect(await watched.page.locator('h1').isVisible()).toBe(true);
    expect(watched.documents).toHaveLength(1);
    await watched.page.waitForLoadState('networkidle');
    expect(watched.documents).toHaveLength(1);
  });
});

describe('errors while rendering', () => {
  it('shows the 500 page, without a stack, when a page throws while rendering', async () => {
    const watched = await site.openReady('/en/contact', { before: (page) => poisonPayload(page, '/en/news') });
    const { page } = watched;
    await page.click('header a[href="/en/news"]');
    await page.waitForSelector('.page--error');
    expect(await page.locator('h1').textContent()).toBe('Internal Server Error');
    expect(await page.locator('.error-description').textContent()).toMatch(/^Something went wrong/);
    expect(await page.locator('main').textContent()).not.toMatch(/at \w+ \(|TypeError|\.js:\d+/);
    expect(watched.logs.some((l) => l.startsWith('error: Rendering failed:'))).toBe(true);
    expect(watched.documents).toHaveLength(1);
  });

  it('only logs the error for a crawler, which gets the server-rendered page', async () => {
    const watched = await site.openReady('/en/contact', {
      userAgent: BOT_UA,
      before: (page) => poisonPayload(page, '/en/news'),
    });
    const { page } = watched;
    // Hold the full load until the old document's console output has reached the test.
    await page.route('**/en/news', async (route) => {
      await expect.poll(() => watched.logs.some((l) => l.startsWith('error: Rendering failed:'))).toBe(true);
      await route.continue();
    });
    await page.click('header a[href="/en/news"]');
    await page.waitForURL(`${site.url}/en/news`);
    await page.waitForLoadState('load');
    await expect.poll(() => watched.logs.some((l) => l.startsWith('error: Rendering failed:'))).toBe(true);
    expect(await page.locator('.page--error').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('News');
    expect(watched.documents).toEqual([`${site.url}/en/contact`, `${site.url}/en/news`]);
  });

  it('shows the error page in the locale of the path', async () => {
    const watched = await site.openReady('/contact', { before: (page) => poisonPayload(page, '/news') });
    await watched.page.click('header a[href="/news"]');
    await watched.page.waitForSelector('.page--error');
    expect(await watched.page.locator('h1').textContent()).toBe('伺服器內部錯誤');
    expect(await watched.page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
  });
});

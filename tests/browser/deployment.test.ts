import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite, waitForHydration, type WatchedPage } from '../helpers/site-fixture.ts';

const site = useSite();

const NEXT = 'next-build-2';
const latestRequests = (w: WatchedPage) => w.requests.filter((u) => u.includes('/builds/latest.json'));

/** Serves `builds/latest.json` (and the next build's meta file) as the test says. */
async function fakeLatest(
  page: Page,
  latest: () => { status?: number; body: string; contentType?: string },
): Promise<void> {
  await page.route('**/builds/latest.json*', (route) => {
    const { status = 200, body, contentType = 'application/json' } = latest();
    return route.fulfill({ status, body, contentType });
  });
  await page.route(`**/builds/meta/${NEXT}.json`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ id: NEXT, timestamp: Date.now(), prerendered: ['/', '/en'] }),
    }),
  );
}

const newBuild = () => ({ body: JSON.stringify({ id: NEXT, timestamp: Date.now() }) });

describe('deployment check', () => {
  it('checks once idle plus 1,000 ms, shows a polite notice for a new build that can be dismissed, and loads the next page in full', async () => {
    const watched = await site.open('/en/contact', {
      before: async (page) => {
        // When the browser first called back as idle, by the page's clock (the check's query names
        // its time too): the boot asks for that callback right after hydrating. The clock runs
        // in real time: a fake one that jumps ahead would hide a check made too soon.
        await page.addInitScript(() => {
          const ask = window.requestIdleCallback.bind(window);
          window.requestIdleCallback = (callback, options) =>
            ask((deadline) => {
              (window as unknown as { idleAt?: number }).idleAt ??= Date.now();
              callback(deadline);
            }, options);
        });
        await fakeLatest(page, newBuild);
      },
    });
    const { page } = watched;
    await page.waitForSelector('.site-notice p');
    expect(latestRequests(watched)).toHaveLength(1);
    const requestedAt = Number(/\/builds\/latest\.json\?(\d{13})$/.exec(latestRequests(watched)[0] ?? '')?.[1]);
    const idleAt = await page.evaluate(() => (window as unknown as { idleAt: number }).idleAt);
    // Idle, then 1,000 ms: never sooner, however fast or slow the machine is.
    expect(requestedAt - idleAt).toBeGreaterThanOrEqual(1000);
    expect(watched.requests).toContain(`${site.url}/builds/meta/${site.buildId}.json`);
    expect(watched.requests).toContain(`${site.url}/builds/meta/${NEXT}.json`);
    const notice = page.locator('.site-notice');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.locator('p').textContent()).toBe(
      'A new version of this site is available; the next page you open will load it.',
    );
    await page.click('header a[href="/en/customers"]');
    await page.waitForURL(`${site.url}/en/customers`);
    await page.waitForLoadState('load');
    expect(watched.documents).toEqual([`${site.url}/en/contact`, `${site.url}/en/customers`]);

    // The page loaded in full checks again, finds the newer build again, and its notice can be dismissed.
    await page.waitForSelector('.site-notice button');
    await page.click('.site-notice button');
    expect(await page.locator('.site-notice').count()).toBe(0);
  });

  it('keeps the notice 5,000 ms, and pauses while hovered', async () => {
    const watched = await site.open('/contact', {
      before: async (page) => {
        await page.clock.install();
        await fakeLatest(page, newBuild);
      },
    });
    const { page } = watched;
    await waitForHydration(page);
    await page.clock.runFor(4000);
    await page.waitForSelector('.site-notice p');
    expect(await page.locator('.site-notice p').textContent()).toBe('網站已有新版本，下一次換頁時將載入最新內容。');
    await page.clock.runFor(3000);
    expect(await page.locator('.site-notice').count()).toBe(1);
    await page.hover('.site-notice');
    await page.clock.runFor(10_000);
    expect(await page.locator('.site-notice').count()).toBe(1);
    await page.mouse.move(0, 0);
    await page.clock.runFor(2100);
    expect(await page.locator('.site-notice').count()).toBe(0);
  });

  it('checks again every hour and when a hidden tab becomes visible', async () => {
    let current = site.buildId;
    const watched = await site.open('/en/contact', {
      before: async (page) => {
        await page.clock.install();
        await fakeLatest(page, () => ({ body: JSON.stringify({ id: current, timestamp: 1 }) }));
      },
    });
    const { page } = watched;
    await waitForHydration(page);
    await page.clock.runFor(5000);
    await expect.poll(() => latestRequests(watched).length).toBe(1);
    await page.clock.runFor(3_600_000);
    await expect.poll(() => latestRequests(watched).length).toBe(2);
    const setVisibility = (state: string) =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await page.clock.runFor(100);
    expect(latestRequests(watched)).toHaveLength(2);
    current = NEXT;
    await setVisibility('visible');
    await page.waitForSelector('.site-notice p');
    expect(latestRequests(watched)).toHaveLength(3);
  });

  for (const [name, answer] of [
    ['missing', { status: 404, body: 'Not found', contentType: 'text/plain' }],
    ['malformed', { body: '{"id": "x', contentType: 'application/json' }],
    ['HTML instead of JSON', { body: '<!doctype html><html><body>Not found</body></html>', contentType: 'text/html' }],
  ] as const) {
    it(`logs and ignores a ${name} manifest`, async () => {
      const watched = await site.openReady('/en/contact', { before: (page) => fakeLatest(page, () => answer) });
      const { page } = watched;
      await expect.poll(() => watched.logs.some((l) => l.startsWith('warning: Deployment check skipped:'))).toBe(true);
      expect(await page.locator('.site-notice').count()).toBe(0);
      expect(watched.logs.filter((l) => l.startsWith('error:') && !l.includes('404'))).toEqual([]);
      await page.click('header a[href="/en/customers"]');
      await page.waitForFunction(() => document.title.startsWith('Our airline customers'));
      expect(watched.documents).toHaveLength(1);
    });
  }
});

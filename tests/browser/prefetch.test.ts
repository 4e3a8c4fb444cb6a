import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite, waitForHydration, waitForManifest } from '../helpers/site-fixture.ts';

const site = useSite();

const payloadsOf = (requests: readonly string[]) => requests.filter((u) => u.includes('/_payload.json'));

/**
 * Opens a page and adds links to its main content after hydration but before the runtime starts
 * watching links (which waits for the build manifest, held back here until the links are in).
 */
async function openWithLinks(path: string, html: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const watched = await site.open(path, {
    before: async (page: Page) => {
      await page.route('**/builds/meta/*.json', async (route) => {
        await held;
        await route.continue();
      });
    },
  });
  await waitForHydration(watched.page);
  // Sizes through the CSSOM: the site's Content Security Policy refuses inline style attributes.
  await watched.page.evaluate((markup) => {
    document.querySelector('main')?.insertAdjacentHTML('afterbegin', markup);
    for (const e of document.querySelectorAll<HTMLElement>('[data-height]')) e.style.height = e.dataset.height ?? '';
  }, html);
  release();
  await waitForManifest(watched);
  return watched;
}

/**
 * Lets the page finish what a hover or focus set off: two idle periods of its main thread (the
 * runtime queues prefetches from event handlers and starts them at once, or when idle).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
  await page.waitForLoadState('networkidle');
}

describe('prefetch', () => {
  it('prefetches links in view once idle, never more than 4 at a time', async () => {
    let inFlight = 0;
    let most = 0;
    let total = 0;
    // Requests are held until four are in flight (then that batch goes), so the limit is reached
    // whenever the runtime allows it; after twelve, the rest pass.
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    const closeGate = () => {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    closeGate();
    const watched = await site.open('/en/news', {
      viewport: { width: 1280, height: 4000 },
      before: async (page) => {
        await page.route('**/_payload.json*', async (route) => {
          inFlight += 1;
          total += 1;
          most = Math.max(most, inFlight);
          const held = gate;
          if (inFlight === 4 || total >= 12) {
            release();
            closeGate();
          }
          await held;
          const response = await route.fetch();
          inFlight -= 1;
          await route.fulfill({ response });
        });
      },
    });
    await waitForHydration(watched.page);
    await expect.poll(() => total, { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
    expect(most).toBe(4);
    // Each page once, with its template chunk beside the payload.
    const payloads = payloadsOf(watched.requests);
    expect(new Set(payloads).size).toBe(payloads.length);
    await expect.poll(() => watched.requests.some((u) => /\/_app\/article(\.\w+)?\.js$/.test(u))).toBe(true);
  });

  it('prefetches a hovered or focused link that is out of view, never a target="_blank" link, and uses the payload of a link in view, prefetched, when it is followed', async () => {
    const watched = await openWithLinks(
      '/en/contact',
      '<a id="blank" target="_blank" href="/en/news/news5">new tab</a><div data-height="3000px"></div><a id="far" href="/en/news/news3">far</a><a id="far2" href="/en/news/news4">far</a>',
    );
    const { page } = watched;
    // Once the links in view have been prefetched, the far ones have been passed over.
    await expect.poll(() => payloadsOf(watched.requests).length).toBeGreaterThan(0);
    expect(payloadsOf(watched.requests).some((u) => u.includes('/en/news/news3/'))).toBe(false);
    await page.dispatchEvent('#far', 'mouseover');
    await expect.poll(() => payloadsOf(watched.requests).some((u) => u.includes('/en/news/news3/'))).toBe(true);
    await page.focus('#far2');
    await expect.poll(() => payloadsOf(watched.requests).some((u) => u.includes('/en/news/news4/'))).toBe(true);

    // A link that opens a new tab: in view, hovered, never fetched.
    await page.hover('#blank');
    await settle(page);
    expect(payloadsOf(watched.requests).some((u) => u.includes('/en/news/news5/'))).toBe(false);

    // A link of the header, in view, prefetched: followed, its payload is not fetched again.
    await expect
      .poll(() => payloadsOf(watched.requests).some((u) => u.includes('/en/customers/_payload.json')))
      .toBe(true);
    await page.click('header a[href="/en/customers"]');
    await page.waitForFunction(
      () => location.pathname === '/en/customers' && document.title.startsWith('Our airline customers'),
    );
    expect(payloadsOf(watched.requests).filter((u) => u.includes('/en/customers/_payload.json'))).toHaveLength(1);
  });

  for (const [name, connection] of [
    ['Save-Data', { saveData: true }],
    ['a 2G connection', { effectiveType: 'slow-2g' }],
  ] as const) {
    it(`does not prefetch on ${name}, and still navigates`, async () => {
      const watched = await site.openReady('/en/contact', {
        before: (page) =>
          page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection),
      });
      const { page } = watched;
      await page.hover('header a[href="/en/customers"]');
      await settle(page);
      expect(payloadsOf(watched.requests)).toEqual([]);
      await page.click('header a[href="/en/customers"]');
      await page.waitForFunction(() => document.title.startsWith('Our airline customers'));
      expect(payloadsOf(watched.requests)).toHaveLength(1);
      expect(watched.documents).toHaveLength(1);
    });
  }
});

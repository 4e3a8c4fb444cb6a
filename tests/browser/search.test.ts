import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findViolations } from '../helpers/axe.ts';
import { problemsIn, useSite, waitInPage, type WatchedPage } from '../helpers/site-fixture.ts';

// The site's search (behaviour.md: Search), in Chromium against the built site (and, with
// SITE_TEST_TARGET=watch, against `site serve --watch`).
const site = useSite();

const searchRequests = (watched: WatchedPage) =>
  watched.requests.filter((url) => url.includes('/_app/search/') || url.includes('pagefind'));

/** Types a query into the open dialog and waits for its answer: the hits as `url | title`. */
async function searchFor(page: Page, query: string): Promise<{ url: string; title: string; marks: string[] }[]> {
  await page.fill('.search-dialog__input', query);
  // The status names the query its results answer (an older query's stay shown until then).
  await waitInPage(
    page,
    (q) => document.querySelector('.search-dialog__status')?.getAttribute('data-query') === q,
    query.trim(),
  );
  return page.$$eval('.search-hit', (hits) =>
    hits.map((hit) => ({
      url: hit.getAttribute('href') ?? '',
      title: hit.querySelector('.search-hit__title')?.textContent ?? '',
      marks: [...hit.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
    })),
  );
}

describe('search', () => {
  it('finds the English service pages first, and only English pages, after a client navigation too: the page rendered from a payload knows its build', async () => {
    const watched = await site.openReady('/en/services/service-layout', { locale: 'en-US' });
    const { page } = watched;
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.click('main a[href="/en/services/service-ramp"]:visible');
    await waitInPage(page, () => document.querySelector('h1')?.textContent === 'Ramp handling', null);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The search was not loaded before the navigation: it reads the index the build manifest names.
    expect(searchRequests(watched)).toEqual([]);
    await page.waitForSelector('.site-header button.search-button', { state: 'attached' });
    await page.keyboard.press('/');
    await page.waitForSelector('.search-dialog[open] .search-dialog__input:focus');
    for (const [query, first] of [
      ['ramp', '/en/services/service-ramp'],
      ['baggage', '/en/services/service-passenger'],
      ['cargo', '/en/services/service-cargo'],
    ] as const) {
      const hits = await searchFor(page, query);
      expect(hits[0]?.url, query).toBe(first);
      expect(
        hits.filter((hit) => hit.url !== '/en' && !hit.url.startsWith('/en/')),
        query,
      ).toEqual([]);
      expect(
        hits[0]?.marks.map((m) => m.toLowerCase()),
        query,
      ).toContain(query);
    }
    expect((await searchFor(page, 'familiarization')).map((hit) => hit.url)).toContain('/en/news/newsEn1');
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('loads nothing of the search on a first view, a hover on the control starts loading it; works by keyboard: Ctrl-K opens, arrows choose, Enter opens the page on the client, Escape closes', async () => {
    const watched = await site.openReady('/en/news', { locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const { page } = watched;
    expect(searchRequests(watched)).toEqual([]);
    await page.hover('.site-header button.search-button');
    await waitInPage(
      page,
      () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/pagefind.js')),
      null,
    );
    expect(searchRequests(watched).some((url) => url.endsWith('/pagefind.js'))).toBe(true);
    expect(searchRequests(watched).some((url) => url.includes('/_app/search/zhHant.'))).toBe(false);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.waitForSelector('.site-header button.search-button', { state: 'attached' });
    await page.keyboard.press('Control+k');
    const input = page.locator('.search-dialog__input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    const hits = await searchFor(page, 'cargo');
    expect(hits.length).toBeGreaterThan(2);
    const active = () => input.getAttribute('aria-activedescendant');
    const selected = () => page.$$eval('.search-hit', (els) => els.map((el) => el.getAttribute('aria-selected')));
    const first = await active();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selected()).toEqual(hits.map((_, i) => String(i === 2)));
    await page.keyboard.press('ArrowUp');
    expect(await active()).not.toBe(first);
    expect(await selected()).toEqual(hits.map((_, i) => String(i === 1)));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}${hits[1]?.url}`);
    await waitInPage(page, (title) => document.querySelector('h1')?.textContent === title, hits[1]?.title ?? '');
    expect(await page.locator('.search-dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(watched.documents).toHaveLength(1);

    // Opened from the control, Escape closes the dialog and the control has focus again; `/` in a
    // text field is typed, not taken as the shortcut.
    await page.click('.site-header .search-button');
    await page.waitForSelector('.search-dialog[open]');
    await page.keyboard.type('/ramp');
    expect(await input.inputValue()).toBe('/ramp');
    await page.keyboard.press('Escape');
    await waitInPage(page, () => document.querySelector('.search-dialog') === null, null);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('opens from the drawer on a phone, finds the Traditional Chinese service pages first, and only Chinese pages, and without JavaScript the control leads to the site map', async () => {
    const watched = await site.openReady('/about/about-company', {
      locale: 'zh-TW',
      viewport: { width: 375, height: 740 },
    });
    const { page } = watched;
    await page.click('.menu-button');
    await page.click('.drawer .search-button');
    await page.waitForSelector('.search-dialog[open]');
    expect(await page.locator('.drawer').isHidden()).toBe(true);
    const width = await page.locator('.search-dialog').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(360);
    for (const [query, first] of [
      ['機坪作業', '/services/service-ramp'],
      ['行李', '/services/service-passenger'],
      ['貨運', '/services/service-cargo'],
    ] as const) {
      const hits = await searchFor(page, query);
      expect(hits[0]?.url, query).toBe(first);
      expect(
        hits.filter((hit) => hit.url.startsWith('/en')),
        query,
      ).toEqual([]);
      // The excerpt marks the words that matched.
      expect(hits[0]?.marks.join(''), query).toContain(query);
    }
    // An English-only article is indexed in English only: words of its text find nothing here.
    expect(await searchFor(page, 'familiarization')).toEqual([]);
    expect(await page.textContent('.search-dialog__status')).toContain('找不到與「familiarization」相關的結果');
    expect(problemsIn(watched.logs)).toEqual([]);
    await page.keyboard.press('Escape');
    await waitInPage(page, () => document.activeElement?.classList.contains('menu-button') === true, null);

    const plain = await site.open('/about/about-company', {
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    const link = plain.page.locator('.site-header a.search-button');
    expect(await link.getAttribute('href')).toBe('#footer-sitemap');
    expect(await link.textContent()).toBe('搜尋');
    expect(await plain.page.locator('#footer-sitemap').count()).toBe(1);
  });

  it('has no axe-core violations with the dialog open: empty, with results, and with none', async () => {
    const watched = await site.openReady('/services/service-layout', { locale: 'zh-TW', bypassCSP: true });
    const { page } = watched;
    await page.waitForSelector('.site-header button.search-button', { state: 'attached' });
    await page.keyboard.press('/');
    await page.waitForSelector('.search-dialog[open]');
    expect(await page.locator('.search-dialog__quick a').count()).toBe(4);
    expect(await findViolations(page)).toEqual([]);
    expect((await searchFor(page, '貨運')).length).toBeGreaterThan(0);
    expect(await findViolations(page)).toEqual([]);
    // Nothing found: the message and the popular pages.
    expect(await searchFor(page, '火星')).toEqual([]);
    expect(await page.locator('.search-dialog__quick a').count()).toBe(4);
    expect(await findViolations(page)).toEqual([]);
  });
});

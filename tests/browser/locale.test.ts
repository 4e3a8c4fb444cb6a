import { describe, expect, it } from 'vitest';
import { BOT_UA } from '../helpers/browser.ts';
import { problemsIn, useSite, waitForHydration, type WatchedPage } from '../helpers/site-fixture.ts';

const site = useSite();

const YEAR = 365 * 24 * 3600;
const cookieOf = async (watched: WatchedPage) =>
  (await watched.context.cookies()).find((c) => c.name === 'i18n_redirected');

/** Opens the bare root as a visitor with these languages (and optionally a stored cookie). */
async function openRoot(
  languages: string[],
  options: { cookie?: string; userAgent?: string; path?: string } = {},
): Promise<WatchedPage> {
  return site.open(options.path ?? '/', {
    locale: languages[0],
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    before: async (page, context) => {
      await page.addInitScript(
        (langs) => Object.defineProperty(navigator, 'languages', { get: () => langs }),
        languages,
      );
      if (options.cookie) await context.addCookies([{ name: 'i18n_redirected', value: options.cookie, url: site.url }]);
    },
  });
}

const pathOf = (watched: WatchedPage) => new URL(watched.page.url()).pathname;

describe('the language switcher', () => {
  it('links to the same page in the other locale and stores the choice exactly as specified', async () => {
    const watched = await site.openReady('/en/services/service-ramp');
    const { page } = watched;
    const link = page.locator('.language-switcher a');
    expect(await link.getAttribute('href')).toBe('/services/service-ramp');
    expect(await link.getAttribute('lang')).toBe('zh-Hant');
    const before = Date.now() / 1000;
    await link.click();
    await page.waitForFunction(
      () => document.documentElement.lang === 'zh-Hant' && document.title.includes('雲翔航勤'),
    );
    expect(pathOf(watched)).toBe('/services/service-ramp');
    expect(watched.documents).toHaveLength(1);
    const cookie = await cookieOf(watched);
    expect(cookie).toMatchObject({ value: 'zhHant', path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
    expect(cookie?.expires).toBeGreaterThan(before + YEAR - 60);
    expect(cookie?.expires).toBeLessThan(before + YEAR + 60);
    expect(await page.locator('.language-switcher a').getAttribute('href')).toBe('/en/services/service-ramp');
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it("loads the fallback locale's texts before the new locale's, each locale's in one file", async () => {
    const watched = await site.openReady('/contact');
    const { page } = watched;
    await page.click('.language-switcher a');
    await page.waitForFunction(() => document.documentElement.lang === 'en-US' && document.title.startsWith('Contact'));
    const shared = watched.requests.filter((u) => u.includes('/_app/data/'));
    const firstEn = shared.findIndex((u) => u.includes('/data/en.'));
    const lastZh = shared.map((u) => u.includes('/data/zhHant.')).lastIndexOf(true);
    expect(lastZh).toBeGreaterThanOrEqual(0);
    expect(firstEn).toBeGreaterThan(lastZh);
    expect(shared.filter((u) => u.includes('/data/en.'))).toHaveLength(1);
    expect(await page.locator('nav[aria-label="Main navigation"] a[href="/en/customers"]').textContent()).toBe(
      'Customers',
    );
  });

  it('logs Failed locale loading and loads the page in full when the texts fail', async () => {
    const watched = await site.openReady('/contact', {
      before: (page) => page.route('**/_app/data/en.*', (route) => route.fulfill({ status: 500, body: 'down' })),
    });
    const { page } = watched;
    await page.click('.language-switcher a');
    await page.waitForURL(`${site.url}/en/contact`);
    await page.waitForLoadState('load');
    expect(watched.logs.some((l) => l.startsWith('error: Failed locale loading:'))).toBe(true);
    expect(watched.documents).toEqual([`${site.url}/contact`, `${site.url}/en/contact`]);
    expect(await page.locator('h1').textContent()).toMatch(/Contact/);
  });

  it('viewing a page of the other locale does not overwrite the stored choice', async () => {
    const watched = await openRoot(['zh-TW'], { cookie: 'zhHant', path: '/en/contact' });
    await waitForHydration(watched.page);
    await watched.page.click('header a[href="/en/customers"]');
    await watched.page.waitForFunction(() => location.pathname === '/en/customers');
    expect((await cookieOf(watched))?.value).toBe('zhHant');
  });
});

describe('the root redirect', () => {
  it('sends an en-US browser from / to /en before the Chinese page paints, and stores the decision', async () => {
    const watched = await openRoot(['en-US', 'en']);
    await watched.page.waitForURL(`${site.url}/en`);
    expect(watched.documents).toEqual([`${site.url}/`, `${site.url}/en`]);
    expect((await cookieOf(watched))?.value).toBe('en');
    // The Chinese page never ran its runtime: the redirect script blocks in the head.
    expect(watched.requests.some((u) => u.includes('/_app/data/zhHant'))).toBe(false);
    // Replaced, not pushed: Back does not return to the page that redirected (no loop). The history
    // of a tab that loaded one address directly (its own, not the hydrated page's, is what counts).
    const direct = await site.open('/robots.txt');
    expect(await watched.page.evaluate(() => history.length)).toBe(await direct.page.evaluate(() => history.length));
  });

  it('keeps a zh-TW browser on / and stores zhHant', async () => {
    const watched = await openRoot(['zh-TW', 'en-US']);
    await waitForHydration(watched.page);
    expect(pathOf(watched)).toBe('/');
    expect((await cookieOf(watched))?.value).toBe('zhHant');
  });

  it("matches a primary subtag, in the visitor's order of preference", async () => {
    const gb = await openRoot(['fr-FR', 'en-GB', 'zh-Hant']);
    await gb.page.waitForURL(`${site.url}/en`);
    const hk = await openRoot(['zh-HK', 'en-US']);
    await waitForHydration(hk.page);
    expect(pathOf(hk)).toBe('/');
    const none = await openRoot(['de-DE', 'fr']);
    await waitForHydration(none.page);
    expect(pathOf(none)).toBe('/');
    expect((await cookieOf(none))?.value).toBe('zhHant');
  });

  it('follows a stored cookie over the browser languages', async () => {
    const toEn = await openRoot(['zh-TW'], { cookie: 'en' });
    await toEn.page.waitForURL(`${site.url}/en`);
    const stay = await openRoot(['en-US'], { cookie: 'zhHant' });
    await waitForHydration(stay.page);
    expect(pathOf(stay)).toBe('/');
  });

  it('treats an unknown cookie value as absent and replaces it', async () => {
    const watched = await openRoot(['en-US'], { cookie: 'klingon' });
    await watched.page.waitForURL(`${site.url}/en`);
    expect((await cookieOf(watched))?.value).toBe('en');
  });

  it('never redirects a crawler', async () => {
    const watched = await openRoot(['en-US'], { userAgent: BOT_UA });
    await waitForHydration(watched.page);
    expect(pathOf(watched)).toBe('/');
    expect(watched.documents).toEqual([`${site.url}/`]);
    expect(await cookieOf(watched)).toBeUndefined();
  });

  it('never redirects a deep link', async () => {
    const watched = await openRoot(['en-US'], { path: '/contact' });
    await waitForHydration(watched.page);
    expect(pathOf(watched)).toBe('/contact');
    expect(await cookieOf(watched)).toBeUndefined();
    const en = await openRoot(['zh-TW'], { cookie: 'zhHant', path: '/en' });
    await waitForHydration(en.page);
    expect(pathOf(en)).toBe('/en');
  });

  it('loads the redirect as an external blocking script on the root page only', async () => {
    const root = await (await fetch(`${site.url}/`)).text();
    const head = root.slice(0, root.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/_app\/root-redirect(\.\w+)?\.js"><\/script>\n<title>/);
    expect(root).not.toMatch(/<script>(?!<)/);
    expect(await (await fetch(`${site.url}/en`)).text()).not.toContain('root-redirect');
    expect(await (await fetch(`${site.url}/contact`)).text()).not.toContain('root-redirect');
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigateInPage, problemsIn, useSite, waitForHydration } from '../helpers/site-fixture.ts';

const site = useSite();

/** An event of Chromium's trace: where it ran, when, for how long and how much processor time (µs). */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { data?: { url?: string } };
}

/** The browser a page's context belongs to, which records traces. */
function toBrowser(context: BrowserContext): Browser {
  const browser = context.browser();
  if (!browser) throw new Error('the context has no browser');
  return browser;
}

/**
 * The processor time (ms) of each task the page's main thread ran after its first contentful
 * paint, longest first: a task that long is as long a wait for a tap or a key. The test's own
 * scripts in the page (evaluated with no URL) are not the page's work, and are left out.
 */
function toTasksAfterFirstPaint(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  const main = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X' && e.ts > paint.ts);
  const driver = main.filter((e) => e.name === 'EvaluateScript' && !e.args?.data?.url);
  return main
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((task) => !driver.some((e) => e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0)))
    .map((task) => (task.tdur ?? 0) / 1000)
    .sort((a, b) => b - a);
}

/** A browser whose word breaker makes every character a word, unlike the build's. */
async function eachCharacterAWord(page: Page): Promise<void> {
  await page.addInitScript(() => {
    class EachCharacter {
      segment(text: string) {
        return [...text].map((segment, index) => ({ segment, index, input: text, isWordLike: true }));
      }
    }
    Object.defineProperty(Intl, 'Segmenter', { value: EachCharacter });
  });
}

describe('hydration', () => {
  // Every page of each locale is loaded and read in every-page.test.ts and every-page-en.test.ts.
  it('embeds the page data as escaped JSON and hydrates the same text the server rendered', async () => {
    const watched = await site.open('/en/services/service-ramp');
    const { page } = watched;
    await waitForHydration(page);
    const data = await page.evaluate(() => {
      const el = document.getElementById('site-data') as HTMLScriptElement;
      return { type: el.type, payload: JSON.parse(el.textContent ?? '') as Record<string, unknown> };
    });
    expect(data.type).toBe('application/json');
    expect(data.payload.name).toBe('services-service-ramp___en');
    expect(await page.locator('h1').count()).toBe(1);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('hydrates the careers page, whose side navigation and prose table both name positions, broken apart differently, without a mismatch', async () => {
    const watched = await site.open('/jobs');
    const { page } = watched;
    const link = await page.locator('.side-nav a[href="/jobs/positions/passenger-service-agent"]').elementHandle();
    await waitForHydration(page);
    // The server's link is the one the app adopted: a mismatch would have rendered the page anew.
    expect(await link?.evaluate((el) => el.isConnected)).toBe(true);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('carries each byte of page data once: no prose, head or shared data in the embedded copy', async () => {
    const watched = await site.open('/en/news/news3');
    const { page } = watched;
    await waitForHydration(page);
    const source = await (await fetch(`${site.url}/en/news/news3`)).text();
    // The prose is in the page once, as HTML; the embedded data has none of it.
    expect(source.split('has completed its annual review of').length - 1).toBe(1);
    const payload = JSON.parse(
      /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(source)?.[1] ?? '',
    );
    for (const key of ['html', 'head', 'buildId', 'menus', 'nav', 'contacts', 'locales'])
      expect(Object.keys(payload), key).not.toContain(key);
    // What every English page shares is one file, fetched once and named by its contents (in watch
    // mode, by its locale only).
    expect(payload.shared).toMatch(/^\/_app\/data\/en(\.\w+)?\.json$/);
    expect(watched.requests.filter((u) => u.includes('/_app/data/'))).toEqual([`${site.url}${payload.shared}`]);
    // Hydrated from the page itself: the prose's headings and the section menus are there, the
    // prose stays, and it comes back after leaving the page and returning.
    expect(await page.locator('[data-prose] h2').allTextContents()).toEqual([
      'Three phases of response',
      'Why it matters',
      'Background',
    ]);
    await expect.poll(() => page.locator('#menu-about a').count()).toBeGreaterThan(3);
    await page.click('.more-link--back');
    await page.waitForFunction(() => location.pathname === '/en/news');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('[data-prose] h2')?.id === 'three-phases-of-response');
    expect(await page.locator('[data-prose]').textContent()).toContain('severe-weather procedures');
    expect(watched.documents).toHaveLength(1);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('hydrates a title with the word breaks its server render has, whatever the browser’s word breaker says', async () => {
    // A browser whose word breaker makes every character a word: were it asked during hydration,
    // the title's <wbr>s would differ from the server's, and React would report a mismatch.
    const watched = await site.openReady('/news/news3', {
      before: eachCharacterAWord,
    });
    const { page } = watched;
    const source = await (await fetch(`${site.url}/news/news3`)).text();
    const served = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(source)?.[1] ?? '';
    expect(served).toContain('迎接<wbr/>颱風季');
    expect(await page.evaluate(() => document.querySelector('h1')?.innerHTML)).toBe(
      served.replaceAll('<wbr/>', '<wbr>'),
    );
    expect(problemsIn(watched.logs)).toEqual([]);
    // A page rendered in the browser finds its own breaks: with every character a word of its own,
    // the rules keep such characters together, so none of the server's breaks is left.
    await navigateInPage(page, '/news/news10');
    const served10 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await (await fetch(`${site.url}/news/news10`)).text())?.[1] ?? '';
    expect(served10).toContain('<wbr/>');
    const title = await page.evaluate(() => document.querySelector('h1 .ph')?.innerHTML ?? '');
    expect(title).not.toBe('');
    expect(title).not.toContain('<wbr>');
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('hydrates the tied end of a running Chinese text where the server tied it, from the start of its word, whatever the browser’s word breaker says', async () => {
    const watched = await site.openReady('/', {
      locale: 'zh-TW',
      before: eachCharacterAWord,
    });
    const source = await (await fetch(`${site.url}/`)).text();
    const served = [...source.matchAll(/<span class="nowrap">([^<]+)<\/span>/g)].map((m) => m[1]);
    // A name stays whole (林雅婷), where the last two characters alone (雅婷。) would split it.
    const name = served.find((tie) => tie?.endsWith('婷。'));
    expect(name).toMatch(/^林雅婷/);
    const shown = await watched.page.evaluate(() =>
      [...document.querySelectorAll('.audience__text .nowrap')].map((e) => e.textContent),
    );
    expect(shown).toContain(name);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('shows the dates the page came with, in the browser too, without making a date formatter', async () => {
    const watched = await site.openReady('/procurement', {
      before: (page) =>
        page.addInitScript(() => {
          const Original = Intl.DateTimeFormat;
          const made = { count: 0 };
          (window as unknown as { datesMade: typeof made }).datesMade = made;
          Intl.DateTimeFormat = new Proxy(Original, {
            construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
              made.count += 1;
              return new target(...args);
            },
          });
        }),
    });
    const { page } = watched;
    const made = () => page.evaluate(() => (window as unknown as { datesMade: { count: number } }).datesMade.count);
    // A tender's closing day and hour, as the server wrote them.
    expect(await page.locator('main').textContent()).toContain('2026 年 12 月 11 日 下午 5:00');
    expect(await made()).toBe(0);
    // Rendered on the client: the list of articles with its dates, from its payload.
    await navigateInPage(page, '/news');
    expect(await page.locator('main').textContent()).toMatch(/\d{4} 年 \d{1,2} 月 \d{1,2} 日/);
    expect(await made()).toBe(0);
    expect(watched.documents).toHaveLength(1);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('answers a tap at once while the app loads and hydrates: no task after the first paint takes 20 ms of processor time', async () => {
    // The longest page, and a phone: React's renderer, the app and the hydration each run in
    // tasks of their own, the chunks compiled as they download (behaviour.md: Pages on demand).
    const watched = await site.open('/strengths/homemade-equipment/eq1', {
      viewport: { width: 375, height: 740 },
      before: (page, context) =>
        toBrowser(context).startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        }),
    });
    const { page, context } = watched;
    await waitForHydration(page);
    await page.waitForFunction(() => performance.getEntriesByName('site:navigation-ready').length > 0);
    const tasks = toTasksAfterFirstPaint(await toBrowser(context).stopTracing());
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.filter((ms) => ms >= 20)).toEqual([]);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('fills the 404 page with the requested path and hydrates it', async () => {
    const watched = await site.open('/en/no-such-page?from=test');
    const { page } = watched;
    await waitForHydration(page);
    expect(await page.locator('.error-message').isVisible()).toBe(true);
    expect(await page.locator('.error-message').textContent()).toBe('Page not found: /en/no-such-page?from=test');
    expect(await page.title()).toBe('404 - Page Not Found | CloudWing');
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

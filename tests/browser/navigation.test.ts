import { describe, expect, it } from 'vitest';
import { holdApp, problemsIn, useSite, type WatchedPage } from '../helpers/site-fixture.ts';

const site = useSite();

const head = (watched: WatchedPage) =>
  watched.page.evaluate(() => ({
    title: document.title,
    lang: document.documentElement.lang,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
      (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
    ),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    robots: [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')),
  }));

describe('pages on demand', () => {
  it('renders a prerendered page on the client from its payload, without loading a document', async () => {
    const watched = await site.openReady('/en/services/service-layout');
    const { page } = watched;
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.click('main .card a[href="/en/services/service-ramp"]');
    await page.waitForURL(`${site.url}/en/services/service-ramp`);
    // Fetched on the click, or earlier by the prefetch of links in view: either way this URL.
    expect(watched.requests).toContain(`${site.url}/en/services/service-ramp/_payload.json?${site.buildId}`);
    await page.waitForFunction(() => document.title.startsWith('Ramp handling'));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(watched.documents).toEqual([`${site.url}/en/services/service-layout`]);
    expect(await page.locator('h1').textContent()).toBe('Ramp handling');
    const after = await head(watched);
    expect(after.canonical).toBe('https://cloudwing.example/en/services/service-ramp');
    expect(after.alternates).toEqual([
      'x-default https://cloudwing.example/services/service-ramp',
      'zh https://cloudwing.example/services/service-ramp',
      'zh-Hant https://cloudwing.example/services/service-ramp',
      'en https://cloudwing.example/en/services/service-ramp',
      'en-US https://cloudwing.example/en/services/service-ramp',
    ]);
    expect(after.description).toMatch(/^Marshaling/);
    // The title with the brand, og:title without it, as the server writes them (behaviour.md: Head and SEO).
    expect(after.title).toBe('Ramp handling | CloudWing');
    expect(after.ogTitle).toBe('Ramp handling');
    expect(after.robots).toEqual(['max-image-preview:large']);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('loads the next page in full when a link is clicked before the page is hydrated', async () => {
    const watched = await site.open('/en/contact', { before: (page) => holdApp(page) });
    const { page } = watched;
    await page.click('header a[href="/en/customers"]');
    await page.waitForURL(`${site.url}/en/customers`);
    await page.waitForLoadState('load');
    expect(watched.documents).toEqual([`${site.url}/en/contact`, `${site.url}/en/customers`]);
    expect(watched.requests.filter((u) => u.includes('/_payload.json'))).toEqual([]);
    expect(await page.locator('h1').textContent()).toBe('Our airline customers');
  });

  it('leaves modified clicks, new-tab, download, external and unknown links to the browser', async () => {
    const watched = await site.openReady('/en/contact');
    const { page, context } = watched;
    await page.evaluate(() => {
      const main = document.querySelector('main') as HTMLElement;
      main.insertAdjacentHTML(
        'afterbegin',
        [
          '<a id="blank" href="/en/customers" target="_blank">blank</a>',
          '<a id="download" href="/en/customers" download>download</a>',
          '<a id="unknown" href="/en/not-a-page">unknown</a>',
          '<a id="plain" href="/en/customers">plain</a>',
        ].join(' '),
      );
    });
    const popup = context.waitForEvent('page');
    await page.click('#plain', { modifiers: ['Control'] });
    expect(await popup).toBeTruthy();
    // A client navigation would have fetched the page's payload: none is under way.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/en/contact');
    expect(await page.title()).toMatch(/^Contact/);
    const popup2 = context.waitForEvent('page');
    await page.click('#blank');
    expect(new URL((await popup2).url()).pathname).toBe('/en/customers');
    expect(new URL(page.url()).pathname).toBe('/en/contact');
    const download = page.waitForEvent('download');
    await page.click('#download');
    expect((await download).url()).toBe(`${site.url}/en/customers`);
    expect(new URL(page.url()).pathname).toBe('/en/contact');
    expect(await page.title()).toMatch(/^Contact/);
    await Promise.all([page.waitForNavigation(), page.click('#unknown')]);
    expect(watched.documents.at(-1)).toBe(`${site.url}/en/not-a-page`);
    expect(await page.locator('.error-message').textContent()).toBe('Page not found: /en/not-a-page');
  });
  it('back and forward restore pages and their scroll positions; a click moves focus to the new heading, announces the page and scrolls to the top', async () => {
    const watched = await site.openReady('/en/news');
    const { page } = watched;
    const link = page.locator('main .cards a').nth(8);
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await link.click();
    await page.waitForFunction(
      () => location.pathname !== '/en/news' && document.querySelector('h1')?.textContent !== 'News',
    );
    const article = new URL(page.url()).pathname;
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/en/news' && document.title.startsWith('News |'));
    await page.waitForFunction((y) => Math.abs(scrollY - y) < 2, scrolled);
    await page.goForward();
    await page.waitForFunction(
      (p) => location.pathname === p && document.querySelector('h1')?.textContent !== 'News',
      article,
    );
    await page.waitForFunction(() => Math.abs(scrollY - 300) < 2);
    expect(watched.documents).toHaveLength(1);

    // Back on the newsroom, scrolled: another story clicked.
    await page.goBack();
    await page.waitForFunction((y) => location.pathname === '/en/news' && Math.abs(scrollY - y) < 2, scrolled);
    const next = page.locator('main .cards a').nth(5);
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    const title = await next.textContent();
    await next.click();
    await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, title);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-title');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await page.locator('#route-announcer').textContent()).toBe(await page.title());
    expect(await page.locator('#route-announcer').getAttribute('aria-live')).toBe('assertive');
    expect(watched.documents).toHaveLength(1);
  });

  it('yields a frame before rendering, so the click paints first, and scrolls to the fragment of the target', async () => {
    const watched = await site.openReady('/en/contact');
    const { page } = watched;
    await page.evaluate(() => {
      const marks: string[] = [];
      Object.assign(window, { marks });
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) =>
        raf((t) => {
          marks.push('frame');
          cb(t);
        });
      document.addEventListener('click', () => marks.push('click'));
      new MutationObserver(() => {
        if (!marks.includes('render')) marks.push('render');
      }).observe(document.getElementById('app') as Node, { childList: true, subtree: true, characterData: true });
    });
    await page.click('header a[href="/en/customers"]');
    await page.waitForFunction(() => document.title.startsWith('Our airline customers'));
    const marks = await page.evaluate(() => (window as unknown as { marks: string[] }).marks);
    expect(marks.indexOf('click')).toBeLessThan(marks.indexOf('frame'));
    expect(marks.indexOf('frame')).toBeLessThan(marks.indexOf('render'));

    // A link to a heading of another page: that page, scrolled to the heading.
    const target = await page.evaluate(async () => {
      const payload = (await (await fetch('/en/services/service-ramp/_payload.json')).json()) as { html: string };
      return /<h2 id="([^"]+)"/.exec(payload.html)?.[1];
    });
    expect(target).toBeTruthy();
    await page.evaluate((hash) => {
      const a = document.createElement('a');
      a.href = `/en/services/service-ramp#${hash}`;
      a.textContent = 'jump';
      a.id = 'jump';
      document.querySelector('main')?.prepend(a);
    }, target as string);
    await page.click('#jump');
    await page.waitForFunction(() => document.title.startsWith('Ramp handling'));
    const top = await page.evaluate(
      (hash) => document.getElementById(hash)?.getBoundingClientRect().top,
      target as string,
    );
    // At the top of the viewport, below the scroll padding the stylesheet keeps for headings.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(40);
    expect(watched.documents).toHaveLength(1);
  });

  it('shows the 404 page on the client for a path the build does not have, and does not capture links to other origins', async () => {
    const watched = await site.openReady('/en/contact');
    const { page } = watched;
    const captured = await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = 'https://example.org/elsewhere';
      document.querySelector('main')?.append(a);
      // The window hears the click after the runtime's document listener: was it taken over?
      let prevented: boolean | null = null;
      window.addEventListener(
        'click',
        (e) => {
          prevented = e.defaultPrevented;
          e.preventDefault();
        },
        { once: true },
      );
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      return prevented;
    });
    expect(captured).toBe(false);

    await page.evaluate(() => {
      history.pushState({ key: 1 }, '', '/en/retired-page');
      history.pushState({ key: 2 }, '', '/en/contact');
      history.back();
    });
    await page.waitForFunction(
      () => document.querySelector('.error-message')?.textContent === 'Page not found: /en/retired-page',
    );
    expect(await page.title()).toBe('404 - Page Not Found | CloudWing');
    expect(await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content'))).toBe(
      'noindex',
    );
    // One document: the 404 is rendered on the client (a reload would name the retired path here).
    expect({ documents: watched.documents, logs: watched.logs }).toEqual({
      documents: [`${site.url}/en/contact`],
      logs: [],
    });

    // A link of the site is taken over (on the page the client rendered, as on any).
    const internal = await page.evaluate(() => {
      const a = document.querySelector('header a[href="/en/customers"]') as HTMLAnchorElement;
      let prevented: boolean | null = null;
      window.addEventListener(
        'click',
        (e) => {
          prevented = e.defaultPrevented;
        },
        { once: true },
      );
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      return prevented;
    });
    expect(internal).toBe(true);
  });
});

import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { checkLayout, checkPrint, NOT_PRINTED } from './design-rules.ts';
import { loadSitePolicy } from './site-policy.ts';
import { problemsIn, waitForHydration, waitInPage, type SiteFixture, type WatchedPage } from './site-fixture.ts';

/** Every failure of a sweep, as `url: what`, by what it is about. */
export interface Sweep {
  /** Status, policy, console problems (a hydration mismatch is one), sideways scrolling at any width read. */
  readonly load: string[];
  /** The layout rules on a 375 px phone. */
  readonly phone: string[];
  /** The layout rules on a 768 px tablet, the rail's included. */
  readonly tablet: string[];
  /** What is printed that should not be. */
  readonly print: string[];
  /** Each page's footer line with the copyright (`url: text`), failing or not. */
  readonly footers: string[];
  /**
   * JavaScript fetched before `load` over 15 KB (gzip) on a page, the not-found page included; on
   * the first page of each template and the not-found page, a link that did not render on the client.
   */
  readonly scripts: string[];
  /** The templates whose first page was followed by a client navigation. */
  readonly navigated: string[];
}

/** What a first view may fetch of JavaScript before `load`, gzip (behaviour.md: Pages on demand). */
const FIRST_VIEW_JS = 15 * 1024;

/** The paths of the scripts the page fetched before its `load` event (the watch server's own client aside). */
function toScriptsBeforeLoad(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < load)
      .map((r) => new URL(r.name).pathname)
      .filter((path) => /\.m?js$/.test(path) && !path.startsWith('/__site/'));
  });
}

/**
 * Once the page is idle and knows its build's pages, a click on a link of its footer to another
 * page renders that page on the client, with no new document; returns what went wrong, if anything.
 */
async function followLink(watched: WatchedPage): Promise<string | null> {
  const { page } = watched;
  await waitInPage(page, () => performance.getEntriesByName('site:navigation-ready').length > 0, null);
  const documents = watched.documents.length;
  const target = await page.evaluate(() => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('.site-footer a[href^="/"]')].find(
      (a) => new URL(a.href).pathname !== location.pathname,
    );
    link?.click();
    return link ? new URL(link.href).pathname : null;
  });
  if (target === null) return 'no link in the footer to follow';
  await waitInPage(
    page,
    (path) => location.pathname === path && document.getElementById('route-announcer')?.textContent === document.title,
    target,
  ).catch(() => undefined);
  if (new URL(page.url()).pathname !== target) return `a click on ${target} did not show it`;
  return watched.documents.length === documents ? null : `a click on ${target} loaded a new document`;
}

/** The widths each page is read at, with a height for each. */
const VIEWPORTS = [
  { width: 320, height: 700 },
  { width: 375, height: 800 },
  { width: 768, height: 800 },
] as const;

/** The desktop widths the pages of `everyWidth` are read at too, up to a wide monitor. */
const DESKTOPS = [1024, 1440, 1920].map((width) => ({ width, height: 800 }));

/** What a page is read as: the widths, whether it is one of the `wide` pages. */
interface Reading {
  readonly url: string;
  readonly widths: readonly { readonly width: number; readonly height: number }[];
  readonly wide: boolean;
}

/**
 * Reads the loaded page at each of its widths: it never scrolls sideways, and at 375 px the layout
 * rules (and, on a `wide` page, paper), at 768 px a `wide` page's tablet rules.
 */
async function readWidths(page: Page, reading: Reading, sweep: Sweep): Promise<void> {
  const { url, widths, wide } = reading;
  for (const viewport of widths) {
    if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow !== 0) sweep.load.push(`${url}: scrolls sideways by ${overflow} px at ${viewport.width} px`);
    if (viewport.width === 375) {
      for (const p of await page.evaluate(checkLayout, { rail: false })) sweep.phone.push(`${url}: ${p}`);
      sweep.footers.push(
        `${url}: ${await page.evaluate(() => document.querySelector<HTMLElement>('.site-footer__legal')?.innerText ?? '')}`,
      );
      if (!wide) continue;
      await page.emulateMedia({ media: 'print' });
      for (const p of await page.evaluate(checkPrint, NOT_PRINTED)) sweep.print.push(`${url}: ${p}`);
      await page.emulateMedia({ media: 'screen' });
    } else if (viewport.width === 768 && wide) {
      // The rail only where the configuration gives it a width (behaviour.md: Constants).
      const rail = await page.locator('nav.rail').isVisible();
      for (const p of await page.evaluate(checkLayout, { rail })) sweep.tablet.push(`${url}: ${p}`);
    }
  }
}

/**
 * The first view's JavaScript (each script fetched and measured once, gzip, as a host sends it,
 * whichever pages load it), then, on the first page of its template, a client navigation.
 */
function scriptChecker(site: SiteFixture, watched: WatchedPage, sweep: Sweep): (url: string) => Promise<void> {
  const sizes = new Map<string, Promise<number>>();
  const sizeOf = (path: string) => {
    if (!sizes.has(path))
      sizes.set(
        path,
        fetch(`${site.url}${path}`)
          .then((r) => r.arrayBuffer())
          .then((bytes) => gzipSync(Buffer.from(bytes)).length),
      );
    return sizes.get(path) as Promise<number>;
  };
  return async (url) => {
    const scripts = await toScriptsBeforeLoad(watched.page);
    const bytes = (await Promise.all(scripts.map(sizeOf))).reduce((sum, size) => sum + size, 0);
    if (bytes > FIRST_VIEW_JS)
      sweep.scripts.push(`${url}: ${(bytes / 1024).toFixed(1)} KB of JavaScript before load: ${scripts.join(' ')}`);
    const template = await watched.page.evaluate(
      () => (JSON.parse(document.getElementById('site-data')?.textContent ?? '{}') as { template?: string }).template,
    );
    if (!template || sweep.navigated.includes(template)) return;
    sweep.navigated.push(template);
    const failed = await followLink(watched);
    if (failed) sweep.scripts.push(`${url}: ${failed}`);
  };
}

/**
 * Loads each page in full, once, as a first view with the policy the host files send enforced, and
 * reads it as a visitor would: at 320 and 375 px (the layout rules), the pages of `wide` at 768 px
 * and on paper too, where what is checked is drawn by a template's styles, and the pages of
 * `everyWidth` at 768 px and the desktops' widths as well; at no width may a page scroll sideways.
 * Resizing the loaded page costs a layout, not a load, so one pass over the site covers hydration
 * and design together; each page is loaded at the width the previous one ended at and read at the
 * others.
 */
export async function loadEveryPage(
  site: SiteFixture,
  urls: readonly string[],
  wide: ReadonlySet<string>,
  everyWidth: ReadonlySet<string>,
): Promise<Sweep> {
  // A Chinese-speaking visitor with a stored choice, so that the root page stays where it is.
  const watched = await site.open('/robots.txt', { locale: 'zh-TW', viewport: VIEWPORTS[0] });
  const { page, context } = watched;
  await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url: site.url }]);
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const sweep: Sweep = { load: [], phone: [], tablet: [], print: [], footers: [], scripts: [], navigated: [] };
  const policy = (await loadSitePolicy()).header;
  const checkScripts = scriptChecker(site, watched, sweep);
  for (const [index, url] of urls.entries()) {
    const fail = (what: string) => sweep.load.push(`${url}: ${what}`);
    const before = watched.logs.length;
    const response = await page.goto(`${site.url}${url}`);
    if (response?.status() !== 200) fail(`answered ${response?.status()}`);
    if ((await response?.headerValue('content-security-policy')) !== policy)
      fail('sent another security policy than the host files');
    await waitForHydration(page);
    if (new URL(page.url()).pathname !== url) fail(`moved to ${page.url()}`);
    const widths = [
      ...VIEWPORTS.slice(0, wide.has(url) || everyWidth.has(url) ? 3 : 2),
      ...(everyWidth.has(url) ? DESKTOPS : []),
    ];
    await readWidths(page, { url, widths: index % 2 === 0 ? widths : widths.reverse(), wide: wide.has(url) }, sweep);
    await checkScripts(url);
    for (const line of problemsIn(watched.logs.slice(before))) fail(line);
  }
  // The not-found page of the locale: its own small script besides, and a link home.
  const notFound = `${urls[0] === '/' ? '' : urls[0]}/no-such-page`;
  const before = watched.logs.length;
  await page.goto(`${site.url}${notFound}`);
  await waitForHydration(page);
  await checkScripts(notFound);
  for (const line of problemsIn(watched.logs.slice(before)).filter((l) => !l.includes('404')))
    sweep.load.push(`${notFound}: ${line}`);
  return sweep;
}

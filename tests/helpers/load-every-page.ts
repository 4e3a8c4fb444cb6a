import { CONTENT_SECURITY_POLICY } from '../../generator/write/hosting.ts';
import { checkLayout, checkPrint, NOT_PRINTED } from './design-rules.ts';
import { problemsIn, waitForHydration, type SiteFixture } from './site-fixture.ts';

/** Every failure of a sweep, as `url: what`, by what it is about. */
export interface Sweep {
  /** Status, policy, console problems (a hydration mismatch is one), sideways scrolling at 320 px. */
  readonly load: string[];
  /** The layout rules on a 375 px phone. */
  readonly phone: string[];
  /** The layout rules on a 768 px tablet, the rail's included. */
  readonly tablet: string[];
  /** What is printed that should not be. */
  readonly print: string[];
  /** Each page's footer line with the copyright (`url: text`), failing or not. */
  readonly footers: string[];
}

/** The widths each page is read at, with a height for each. */
const VIEWPORTS = [
  { width: 320, height: 700 },
  { width: 375, height: 800 },
  { width: 768, height: 800 },
] as const;

/**
 * Loads each page in full, once, as a first view with the policy the host files send enforced, and
 * reads it as a visitor would at three widths and on paper: 320 px (it must not scroll sideways),
 * 375 px and 768 px (the layout rules) and print. Resizing the loaded page costs a layout, not a
 * load, so one pass over the site covers hydration and design together; each page is loaded at
 * the width the previous one ended at (320 px, then 768 px, in turn) and read at the other two.
 */
export async function loadEveryPage(site: SiteFixture, urls: readonly string[]): Promise<Sweep> {
  // A Chinese-speaking visitor with a stored choice, so that the root page stays where it is.
  const watched = await site.open('/robots.txt', { locale: 'zh-TW', viewport: VIEWPORTS[0] });
  const { page, context } = watched;
  await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url: site.url }]);
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const sweep: Sweep = { load: [], phone: [], tablet: [], print: [], footers: [] };
  for (const [index, url] of urls.entries()) {
    const fail = (what: string) => sweep.load.push(`${url}: ${what}`);
    const before = watched.logs.length;
    const response = await page.goto(`${site.url}${url}`);
    if (response?.status() !== 200) fail(`answered ${response?.status()}`);
    if ((await response?.headerValue('content-security-policy')) !== CONTENT_SECURITY_POLICY)
      fail('sent another security policy than the host files');
    await waitForHydration(page);
    if (new URL(page.url()).pathname !== url) fail(`moved to ${page.url()}`);
    for (const viewport of index % 2 === 0 ? VIEWPORTS : [...VIEWPORTS].reverse()) {
      if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
      if (viewport.width === 320) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow !== 0) fail(`scrolls sideways by ${overflow} px at 320 px`);
      } else if (viewport.width === 375) {
        for (const p of await page.evaluate(checkLayout, { rail: false })) sweep.phone.push(`${url}: ${p}`);
        sweep.footers.push(
          `${url}: ${await page.evaluate(() => document.querySelector<HTMLElement>('.site-footer__legal')?.innerText ?? '')}`,
        );
        await page.emulateMedia({ media: 'print' });
        for (const p of await page.evaluate(checkPrint, NOT_PRINTED)) sweep.print.push(`${url}: ${p}`);
        await page.emulateMedia({ media: 'screen' });
      } else {
        for (const p of await page.evaluate(checkLayout, { rail: true })) sweep.tablet.push(`${url}: ${p}`);
      }
    }
    for (const line of problemsIn(watched.logs.slice(before))) fail(line);
  }
  return sweep;
}

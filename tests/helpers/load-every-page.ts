import { CONTENT_SECURITY_POLICY } from '../../generator/write/hosting.ts';
import { problemsIn, waitForHydration, type SiteFixture } from './site-fixture.ts';

/**
 * Loads each page in full, as a first view, on the narrowest phone, with the policy the host files
 * send enforced, and returns every failure as `url: what`: a status other than 200, another policy,
 * a page that moved, a console error or warning (a hydration mismatch is one), a policy violation,
 * sideways scrolling at 320 px.
 */
export async function loadEveryPage(site: SiteFixture, urls: readonly string[]): Promise<string[]> {
  // A Chinese-speaking visitor with a stored choice, so that the root page stays where it is.
  const watched = await site.open('/robots.txt', { locale: 'zh-TW', viewport: { width: 320, height: 700 } });
  const { page, context } = watched;
  await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url: site.url }]);
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const failures: string[] = [];
  for (const url of urls) {
    const fail = (what: string) => failures.push(`${url}: ${what}`);
    const before = watched.logs.length;
    const response = await page.goto(`${site.url}${url}`);
    if (response?.status() !== 200) fail(`answered ${response?.status()}`);
    if ((await response?.headerValue('content-security-policy')) !== CONTENT_SECURITY_POLICY)
      fail('sent another security policy than the host files');
    await waitForHydration(page);
    if (new URL(page.url()).pathname !== url) fail(`moved to ${page.url()}`);
    for (const line of problemsIn(watched.logs.slice(before))) fail(line);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow !== 0) fail(`scrolls sideways by ${overflow} px at 320 px`);
  }
  return failures;
}

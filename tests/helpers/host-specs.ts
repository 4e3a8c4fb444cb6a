import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { closeContexts, launchBrowser } from './browser.ts';
import { expectRootAnswer, HOSTILE_ACCEPT_LANGUAGES } from './accept-language.ts';
import { getRaw } from './http.ts';
import { SMALL_ROUTES } from './make-site.ts';
import { loadSitePolicy } from './site-policy.ts';
import { waitForHydration } from './site-fixture.ts';

// What every host must give a visitor of the output shaped for it (behaviour.md: Hosts), asserted
// the same way against each: real engines where one installs (nginx, Cloudflare's workerd), the
// documented rules elsewhere.

export interface HostUnderTest {
  /** Where the host answers, without a trailing slash. */
  readonly url: string;
  /** The output it serves. */
  readonly out: string;
}

export interface HostSpecOptions {
  readonly host: () => HostUnderTest;
  /** How `/x/` answers: a redirect to `/x`, the page itself (linked from nowhere), or 404. */
  readonly trailingSlash: 'redirect' | 'page' | 'not-found';
  /** Unknown paths: each locale's 404 page by prefix, or the one root page for every path. */
  readonly notFound: 'by-language' | 'one-page';
  /** Whether the host sends the security headers (else each page carries the policy itself). */
  readonly headers: boolean;
  /** The cache policy: the output's own (immutable hashed files, the rest revalidated), or the host's. */
  readonly caching: 'ours' | { readonly everything: string };
  /** The routes loaded in Chromium before the flows, the two languages in turn (default: SMALL_ROUTES). */
  readonly browse?: readonly string[];
  /** How an old address answers (behaviour.md: Moved and removed pages): see OldAddressAnswer. */
  readonly redirects: OldAddressAnswer;
}

/**
 * How a host answers an old address: with the redirect's own status (301, or 302 for a campaign),
 * with 301 whatever the status (S3 stores a redirect as an object's metadata), or with a page that
 * sends the visitor on (GitHub Pages reads no rules).
 */
export type OldAddressAnswer = 'status' | 'permanent' | 'page';

/**
 * The real site's old addresses (site/site.config.ts and the company profile's `aliases`): where
 * each leads, and its status. The small site has them too.
 */
export const OLD_ADDRESSES: readonly (readonly [from: string, to: string, status: 301 | 302])[] = [
  ['/about/company-profile', '/about/about-company', 301],
  ['/en/about/company-profile', '/en/about/about-company', 301],
  ['/careers', '/jobs', 301],
  ['/en/careers', '/en/jobs', 301],
  ['/recruiting-day', '/jobs/jobs-positions', 302],
];

/**
 * Every old address answered as the host answers it, with the security headers where the host
 * sends them; a page that sends the visitor on carries no script and keeps out of the index. The
 * sitemap names none of them. `baseUrl`: the base URL the output was built with, or null.
 */
export async function expectOldAddresses(
  url: string,
  answer: OldAddressAnswer,
  options: { readonly headers: boolean; readonly baseUrl: string | null },
): Promise<void> {
  const policy = await loadSitePolicy();
  for (const [from, to, status] of OLD_ADDRESSES) {
    const response = await fetch(`${url}${from}?via=print`, { redirect: 'manual' });
    const body = await response.text();
    if (answer === 'page') {
      expect(response.status, from).toBe(200);
      expect(body, from).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
      expect(body, from).toContain('<meta name="robots" content="noindex">');
      expect(body, from).toContain(`<a href="${to}">`);
      if (options.baseUrl) expect(body, from).toContain(`<link rel="canonical" href="${options.baseUrl}${to}">`);
      expect(body, from).not.toMatch(/<script|<style|\son\w+=/i);
      continue;
    }
    expect(response.status, from).toBe(answer === 'permanent' ? 301 : status);
    const location = new URL(response.headers.get('location') ?? '', `${url}${from}`);
    expect(location.origin + location.pathname, from).toBe(`${url}${to}`);
    if (options.headers) {
      expect(response.headers.get('content-security-policy'), from).toBe(policy.header);
      expect(response.headers.get('x-content-type-options'), from).toBe('nosniff');
    }
  }
}

/**
 * A few pages whose documents differ in what a host could break (head, data, scripts per
 * template): where the host serves the same bytes as nginx with the same policy, every template
 * need not load again.
 */
export const FEW_PAGES = ['/', '/contact', '/news/news3', '/jobs/jobs-positions'];

const URLS = [...SMALL_ROUTES, ...SMALL_ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`))];

/** The URL of the page a document was rendered for (its embedded data). */
function toPayloadUrl(html: string): string | undefined {
  const data = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return data ? (JSON.parse(data) as { url?: string }).url : undefined;
}

/** The answer to a GET, redirects not followed. */
async function get(host: HostUnderTest, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${host.url}${url}`, { redirect: 'manual', headers });
  return { response, body: await response.text() };
}

/** Registers the specs every host must pass. */
export function hostSpecs(options: HostSpecOptions): void {
  it('serves every page of both locales at its canonical URL with 200 and no redirect', async () => {
    const host = options.host();
    expect(URLS).toHaveLength(2 * SMALL_ROUTES.length);
    const failures: string[] = [];
    for (const url of URLS) {
      const { response, body } = await get(host, url, { Cookie: 'i18n_redirected=zhHant', 'Accept-Language': 'zh-TW' });
      if (response.status !== 200)
        failures.push(`${url}: ${response.status} ${response.headers.get('location') ?? ''}`);
      else if (!/^text\/html; charset=utf-8$/i.test(response.headers.get('content-type') ?? ''))
        failures.push(`${url}: ${response.headers.get('content-type')}`);
      else if (toPayloadUrl(body) !== url) failures.push(`${url}: the document of ${toPayloadUrl(body)}`);
    }
    expect(failures).toEqual([]);
  });

  it(`answers a trailing slash with ${options.trailingSlash === 'redirect' ? 'a redirect to the path without it' : options.trailingSlash === 'page' ? 'the page (linked from nowhere)' : '404'}`, async () => {
    const host = options.host();
    for (const url of ['/en/contact/', '/news/news3/', '/en/']) {
      const { response } = await get(host, url);
      const expected = { redirect: [301, 308], page: [200], 'not-found': [404] }[options.trailingSlash];
      expect(expected, url).toContain(response.status);
      if (options.trailingSlash === 'redirect')
        expect(new URL(response.headers.get('location') ?? '', `${host.url}${url}`).pathname, url).toBe(
          url.slice(0, -1),
        );
    }
  });

  it(
    options.notFound === 'by-language'
      ? 'answers unknown paths with 404 and the page of their language'
      : 'answers every unknown path with 404 and the one root page',
    async () => {
      const host = options.host();
      const zh = await get(host, '/no-such-page');
      expect(zh.response.status).toBe(404);
      expect(zh.body).toContain('<html lang="zh-Hant">');
      const en = await get(host, '/en/no-such-page');
      expect(en.response.status).toBe(404);
      expect(en.body).toContain(options.notFound === 'by-language' ? '<html lang="en-US">' : '<html lang="zh-Hant">');
    },
  );

  it(
    options.headers
      ? 'sends the security headers and the policy on pages, files and 404s'
      : 'carries the policy in every page, less what only a header can say',
    async () => {
      const host = options.host();
      const policy = await loadSitePolicy();
      for (const url of ['/en/contact', '/no-such-page', '/builds/latest.json']) {
        const { response, body } = await get(host, url);
        if (options.headers) {
          expect(response.headers.get('content-security-policy'), url).toBe(policy.header);
          expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
          expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
        } else if (url !== '/builds/latest.json') {
          // First in the head: nothing before it escapes it.
          expect(body, url).toMatch(
            new RegExp(`<head>\\n<meta charset="utf-8">\\n<meta http-equiv="Content-Security-Policy" content="`),
          );
          expect(body.replaceAll('&#39;', "'"), url).toContain(`content="${policy.page}"`);
        }
      }
      // WebAssembly (the search) and nothing else beyond 'self': no inline script or style, no eval.
      expect(policy.header).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(policy.header).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      expect(policy.header).toContain("frame-ancestors 'none'");
      expect(policy.page).not.toMatch(/'unsafe-inline'|'unsafe-eval'|frame-ancestors/);
    },
  );

  it('answers the bare root, whatever Accept-Language says, with the page or a redirect kept apart by language and cookie', async () => {
    const host = options.host();
    for (const language of ['en-US,en;q=0.9', 'zh-TW', 'fr', ...HOSTILE_ACCEPT_LANGUAGES]) {
      expectRootAnswer(await getRaw(`${host.url}/`, { 'Accept-Language': language }), false, language);
    }
  });

  it(
    options.redirects === 'page'
      ? 'answers an old address with a page that sends the visitor on, and follows it in Chromium'
      : 'sends a moved page’s old address and a retired path on with their redirect',
    async () => {
      const host = options.host();
      const baseUrl = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(
        readFileSync(path.join(host.out, 'index.html'), 'utf8'),
      )?.[1];
      await expectOldAddresses(host.url, options.redirects, { headers: options.headers, baseUrl: baseUrl ?? null });
      const sitemap = readFileSync(path.join(host.out, 'sitemap.xml'), 'utf8');
      for (const [from] of OLD_ADDRESSES) expect(sitemap, from).not.toContain(`${from}<`);
      if (options.redirects !== 'page') return;
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.goto(`${host.url}/en/about/company-profile`);
        await page.waitForURL(`${host.url}/en/about/about-company`);
        expect(await page.textContent('h1')).toBe('Company profile');
      } finally {
        await closeContexts(browser);
      }
    },
    60_000,
  );

  it('caches content-hashed files for a year and revalidates pages, payloads and the latest build id', async () => {
    const host = options.host();
    const boot = readdirSync(path.join(host.out, '_app')).find((f) => /^boot\.\w+\.js$/.test(f)) as string;
    const { id } = JSON.parse(readFileSync(path.join(host.out, 'builds/latest.json'), 'utf8')) as { id: string };
    const immutable = options.caching === 'ours' ? 'public, max-age=31536000, immutable' : options.caching.everything;
    const revalidated = options.caching === 'ours' ? 'no-cache' : options.caching.everything;
    const expectations: [string, string][] = [
      [`/_app/${boot}`, immutable],
      [`/builds/meta/${id}.json`, immutable],
      ['/builds/latest.json', revalidated],
      ['/en/contact', revalidated],
      ['/en/contact/_payload.json', revalidated],
    ];
    for (const [url, cache] of expectations) {
      const { response } = await get(host, url);
      expect(response.status, url).toBe(200);
      // Cloudflare adds its own value after ours only where a rule sets none: ours comes first.
      expect(response.headers.get('cache-control'), url).toBe(cache);
    }
  });

  it('in Chromium: pages hydrate under the policy, and the new-build check and the reload guard work', async () => {
    const host = options.host();
    await browseBehindHost(host.url, options.browse);
  }, 120_000);

  if (options.notFound === 'one-page')
    it('in Chromium: the one 404 page shows the page of the path’s language, and both languages without JavaScript', async () => {
      const host = options.host();
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.goto(`${host.url}/en/no-such-page?x=1`);
        await page.waitForFunction(() => document.documentElement.lang === 'en-US');
        await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page Not Found');
        expect(await page.title()).toBe('404 - Page Not Found | CloudWing');
        expect(await page.textContent('[data-requested-path]')).toBe('/en/no-such-page?x=1');
        expect(await page.getAttribute('header a[href="/en"]', 'href')).toBe('/en');
        await page.goto(`${host.url}/no-such-page`);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
        expect(await page.textContent('h1')).toBe('找不到頁面');

        const plain = await browser.newPage({ javaScriptEnabled: false });
        await plain.goto(`${host.url}/en/no-such-page`);
        expect(await plain.textContent('h1')).toBe('找不到頁面');
        const notice = plain.locator('.other-language-notice[lang="en-US"]');
        expect(await notice.isVisible()).toBe(true);
        expect(await notice.textContent()).toContain('Page Not Found');
        expect(await notice.locator('a').getAttribute('href')).toBe('/en');
      } finally {
        await closeContexts(browser);
      }
    }, 60_000);
}

/**
 * A visitor behind the host, in Chromium: a page of every template in both languages with no
 * policy violation or console error, client navigation, then deployment awareness (behaviour.md:
 * New-build check, Reload guard): a new build's notice and a full load on the next navigation; a
 * chunk that fails during a navigation reloads the target once.
 */
export async function browseBehindHost(url: string, routes: readonly string[] = SMALL_ROUTES): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'zh-TW' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text()))
        problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    // Pages of the templates and sections, the two languages in turn.
    for (const [i, route] of routes.entries()) {
      await page.goto(`${url}${i % 2 === 0 ? route : route === '/' ? '/en' : `/en${route}`}`);
      await waitForHydration(page);
    }
    expect(problems).toEqual([]);
    // The policy holds: an inline script is refused.
    const inline = await page.evaluate(async () => {
      const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve));
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      await refused;
      return 'inlineRan' in window;
    });
    expect(inline).toBe(false);
    problems.length = 0;
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto(`${url}/en/services/service-layout`);
    await page.waitForResponse((r) => r.url().includes('/builds/latest.json?'));
    await page.click('main a[href="/en/services/service-ramp"]:visible');
    await page.waitForFunction(() => document.title.startsWith('Ramp handling'));
    expect(documents.filter((u) => u.endsWith('/service-ramp'))).toEqual([]);

    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: 'next-build', timestamp: 1 }) }),
    );
    await page.route('**/builds/meta/next-build.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ id: 'next-build', timestamp: 1, prerendered: [] }),
      }),
    );
    await page.goto(`${url}/en/contact`);
    await page.waitForSelector('.site-notice[role="status"] p');
    await page.click('header a[href="/en/customers"]');
    await page.waitForURL(`${url}/en/customers`);
    expect(documents.filter((u) => u.endsWith('/en/customers'))).toHaveLength(1);
    await page.unroute('**/builds/latest.json*');
    await page.route(/\/_app\/article\.\w+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const manifest = page.waitForResponse((r) => r.url().includes('/builds/meta/'));
    await page.goto(`${url}/en/news`);
    await manifest;
    await waitForHydration(page);
    await page.click('main a[href="/en/news/news3"]:visible');
    await page.waitForURL(`${url}/en/news/news3`);
    await page.waitForLoadState('load');
    expect(documents.filter((u) => u.endsWith('/en/news/news3'))).toHaveLength(1);
    expect(problems.filter((p) => /Content Security Policy|CSP violation/.test(p))).toEqual([]);
  } finally {
    await closeContexts(browser);
  }
}

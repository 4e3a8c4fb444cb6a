import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { request as requestHttps } from 'node:https';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { getRaw, type RawResponse } from '../helpers/http.ts';
import { ACCEPT_LANGUAGE, expectRootAnswer, HOSTILE_ACCEPT_LANGUAGES } from '../helpers/accept-language.ts';
import { hostSpecs } from '../helpers/host-specs.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { freePort, NGINX, startNginx, type NginxServer } from '../helpers/nginx.ts';
import { waitForHydration } from '../helpers/site-fixture.ts';

// A real nginx with the snippet `site build` writes, serving the small site (a page of every
// template and section). CI installs nginx (.ci/run); on a machine
// without it these tests say so and are skipped, unless CI is set, where they fail.
const run = NGINX !== null || process.env.CI === 'true';
if (!run) console.warn('nginx is not installed: the hosting tests are skipped (apt-get install nginx-light).');

let nginx: NginxServer;
let work: string;
beforeAll(async () => {
  if (!run) return;
  work = mkdtempSync(path.join(tmpdir(), 'site-nginx-'));
  // nginx's workers run as an unprivileged user: they must be able to read the output.
  chmodSync(work, 0o755);
  const out = path.join(work, 'out');
  await buildSite({ root: makeSite(), outDir: out, precompress: true });
  nginx = await startNginx(out, work);
});
afterAll(async () => {
  await nginx?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  removeSites();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${nginx.url}${url}`, { headers, redirect: 'manual' });

/** A GET with the path sent byte for byte (fetch would normalize `\\` and more). */
const getPath = (rawPath: string) =>
  new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(nginx.url);
    request({ host: hostname, port, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('latin1')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    })
      .on('error', reject)
      .end();
  });

/**
 * Where the snippet sends a visitor without a stored choice (behaviour.md: Root redirect): the
 * locale of the first tag, in the order sent, whose language the site has (`en`, `EN-gb`, `zh_TW`).
 */
function toExpectedLocation(acceptLanguage: string): string | undefined {
  for (const tag of acceptLanguage.split(',')) {
    const language = tag
      .trimStart()
      .split(/[-_;\s]/)[0]
      ?.toLowerCase();
    if (language === 'en') return '/en';
    if (language === 'zh') return undefined;
  }
  return undefined;
}

/** Paths a browser would read as another host if the trailing-slash redirect copied them into Location. */
const OFF_SITE = ['//evil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '/%09/evil.example/'];

describe.runIf(run)('the generated nginx snippet, in real nginx', () => {
  hostSpecs({
    host: () => ({ url: nginx.url, out: path.join(work, 'out') }),
    trailingSlash: 'redirect',
    notFound: 'by-language',
    headers: true,
    caching: 'ours',
    redirects: 'status',
  });

  it('redirects a trailing slash permanently to the path without it', async () => {
    const response = await get('/en/contact/?x=1');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/\/en\/contact\?x=1$/);
  });

  it('redirects a trailing slash only to a path of this site; a path read as another host gets the 404 page', async () => {
    for (const raw of [
      ...OFF_SITE,
      '/\\evil.example/',
      '/%0D/evil.example/',
      '/%0A/evil.example/',
      '/%7F/x/',
      '/en/%5Cx/',
    ]) {
      const response = await getPath(raw);
      if (response.status === 301) {
        const target = new URL(response.location as string, `${nginx.url}/`);
        expect(target.origin, raw).toBe(nginx.url);
        expect(target.pathname, raw).not.toMatch(/^\/\/|\\/);
        expect(response.location, raw).not.toMatch(/[\s\\\p{Cc}]/u);
      } else {
        expect(response.status, raw).toBe(404);
        expect(response.body, raw).toContain('<html lang=');
      }
    }
    for (const raw of ['/%5Cevil.example/', '/\\evil.example/', '/%09/evil.example/', '/%0D/evil.example/']) {
      expect((await getPath(raw)).status, raw).toBe(404);
    }
    expect((await getPath('/en/%5Cx/')).body).toContain('<html lang="en-US">');
  });

  it('serves the precompressed .gz beside a file when the client accepts gzip, the file itself otherwise', async () => {
    const out = path.join(work, 'out');
    const boot = readdirSync(path.join(out, '_app')).find((f) => /^boot\.\w+\.js$/.test(f)) as string;
    const cases: [string, string][] = [
      ['/en/contact', 'en/contact/index.html'],
      ['/en/contact/_payload.json', 'en/contact/_payload.json'],
      [`/_app/${boot}`, `_app/${boot}`],
      ['/sitemap.xml', 'sitemap.xml'],
    ];
    for (const [url, file] of cases) {
      const original = readFileSync(path.join(out, file));
      expect(existsSync(path.join(out, `${file}.br`)), file).toBe(true);
      const gz = await getRaw(`${nginx.url}${url}`, { 'Accept-Encoding': 'gzip, br', 'Accept-Language': 'zh-TW' });
      expect(gz.status, url).toBe(200);
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gz.headers.vary, url).toMatch(/Accept-Encoding/);
      // The file written by the build, sent as it is: nginx did not compress it again.
      expect(gz.body.equals(readFileSync(path.join(out, `${file}.gz`))), url).toBe(true);
      expect(gunzipSync(gz.body).equals(original), url).toBe(true);
      const plain = await getRaw(`${nginx.url}${url}`, { 'Accept-Language': 'zh-TW' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.equals(original), url).toBe(true);
    }
  });

  it('does not serve its own configuration files', async () => {
    for (const url of ['/nginx.conf', '/_headers', '/_redirects', '/.site-output']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain('<html lang="zh-Hant">');
    }
  });

  it('decides the bare root at the edge: cookie, then Accept-Language; never for crawlers or deep links', async () => {
    const en = await get('/', { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(en.status).toBe(302);
    expect(en.headers.get('location')).toMatch(/\/en$/);
    expect(en.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect((await get('/', { 'Accept-Language': 'fr-FR, en-GB;q=0.8' })).status).toBe(302);
    const cookieEn = await get('/', { Cookie: 'i18n_redirected=en', 'Accept-Language': 'zh-TW' });
    expect(cookieEn.status).toBe(302);
    expect(cookieEn.headers.get('location')).toMatch(/\/en$/);
    expect((await get('/', { 'Accept-Language': 'zh-TW,zh;q=0.9,en-US;q=0.8' })).status).toBe(200);
    expect((await get('/', { Cookie: 'i18n_redirected=zhHant', 'Accept-Language': 'en-US' })).status).toBe(200);
    expect(
      (
        await get('/', {
          'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
          'Accept-Language': 'en-US',
        })
      ).status,
    ).toBe(200);
    expect((await get('/contact', { 'Accept-Language': 'en-US' })).status).toBe(200);
    expect((await get('/', { Cookie: 'i18n_redirected=klingon', 'Accept-Language': 'en-US' })).status).toBe(302);
    // A stored value that is no locale code is no choice, whatever it starts with.
    expect((await get('/', { Cookie: 'i18n_redirected=en:zh', 'Accept-Language': 'zh-TW' })).status).toBe(200);
  });

  it('keeps the root apart in shared caches by language and cookie, page and redirect alike', async () => {
    for (const [headers, status] of [
      [{ 'Accept-Language': 'en-US' }, 302],
      [{ Cookie: 'i18n_redirected=en' }, 302],
      [{ 'Accept-Language': 'zh-TW' }, 200],
      [{ 'Accept-Language': 'fr' }, 200],
    ] as const) {
      const response = await get('/', headers);
      expect(response.status).toBe(status);
      expect(response.headers.get('vary'), JSON.stringify(headers)).toMatch(/Accept-Language, Cookie/);
    }
  });

  it('answers any Accept-Language up to a full header line with the page or the locale of its first known language, and logs no error', async () => {
    const log = path.join(work, 'logs/error.log');
    const from = existsSync(log) ? statSync(log).size : 0;
    const check = async (language: string) => {
      const response = await getRaw(`${nginx.url}/`, { 'Accept-Language': language });
      expectRootAnswer(response, false, language);
      expect(response.headers.location, language).toBe(toExpectedLocation(language));
    };
    for (const language of HOSTILE_ACCEPT_LANGUAGES) await check(language);
    await fc.assert(fc.asyncProperty(ACCEPT_LANGUAGE, check), { numRuns: 300 });
    // A pattern that backtracks without end makes PCRE give up, with an alert here and a 500.
    expect(existsSync(log) ? readFileSync(log).subarray(from).toString() : '').toBe('');
  });
});

// A key and certificate for 127.0.0.1, for these tests only (the client does not verify them).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAGismDHmCCHpGuqY
RVVweROb0fOt50u+1gLlw8Er1iihRANCAARUycxrVBklnJLwzHlciMJQ5gk77uIK
DEmTXMuYOyvPcoggVXwCKp3bMWYUi2ucUQJ/mNnbXZ9OWQXxFp+CHeb8
-----END PRIVATE KEY-----
`;
const TEST_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIUN9dFx8ulHx7Hrmq1CDDSG+9G5nswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTIwNDE4MDg0NloYDzIxMjYxMTEw
MTgwODQ2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARUycxrVBklnJLwzHlciMJQ5gk77uIKDEmTXMuYOyvPcoggVXwCKp3b
MWYUi2ucUQJ/mNnbXZ9OWQXxFp+CHeb8o2QwYjAdBgNVHQ4EFgQUX8y9DNCrJrEk
XD20rWHyI6qPEyQwHwYDVR0jBBgwFoAUX8y9DNCrJrEkXD20rWHyI6qPEyQwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
IEzZKsEEi4vQRJ2yVHbF+/9CgwlZVptLetCngcV8z4vzAiEApdvwgd0LExTXLVrH
1Ly32YzRjprb3V4IMqKXU699/ZE=
-----END CERTIFICATE-----
`;

describe.runIf(run)('the generated nginx snippet, over https', () => {
  let tls: NginxServer;
  let port: number;
  beforeAll(async () => {
    // The includer's own `server` block, as on a real host: a TLS listener, then the snippet.
    const dir = path.join(work, 'tls');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'key.pem'), TEST_KEY);
    writeFileSync(path.join(dir, 'cert.pem'), TEST_CERTIFICATE);
    port = await freePort();
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        `listen 127.0.0.1:${port} ssl;`,
        `ssl_certificate ${path.join(dir, 'cert.pem')};`,
        `ssl_certificate_key ${path.join(dir, 'key.pem')};`,
        `include ${path.join(work, 'out/nginx.conf')};`,
        '',
      ].join('\n'),
    );
    tls = await startNginx(dir, path.join(work, 'tls-run'));
  });
  afterAll(() => tls?.stop());

  const getHttps = (headers: Record<string, string>) =>
    new Promise<RawResponse>((resolve, reject) => {
      requestHttps({ host: '127.0.0.1', port, path: '/', headers, rejectUnauthorized: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      })
        .on('error', reject)
        .end();
    });

  it('stores the root redirect’s choice in a Secure cookie', async () => {
    const response = await getHttps({ 'Accept-Language': 'en-US' });
    expect(response.status).toBe(302);
    expect(response.headers['set-cookie']).toEqual([
      'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    ]);
    expectRootAnswer(response, true, 'en-US');
  });
});

describe.runIf(run)('the site behind nginx, in Chromium', () => {
  it('never follows a redirect off the site', async () => {
    const { closeContexts, launchBrowser } = await import('../helpers/browser.ts');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // Every document the browser asks for, redirects included. `.example` never resolves
      // (RFC 2606): a redirect off the site fails there, and is listed here.
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.isNavigationRequest()) documents.push(r.url());
      });
      for (const url of OFF_SITE) await page.goto(`${nginx.url}${url}`).catch(() => null);
      expect(documents.filter((url) => new URL(url).origin !== nginx.url)).toEqual([]);
      expect(new URL(page.url()).origin).toBe(nginx.url);
      await page.goto(`${nginx.url}/en/contact/`);
      expect(page.url()).toBe(`${nginx.url}/en/contact`);
    } finally {
      await closeContexts(browser);
    }
  }, 60_000);

  it('lets the language switcher store the choice, which the edge then follows', async () => {
    const { closeContexts, launchBrowser } = await import('../helpers/browser.ts');
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ locale: 'zh-TW' });
      await context.addCookies([{ name: 'i18n_redirected', value: 'zhHant', url: nginx.url }]);
      const page = await context.newPage();
      await page.goto(`${nginx.url}/en/contact`);
      await waitForHydration(page);
      await page.click('.language-switcher a');
      await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
      await page.goto(`${nginx.url}/`);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.click('.language-switcher a');
      await page.waitForFunction(() => document.documentElement.lang === 'en-US');
      await page.goto(`${nginx.url}/`);
      expect(new URL(page.url()).pathname).toBe('/en');
    } finally {
      await closeContexts(browser);
    }
  }, 60_000);

  it('runs the search under the policy nginx sends, in both languages, with no violation or error', async () => {
    const { closeContexts, launchBrowser } = await import('../helpers/browser.ts');
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ locale: 'zh-TW' });
      const problems: string[] = [];
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      for (const [path, query, first] of [
        ['/contact', '機坪', '/services/service-ramp'],
        ['/en/contact', 'ramp', '/en/services/service-ramp'],
      ] as const) {
        const response = await page.goto(`${nginx.url}${path}`);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
        await waitForHydration(page);
        // The control is a button once the page's effects have run: the shortcut is listened for.
        await page.waitForSelector('.site-header button.search-button', { state: 'attached' });
        await page.keyboard.press('/');
        await page.fill('.search-dialog__input', query);
        await page.waitForSelector(`.search-dialog__status[data-query="${query}"]`);
        expect(await page.locator('.search-hit').first().getAttribute('href')).toBe(first);
      }
      expect(problems).toEqual([]);
    } finally {
      await closeContexts(browser);
    }
  }, 60_000);
});

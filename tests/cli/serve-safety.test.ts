import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toSecurityHeaders } from '../../generator/write/hosting.ts';
import { useBrowser } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { loadSitePolicy } from '../helpers/site-policy.ts';

// `site serve` as the production host behaves (behaviour.md: Safety): no redirect leaves the
// origin, every answer carries the host's security headers and policy, the host files are not
// content, and `.well-known/` is served. A real subprocess, followed by a real Chromium.

const SECURITY_TXT = 'Contact: mailto:security@cloudwing.example\nExpires: 2030-01-01T00:00:00.000Z\n';
/** Paths a browser reads as another host if a trailing-slash redirect copies them into Location. */
const OFF_SITE = ['//evil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '/%09/evil.example/'];

const browser = useBrowser();
afterAll(removeSites);

/**
 * Opens each URL and returns every document the browser asked for on the way, redirects included.
 * `.example` never resolves (RFC 2606): a redirect off the site fails there, and is listed here.
 */
async function toNavigations(page: Page, urls: readonly string[]): Promise<string[]> {
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(r.url());
  });
  for (const url of urls) await page.goto(url).catch(() => null);
  return documents;
}

/** The policy is in force in the page: an inline style is reported as a violation, not applied. */
async function expectInlineStyleBlocked(page: Page): Promise<void> {
  const directive = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red; }';
        document.head.append(style);
      }),
  );
  expect(directive).toMatch(/^style-src/);
}

/** Collects policy violations (reported as console errors) and page errors. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return problems;
}

const isHydrated = () =>
  Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer'));

// The site's own policy: what its configuration adds to the tool's (the proposal request's form action).
const CONTENT_SECURITY_POLICY = (await loadSitePolicy()).header;
const SECURITY_HEADERS = toSecurityHeaders(CONTENT_SECURITY_POLICY);

function expectSecurityHeaders(headers: Headers, what: string): void {
  for (const [name, value] of SECURITY_HEADERS) expect(headers.get(name), `${name} on ${what}`).toBe(value);
}

describe('site serve, as the production host', () => {
  let out: string;
  let serve: ServeProcess;
  beforeAll(async () => {
    const root = makeSite({ 'site/public/.well-known/security.txt': SECURITY_TXT });
    out = path.join(root, 'out');
    expect(runCli(['--root', root, 'build', '--out', out]).status).toBe(0);
    serve = await startServe(['--root', root, 'serve', '--port', '0', '--out', out]);
  }, 120_000);
  afterAll(async () => {
    await serve?.stop();
  });

  it('never follows a redirect off the site, and still sends /en/contact/ to /en/contact', async () => {
    const page = await browser().newPage();
    const documents = await toNavigations(
      page,
      OFF_SITE.map((url) => `${serve.url}${url}`),
    );
    expect(documents.filter((url) => new URL(url).origin !== serve.url)).toEqual([]);
    expect(new URL(page.url()).origin).toBe(serve.url);
    await page.goto(`${serve.url}/en/contact/?x=1`);
    expect(page.url()).toBe(`${serve.url}/en/contact?x=1`);
    expect(await page.locator('h1').count()).toBe(1);
    await page.close();
  });

  it('sends the security headers and policy of the host files on pages, files, 404s, 403s, 405s and redirects', async () => {
    const boot = readdirSync(path.join(out, '_app')).find((f) => /^boot\.\w+\.js$/.test(f)) as string;
    const cases: [string, RequestInit, number][] = [
      ['/en/contact', {}, 200],
      [`/_app/${boot}`, {}, 200],
      ['/robots.txt', {}, 200],
      ['/no-such-page', {}, 404],
      ['/.env', {}, 403],
      ['/en/contact', { method: 'POST' }, 405],
      ['/en/contact/', {}, 301],
      ['/%5Cevil.example/', {}, 404],
    ];
    for (const [url, init, status] of cases) {
      const response = await fetch(`${serve.url}${url}`, { ...init, redirect: 'manual' });
      expect(response.status, url).toBe(status);
      expectSecurityHeaders(response.headers, `${init.method ?? 'GET'} ${url}`);
    }
  });

  it('shows a page of each locale with no policy violation and no console error', async () => {
    const page = await browser().newPage();
    const problems = await watchProblems(page);
    for (const url of ['/contact', '/en/contact', '/en/news/news3', '/no-such-page']) {
      const response = await page.goto(`${serve.url}${url}`);
      expect(response?.headers()['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      await page.waitForFunction(isHydrated);
    }
    // The 404 page's own request for the missing URL is the only console error a browser prints.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await expectInlineStyleBlocked(page);
    await page.close();
  });

  it('answers the host files with the 404 page, as nginx does', async () => {
    for (const url of ['/nginx.conf', '/_headers', '/_redirects']) {
      expect(existsSync(path.join(out, url)), url).toBe(true);
      const response = await fetch(`${serve.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain('<html lang="zh-Hant">');
    }
  });

  it('serves .well-known/security.txt from site/public, and no other hidden file', async () => {
    const response = await fetch(`${serve.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(SECURITY_TXT);
    expect((await fetch(`${serve.url}/.site-output`)).status).toBe(403);
  });
});

describe('site serve --watch, under the same policy', () => {
  let root: string;
  let serve: ServeProcess;
  beforeAll(async () => {
    root = makeSite();
    serve = await startServe(['--root', root, 'serve', '--watch', '--port', '0', '--out', path.join(root, 'out')]);
  }, 120_000);
  afterAll(async () => {
    await serve?.stop();
  });

  it('sends the security headers on its own routes', async () => {
    for (const url of ['/__site/client.js', '/__site/no-such-route', '/en/contact']) {
      expectSecurityHeaders((await fetch(`${serve.url}${url}`)).headers, url);
    }
    const events = new AbortController();
    const stream = await fetch(`${serve.url}/__site/events`, { signal: events.signal });
    expectSecurityHeaders(stream.headers, '/__site/events');
    events.abort();
  });

  it('shows a failed rebuild over the page, styled, with no policy violation, and clears it once fixed', async () => {
    const page = await browser().newPage();
    const problems = await watchProblems(page);
    const connected = page.waitForResponse((r) => new URL(r.url()).pathname === '/__site/events');
    const response = await page.goto(`${serve.url}/en/customers`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await connected;
    const file = path.join(root, 'site/content/customers.en.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace(/^title: .*$/m, 'title: [unclosed'));
    const overlay = page.locator('#site-dev-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toContain('FRONT_MATTER_SYNTAX');
    // Its look is set through element.style, which the policy allows: no inline style attribute is blocked.
    expect(await overlay.evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    writeFileSync(file, good);
    await overlay.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await expectInlineStyleBlocked(page);
    await page.close();
  });
});

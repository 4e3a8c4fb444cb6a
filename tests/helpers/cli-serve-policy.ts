import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { toSecurityHeaders } from '../../generator/write/hosting.ts';
import { loadSitePolicy } from './site-policy.ts';

// `site serve` as the production host behaves (behaviour.md: Safety): what the serve tests ask of
// its answers and of the pages a real Chromium shows from it.

export const SECURITY_TXT = 'Contact: mailto:security@cloudwing.example\nExpires: 2030-01-01T00:00:00.000Z\n';

/** Paths a browser reads as another host if a trailing-slash redirect copies them into Location. */
export const OFF_SITE = ['//evil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '/%09/evil.example/'];

// The site's own policy: what its configuration adds to the tool's (the proposal request's form action).
export const CONTENT_SECURITY_POLICY = (await loadSitePolicy()).header;
const SECURITY_HEADERS = toSecurityHeaders(CONTENT_SECURITY_POLICY);

export function expectSecurityHeaders(headers: Headers, what: string): void {
  for (const [name, value] of SECURITY_HEADERS) expect(headers.get(name), `${name} on ${what}`).toBe(value);
}

/**
 * Opens each URL and returns every document the browser asked for on the way, redirects included.
 * `.example` never resolves (RFC 2606): a redirect off the site fails there, and is listed here.
 */
export async function toNavigations(page: Page, urls: readonly string[]): Promise<string[]> {
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(r.url());
  });
  for (const url of urls) await page.goto(url).catch(() => null);
  return documents;
}

/** The policy is in force in the page: an inline style is reported as a violation, not applied. */
export async function expectInlineStyleBlocked(page: Page): Promise<void> {
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
export async function watchProblems(page: Page): Promise<string[]> {
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

export const isHydrated = () =>
  Object.keys(document.getElementById('app') ?? {}).some((k) => k.startsWith('__reactContainer'));

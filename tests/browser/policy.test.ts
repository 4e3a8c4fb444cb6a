import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { startFolderServer } from '../../generator/serve/server.ts';
import { findViolations } from '../helpers/axe.ts';
import { removeSites } from '../helpers/make-site.ts';
import { ANALYTICS_SRC, CONSENT_SRC, makePolicySite, VIDEO_ID, VIDEO_PAGE } from '../helpers/policy-site.ts';
import { navigateInPage, useKeptPages, waitForHydration, waitInPage } from '../helpers/site-fixture.ts';

// A site with an analytics script, a script that waits for consent and a YouTube video, served as
// `site serve` serves it, its policy in the headers (behaviour.md: Security policy, Consent, Video
// embeds). Every request off the site is answered here: nothing goes to the network.

let server: { url: string; close(): Promise<void> };
// Pages kept from one test to the next (a new one costs a renderer), reset after each.
const takePage = useKeptPages(() => server.url);
let work: string;
let policy: string;
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'site-policy-'));
  const out = path.join(work, 'out');
  const { manifest } = await buildSite({ root: makePolicySite({ consent: true }), outDir: out });
  policy = manifest.policy ?? '';
  server = await startFolderServer(out, ['', '/en']);
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
  removeSites();
});

interface Opened {
  readonly page: Page;
  /** Every address off the site the page asked for, in order. */
  readonly offSite: string[];
}

/** A kept page (or a new one in the given page's context), scripts off the site answered here, policy violations recorded. */
async function open(url: string, from?: Opened): Promise<Opened> {
  const offSite = from?.offSite ?? [];
  const page = from ? await from.page.context().newPage() : await takePage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { policyViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.route(/^https:\/\//, (route) => {
    const address = route.request().url();
    offSite.push(address);
    const counter = address === CONSENT_SRC ? 'consentRuns' : 'analyticsRuns';
    void (address.includes('youtube-nocookie')
      ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' })
      : route.fulfill({ contentType: 'text/javascript', body: `window.${counter} = (window.${counter} || 0) + 1;` }));
  });
  await page.goto(`${server.url}${url}`);
  await waitForHydration(page);
  return { page, offSite };
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
const runs = (page: Page, name: 'analyticsRuns' | 'consentRuns') =>
  page.evaluate((n) => (window as unknown as Record<string, number | undefined>)[n] ?? 0, name);

describe('the configured policy in Chromium', () => {
  it('site serve sends it, and the analytics script runs once, across client navigation, without a violation', async () => {
    const response = await fetch(`${server.url}/en`);
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(policy).toContain('https://plausible.io');
    const { page, offSite } = await open('/en');
    await waitInPage(page, () => (window as unknown as { analyticsRuns?: number }).analyticsRuns === 1, null);
    // Client navigation, once the runtime knows the site's pages.
    await waitInPage(page, () => performance.getEntriesByName('site:navigation-ready').length > 0, null);
    await navigateInPage(page, '/en/contact');
    expect(await page.locator(`script[src="${ANALYTICS_SRC}"]`).count()).toBe(1);
    expect(await runs(page, 'analyticsRuns')).toBe(1);
    expect(offSite.filter((u) => u === ANALYTICS_SRC)).toEqual([ANALYTICS_SRC]);
    expect(await violations(page)).toEqual([]);
  });

  it('a video requests nothing from its host before the click, then plays in a youtube-nocookie frame', async () => {
    const { page, offSite } = await open(`/en${VIDEO_PAGE}`);
    const poster = page.getByRole('link', { name: /A turnaround in two minutes/ });
    // The player's code comes with client navigation, once the page is idle.
    await waitInPage(page, () => performance.getEntriesByName('site:navigation-ready').length > 0, null);
    expect(await poster.isVisible()).toBe(true);
    expect(offSite.filter((u) => /youtube|vimeo/.test(u))).toEqual([]);
    await poster.click();
    const frame = page.locator('iframe[title="A turnaround in two minutes"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`);
    await waitInPage(
      page,
      () => performance.getEntriesByType('resource').some((e) => e.name.includes('youtube')),
      null,
    );
    expect(offSite.filter((u) => /youtube/.test(u))).toEqual([
      `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`,
    ]);
    expect(await violations(page)).toEqual([]);
  });
});

describe('a script that waits for consent (behaviour.md: Consent)', () => {
  for (const [url, accept, decline, settings] of [
    ['/contact', '同意', '不同意', 'Cookie 設定'],
    ['/en/contact', 'Accept', 'Decline', 'Cookie settings'],
  ] as const) {
    it(`${url}: the notice passes axe-core (WCAG 2.2 AA): its heading and buttons in enough contrast`, async () => {
      // axe-core is injected as a script of its own, which the policy forbids: this context only lets it in.
      const page = await takePage({ bypassCSP: true });
      await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ body: '' }));
      await page.goto(`${server.url}${url}`);
      await page.getByRole('button', { name: accept, exact: true }).waitFor();
      expect(await findViolations(page)).toEqual([]);
      // axe leaves text over a fixed box unjudged: the heading is in the notice's own (light) colour.
      const colours = await page.evaluate(() => {
        const notice = document.querySelector('.consent__notice') as HTMLElement;
        const title = notice.querySelector('.consent__title') as HTMLElement;
        return [
          getComputedStyle(title).color,
          getComputedStyle(notice).color,
          getComputedStyle(notice).backgroundColor,
        ];
      });
      expect(colours[0]).toBe(colours[1]);
      expect(colours[0]).not.toBe(colours[2]);
    });

    it(`${url}: not loaded before Accept, loaded after; the choice survives a reload and is changed from the footer`, async () => {
      const first = await open(url);
      const { page, offSite } = first;
      const acceptButton = page.getByRole('button', { name: accept, exact: true });
      await acceptButton.waitFor();
      expect(offSite).not.toContain(CONSENT_SRC);
      expect(await runs(page, 'consentRuns')).toBe(0);
      await acceptButton.click();
      await waitInPage(page, () => (window as unknown as { consentRuns?: number }).consentRuns === 1, null);
      expect(await acceptButton.isVisible()).toBe(false);

      // The choice is kept: a new page of the same visitor loads the script without asking.
      const again = await open(url, first);
      await waitInPage(again.page, () => (window as unknown as { consentRuns?: number }).consentRuns === 1, null);
      expect(await again.page.getByRole('button', { name: accept, exact: true }).isVisible()).toBe(false);

      // Changed from the footer: declining starts the page again without the script.
      await again.page.getByRole('button', { name: settings }).click();
      await Promise.all([
        again.page.waitForEvent('load'),
        again.page.getByRole('button', { name: decline, exact: true }).click(),
      ]);
      await waitForHydration(again.page);
      await again.page.getByRole('button', { name: settings }).waitFor();
      expect(await runs(again.page, 'consentRuns')).toBe(0);
      expect(offSite.filter((u) => u === CONSENT_SRC)).toHaveLength(2);
      expect(await violations(page)).toEqual([]);
      expect(await violations(again.page)).toEqual([]);
    });
  }
});

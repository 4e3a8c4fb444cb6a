import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findViolations } from '../helpers/axe.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';
import { useSite, waitForHydration } from '../helpers/site-fixture.ts';

// The proposal request (behaviour.md: Proposal requests): a form whose answers become an e-mail to
// the sales team, written by the app once it runs, and posted by the browser to the `mailto:`
// address without it. No mail program opens: the test reads the navigation Chromium was asked for.
// axe-core is added to the page as a script of its own, which the policy forbids: those contexts let
// it in, and the test without JavaScript holds the policy.

const site = useSite();

interface FormWords {
  airline: string;
  name: string;
  email: string;
  stations: string;
  errors: Record<string, string>;
}
const form = (locale: string) =>
  (matter(readFileSync(path.join(REPO_ROOT, `site/content/proposal.${locale}.md`), 'utf8')).data as { form: FormWords })
    .form;

/** The address of each navigation the page asks for, a `mailto:` one among them, caught before it leaves. */
async function watchNavigations(page: Page): Promise<string[]> {
  const requested: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => requested.push(event.url));
  return requested;
}

async function fillRequest(page: Page, words: FormWords): Promise<void> {
  await page.getByRole('textbox', { name: words.airline, exact: true }).fill('Harbor Sky Airlines');
  await page.getByRole('textbox', { name: words.name, exact: true }).fill('Amy Chen');
  await page.getByRole('textbox', { name: words.email, exact: true }).fill('amy@example.com');
  await page.getByLabel(/^TPE /).check();
  await page.getByLabel(/^KHH /).check();
}

describe('the proposal request', () => {
  it('labels every field, and writes the e-mail with the airline and the stations in its subject', async () => {
    const words = form('en');
    const { page, logs } = await site.open('/en/proposal', { bypassCSP: true });
    await waitForHydration(page);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('.proposal-form :is(input, textarea)')]
        .filter((field) => field.labels?.length !== 1 || !field.labels[0]?.textContent?.trim())
        .map((field) => field.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    const requested = await watchNavigations(page);
    await fillRequest(page, words);
    await page.locator('.proposal-form button[type="submit"]').click();
    await expect.poll(() => requested.length).toBe(1);
    const url = new URL(requested[0] ?? '');
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('service@cloudwing.example');
    const subject = url.searchParams.get('subject') ?? '';
    expect(subject).toContain('Harbor Sky Airlines');
    expect(subject).toContain('TPE, KHH');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain(`${words.name}: Amy Chen <amy@example.com>`);
    expect(body.split('\r\n').length).toBeGreaterThan(2);
    expect(await page.locator('.proposal-form [role="status"]').textContent()).not.toBe('');
    expect(logs.filter((line) => /^(error|warning)/.test(line))).toEqual([]);
    expect(await findViolations(page)).toEqual([]);
  });

  it('says what is missing, beside each field and in a summary it moves focus to, and writes no e-mail', async () => {
    const words = form('zhHant');
    const { page } = await site.open('/proposal', { bypassCSP: true });
    await waitForHydration(page);
    const requested = await watchNavigations(page);
    await page.getByRole('textbox', { name: words.airline, exact: true }).fill('Harbor Sky Airlines');
    await page.locator('.proposal-form button[type="submit"]').click();
    const summary = page.locator('.proposal-form__summary');
    await expect.poll(() => summary.textContent()).toContain(words.errors.stations);
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const key of ['name', 'email', 'stations']) expect(await summary.textContent()).toContain(words.errors[key]);
    const email = page.getByRole('textbox', { name: words.email, exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe(
      words.errors.email,
    );
    expect(requested).toEqual([]);
    expect(await findViolations(page)).toEqual([]);
  });

  it('posts the answers to the sales address as plain text without JavaScript, as the security policy allows', async () => {
    const words = form('en');
    const { page } = await site.open('/en/proposal', { javaScriptEnabled: false });
    const policy = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/form-action [^;]*mailto:/);
    const requested = await watchNavigations(page);
    await fillRequest(page, words);
    await page.locator('.proposal-form button[type="submit"]').click();
    await expect.poll(() => requested.length).toBe(1);
    const url = new URL(requested[0] ?? '');
    expect(url.pathname).toBe('service@cloudwing.example');
    expect(url.searchParams.get('subject')).toBeTruthy();
    expect(url.searchParams.get('body')).toContain(`${words.airline}=Harbor Sky Airlines`);
    expect(url.searchParams.get('body')).toContain(`${words.stations}=KHH`);
  });
});

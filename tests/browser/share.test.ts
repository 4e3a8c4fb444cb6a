import { describe, expect, it } from 'vitest';
import { useSite, waitForHydration } from '../helpers/site-fixture.ts';

// A story's ways to share or print it (behaviour.md: Sharing): an e-mail whose subject is the story's
// title and whose body is its address, without JavaScript; copying the address and printing, once
// the page runs. No mail program opens: the test reads the link; print is caught in the page.

const site = useSite();

describe('sharing a story', () => {
  it('offers an e-mail with the title and address, copies the address, and prints the story', async () => {
    const { page, logs } = await site.open('/en/news/news3', {
      before: (_, context) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url }),
    });
    await waitForHydration(page);
    const box = page.getByRole('region', { name: 'Share this story' });
    const mail = new URL((await box.getByRole('link', { name: 'Send by email' }).getAttribute('href')) ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(await page.locator('h1').textContent());
    expect(mail.searchParams.get('body')).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));

    await box.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => box.getByRole('status').textContent()).toBe('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', '');
    });
    await box.getByRole('button', { name: 'Print or save as PDF' }).click();
    expect(await page.locator('body[data-printed]').count()).toBe(1);
    expect(logs.filter((line) => /^(error|warning)/.test(line))).toEqual([]);
  });

  it('offers the e-mail alone without JavaScript, in the page’s language', async () => {
    const { page } = await site.open('/news/news3', { javaScriptEnabled: false });
    const box = page.getByRole('region', { name: '分享這則消息' });
    const mail = new URL((await box.getByRole('link', { name: '以電子郵件寄送' }).getAttribute('href')) ?? '');
    expect(mail.searchParams.get('subject')).toBe(await page.locator('h1').textContent());
    expect(await box.getByRole('button').count()).toBe(0);
  });
});

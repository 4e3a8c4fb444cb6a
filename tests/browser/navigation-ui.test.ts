import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdApp, problemsIn, useSite, waitForHydration } from '../helpers/site-fixture.ts';

const site = useSite();

const phone = { viewport: { width: 375, height: 740 } };

/**
 * From the skip link, Tab goes through the main navigation's entries and the menu buttons, none of
 * their pages and no menu open; the services button opens its menu, whose pages Tab reaches next;
 * Escape shuts it with focus on its button; focus moving past the next menu closes that one.
 */
async function walkMainNavigation(page: Page): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    visited.push(await page.evaluate(() => document.activeElement?.closest('.submenu')?.id ?? 'outside'));
  }
  expect(visited.every((v) => v === 'outside')).toBe(true);
  expect(await page.locator('.submenu:visible').count()).toBe(0);
  const toggle = page.locator('.has-menu:has(a[href="/en/services/service-layout"]) .submenu-toggle');
  await toggle.focus();
  // The ring is drawn inside the button, clear of the bar's edges.
  expect(await toggle.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineOffset)).toBe(
    '-3px',
  );
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.submenu')?.id)).toBe('menu-services');
  await page.keyboard.press('Escape');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('#menu-services').isVisible()).toBe(false);
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  // Opened, then left by Tab past its last page: the menu closes behind the visitor.
  const careers = page.locator('.has-menu:has(a[href="/en/jobs"]) .submenu-toggle');
  await careers.focus();
  await page.keyboard.press('Enter');
  const pages = await page.locator('#menu-jobs a').count();
  for (let i = 0; i <= pages; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.has-menu'))).toBe(null);
  expect(await careers.getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('#menu-jobs').isVisible()).toBe(false);
}
const inDrawer = () => !!document.activeElement?.closest('#site-drawer');

describe('navigation for keyboard and touch', () => {
  it("opens the drawer from the menu button, keeps focus inside and closes on Escape back to its button; lists the current section's pages in it and folds the others, each unfolded by its button; closes it on navigation; and drops its motion for visitors who ask for less", async () => {
    const { page } = await site.open('/en/services/service-ramp', phone);
    await waitForHydration(page);
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    await page.focus('.menu-button');
    await page.keyboard.press('Enter');
    expect(await page.locator('#site-drawer').isVisible()).toBe(true);
    expect(await page.locator('.menu-button').getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(inDrawer)).toBe(true);
    const width = await page.locator('#site-drawer').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(256);
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(inDrawer)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(inDrawer)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('#site-drawer').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu-button');

    // The current section's pages listed, the others folded.
    await page.click('.menu-button');
    const drawer = page.locator('#site-drawer');
    expect(await drawer.locator('a[href="/en/services/service-cabin"]').isVisible()).toBe(true);
    expect(await drawer.locator('a[href="/en/services/service-ramp"]').getAttribute('aria-current')).toBe('page');
    expect(await drawer.locator('a[href="/en/about/about-company"]').count()).toBe(0);
    const about = drawer.getByRole('button', { name: 'About menu' });
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    await about.click();
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    expect(await drawer.locator('a[href="/en/about/about-company"]').isVisible()).toBe(true);
    await about.click();
    expect(await drawer.locator('a[href="/en/about/about-company"]').count()).toBe(0);
    // Closed and opened again: only the current section is unfolded.
    await page.keyboard.press('Escape');
    await page.click('.menu-button');
    expect(await drawer.locator('a[href="/en/about/about-company"]').count()).toBe(0);
    expect(await drawer.locator('a[href="/en/services/service-cabin"]').isVisible()).toBe(true);

    // A page chosen in it: the drawer closes.
    await page.click('#site-drawer a[href="/en/customers"]');
    await page.waitForURL(`${site.url}/en/customers`);
    await page.waitForFunction(() => document.title.startsWith('Our airline customers'));
    expect(await page.locator('#site-drawer').isVisible()).toBe(false);

    // A visitor who asks for less motion: the drawer opens without its animation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click('.menu-button');
    expect(await page.locator('.drawer__panel').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  it('opens the drawer before the page is hydrated, and the app takes it over as it stands', async () => {
    let release = () => undefined as void;
    const watched = await site.open('/en/services/service-ramp', {
      ...phone,
      before: async (page) => {
        release = await holdApp(page);
      },
    });
    const { page } = watched;
    const drawer = page.locator('#site-drawer');
    await page.click('.menu-button');
    expect(await drawer.isVisible()).toBe(true);
    expect(await page.locator('.menu-button').getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(inDrawer)).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(inDrawer)).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu-button');
    // Open again: the current section's pages are there; another section's need the app, and its
    // button, pressed meanwhile, unfolds it once the app is there.
    await page.click('.menu-button');
    expect(await drawer.locator('a[href="/en/services/service-cabin"]').isVisible()).toBe(true);
    const about = drawer.getByRole('button', { name: 'About menu' });
    await about.click();
    expect(await drawer.locator('a[href="/en/about/about-company"]').count()).toBe(0);
    release();
    await waitForHydration(page);
    await expect.poll(() => drawer.locator('a[href="/en/about/about-company"]').isVisible()).toBe(true);
    expect(await drawer.isVisible()).toBe(true);
    expect(await page.locator('.menu-button').getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('drawer-about');
    // Now the app's: Escape closes the drawer and gives the menu button focus back.
    await page.keyboard.press('Escape');
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu-button');
    expect(watched.documents).toHaveLength(1);
    expect(problemsIn(watched.logs)).toEqual([]);
  });

  it('opens a section menu, switches the language and opens the search before the page is hydrated', async () => {
    let release = () => undefined as void;
    const watched = await site.open('/en/contact', {
      viewport: { width: 1440, height: 900 },
      before: async (page) => {
        release = await holdApp(page);
      },
    });
    const { page } = watched;
    const toggle = page.locator('.has-menu:has(a[href="/en/services/service-layout"]) .submenu-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#menu-services').isVisible()).toBe(true);
    expect(await page.locator('#menu-services a').count()).toBe(11);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('submenu-toggle'))).toBe(true);
    await page.mouse.move(0, 500);
    await page.hover('.has-menu:has(a[href="/en/about/about-layout"]) > a');
    expect(await page.locator('#menu-about').isVisible()).toBe(true);
    // The language switcher: the page in the other language, loaded in full, and the choice stored.
    await page.click('.language-switcher a');
    await page.waitForURL(`${site.url}/contact`);
    await page.waitForLoadState('load');
    expect(watched.documents).toEqual([`${site.url}/en/contact`, `${site.url}/contact`]);
    expect((await watched.context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('zhHant');
    // The search control, clicked before the page is hydrated, opens the search once the app is there.
    const logged = watched.logs.length;
    await page.click('.site-header a.search-button');
    expect(new URL(page.url()).hash).toBe('');
    release();
    await page.waitForSelector('.search-dialog[open] .search-dialog__input:focus');
    expect(watched.documents).toHaveLength(2);
    expect(problemsIn(watched.logs.slice(logged))).toEqual([]);
  });

  it('keeps section menus shut while Tab walks the main navigation, before and after hydration, and opens one from the keyboard, closing it on Escape', async () => {
    let release = () => undefined as void;
    const { page } = await site.open('/en/contact', {
      viewport: { width: 1440, height: 900 },
      before: async (p) => {
        release = await holdApp(p);
      },
    });
    await walkMainNavigation(page);
    release();
    await waitForHydration(page);
    await page.mouse.move(0, 700);
    await page.locator('.skip-link').focus();
    await walkMainNavigation(page);

    // Hydrated, on a desktop: the section menu from the keyboard.
    expect(await page.locator('.menu-button').isVisible()).toBe(false);
    const toggle = page.locator('.has-menu:has(a[href="/en/services/service-layout"]) .submenu-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator('#menu-services');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator('a').count()).toBe(11);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#menu-services') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('submenu-toggle'))).toBe(true);
  });

  it('starts with a skip link to the main content, and has no rail on tablets: the header spans the width, its menu button opens the drawer', async () => {
    const { page } = await site.open('/en/contact', { viewport: { width: 768, height: 1000 } });
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    // The address changes as a same-document navigation, which the browser reports after the key press returns.
    await page.waitForURL((url) => url.hash === '#main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#main') !== null)).toBe(true);

    expect(await page.locator('nav.rail').isVisible()).toBe(false);
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.width).toBe(768);
    await page.click('.menu-button');
    expect(await page.locator('#site-drawer').isVisible()).toBe(true);
    expect(await page.locator('#site-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBe(256);
    await page.keyboard.press('Escape');
    expect(await page.locator('#site-drawer').isVisible()).toBe(false);
  });

  it('keeps the main navigation usable without JavaScript', async () => {
    const { page } = await site.open('/en/contact', { ...phone, javaScriptEnabled: false });
    expect(await page.locator('.main-nav').isVisible()).toBe(true);
    expect(await page.locator('.menu-button').isVisible()).toBe(false);
  });
});

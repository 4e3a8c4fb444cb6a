import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../helpers/routes.ts';
import { useSite, waitForHydration } from '../helpers/site-fixture.ts';

// The look of every page, as a visitor sees it (templates/README.md: Stylesheets): tables and the
// home chart on a phone, balanced headings, the tablet rail, paper, the footer. One context per
// viewport walks every page of both locales; scripts and pictures are not loaded, since these are
// the server-rendered pages' styles. The phone pass also reads each page in print and its footer,
// so that every page is loaded twice in all (about 0.15 s a page on a loaded machine).

const site = useSite();
const NOT_PRINTED =
  '.main-nav, .menu-button, .submenu-toggle, .language-switcher, .rail, .drawer, .side-nav, .page-aside, .skip-link, button';
const URLS = [...ROUTES, ...ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`))];

async function openViewport(width: number): Promise<Page> {
  const { page, context } = await site.open('/en/404-not-a-page', {
    viewport: { width, height: 800 },
    javaScriptEnabled: false,
  });
  await context.route(/\.(?:js|svg|png|jpe?g|webp|json)(?:\?.*)?$/, (route) => route.abort());
  return page;
}

/** Tables, the chart, the headings and on tablets the rail, in the browser (runs inside the page). */
function checkLayout({ rail }: { rail: boolean }): string[] {
  const problems: string[] = [];
  const shown = (el: Element) => el.getClientRects().length > 0 && !el.closest('.visually-hidden');
  for (const table of document.querySelectorAll<HTMLElement>('main table')) {
    if (!shown(table)) continue;
    const parent = table.parentElement as HTMLElement;
    const style = getComputedStyle(table);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    if (table.getBoundingClientRect().width > parent.clientWidth + 1)
      problems.push(`a table is wider than its container`);
    if (table.scrollWidth > table.clientWidth + 1 && !(scrolls && style.backgroundImage !== 'none'))
      problems.push(`a table's content is cut off with no sign that it scrolls`);
    for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
      if (!shown(cell) || cell.textContent?.trim() === '') continue;
      const cellStyle = getComputedStyle(cell);
      const padding = parseFloat(cellStyle.paddingLeft) + parseFloat(cellStyle.paddingRight);
      const width = cell.getBoundingClientRect().width - padding;
      // Narrower than about four characters is fine only for a short text that fits on one line.
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
      if (width < 4 * parseFloat(cellStyle.fontSize) * 0.9 && lines > 1)
        problems.push(`cell "${cell.textContent?.trim().slice(0, 20)}" is ${Math.round(width)} px wide`);
      // Half a character of slack: a full-width closing mark at a line's end may be trimmed to half.
      if (cell.scrollWidth > cell.clientWidth + parseFloat(cellStyle.fontSize) / 2)
        problems.push(`cell "${cell.textContent?.trim()}" is cut off`);
    }
  }
  for (const label of document.querySelectorAll<HTMLElement>('.chart__label, .chart__value, .chart__caption')) {
    const size = parseFloat(getComputedStyle(label).fontSize);
    if (size < 12) problems.push(`chart text "${label.textContent}" is ${size} px`);
    if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
      problems.push(`chart text "${label.textContent}" is clipped`);
    const box = label.getBoundingClientRect();
    const chart = (label.closest('.chart') as HTMLElement).getBoundingClientRect();
    if (box.left < chart.left - 1 || box.right > chart.right + 1)
      problems.push(`"${label.textContent}" leaves the chart`);
  }
  // An e-mail address in prose breaks after its @ and stays in its column; its text is the address.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.prose a[href^="mailto:"]')) {
    const address = link.getAttribute('href')?.slice('mailto:'.length) ?? '';
    if (link.textContent !== address) problems.push(`the link to ${address} reads "${link.textContent}"`);
    if (!link.querySelector('wbr')) problems.push(`${address} in prose cannot break after its @`);
    const column = (link.closest('.prose') as HTMLElement).getBoundingClientRect();
    for (const box of link.getClientRects())
      if (box.right > column.right + 1) problems.push(`${address} leaves its column`);
  }
  for (const tile of document.querySelectorAll<HTMLElement>('.figure-card, .card'))
    if (tile.scrollWidth > tile.clientWidth + 1) problems.push(`tile "${tile.textContent?.slice(0, 20)}" overflows`);
  for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3')) {
    const style = getComputedStyle(heading) as CSSStyleDeclaration & { textWrapStyle?: string };
    if (!shown(heading)) continue;
    if ((style.textWrapStyle ?? style.textWrap) !== 'balance')
      problems.push(`heading "${heading.textContent?.slice(0, 30)}" is not balanced`);
  }
  if (rail) {
    const links = [...document.querySelectorAll<HTMLElement>('.rail a')];
    const marked = links.filter((a) => a.classList.contains('is-active') || a.getAttribute('aria-current') === 'page');
    if (marked.length !== 1) problems.push(`the rail marks ${marked.length} sections`);
    for (const label of document.querySelectorAll<HTMLElement>('.rail__label')) {
      if (label.getBoundingClientRect().width === 0) problems.push(`rail label "${label.textContent}" is hidden`);
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`rail label "${label.textContent}" is cut off`);
    }
  }
  return problems;
}

/**
 * Tiles of one row that differ in height, or whose numbers, labels or details do not start on one
 * line (runs inside the page).
 */
function checkTiles(): string[] {
  const problems: string[] = [];
  const rows = new Map<number, HTMLElement[]>();
  for (const tile of document.querySelectorAll<HTMLElement>('.figure-card')) {
    const top = Math.round(tile.getBoundingClientRect().top);
    rows.set(top, [...(rows.get(top) ?? []), tile]);
  }
  for (const [top, tiles] of rows) {
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    if (spread(tiles.map((tile) => tile.getBoundingClientRect().height)) > 1)
      problems.push(`the tiles of the row at ${top} px differ in height`);
    for (const part of ['value', 'label', 'detail']) {
      const tops = tiles.flatMap((tile) => {
        const el = tile.querySelector(`.figure-card__${part}`);
        return el ? [el.getBoundingClientRect().top] : [];
      });
      if (tops.length > 1 && spread(tops) > 1) problems.push(`the ${part}s of the row at ${top} px do not line up`);
    }
  }
  if (rows.size === 0) problems.push('no figure tiles');
  return problems;
}

/** What is printed that should not be, and every background, in print (runs inside the page). */
function checkPrint(hidden: string): string[] {
  const problems: string[] = [];
  const name = (el: Element) => `${el.tagName.toLowerCase()}.${el.className}`;
  for (const el of document.querySelectorAll<HTMLElement>(hidden))
    if (el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      problems.push(`${name(el)} is printed`);
  for (const el of document.querySelectorAll<HTMLElement>('body, body *')) {
    const style = getComputedStyle(el);
    if (style.backgroundImage !== 'none') problems.push(`${name(el)} has a background image`);
    if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') problems.push(`${name(el)} has a background colour`);
  }
  return problems;
}

interface Findings {
  phone: string[];
  print: string[];
  footers: string[];
}

/** One pass over every page of both locales at 375 px: the screen, then print, then the footer. */
async function walkPhone(page: Page): Promise<Findings> {
  const found: Findings = { phone: [], print: [], footers: [] };
  for (const url of URLS) {
    const response = await page.goto(`${site.url}${url}`);
    expect(response?.status(), url).toBe(200);
    await page.emulateMedia({ media: 'screen' });
    for (const p of await page.evaluate(checkLayout, { rail: false })) found.phone.push(`${url}: ${p}`);
    found.footers.push(`${url}: ${await page.locator('.site-footer__legal').innerText()}`);
    await page.emulateMedia({ media: 'print' });
    for (const p of await page.evaluate(checkPrint, NOT_PRINTED)) found.print.push(`${url}: ${p}`);
  }
  return found;
}

describe('design', () => {
  let phone: Promise<Findings> | null = null;
  const walked = () => (phone ??= openViewport(375).then(walkPhone));

  it('on a 375 px phone, every table reads as cards, the chart is legible, e-mail addresses in prose break after their @ and headings are balanced', async () => {
    expect(URLS).toHaveLength(108);
    expect((await walked()).phone).toEqual([]);
  }, 240_000);

  it('on a tablet, tables keep their columns readable, and the rail labels and marks the current section', async () => {
    const page = await openViewport(768);
    const found: string[] = [];
    for (const url of URLS) {
      expect((await page.goto(`${site.url}${url}`))?.status(), url).toBe(200);
      for (const p of await page.evaluate(checkLayout, { rail: true })) found.push(`${url}: ${p}`);
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('makes the figure tiles of a row equally tall, their numbers, labels and details each on one line', async () => {
    const found: string[] = [];
    for (const width of [320, 375, 768, 1024, 1440]) {
      const page = await openViewport(width);
      for (const url of ['/', '/en']) {
        await page.goto(`${site.url}${url}`);
        for (const p of await page.evaluate(checkTiles)) found.push(`${url} at ${width} px: ${p}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('shows each open position as a card: title, stations, employment, summary, duties, requirements and how to apply', async () => {
    const found: string[] = [];
    for (const width of [320, 768, 1440]) {
      const page = await openViewport(width);
      for (const url of ['/jobs/jobs-positions', '/en/jobs/jobs-positions']) {
        await page.goto(`${site.url}${url}`);
        const cards = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.position')].map((card) => {
            const text = (selector: string) => card.querySelector(selector)?.textContent?.trim() ?? '';
            const lists = [...card.querySelectorAll('.position__details ul')];
            const tops = lists.map((list) => Math.round(list.getBoundingClientRect().top));
            const apply = card.querySelector<HTMLAnchorElement>('.position__apply a[href^="mailto:"]');
            return {
              title: text('h3'),
              facts: [...card.querySelectorAll('.position__facts dd')].map((dd) => dd.textContent?.trim() ?? ''),
              summary: text('.position__summary'),
              items: lists.map((list) => list.querySelectorAll('li').length),
              sideBySide: tops.length === 2 && tops[0] === tops[1],
              apply: apply
                ? `${apply.getAttribute('href')} ${apply.textContent} ${apply.innerHTML.includes('<wbr>')}`
                : '',
              overflows: card.scrollWidth > card.clientWidth + 1,
            };
          }),
        );
        if (cards.length !== 6) found.push(`${url} at ${width} px: ${cards.length} cards`);
        for (const card of cards) {
          const where = `${url} at ${width} px, ${card.title || 'a card'}`;
          if (!card.title || !card.summary) found.push(`${where}: no title or summary`);
          if (card.facts.length !== 2 || card.facts.some((fact) => !fact)) found.push(`${where}: facts ${card.facts}`);
          if (card.items.length !== 2 || card.items.some((n) => n === 0)) found.push(`${where}: lists ${card.items}`);
          if (card.apply !== 'mailto:recruit@cloudwing.example recruit@cloudwing.example true')
            found.push(`${where}: apply ${card.apply}`);
          if (card.overflows) found.push(`${where}: overflows`);
          if (width === 1440 && !card.sideBySide) found.push(`${where}: duties and requirements are not side by side`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('shows one navigation per width: the menu button on phones, the rail on tablets, the main navigation on desktops', async () => {
    const expected = (width: number) => (width < 600 ? 'menu-button' : width < 1024 ? 'rail' : 'main-nav');
    const found: string[] = [];
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await site.open('/en', { viewport: { width: 375, height: 800 }, javaScriptEnabled });
      for (const url of ['/en/services/service-ramp', '/about/about-location']) {
        await page.goto(`${site.url}${url}`);
        if (javaScriptEnabled) await waitForHydration(page);
        for (const width of [320, 375, 599, 600, 768, 1023, 1024, 1440]) {
          await page.setViewportSize({ width, height: 800 });
          const shown = await page.evaluate(() =>
            ['menu-button', 'rail', 'main-nav'].filter((name) => {
              const el = document.querySelector(`.${name}`);
              return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
            }),
          );
          // Without JavaScript a phone's drawer cannot open: the main navigation stays in the header.
          const want = javaScriptEnabled || width >= 600 ? expected(width) : 'main-nav';
          if (shown.join() !== want) found.push(`${url} at ${width} px (script ${javaScriptEnabled}): ${shown.join()}`);
          // A desktop's main navigation keeps to one line beside the logo.
          const rows = await page.evaluate(
            () =>
              new Set(
                [...document.querySelectorAll('.main-nav__list > li')].map((li) =>
                  Math.round(li.getBoundingClientRect().top),
                ),
              ).size,
          );
          if (width >= 1024 && rows !== 1) found.push(`${url} at ${width} px: the main navigation takes ${rows} lines`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("sets English in each platform's interface face and Traditional Chinese in the Taiwan faces first, wherever each is marked", async () => {
    const page = await openViewport(1024);
    const first = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily.split(',')[0]?.trim());
    await page.goto(`${site.url}/en/contact`);
    expect(await first('main p')).toBe('-apple-system');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, .*Arial, system-ui, "PingFang TC", .*sans-serif$/,
    );
    expect(await first('.language-switcher a[lang="zh-Hant"]')).toBe('"PingFang TC"');
    await page.goto(`${site.url}/contact`);
    expect(await first('main p')).toBe('"PingFang TC"');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", "Source Han Sans TC", .*"Microsoft JhengHei", -apple-system, .*sans-serif$/,
    );
    expect(await first('.language-switcher a[lang="en-US"]')).toBe('-apple-system');
    // An English-only article on its Chinese URL is English text.
    await page.goto(`${site.url}/news/newsEn1`);
    expect(await first('main [lang="en-US"] h1')).toBe('-apple-system');
  });

  it('prints without navigation, controls, language switcher, rail or backgrounds', async () => {
    expect((await walked()).print).toEqual([]);
  }, 240_000);

  it('prints the address after an external link', async () => {
    const page = await openViewport(1024);
    await page.goto(`${site.url}/en/news/news3`);
    await page.emulateMedia({ media: 'print' });
    const after = await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = 'https://www.example.org/report';
      link.textContent = 'report';
      document.querySelector('.prose p')?.append(link);
      return getComputedStyle(link, '::after').content;
    });
    expect(after).toContain('https://www.example.org/report');
  });

  it('makes the telephone number, the e-mail address and every link of the footer a target of at least 44 × 44 px, the contact details grouped under one heading', async () => {
    const found: string[] = [];
    for (const width of [320, 375, 768, 1440]) {
      const page = await openViewport(width);
      for (const url of ['/', '/en']) {
        await page.goto(`${site.url}${url}`);
        const targets = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.site-footer a')].map((a) => {
            const box = a.getBoundingClientRect();
            const group = a.closest('section, nav')?.querySelector('h2')?.id ?? '';
            return { href: a.getAttribute('href') ?? '', width: box.width, height: box.height, group };
          }),
        );
        for (const t of targets)
          if (t.width < 44 || t.height < 44)
            found.push(`${url} at ${width} px: ${t.href} is ${Math.round(t.width)} × ${Math.round(t.height)} px`);
        const contact = targets.filter((t) => /^(tel|mailto):/.test(t.href));
        expect(
          contact.map((t) => t.href.split(':')[0]),
          `${url} at ${width} px`,
        ).toEqual(['tel', 'mailto']);
        expect(new Set(contact.map((t) => t.group)), `${url} at ${width} px`).toEqual(new Set(['footer-contact']));
      }
    }
    expect(found).toEqual([]);
  });

  it('shows the current year in the footer of every page', async () => {
    const year = new Date().getUTCFullYear();
    const footers = (await walked()).footers;
    expect(footers).toHaveLength(108);
    expect(footers.filter((line) => !line.includes(`© ${year}`))).toEqual([]);
  }, 240_000);
});

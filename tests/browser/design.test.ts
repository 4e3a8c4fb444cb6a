import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkDesktopGrid, checkLayout, checkTiles, checkWideTable } from '../helpers/design-rules.ts';
import { sweepWidths, type WidthCheck } from '../helpers/browser-sweep.ts';
import { useSite, waitForHydration } from '../helpers/site-fixture.ts';

// Design rules that concern particular pages and widths (templates/README.md: Stylesheets): the
// figure tiles, the job cards, one navigation control per width, the faces of each language and the
// footer's targets. The rules for every page are checked in every-page*.test.ts.

const site = useSite();

/** One context for the pages without scripts, at every width (each page sets its own). */
const PLAIN = { viewport: { width: 320, height: 800 }, javaScriptEnabled: false };

/** A page of the site without its scripts and pictures: the server-rendered pages' styles. */
async function openViewport(width: number): Promise<Page> {
  const { page, context } = await site.open('/robots.txt', PLAIN);
  await context.route(/\.(?:js|svg|png|jpe?g|webp|json)(?:\?.*)?$/, (route) => route.abort());
  await page.setViewportSize({ width, height: 800 });
  return page;
}

/**
 * Each page at each width (openViewport): the problems `find` reports there, each after
 * `url at N px: `. The tests' pages are read in one pass (browser-sweep.ts), each loaded once.
 */
const findAtWidths = sweepWidths({ open: () => openViewport(320), address: (path) => `${site.url}${path}` });

/** A test that a check finds nothing wrong on these pages at these widths. */
function widthTest(name: string, widths: readonly number[], urls: readonly string[], find: WidthCheck): void {
  const found = findAtWidths(widths, urls, find);
  it(name, async () => {
    expect(await found()).toEqual([]);
  });
}

/**
 * The hydrated pages' checks (the navigation and the header at each width), and the pages without
 * scripts whose pictures load (the navigation), each page loaded once for all of them.
 */
const findHydrated = sweepWidths({
  open: async () => (await site.open('/robots.txt', { viewport: { width: 320, height: 800 } })).page,
  address: (path) => `${site.url}${path}`,
  loaded: waitForHydration,
});
const findPlain = sweepWidths({
  open: async () => (await site.open('/robots.txt', PLAIN)).page,
  address: (path) => `${site.url}${path}`,
});

/** One navigation shown at a width: the drawer's menu button below 1024 px where scripts run; the main navigation on one line. */
function checkNavigation(javaScriptEnabled: boolean): WidthCheck {
  return async (page, _where, width) => {
    const found: string[] = [];
    const shown = await page.evaluate(() =>
      ['menu-button', 'rail', 'main-nav'].filter((name) => {
        const el = document.querySelector(`.${name}`);
        return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      }),
    );
    // Without JavaScript the drawer cannot open: the main navigation stays in the header.
    const want = javaScriptEnabled ? (width < 1024 ? 'menu-button' : 'main-nav') : 'main-nav';
    if (shown.join() !== want) found.push(`(script ${javaScriptEnabled}): ${shown.join()}`);
    // A desktop's main navigation keeps to one line beside the logo.
    const rows = await page.evaluate(
      () =>
        new Set(
          [...document.querySelectorAll('.main-nav__list > li')].map((li) =>
            Math.round(li.getBoundingClientRect().top),
          ),
        ).size,
    );
    if (width >= 1024 && rows !== 1) found.push(`the main navigation takes ${rows} lines`);
    return found;
  };
}

/**
 * The header of a hydrated page at a width: its height, and on desktops its labels on the line of
 * the logotype, the current section's underline on the bar's bottom line, and (at 1440 px) a
 * section menu opened by hover below that line.
 */
async function checkHeader(page: Page, width: number): Promise<{ found: string[]; height: number }> {
  const found: string[] = [];
  const header = await page.evaluate(() => {
    const bar = document.querySelector('.site-header')?.getBoundingClientRect();
    const current = document.querySelector('.main-nav__list > li > a.is-active');
    const mark = current && current.getClientRects().length > 0 ? current.getBoundingClientRect() : null;
    // The middle of a text's line box: the company's name and a navigation label.
    const middle = (el: Element | null | undefined) => {
      if (!el || el.getClientRects().length === 0) return null;
      const range = document.createRange();
      range.selectNodeContents(el);
      // The logotype is a picture: its middle is its box's.
      const box = el instanceof HTMLImageElement ? el.getBoundingClientRect() : range.getBoundingClientRect();
      if (el.getBoundingClientRect().width <= 1) return null;
      return (box.top + box.bottom) / 2;
    };
    return {
      height: bar?.height ?? 0,
      bottom: bar?.bottom ?? 0,
      mark: mark ? mark.bottom : null,
      name: middle(document.querySelector('.brand__logotype')),
      label: middle(document.querySelector('.main-nav__list > li > a')),
    };
  });
  // The labels sit on the middle line of the logotype.
  if (width >= 1024 && header.name !== null && header.label !== null && Math.abs(header.name - header.label) > 1)
    found.push(`the labels' middle is ${header.label}, the name's ${header.name}`);
  // The underline covers the bar's 1 px bottom line.
  if (width >= 1024 && header.mark !== header.bottom)
    found.push(`the underline ends at ${header.mark}, the bar at ${header.bottom}`);
  if (width === 1440) {
    await page.hover('.main-nav__list > li.has-menu');
    const menuTop = await page.evaluate(
      () => document.querySelector('.has-menu .submenu')?.getBoundingClientRect().top ?? -1,
    );
    if (menuTop < header.bottom)
      found.push(`the section menu opens at ${menuTop}, over the bar's line at ${header.bottom}`);
    await page.mouse.move(0, 700);
  }
  return { found, height: header.height };
}

describe('design', () => {
  widthTest(
    'makes the figure tiles of a row equally tall, their numbers, labels and details each on one line',
    [320, 375, 768, 1024, 1440],
    ['/', '/en'],
    (page) => page.evaluate(checkTiles),
  );

  widthTest(
    'marks each figure with the one accent of the figures on every page, the apron yellow on its left, and no other bar',
    [375, 1440],
    ['/', '/en', '/services/service-layout', '/en/services/service-layout'],
    (page) =>
      page.evaluate(() => {
        const accent = document.createElement('i');
        accent.style.color = 'var(--color-accent)';
        document.body.append(accent);
        const yellow = getComputedStyle(accent).color;
        accent.remove();
        const items = [...document.querySelectorAll('.figure-card, .figures-band__item')];
        if (items.length === 0) return ['no figures'];
        return items.flatMap((item) => {
          const style = getComputedStyle(item);
          const left = style.borderLeftStyle === 'solid' && parseFloat(style.borderLeftWidth) >= 3;
          const others = ['Top', 'Right', 'Bottom'].filter(
            (side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0,
          );
          const problems: string[] = [];
          if (!left || style.borderLeftColor !== yellow) problems.push(`${item.className}: left ${style.borderLeft}`);
          if (others.length > 0) problems.push(`${item.className}: a bar on its ${others.join(', ')}`);
          return problems;
        });
      }),
  );

  widthTest(
    'sets the stations page’s map beside its stations on desktops, each station’s summary and facts at a readable width clear of its scene, each fact once',
    [1024, 1440],
    ['/about/about-location', '/en/about/about-location'],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('.station')].flatMap((station, index) => {
          const box = (selector: string) => station.querySelector(selector)?.getBoundingClientRect();
          const [scene, summary, hours] = [
            box('.station__scene'),
            box('.station__summary'),
            box('dl > div:last-child dd'),
          ];
          const name = station.id;
          if (!scene || !summary || !hours) return [`${name}: a part is missing`];
          const problems: string[] = [];
          const map = document.querySelector('.stations__map')?.getBoundingClientRect();
          if (index === 0 && (!map || map.right > station.getBoundingClientRect().left || map.top > scene.bottom))
            problems.push('the map is not beside the stations');
          if (summary.left < scene.right && summary.top < scene.bottom)
            problems.push(`${name}: the summary runs into the scene`);
          if (summary.width < 300) problems.push(`${name}: the summary is ${Math.round(summary.width)} px wide`);
          const line = parseFloat(getComputedStyle(station.querySelector('dl dd') as Element).lineHeight);
          if (hours.height > line * 3 + 1)
            problems.push(`${name}: the hours take ${Math.round(hours.height / line)} lines`);
          const labels = [...station.querySelectorAll('dt')].map((dt) => dt.textContent);
          if (new Set(labels).size !== labels.length) problems.push(`${name}: a fact twice`);
          return problems;
        }),
      ),
  );

  widthTest(
    'shows the title band’s illustration on phones under the lead, on the newsroom and the proposal request as on every page',
    [320, 375],
    ['/news', '/en/news', '/proposal', '/en/proposal', '/en/services/service-ramp'],
    (page) =>
      page.evaluate(() => {
        // Under the lead, or under the title where a phone leaves the lead out (the newsroom).
        const text = [...document.querySelectorAll('.page-heading__lead, .page-heading h1')].find(
          (el) => el.getClientRects().length > 0,
        );
        const figure = document.querySelector('.page-heading > .page-figure');
        const [above, box] = [text?.getBoundingClientRect(), figure?.getBoundingClientRect()];
        if (!above || !figure || !box || figure.getClientRects().length === 0) return ['no illustration shown'];
        return box.top < above.bottom || box.width < above.width - 1 ? ['the illustration is not under the lead'] : [];
      }),
  );

  widthTest(
    'wraps English paragraphs, leads, list items and card texts as their words come, without ending lines early',
    [375, 1440],
    ['/en', '/en/services/service-ramp', '/en/services/service-layout', '/en/about/about-location', '/en/news'],
    (page) =>
      page.evaluate(() => {
        // `pretty` or `balance` would end a line early to even out the last ones (fleet / and station.).
        const selector =
          ':is(p, li, dd, blockquote, .card__text, .figure-card__detail, .service-tile__text, .steps__text):lang(en)';
        const texts = [...document.querySelectorAll<HTMLElement>(selector)].filter(
          (el) => el.getClientRects().length > 0 && (el.textContent ?? '').trim().length > 0,
        );
        if (texts.length === 0) return ['no English text'];
        return texts.flatMap((el) => {
          const style = getComputedStyle(el) as CSSStyleDeclaration & { textWrapStyle?: string };
          const wrap = style.textWrapStyle ?? style.textWrap;
          return ['auto', 'wrap'].includes(wrap)
            ? []
            : [`${el.className || el.localName} "${el.textContent?.trim().slice(0, 24)}" is ${wrap}`];
        });
      }),
  );

  widthTest(
    'leaves no card alone under a row of cards: an odd count’s last card runs across the row, its picture beside its text',
    [768, 1024, 1440],
    [
      '/services/service-layout',
      '/en/services/service-layout',
      '/about/about-layout',
      '/en/strengths/strengths-layout',
      '/strengths/strengths-homemade-equipment',
    ],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main ul.cards')].flatMap((list) => {
          const cards = [...list.children].map((card) => card.getBoundingClientRect());
          const last = cards.at(-1);
          if (!last || cards.length < 3) return [];
          const width = list.getBoundingClientRect().width;
          const row = cards.filter((card) => Math.abs(card.top - last.top) < 2);
          const filled = Math.max(...row.map((c) => c.right)) - Math.min(...row.map((c) => c.left));
          if (filled < width - 2)
            return [`the last row of ${cards.length} cards fills ${Math.round(filled)} of ${width} px`];
          const image = list.lastElementChild?.querySelector('.card__image')?.getBoundingClientRect();
          const title = list.lastElementChild?.querySelector('.card__title')?.getBoundingClientRect();
          // A lone card across the row: its picture beside its title, not a picture the row's width.
          return row.length === 1 && image && title && image.right > title.left + 1
            ? [`the last card's picture is ${Math.round(image.width)} px wide above its title`]
            : [];
        }),
      ),
  );

  widthTest(
    'sets the airlines served in one row of equal tiles on desktops, on the home page and the services overview alike, and in an even grid below',
    [375, 768, 1024, 1440],
    ['/', '/en', '/services/service-layout', '/en/services/service-layout'],
    (page, _where, width) =>
      page.evaluate((width) => {
        const tiles = [...document.querySelectorAll('.customer-strip__airline')].map((tile) =>
          tile.getBoundingClientRect(),
        );
        if (tiles.length < 3) return [`${tiles.length} airlines`];
        const problems: string[] = [];
        const widths = tiles.map((tile) => tile.width);
        if (Math.max(...widths) - Math.min(...widths) > 1)
          problems.push(`tiles ${widths.map(Math.round).join(', ')} px wide`);
        const rows = new Map<number, number>();
        for (const tile of tiles) rows.set(Math.round(tile.top), (rows.get(Math.round(tile.top)) ?? 0) + 1);
        const counts = [...rows.values()];
        if (width >= 1024 && counts.length !== 1) problems.push(`${tiles.length} airlines in ${counts.length} rows`);
        // Below, one a row or none alone.
        if (counts.some((count) => count !== 1) && counts.includes(1)) problems.push(`rows of ${counts.join(', ')}`);
        return problems;
      }, width),
  );

  widthTest(
    'joins every stage of a list of steps to the next with a line that shows, wherever the stages stand in a column',
    [375, 768, 1440],
    [
      '/jobs/jobs-positions',
      '/en/jobs/jobs-positions',
      '/services/service-ramp',
      '/en/services/service-ramp',
      '/jobs/positions/ramp-agent',
      '/en/jobs/positions/load-controller',
    ],
    (page) =>
      page.evaluate(() => {
        const items = [...document.querySelectorAll<HTMLElement>('.steps__item')];
        if (items.length < 3) return [`${items.length} steps`];
        return items.slice(0, -1).flatMap((item, i) => {
          const next = items[i + 1] as HTMLElement;
          // Side by side, the line runs across instead (its own rule).
          if (next.getBoundingClientRect().top <= item.getBoundingClientRect().top + 1) return [];
          const line = Number.parseFloat(getComputedStyle(item, '::after').height);
          return line >= 12 ? [] : [`the line after step ${i + 1} is ${Math.round(line)} px long`];
        });
      }),
  );

  widthTest(
    'lists the footer’s site map down each column in the order of the main navigation',
    [375, 1024, 1440],
    ['/', '/en'],
    (page) =>
      page.evaluate(() => {
        const links = [...document.querySelectorAll<HTMLElement>('.site-footer__sitemap a')];
        const boxes = links.map((a) => ({ text: a.textContent ?? '', box: a.getBoundingClientRect() }));
        const read = [...boxes].sort((a, b) => a.box.left - b.box.left || a.box.top - b.box.top);
        const columns = new Set(boxes.map((b) => Math.round(b.box.left))).size;
        return columns < 2 || read.some((b, i) => b !== boxes[i])
          ? [`read down the columns: ${read.map((b) => b.text).join(', ')}`]
          : [];
      }),
  );

  const positionCards = findAtWidths(
    [320, 768, 1440],
    ['/jobs/jobs-positions', '/en/jobs/jobs-positions'],
    async (page, where) => {
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.position-list .position')].map((card) => {
          const text = (selector: string) => card.querySelector(selector)?.textContent?.trim() ?? '';
          return {
            title: text('h3'),
            link: card.querySelector('h3 a')?.getAttribute('href') ?? '',
            pay: text('.position__fact--pay dd'),
            facts: [...card.querySelectorAll('.position__facts dd')].map((dd) => dd.textContent?.trim() ?? ''),
            summary: text('.position__summary'),
            height: card.getBoundingClientRect().height,
            overflows: card.scrollWidth > card.clientWidth + 1,
          };
        }),
      );
      const found: string[] = [];
      if (cards.length !== 6) found.push(`${cards.length} cards`);
      for (const card of cards) {
        const title = card.title || 'a card';
        if (!card.title || !card.summary) found.push(`${title}: no title or summary`);
        if (!card.link.startsWith(`${where.startsWith('/en') ? '/en' : ''}/jobs/positions/`))
          found.push(`${title}: its title links ${card.link || 'nothing'}`);
        if (!/(NT\$|月薪)/.test(card.pay)) found.push(`${title}: pay ${card.pay || 'missing'}`);
        if (card.facts.length !== 3 || card.facts.some((fact) => !fact)) found.push(`${title}: facts ${card.facts}`);
        // Compact: a phone shows more than one card a screen (the page was 10,000 px tall at 320 px).
        if (card.height > 520) found.push(`${title}: ${Math.round(card.height)} px tall`);
        if (card.overflows) found.push(`${title}: overflows`);
      }
      return found;
    },
  );
  const positionFacts = findAtWidths(
    [320, 768, 1440],
    ['/jobs/positions/passenger-service-agent', '/en/jobs/positions/passenger-service-agent'],
    async (page) => {
      const facts = await page.evaluate(() => {
        const card = document.querySelector<HTMLElement>('.position-facts');
        const apply = document.querySelector<HTMLElement>('.position-apply');
        const prose = document.querySelector<HTMLElement>('main .prose');
        return card && apply && prose
          ? {
              values: [...card.querySelectorAll('dd')].map((dd) => dd.textContent?.trim() ?? ''),
              buttons: apply.querySelectorAll('a.button[href^="mailto:"]').length,
              first: card.getBoundingClientRect().top < prose.getBoundingClientRect().top,
              overflows: card.scrollWidth > card.clientWidth + 1 || apply.scrollWidth > apply.clientWidth + 1,
            }
          : null;
      });
      if (!facts) return ['no facts, apply box or text'];
      const found: string[] = [];
      if (facts.values.length !== 5 || facts.values.some((value) => !value) || facts.overflows)
        found.push(`facts ${facts.values.join(' / ')}${facts.overflows ? ', overflowing' : ''}`);
      if (facts.buttons !== 3) found.push(`${facts.buttons} apply buttons`);
      if (!facts.first) found.push('the facts follow the text');
      return found;
    },
  );
  it('shows each open position as a compact card with its pay, linking its page, and a position’s facts and apply buttons first on that page', async () => {
    expect([...(await positionCards()), ...(await positionFacts())]).toEqual([]);
  });

  const tablePages = [
    '/strengths/strengths-certification',
    '/strengths/strengths-quality',
    '/customers',
    '/services/service-control',
  ];
  widthTest(
    'keeps every table row a row on phones, as tall as its longest cell needs, its first column in view as it scrolls',
    [320, 375],
    [...tablePages, ...tablePages.map((url) => `/en${url}`)],
    async (page) => {
      const problems = (await page.evaluate(checkLayout, { rail: false })).filter((p) => /row|table|cell/.test(p));
      const pinned = await page.evaluate(() => {
        const table = document.querySelector<HTMLElement>('main .prose table');
        const first = table?.querySelector<HTMLElement>('tbody td');
        if (!table || !first) return 'no table';
        if (table.scrollWidth <= table.clientWidth) return '';
        const before = first.getBoundingClientRect().left;
        table.scrollLeft = table.scrollWidth;
        const moved = Math.abs(first.getBoundingClientRect().left - before);
        // Scrolled back for the next check of the page.
        table.scrollLeft = 0;
        return moved > 1 ? 'its first column scrolls away' : '';
      });
      return pinned ? [...problems, pinned] : problems;
    },
  );

  const gridPages = [
    '/strengths/strengths-certification',
    '/en/strengths/strengths-certification',
    '/en/services/service-layout',
    '/en/jobs',
  ];
  widthTest(
    'lays a desktop page on one grid: the aside beside the text and in view as it scrolls, a wide table under its intro and the aside after it, cards the full width below',
    [1024, 1440],
    gridPages,
    async (page) => [...(await page.evaluate(checkDesktopGrid)), ...(await page.evaluate(checkWideTable))],
  );

  widthTest(
    'fills a case study’s panel with its story: each part’s text runs to its part’s edge, the parts span the panel, and panels side by side end level, results at their feet',
    [768, 1024, 1440],
    [
      '/services/service-ramp',
      '/en/services/service-ramp',
      '/customers',
      '/en/customers',
      '/en/services/service-layout',
    ],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.case-studies__item')].flatMap((card) => {
          const title = card.querySelector('.case-study__title')?.textContent ?? 'a case study';
          const inner = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
          const parts = [...card.querySelectorAll<HTMLElement>('.case-study__story > div')];
          const problems: string[] = [];
          for (const part of parts) {
            const box = part.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(part.querySelector('dd') as Node);
            const rects = [...range.getClientRects()];
            const text = Math.max(...rects.map((r) => r.right));
            // A text of more than one line runs to within a quarter of its part's width of its edge.
            const lines = new Set(rects.map((r) => Math.round(r.bottom))).size;
            if (lines > 1 && box.right - text > box.width / 4)
              problems.push(`${title}: ${part.className} leaves ${Math.round(box.right - text)} px empty`);
          }
          const right = Math.max(...parts.map((part) => part.getBoundingClientRect().right));
          if (inner - right > 2) problems.push(`${title}: its parts end ${Math.round(inner - right)} px short`);
          const beside = card.nextElementSibling ?? card.previousElementSibling;
          const [own, other] = [card, beside].map((panel) => panel?.getBoundingClientRect());
          const result = card.querySelector('.case-study__result')?.getBoundingClientRect();
          if (own && other && result && Math.abs(own.top - other.top) < 1) {
            if (Math.abs(own.bottom - other.bottom) > 1)
              problems.push(`${title}: its panel ends apart from the one beside it`);
            if (own.bottom - result.bottom > 48) problems.push(`${title}: its result stands above the panel's foot`);
          }
          return problems;
        }),
      ),
  );

  widthTest(
    'keeps the running text of an article to a reading measure on desktops, on the left edge of its title and date, its scene filling half the title band',
    [1440],
    ['/en/news/news3', '/news/news3'],
    (page) =>
      page.evaluate(() => {
        const width = (el: Element | null) => el?.getBoundingClientRect().width ?? 0;
        // About 75 Latin or 38 Chinese characters a line: 40rem.
        const measure = 40 * parseFloat(getComputedStyle(document.documentElement).fontSize);
        const paragraphs = [...document.querySelectorAll('.page-body__main > .prose > p')];
        const problems = paragraphs
          .filter((p) => width(p) > measure + 1)
          .map((p) => `a paragraph is ${Math.round(width(p))} px wide`);
        if (paragraphs.length === 0) problems.push('no paragraph');
        const [band, figure] = [
          document.querySelector('.page-heading'),
          document.querySelector('.page-heading > .page-figure'),
        ];
        if (width(figure) < width(band) / 2 - 1) problems.push(`the scene is ${Math.round(width(figure))} px wide`);
        // The date, the title and the story start on one left edge.
        const lefts = ['.page-heading__eyebrow', '.page-heading h1', '.page-body__main > .prose > p'].map((selector) =>
          Math.round(document.querySelector(selector)?.getBoundingClientRect().left ?? -1),
        );
        if (Math.max(...lefts) - Math.min(...lefts) > 1)
          problems.push(`the date, title and text start at ${lefts.join(', ')}`);
        return problems;
      }),
  );

  widthTest(
    'closes the title band of the services overview and the careers page with their headline facts, one row of four across its foot on desktops',
    [1440],
    ['/services/service-layout', '/en/services/service-layout', '/jobs', '/en/jobs'],
    (page) =>
      page.evaluate(() => {
        const band = document.querySelector('.page-heading')?.getBoundingClientRect();
        const strip = document.querySelector('.page-heading__banner')?.getBoundingClientRect();
        if (!band || !strip) return ['no title band with headline facts'];
        const problems: string[] = [];
        if (Math.abs(strip.width - band.width) > 1) problems.push(`the facts are ${strip.width} px of ${band.width}`);
        if (Math.abs(strip.bottom - band.bottom) > 1) problems.push('the facts are not at the band’s foot');
        const items = [...document.querySelectorAll('.page-heading__banner :is(li, .specs__item)')];
        const tops = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)));
        if (items.length !== 4 || tops.size !== 1) problems.push(`${items.length} facts in ${tops.size} rows`);
        return problems;
      }),
  );

  const tabletPages = ['/en/services/service-ramp', '/services/service-layout', '/en/about/about-location', '/en/jobs'];
  widthTest(
    'gives tablets their own layout: text at a reading measure, card grids two a row, the aside a band in two columns',
    [768],
    tabletPages,
    (page) =>
      page.evaluate(() => {
        const problems: string[] = [];
        const box = (el: Element | null | undefined) => el?.getBoundingClientRect();
        const main = box(document.querySelector('.page-body'));
        if (!main) return ['no page body'];
        // About 70 Latin characters or 35 Chinese a line: 38rem, not the screen's width.
        const measure = 38 * parseFloat(getComputedStyle(document.documentElement).fontSize);
        for (const p of document.querySelectorAll('.page-body__main > .prose > p'))
          if ((box(p)?.width ?? 0) > measure + 1)
            problems.push(`a paragraph is ${Math.round(box(p)?.width ?? 0)} px wide`);
        for (const grid of document.querySelectorAll('.page-body .cards:not(.cards--news)')) {
          const tops = [...grid.children].map((card) => Math.round(box(card)?.top ?? 0));
          if (tops.length > 1 && new Set(tops).size > Math.ceil(tops.length / 2))
            problems.push(`${tops.length} cards in ${new Set(tops).size} rows`);
        }
        // The contact box: its question on the left, its action and addresses on the right.
        const contact = document.querySelector('.page-aside__contact');
        const question = box(contact?.querySelector('h2'));
        const email = box(contact?.querySelector('.page-aside__email'));
        if (!question || !email) problems.push('no contact box');
        else if (email.left < question.right) problems.push('the contact box is one column');
        return problems;
      }),
  );

  const fourColumnPages = ['/strengths/strengths-certification', '/en/strengths/strengths-certification'];
  widthTest(
    'shows a four-column table whole on a phone, in compact rows of at least 14 px, and as it is from 600 px',
    [320, 375, 768],
    fourColumnPages,
    (page, _where, width) =>
      page.evaluate((width) => {
        const tables = [...document.querySelectorAll<HTMLElement>('main .prose table')].filter(
          (table) => table.getClientRects().length > 0,
        );
        if (tables.length !== 1) return [`${tables.length} tables shown`];
        const [table] = tables as [HTMLElement];
        const problems: string[] = [];
        const compact = table.classList.contains('table-compact');
        if (compact !== width < 600) problems.push(compact ? 'the compact table is shown' : 'the wide table is shown');
        if (table.scrollWidth > table.clientWidth + 1)
          problems.push(`it needs ${table.scrollWidth} px of ${table.clientWidth}`);
        if (table.getBoundingClientRect().right > width) problems.push('it ends past the screen');
        const small = [...table.querySelectorAll('td')].filter((td) => parseFloat(getComputedStyle(td).fontSize) < 14);
        if (small.length > 0) problems.push(`${small.length} cells under 14 px`);
        // Each certificate's number beside its label, in the compact rows as in the wide table.
        if (!/CAA-GH-0098/.test(table.textContent ?? '')) problems.push('no licence number');
        return problems;
      }, width),
  );

  const menuPages = ['/services/service-ramp', '/en/services/service-ramp', '/en/services/service-layout'];
  widthTest(
    'gives phones the section menu under the heading, closed until opened, and one call to action at the end',
    [375],
    menuPages,
    async (page, where) => {
      const problems = await page.evaluate(() => {
        const shown = (el: Element | null) => !!el && el.getClientRects().length > 0;
        const list: string[] = [];
        const menu = document.querySelector('.section-menu');
        const heading = document.querySelector('.page-heading h1');
        if (!shown(menu) || !heading) return ['no section menu'];
        if (menu!.getBoundingClientRect().top < heading.getBoundingClientRect().bottom)
          list.push('the menu is above the heading');
        if (menu!.querySelector('a')?.checkVisibility()) list.push('the menu is open before it is opened');
        if (shown(document.querySelector('.side-nav'))) list.push('the side navigation is shown as well');
        // The aside, after the text, is the page's one contact box: no block repeats it.
        if (!shown(document.querySelector('.page-aside__contact'))) list.push('no contact box');
        if (shown(document.querySelector('.contact-block'))) list.push('a contact block repeats the aside');
        // A service card keeps its description.
        for (const card of document.querySelectorAll('.card--thumb'))
          if (!shown(card.querySelector('.card__text'))) list.push('a card has no description');
        return list;
      });
      await page.click('.section-menu summary');
      const open = await page.evaluate(() => document.querySelector('.section-menu a')?.checkVisibility() ?? false);
      // Closed again for the next check of the page.
      await page.evaluate(() => document.querySelector('.section-menu details')?.removeAttribute('open'));
      return open ? problems : [...problems, `${where}: the menu does not open without JavaScript`];
    },
  );

  const menuTitlePages = [
    '/en/strengths/homemade-equipment/eq4',
    '/strengths/homemade-equipment/eq4',
    '/en/services/service-ramp',
  ];
  widthTest(
    'shows the section menu’s section and page title whole at 320 px, the title wrapping inside the box',
    [320],
    menuTitlePages,
    (page) =>
      page.evaluate(() => {
        const summary = document.querySelector('.section-menu summary')?.getBoundingClientRect();
        const parts = [...document.querySelectorAll<HTMLElement>('.section-menu summary > span')];
        if (!summary || parts.length !== 2) return ['no section and page in the section menu'];
        return parts.flatMap((part) => {
          const box = part.getBoundingClientRect();
          const cut = part.scrollWidth > part.clientWidth + 1 || box.right > summary.right || box.left < summary.left;
          return cut ? [`“${part.textContent}” is cut off`] : [];
        });
      }),
  );

  widthTest(
    'leads the logotype with the page’s own script: the Chinese name on Chinese pages, CLOUDWING on English ones',
    [375, 1440],
    ['/', '/en', '/en/contact'],
    (page, where) =>
      page.evaluate((english) => {
        const sources = ['.brand__logotype', '.site-footer__logotype'].map(
          (selector) => document.querySelector(selector)?.getAttribute('src') ?? '',
        );
        const want = english
          ? ['/logotype-en.svg', '/logotype-en-reversed.svg']
          : ['/logotype.svg', '/logotype-reversed.svg'];
        return sources.join() === want.join() ? [] : [`the logotypes are ${sources.join(', ')}`];
      }, where.startsWith('/en')),
  );

  widthTest(
    'stacks a news card’s picture above its title on the narrowest phones, which then use the card’s width',
    [320],
    ['/en', '/en/news'],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('.card--thumb')]
          .filter((card) => card.querySelector('.card__date'))
          .flatMap((card) => {
            const image = card.querySelector('.card__image')?.getBoundingClientRect();
            const title = card.querySelector('.card__title')?.getBoundingClientRect();
            if (!image || !title) return ['a card has no picture or title'];
            return image.bottom <= title.top + 1 && title.width > card.getBoundingClientRect().width * 0.8
              ? []
              : [`“${card.querySelector('.card__title')?.textContent}” is beside its picture`];
          }),
      ),
  );

  widthTest(
    'shows each newsroom story’s picture across its card above its title on phones, as large as the featured story’s',
    [375, 600],
    ['/news', '/en/news'],
    (page) =>
      page.evaluate(() => {
        const cards = [...document.querySelectorAll('.cards--news .card--thumb')];
        if (cards.length === 0) return ['no stories'];
        return cards.flatMap((card) => {
          const box = card.getBoundingClientRect();
          const image = card.querySelector('.card__image')?.getBoundingClientRect();
          const title = card.querySelector('.card__title')?.getBoundingClientRect();
          if (!image || !title) return ['a card has no picture or title'];
          return image.width >= box.width - 2 && image.bottom <= title.top + 1
            ? []
            : [`“${card.querySelector('.card__title')?.textContent}”: its picture is ${Math.round(image.width)} px`];
        });
      }),
  );

  widthTest(
    'fills one button of a desktop page, its main action, and outlines the header’s proposal request',
    [1440],
    [
      '/strengths/strengths-certification',
      '/en/strengths/strengths-certification',
      '/services/service-ramp',
      '/en/services/service-ramp',
      '/en/news/news3',
      '/proposal',
      '/en/proposal',
    ],
    (page) =>
      page.evaluate(() => {
        const filled = [...document.querySelectorAll('.button')].filter((button) => {
          const style = getComputedStyle(button);
          return (
            button.getClientRects().length > 0 &&
            style.backgroundColor !== getComputedStyle(document.body).backgroundColor
          );
        });
        const action = document.querySelector('.header-action');
        return [
          ...(filled.length === 1
            ? []
            : [`${filled.length} filled buttons: ${filled.map((b) => b.textContent).join(', ')}`]),
          ...(action && filled.includes(action) ? ['the header’s action is filled'] : []),
        ];
      }),
  );

  widthTest(
    'sets a story’s date and topic, an article’s date and a picture’s caption at 14 px or more',
    [375, 1440],
    ['/news', '/en/news', '/en/news/news3', '/strengths/strengths-certification'],
    (page) =>
      page.evaluate(() => {
        const meta = [...document.querySelectorAll('.card__date, .page-heading__eyebrow, .prose figcaption')];
        if (meta.length === 0) return ['no date or caption'];
        return meta
          .filter((el) => el.getClientRects().length > 0 && parseFloat(getComputedStyle(el).fontSize) < 14)
          .map((el) => `“${el.textContent}” is ${getComputedStyle(el).fontSize}`);
      }),
  );

  const navigationPages = ['/en/services/service-ramp', '/about/about-location'];
  const navigationWidths = [320, 375, 599, 600, 768, 1023, 1024, 1440];
  const navigationScripted = findHydrated(navigationWidths, navigationPages, checkNavigation(true));
  const navigationPlain = findPlain(navigationWidths, navigationPages, checkNavigation(false));
  it('shows one navigation per width: the menu button on phones and tablets, the main navigation on desktops', async () => {
    expect([...(await navigationScripted()), ...(await navigationPlain())]).toEqual([]);
  });

  widthTest(
    'keeps the proposal request in the header on phones and tablets, whole, clear of the logotype, the menu button and the language switcher',
    [320, 375, 768],
    ['/', '/en'],
    async (page, _where, width) => {
      const boxes = await page.evaluate(() =>
        ['.menu-button', '.brand__logotype', '.language-switcher a', '.header-action'].map((selector) => {
          const el = document.querySelector(selector);
          const box = el?.getBoundingClientRect();
          return {
            selector,
            left: box?.left ?? 0,
            right: box?.right ?? 0,
            width: box?.width ?? 0,
            text: el?.textContent ?? '',
          };
        }),
      );
      const problems: string[] = [];
      const action = boxes.at(-1);
      if (!action || action.width === 0) return ['no proposal request in the header'];
      if (action.right > width) problems.push(`the proposal request ends at ${action.right}`);
      // Left to right, each control at least 4 px from the next.
      for (let i = 1; i < boxes.length; i++) {
        const [before, after] = [boxes[i - 1], boxes[i]];
        if (before && after && after.left - before.right < 4)
          problems.push(`${after.selector} is ${after.left - before.right} px from ${before.selector}`);
      }
      const href = await page.locator('.header-action').getAttribute('href');
      if (!href?.endsWith('/proposal')) problems.push(`the proposal request links to ${href}`);
      return problems;
    },
  );

  // Each page's header height at each width, by page: the two languages' are compared.
  const headerHeights = new Map<number, Map<string, number>>();
  const headerPages = ['/services/service-ramp', '/en/services/service-ramp'];
  const header = findHydrated([320, 375, 768, 1024, 1440], headerPages, async (page, where, width) => {
    const { found, height } = await checkHeader(page, width);
    const heights = headerHeights.get(width) ?? new Map<string, number>();
    headerHeights.set(width, heights.set(where.split(' ')[0] as string, height));
    return found;
  });
  it('keeps the header one height in both languages, its labels on the line of the company name, the current section underlined on its bottom line and a section menu below it', async () => {
    const found = await header();
    for (const [width, byPage] of headerHeights) {
      const heights = headerPages.map((url) => byPage.get(url));
      if (heights[0] !== heights[1])
        found.push(`at ${width} px the header is ${heights.join(' px in Chinese, ')} px in English`);
    }
    expect(headerHeights.size).toBe(5);
    expect(found).toEqual([]);
  });

  widthTest(
    'sets the contact directory beside the contact page text on desktops, and above it on phones and tablets (in two columns there), its addresses in line and never broken inside their domain',

    [375, 500, 600, 768, 1024, 1440],
    ['/contact', '/en/contact'],
    async (page, _where, width) => {
      const [directory, text] = await page.evaluate(() =>
        ['.contact-top > .contact-directory', '.contact-top > .prose'].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null;
        }),
      );
      if (!directory || !text) return ['no directory or text'];
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const links = [
          ...document.querySelectorAll<HTMLAnchorElement>('.contact-directory__emails a[href^="mailto:"]'),
        ];
        for (const link of links) {
          // The part after the `@` (its last text node) on one line.
          const range = document.createRange();
          range.selectNodeContents(link.lastChild as Node);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
          if (lines !== 1) found.push(`${link.textContent} breaks inside its domain`);
        }
        if (new Set(links.map((link) => Math.round(link.getBoundingClientRect().left))).size !== 1)
          found.push('the addresses do not start in one column');
        return found;
      });
      // On tablets the addresses by topic stand beside the office's details, in the directory's second column.
      const [details, emails] = await page.evaluate(() =>
        ['.contact-block__details', '.contact-directory__emails'].map(
          (selector) => document.querySelector(selector)?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        ),
      );
      if (width >= 640 && width < 1024 && !(details && emails && emails.left >= details.right))
        problems.push('the addresses by topic are not beside the office’s details');
      const beside = directory.right <= text.left && Math.abs(directory.top - text.top) < 24;
      const above = directory.bottom <= text.top;
      if (!(width >= 1024 ? beside : above))
        problems.push(`the directory is not ${width >= 1024 ? 'beside' : 'above'} the text`);
      return problems;
    },
  );

  widthTest(
    'keeps every e-mail address of a contact box, an aside and the footer on one line on phones',
    [320, 375],
    ['/', '/en', '/contact', '/en/contact', '/services/service-ramp', '/en/jobs/jobs-positions', '/en/news/news3'],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')]
          .filter((link) => link.getClientRects().length > 0 && link.textContent?.includes('@'))
          .flatMap((link) => {
            const range = document.createRange();
            range.selectNodeContents(link);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
            const box = link.closest('section, aside, address, div')?.className || 'a box';
            return lines === 1 ? [] : [`${link.textContent} in ${box} takes ${lines} lines`];
          }),
      ),
  );

  widthTest(
    'keeps the contact page’s text beside the directory to about 70 characters a line, the two about as tall',
    [1024, 1440],
    ['/contact', '/en/contact'],
    (page) =>
      page.evaluate(() => {
        const [directory, text] = ['.contact-top > .contact-directory', '.contact-top > .prose'].map((selector) =>
          document.querySelector(selector)?.getBoundingClientRect(),
        );
        if (!directory || !text) return ['no directory or text'];
        const problems: string[] = [];
        // About 70 Latin characters (32 Chinese) a line: 34rem.
        const measure = 34 * parseFloat(getComputedStyle(document.documentElement).fontSize);
        for (const p of document.querySelectorAll('.contact-top > .prose > p'))
          if (p.getBoundingClientRect().width > measure + 1)
            problems.push(`a paragraph is ${Math.round(p.getBoundingClientRect().width)} px wide`);
        const [short, tall] = [directory.height, text.height].sort((a, b) => a - b) as [number, number];
        if (short < tall * 0.8) problems.push(`the directory is ${directory.height} px tall, the text ${text.height}`);
        return problems;
      }),
  );

  widthTest(
    'leaves room between the footer’s e-mail address and the end of its row’s rule on desktops',
    [1024, 1200, 1440],
    ['/', '/en'],
    (page) =>
      page.evaluate(() => {
        const link = document.querySelector('.site-footer__contacts a[href^="mailto:"]');
        const row = link?.closest('.site-footer__contacts > div');
        if (!link || !row) return ['no e-mail address in the footer'];
        const room = row.getBoundingClientRect().right - link.getBoundingClientRect().right;
        return room >= 16 ? [] : [`the address ends ${Math.round(room)} px before its rule’s end`];
      }),
  );

  widthTest(
    'offers a handling proposal and the open positions on the home page’s first screen, at every width',
    [320, 375, 768, 1440],
    ['/', '/en'],
    async (page) => {
      const actions = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('.hero__actions a')].map((a) => ({
          href: a.getAttribute('href'),
          bottom: a.getBoundingClientRect().bottom,
        })),
      );
      const problems: string[] = [];
      const [proposal, join] = actions;
      if (!proposal?.href?.endsWith('/proposal')) problems.push(`the first action links to ${proposal?.href}`);
      if (!join?.href?.endsWith('/jobs/jobs-positions')) problems.push(`the second action links to ${join?.href}`);
      for (const action of actions) if (action.bottom > 800) problems.push(`${action.href} is below the first screen`);
      return problems;
    },
  );

  widthTest(
    'spreads the home page’s apron scene edge to edge without a sideways scroll, keeps the claim clear of the apron, and sets the newest stories three across on desktops, a row each below',
    [320, 768, 1024, 1440],
    ['/', '/en'],
    async (page, _where, width) => {
      const layout = await page.evaluate(() => {
        const box = (el: Element | null) => el?.getBoundingClientRect() ?? null;
        const art = box(document.querySelector('.hero__art'));
        const main = box(document.querySelector('main'));
        return {
          art,
          main,
          scroll: document.documentElement.scrollWidth - window.innerWidth,
          actions: box(document.querySelector('.hero__actions')),
          news: [...document.querySelectorAll('.cards--home-news > .card')].map((c) => box(c)?.top ?? 0),
        };
      });
      const { art, main, scroll, actions, news } = layout;
      if (!art || !main || !actions) return ['no hero'];
      const problems: string[] = [];
      if (scroll > 0) problems.push(`the page scrolls ${scroll} px sideways`);
      // Where the scene's sky ends, its box holding the scene's proportions before it loads (the
      // pictures are not loaded here): the terminal's foot, 500 of its 800 units from the top.
      const horizon = art.top + (art.height * 500) / 800;
      const edge = width >= 1024 ? { left: 0, right: width } : { left: main.left, right: main.right };
      if (Math.abs(art.left - edge.left) > 1 || Math.abs(art.right - edge.right) > 1)
        problems.push(`the scene spans ${art.left}–${art.right}, not ${edge.left}–${edge.right}`);
      if (width >= 1024 && actions.bottom > horizon) problems.push('the actions stand on the apron');
      if (width < 1024 && actions.bottom > art.top) problems.push('the actions overlap the scene');
      if (news.length !== 3) problems.push(`${news.length} stories`);
      const rows = new Set(news.map(Math.round)).size;
      if (rows !== (width >= 1024 ? 1 : 3)) problems.push(`the stories stand in ${rows} rows`);
      return problems;
    },
  );

  // The first view as a phone shows it, with its scripts (without them the main navigation takes
  // the header's room).
  const newsroomView = findHydrated([320, 375], ['/news', '/en/news'], async (page, _where, width) => {
    const shown = await page.evaluate(() => ({
      chips: [...document.querySelectorAll('.topic-filter a')].map((a) => {
        const box = a.getBoundingClientRect();
        return { text: a.textContent, left: box.left, right: box.right };
      }),
      title: document.querySelector('.news-featured h2')?.getBoundingClientRect().top ?? 0,
      line: parseFloat(getComputedStyle(document.querySelector('.news-featured h2') ?? document.body).lineHeight),
    }));
    const problems = shown.chips
      .filter((chip) => chip.left < 0 || chip.right > width)
      .map((chip) => `${chip.text} stands at ${chip.left}–${chip.right}`);
    if (shown.chips.length < 6) problems.push(`${shown.chips.length} topics`);
    // Its first line at least, in the first view (800 px).
    if (shown.title <= 0 || shown.title + shown.line > 800)
      problems.push(`the first story's title begins at ${shown.title}`);
    return problems;
  });
  it('shows every topic of the newsroom on a phone, none cut off, and the first story’s title in the first view', async () => {
    expect(await newsroomView()).toEqual([]);
  });

  widthTest(
    'never begins a line of a story’s date and topic with their separator, where the row wraps at its width or in a narrower box',
    [320, 375, 1440],
    ['/news', '/en/news', '/', '/en'],
    (page) =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.card__date')].flatMap((row) => {
          const [time, topic] = [row.querySelector('time'), row.querySelector('.card__topic')];
          if (!time || !topic || getComputedStyle(topic).display !== 'inline' || row.getClientRects().length === 0)
            return [];
          // The topic's text begins the line it is on, or follows the date on the date's line.
          const check = (how: string, wraps: boolean) => {
            const range = document.createRange();
            range.selectNodeContents(topic);
            const first = range.getClientRects()[0];
            const date = time.getBoundingClientRect();
            const left = row.getBoundingClientRect().left + parseFloat(getComputedStyle(row).paddingLeft);
            const own = !!first && first.top >= date.bottom - 1;
            if (wraps && !own) return [`${row.textContent} (${how}): the topic does not wrap`];
            return own && first.left - left > 1
              ? [`${row.textContent} (${how}): its second line begins ${Math.round(first.left - left)} px in`]
              : [];
          };
          const found = check('as it is', false);
          // In a box just wider than its date, the topic wraps to a line of its own.
          row.style.maxWidth = `${time.getBoundingClientRect().width + 16}px`;
          found.push(...check('wrapped', true));
          row.style.maxWidth = '';
          return found;
        }),
      ),
  );

  it('filters the newsroom by topic without JavaScript, and leaves out the lead on a phone', async () => {
    const page = await openViewport(375);
    await page.goto(`${site.url}/news`);
    expect(await page.locator('.page-heading__lead').isVisible()).toBe(false);
    await page.locator('.topic-filter a', { hasText: '安全與品質' }).click();
    await page.waitForURL(`${site.url}/news/topics/safety`);
    const shown = await page.evaluate(() => ({
      current: document.querySelector('.topic-filter [aria-current="page"]')?.textContent,
      stories: [...document.querySelectorAll('.cards--news .card__title a')].map((a) => a.getAttribute('href')),
      badges: document.querySelectorAll('.cards--news .badge').length,
    }));
    expect(shown).toEqual({
      current: '安全與品質',
      stories: ['/news/newsEn2', '/news/news6', '/news/news3'],
      badges: 1,
    });
    await page.locator('.topic-filter a', { hasText: '全部消息' }).click();
    await page.waitForURL(`${site.url}/news`);
    expect(await page.locator('.cards--news .card').count()).toBe(13);
  });

  it('sets English in the brand face, served by the site, and Traditional Chinese in the Taiwan faces first, wherever each is marked', async () => {
    const page = await openViewport(1024);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    const first = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily.split(',')[0]?.trim());
    await page.goto(`${site.url}/en/contact`);
    expect(await first('main p')).toBe('"IBM Plex Sans"');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"IBM Plex Sans", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, .*Arial, system-ui, "PingFang TC", .*sans-serif$/,
    );
    // The face is the site's own file, and it is in use once the page has loaded.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "IBM Plex Sans"', 'CloudWing'))).toBe(true);
    expect(fonts).toEqual(['/fonts/ibm-plex-sans-latin.woff2']);
    expect(await first('.language-switcher a[lang="zh-Hant"]')).toBe('"PingFang TC"');
    await page.goto(`${site.url}/contact`);
    expect(await first('main p')).toBe('"PingFang TC"');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", "Source Han Sans TC", .*"Microsoft JhengHei", "IBM Plex Sans", -apple-system, .*sans-serif$/,
    );
    expect(await first('.language-switcher a[lang="en-US"]')).toBe('"IBM Plex Sans"');
    // An English-only article on its Chinese URL is English text.
    await page.goto(`${site.url}/news/newsEn1`);
    expect(await first('main [lang="en-US"] h1')).toBe('"IBM Plex Sans"');
  });

  widthTest(
    'makes the telephone number, the e-mail address and every link of the footer a target of at least 44 × 44 px, the contact details grouped under one heading',
    [320, 375, 768, 1440],
    ['/', '/en'],
    async (page, where) => {
      const targets = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.site-footer a')].map((a) => {
          const box = a.getBoundingClientRect();
          const group = a.closest('section, nav')?.querySelector('h2')?.id ?? '';
          return { href: a.getAttribute('href') ?? '', width: box.width, height: box.height, group };
        }),
      );
      const contact = targets.filter((t) => /^(tel|mailto):/.test(t.href));
      expect(
        contact.map((t) => t.href.split(':')[0]),
        where,
      ).toEqual(['tel', 'mailto']);
      expect(new Set(contact.map((t) => t.group)), where).toEqual(new Set(['footer-contact']));
      return targets
        .filter((t) => t.width < 44 || t.height < 44)
        .map((t) => `${t.href} is ${Math.round(t.width)} × ${Math.round(t.height)} px`);
    },
  );
});

// The look of a page as a visitor sees it (templates/README.md: Stylesheets), as functions that run
// inside the page: tables (rows, never cards) and the home chart on a phone, balanced headings, Chinese titles broken
// between words, the tablet rail, paper.

/** What print must not show. */
export const NOT_PRINTED =
  '.main-nav, .menu-button, .submenu-toggle, .search-button, .language-switcher, .rail, .drawer, .side-nav, .page-aside, .skip-link, button';

/** Tables, the chart, the headings and on tablets the rail, in the browser (runs inside the page). */
export function checkLayout({ rail }: { rail: boolean }): string[] {
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
    // No row becomes a card (behaviour.md: Presentation): at every width a row keeps its cells side
    // by side, and is no taller than its tallest cell's text and padding need.
    for (const row of table.querySelectorAll<HTMLTableRowElement>('tr')) {
      if (getComputedStyle(row).display !== 'table-row') problems.push('a table row is not shown as a row');
      const needed = Math.max(
        ...[...row.cells].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
          const cellStyle = getComputedStyle(cell);
          const lineHeight = parseFloat(cellStyle.lineHeight) || 1.2 * parseFloat(cellStyle.fontSize);
          return lines * lineHeight + parseFloat(cellStyle.paddingTop) + parseFloat(cellStyle.paddingBottom);
        }),
      );
      const height = row.getBoundingClientRect().height;
      if (height > needed + 2)
        problems.push(
          `row "${row.textContent?.trim().slice(0, 20)}" is ${Math.round(height)} px tall for ${Math.round(needed)} px of text`,
        );
    }
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
  // An e-mail address, in prose or in a box, is one line where its column is wide enough, the whole
  // address moved to the next line; it breaks before its @ only in a column narrower than itself, and
  // never leaves its column. Its text is the address.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]:not(.button)')) {
    const address = link.getAttribute('href')?.slice('mailto:'.length) ?? '';
    // A link that names a person rather than the address (Contact media relations) reads as it likes.
    if (!shown(link) || !link.textContent?.includes('@')) continue;
    if (link.textContent !== address) problems.push(`the link to ${address} reads "${link.textContent}"`);
    if (!link.querySelector('wbr')) problems.push(`${address} cannot break before its @`);
    const column = (link.parentElement as HTMLElement).getBoundingClientRect();
    const boxes = [...link.getClientRects()];
    if (boxes.length > 1) problems.push(`${address} is split at the end of a line`);
    // The address set on one line, measured beside the link: wider than its column's text, it may break.
    const probe = link.cloneNode(true) as HTMLElement;
    probe.style.cssText = 'position:absolute;white-space:nowrap;max-width:none;visibility:hidden';
    link.after(probe);
    const oneLine = probe.getBoundingClientRect().width;
    probe.remove();
    const parent = getComputedStyle(link.parentElement as HTMLElement);
    const room = column.width - parseFloat(parent.paddingLeft) - parseFloat(parent.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(link);
    const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    if (lines > 1 && oneLine <= room) problems.push(`${address} takes two lines in a column wide enough for one`);
    for (const box of boxes) if (box.right > column.right + 1) problems.push(`${address} leaves its column`);
  }
  for (const tile of document.querySelectorAll<HTMLElement>('.figure-card, .card'))
    if (tile.scrollWidth > tile.clientWidth + 1) problems.push(`tile "${tile.textContent?.slice(0, 20)}" overflows`);
  for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3')) {
    const style = getComputedStyle(heading) as CSSStyleDeclaration & { textWrapStyle?: string };
    if (!shown(heading)) continue;
    // A card's title fills the card's width instead, its last line kept from a lone word.
    const wanted = heading.matches('.card__title') ? 'pretty' : 'balance';
    if ((style.textWrapStyle ?? style.textWrap) !== wanted)
      problems.push(
        `heading "${heading.textContent?.slice(0, 30)}" is not ${wanted === 'balance' ? 'balanced' : 'pretty'}`,
      );
  }
  // Titles, card titles, figure labels, side-navigation labels, the table cells of a word or a name,
  // and the texts of a few lines (a page's lead, the hero's, the steps' captions, the footer's motto)
  // end a line between Chinese words only (the browser's own word breaker judges), never inside one
  // (營運控制中 / 心). Running text (a description, a cell of sentences, a paragraph) breaks as Chinese
  // does, between any two characters.
  const words = new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const han = /\p{Script=Han}/u;
  // Particles belong to the word before them: never the first character of a line (信賴 / 的夥伴).
  const particles = /^[的了們著嗎呢吧]$/u;
  for (const element of document.querySelectorAll<HTMLElement>(
    'h1, .card__title, .figure-card__label, .side-nav a, main th, main td.ph, .page-heading__lead, .hero__lead, .steps__text, .site-footer p > .ph',
  )) {
    const text = element.textContent ?? '';
    if (!shown(element) || !han.test(text)) continue;
    const bounds = new Set([...words.segment(text)].map((s) => s.index));
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let at = 0;
    let lastTop: number | null = null;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++, at++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top;
        if (top === undefined || /\s/.test(node.data[i] as string)) continue;
        const broken = lastTop !== null && top > lastTop + 2;
        if (broken && han.test(text[at - 1] ?? '') && han.test(text[at] ?? '') && !bounds.has(at))
          problems.push(`"${text.slice(Math.max(0, at - 4), at)} / ${text.slice(at, at + 4)}" breaks inside a word`);
        if (broken && particles.test(text[at] ?? ''))
          problems.push(
            `"${text.slice(Math.max(0, at - 4), at)} / ${text.slice(at, at + 4)}" begins a line with a particle`,
          );
        lastTop = top;
      }
    }
  }
  if (rail) {
    const links = [...document.querySelectorAll<HTMLElement>('.rail a')];
    const marked = links.filter((a) => a.classList.contains('is-active') || a.getAttribute('aria-current') === 'page');
    if (marked.length !== 1) problems.push(`the rail marks ${marked.length} sections`);
    // Each entry is its icon (drawn before it) and its label.
    for (const link of links) {
      const label = document.createRange();
      label.selectNodeContents(link);
      if (label.getBoundingClientRect().width === 0 || link.textContent?.trim() === '')
        problems.push(`rail label "${link.textContent}" is hidden`);
      if (link.scrollWidth > link.clientWidth + 1) problems.push(`rail label "${link.textContent}" is cut off`);
    }
  }
  return problems;
}

/** What is printed that should not be, and every background, in print (runs inside the page). */
export function checkPrint(hidden: string): string[] {
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

/**
 * Tiles of one row that differ in height, or whose numbers, labels or details do not start on one
 * line, and numbers that wrap or are cut off (runs inside the page).
 */
export function checkTiles(): string[] {
  const problems: string[] = [];
  const rows = new Map<number, HTMLElement[]>();
  for (const tile of document.querySelectorAll<HTMLElement>('.figure-card')) {
    const top = Math.round(tile.getBoundingClientRect().top);
    rows.set(top, [...(rows.get(top) ?? []), tile]);
  }
  for (const value of document.querySelectorAll<HTMLElement>('.figure-card__value')) {
    const range = document.createRange();
    range.selectNodeContents(value);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    if (lines > 1) problems.push(`the number "${value.textContent}" takes ${lines} lines`);
    if (value.scrollWidth > value.clientWidth + 1) problems.push(`the number "${value.textContent}" is cut off`);
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

/**
 * A desktop page off the one grid (runs inside the page, which it scrolls): the aside not in the
 * last columns beside the text, or not in view halfway down the text; a paragraph wider than the
 * text column; on a page with a table of four columns, the table not across the page's content
 * width directly under the text before it, or the aside anywhere but after
 * the text, a band across that width with its action; a card grid or a wide block not across the
 * page under the text.
 */
export function checkDesktopGrid(): string[] {
  const problems: string[] = [];
  const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
  const body = box('.page-body');
  const aside = box('.page-aside');
  const main = box('.page-body__main');
  const text = box('.page-body__main > .prose > p');
  if (!body || !aside || !main || !text) return ['a part of the page is missing'];
  const gap = parseFloat(getComputedStyle(document.querySelector('.page-body') as Element).columnGap);
  const columns = document.querySelector('.section-grid') ? 9 : 12;
  const column = (body.width - (columns - 1) * gap) / columns;
  const span = (n: number) => n * column + (n - 1) * gap;
  if (text.width > span(columns - 3) + 1) problems.push('a paragraph is wider than the text column');
  const table = box('.page-body__main > .prose > table.table-wide');
  // A page with a table of four columns is checked by checkWideTable.
  if (!table) {
    if (Math.abs(aside.right - body.right) > 1) problems.push('the aside does not end at the page’s edge');
    if (Math.abs(aside.width - span(3)) > 1) problems.push(`the aside is ${Math.round(aside.width)} px wide`);
    if (aside.left < text.right) problems.push('the aside overlaps the text');
  }
  const wide = box('.page-body__wide > :is(.cards, .page-wide)');
  if (wide && (wide.top < main.bottom || Math.abs(wide.width - body.width) > 1))
    problems.push(`the wide block is ${Math.round(wide.width)} px of ${Math.round(body.width)}, at ${wide.top}`);
  // Halfway down a text longer than the window, the aside is still in view at the window's top;
  // where the wide blocks begin, it has stopped above them.
  const halfway = window.scrollY + main.top + main.height / 2 - window.innerHeight / 2;
  if (main.height > window.innerHeight * 2 && !table) {
    window.scrollTo(0, halfway);
    const stuck = box('.page-aside__inner');
    if (!stuck || stuck.top < 0 || stuck.top > 48) problems.push(`halfway down the aside is at ${stuck?.top} px`);
    // So is the section's navigation.
    const list = box('.side-nav > ul');
    if (list && (list.top < 0 || list.top > 96)) problems.push(`halfway down the side navigation is at ${list.top} px`);
  }
  if (wide) {
    window.scrollTo(0, window.scrollY + wide.top);
    const [inner, block] = [box('.page-aside__inner'), box('.page-body__wide')];
    if (inner && block && inner.bottom > block.top) problems.push('the aside runs over the wide blocks');
  }
  window.scrollTo(0, 0);
  return problems;
}

/**
 * A table of four columns or more spans the page's content width directly under the text before
 * it, its head on a wide screen's first screen, every row ruled across all its columns; nothing stands beside the text:
 * the aside follows the text, a band across the same width with its action.
 */
export function checkWideTable(): string[] {
  const problems: string[] = [];
  const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
  const element = document.querySelector('.page-body__main > .prose > table.table-wide');
  if (!element) return [];
  const [body, aside, main, text] = ['.page-body', '.page-aside', '.page-body__main', '.prose > p'].map(box);
  if (!body || !aside || !main || !text) return ['a part of the page is missing'];
  const table = element.getBoundingClientRect();
  if (Math.abs(table.width - body.width) > 1) problems.push(`the wide table is ${Math.round(table.width)} px`);
  if (Math.abs(table.left - text.left) > 1) problems.push('the wide table does not start with the text');
  // On a wide screen its head is on the first screen, under the title band and the short text.
  const head = element.querySelector('thead')?.getBoundingClientRect();
  if (window.innerWidth >= 1440 && (!head || head.bottom > window.innerHeight))
    problems.push(`the wide table's head ends at ${Math.round(head?.bottom ?? 0)} px`);
  // Directly under the text before it: no more than a heading's room between them.
  const before = element.previousElementSibling?.matches('h2, h3') ? element.previousElementSibling : element;
  const above = before.previousElementSibling?.getBoundingClientRect();
  if (above && table.top - above.bottom > 120)
    problems.push(`${Math.round(table.top - above.bottom)} px over the table`);
  if (aside.top < main.bottom - 1) problems.push('the aside stands beside the text');
  // Its pictures stand in the columns beside the text, up to the page's edge.
  for (const figure of document.querySelectorAll('.page-body__main > .prose > figure')) {
    const { left, right } = figure.getBoundingClientRect();
    if (left < text.right || Math.abs(right - body.right) > 1) problems.push('a picture is not beside the text');
  }
  if (Math.abs(aside.width - body.width) > 1 || Math.abs(aside.left - body.left) > 1)
    problems.push(`the aside is ${Math.round(aside.width)} px of ${Math.round(body.width)}`);
  if (!document.querySelector('.page-aside .button')) problems.push('the aside has no action');
  const unruled = [...element.querySelectorAll(':is(th, td)')].filter(
    (cell) => getComputedStyle(cell).borderBottomWidth === '0px',
  );
  if (unruled.length > 0) problems.push(`${unruled.length} cells have no rule under them`);
  return problems;
}

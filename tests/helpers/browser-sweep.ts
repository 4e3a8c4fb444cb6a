import type { Page } from 'playwright-core';

/** What a check finds wrong on a page at a width (`where` is `url at N px`). */
export type WidthCheck = (page: Page, where: string, width: number) => Promise<string[]>;

/** Checks registered on a sweep: each returns what its test asserts on. */
export type Visit = (widths: readonly number[], urls: readonly string[], check: WidthCheck) => () => Promise<string[]>;

interface Registered {
  readonly widths: ReadonlySet<number>;
  readonly urls: ReadonlySet<string>;
  readonly check: WidthCheck;
  /** `url at N px: problem` */
  readonly found: string[];
  /** The first error a check threw (a failed `expect` in it), thrown again in its test. */
  error?: unknown;
}

export interface SweepOptions {
  /** The page the sweep runs in (opened once, at the first test that asks for a result). */
  readonly open: () => Promise<Page>;
  /** The address of a path. */
  readonly address: (path: string) => string;
  /** Waits, after each load, until the page is what the checks read (hydrated, say). */
  readonly loaded?: (page: Page) => Promise<unknown>;
}

/**
 * Several tests' checks of pages at widths, in one pass: each page is loaded once, at the narrowest
 * width a check asks of it, then resized to each wider one (a layout, not a load: what a window
 * resized or a phone turned shows), and every check registered for that page and width reads it,
 * scrolled to the top, in the order they were registered. A check that changes the page (opens a
 * disclosure, scrolls a table) puts it back. Each test gets its own check's findings, or its error.
 */
export function sweepWidths(options: SweepOptions): Visit {
  const registered: Registered[] = [];
  let swept: Promise<void> | null = null;
  const run = async () => {
    const page = await options.open();
    for (const url of new Set(registered.flatMap((r) => [...r.urls]))) {
      const here = registered.filter((r) => r.urls.has(url));
      const widths = [...new Set(here.flatMap((r) => [...r.widths]))].sort((a, b) => a - b);
      await page.setViewportSize({ width: widths[0] as number, height: 800 });
      await page.goto(options.address(url));
      await options.loaded?.(page);
      for (const width of widths) {
        if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 800 });
        for (const visit of here.filter((r) => r.widths.has(width))) {
          await page.evaluate(() => window.scrollTo(0, 0));
          const where = `${url} at ${width} px`;
          try {
            for (const problem of await visit.check(page, where, width)) visit.found.push(`${where}: ${problem}`);
          } catch (error) {
            visit.error ??= error;
          }
        }
      }
    }
  };
  return (widths, urls, check) => {
    // A check registered once the pass has begun would never run: its test could not fail.
    if (swept) throw new Error('register every check of a sweep before its first test runs');
    const visit: Registered = { widths: new Set(widths), urls: new Set(urls), check, found: [] };
    registered.push(visit);
    return async () => {
      await (swept ??= run());
      if (visit.error) throw visit.error;
      return visit.found;
    };
  };
}

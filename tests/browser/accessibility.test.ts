import { describe, expect, it } from 'vitest';
import { scanPages } from '../helpers/axe.ts';
import { SMALL_ROUTES } from '../helpers/make-site.ts';
import { useSite } from '../helpers/site-fixture.ts';

// axe-core in the browser on one page of every template, section and contact block (the small
// site's routes) of the real site, the English pages in accessibility-en.test.ts beside this file:
// what the pages share is drawn by the same components on every page of a template. The markup of
// every page (alternative texts, link names, headings, table headers, labels) is checked by
// `site check`'s HTML validation (tests/build/check.test.ts: the real site passes).
const site = useSite();

describe('accessibility (zh-Hant)', () => {
  it('has no axe-core violations (WCAG 2.2 AA) on a Traditional Chinese page of every template and section, the 404 page included', async () => {
    expect(await scanPages(site, SMALL_ROUTES, '/no-such-page', 'zh-TW')).toEqual([]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { scanPages } from '../helpers/axe.ts';
import { SMALL_ROUTES } from '../helpers/make-site.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The Traditional Chinese pages, and why these pages, are in accessibility.test.ts.
const site = useSite();

describe('accessibility (en)', () => {
  it('has no axe-core violations (WCAG 2.2 AA) on an English page of every template and section, the 404 page included', async () => {
    const urls = SMALL_ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`));
    expect(await scanPages(site, urls, '/en/no-such-page', 'en-US')).toEqual([]);
  }, 120_000);
});

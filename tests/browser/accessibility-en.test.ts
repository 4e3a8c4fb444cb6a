import { describe, expect, it } from 'vitest';
import { scanPages } from '../helpers/axe.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The Traditional Chinese pages are checked in accessibility.test.ts, in parallel with this file.
// A pass over every page: its own time limit, generous for a loaded machine.
const site = useSite();

describe('accessibility (en)', () => {
  it('has no axe-core violations (WCAG 2.2 AA) on any English page, the 404 page included', async () => {
    const urls = ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`));
    expect(await scanPages(site, urls, '/en/no-such-page', 'en-US')).toEqual([]);
  }, 180_000);
});

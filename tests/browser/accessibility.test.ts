import { describe, expect, it } from 'vitest';
import { scanPages } from '../helpers/axe.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The English pages are checked in accessibility-en.test.ts, in parallel with this file.
// A pass over every page: its own time limit, generous for a loaded machine.
const site = useSite();

describe('accessibility (zh-Hant)', () => {
  it('has no axe-core violations (WCAG 2.2 AA) on any Traditional Chinese page, the 404 page included', async () => {
    expect(await scanPages(site, ROUTES, '/no-such-page', 'zh-TW')).toEqual([]);
  }, 180_000);
});

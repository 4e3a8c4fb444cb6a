import { describe, expect, it } from 'vitest';
import { loadEveryPage } from '../helpers/load-every-page.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The Traditional Chinese pages are checked in hydration.test.ts, beside this file.
const site = useSite();

describe('hydration (en)', () => {
  it("hydrates every English page under the hosts' security policy with no console problem or mismatch, and fits each on a 320 px phone", async () => {
    const urls = ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`));
    expect(urls).toHaveLength(54);
    expect(await loadEveryPage(site, urls)).toEqual([]);
  }, 180_000);
});

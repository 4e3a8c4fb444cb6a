import { describe, expect, it } from 'vitest';
import { everyPageSpecs } from '../helpers/every-page-specs.ts';
import { SMALL_ROUTES } from '../helpers/make-site.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The English pages are checked in every-page-en.test.ts, beside this file.
const site = useSite();

describe('every Traditional Chinese page', () => {
  everyPageSpecs(site, 'Traditional Chinese', {
    urls: ROUTES,
    wide: SMALL_ROUTES,
    // Read at every width up to 1920 px too: the home page, an about page and a service page.
    everyWidth: ['/', '/about/about-location', '/services/service-ramp'],
  });

  it('prints the address after an external link', async () => {
    const { page } = await site.open('/en/news/news3', { viewport: { width: 1024, height: 800 } });
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
});

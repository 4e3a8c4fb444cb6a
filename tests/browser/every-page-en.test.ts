import { describe } from 'vitest';
import { everyPageSpecs } from '../helpers/every-page-specs.ts';
import { SMALL_ROUTES } from '../helpers/make-site.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The Traditional Chinese pages are checked in every-page.test.ts, beside this file.
const site = useSite();

describe('every English page', () => {
  const en = (routes: readonly string[]) => routes.map((r) => (r === '/' ? '/en' : `/en${r}`));
  everyPageSpecs(site, 'English', {
    urls: en(ROUTES),
    wide: en(SMALL_ROUTES),
    // Read at every width up to 1920 px too: the home page, an about page and an article.
    everyWidth: ['/en', '/en/about/about-organization', '/en/news/news3'],
  });
});

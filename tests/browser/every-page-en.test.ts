import { describe } from 'vitest';
import { everyPageSpecs } from '../helpers/every-page-specs.ts';
import { ROUTES } from '../helpers/routes.ts';
import { useSite } from '../helpers/site-fixture.ts';

// The Traditional Chinese pages are checked in every-page.test.ts, beside this file.
const site = useSite();

describe('every English page', () => {
  everyPageSpecs(
    site,
    'English',
    ROUTES.map((r) => (r === '/' ? '/en' : `/en${r}`)),
  );
});

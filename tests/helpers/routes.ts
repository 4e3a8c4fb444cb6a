/**
 * The 54 routes (behaviour.md: Routes), written out by hand so that tests do not trust the
 * generator.
 */
export const ROUTES: readonly string[] = [
  '/',
  '/contact',
  '/customers',
  '/jobs',
  '/news',
  '/procurement',
  '/news/news1',
  ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => `/news/news${n}`),
  '/news/newsEn1',
  '/news/newsEn2',
  ...[
    'about-group',
    'about-awards',
    'about-layout',
    'about-vision',
    'about-company',
    'about-history',
    'about-location',
    'about-investors',
    'about-organization',
  ].map((p) => `/about/${p}`),
  ...['jobs-layout', 'jobs-benefits', 'jobs-positions'].map((p) => `/jobs/${p}`),
  ...[
    'service-ramp',
    'service-cabin',
    'service-cargo',
    'service-layout',
    'service-spirit',
    'service-control',
    'service-operation',
    'service-passenger',
    'service-maintenance',
    'service-cargo-loading',
    'service-passenger-loading',
  ].map((p) => `/services/${p}`),
  ...[
    'strengths-layout',
    'strengths-quality',
    'strengths-training',
    'strengths-equipment',
    'strengths-certification',
    'strengths-homemade-equipment',
  ].map((p) => `/strengths/${p}`),
  ...[1, 2, 3, 4, 5].map((n) => `/strengths/homemade-equipment/eq${n}`),
];

/** Routes written in one language only (behaviour.md: Single-language pages). */
export const EN_ONLY: ReadonlySet<string> = new Set(['/news/newsEn1', '/news/newsEn2']);

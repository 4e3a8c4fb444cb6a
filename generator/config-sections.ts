import { EMAIL as EMAIL_PATTERN, PHONE as PHONE_PATTERN } from '../runtime/contacts.ts';
import { POLICY_DIRECTIVES } from './hosts.ts';
import { OLD_ADDRESS_RULE, isOldAddress, isRedirectTarget } from './redirects.ts';

// The configuration's sections with settings of their own; config-check.ts gathers them.

/** False gives a CONFIG_INVALID problem with the reason and hint. */
export type Check = [field: string, ok: boolean, reason: string, hint?: string];

export function validateTheme(theme: unknown): Check[] {
  if (!isRecord(theme)) return [['theme', false, 'must be an object with dark, primary, secondary and ripple']];
  return [
    ['theme.dark', typeof theme.dark === 'boolean', 'must be true or false'],
    ['theme.primary', isColor(theme.primary), 'must be a hex colour such as `#0066cc`'],
    ['theme.secondary', isColor(theme.secondary), 'must be a hex colour such as `#03dac6`'],
    ['theme.ripple', typeof theme.ripple === 'boolean', 'must be true or false'],
    [
      'theme.preloadFonts',
      theme.preloadFonts === undefined ||
        isListOf(theme.preloadFonts, (href) => typeof href === 'string' && /^\/[^/].*\.woff2$/.test(href)),
      'must be a list of root-relative URLs of WOFF2 files, such as `/fonts/brand.woff2`',
    ],
  ];
}

const BUDGETS = ['jsKb', 'idleJsKb', 'cssKb', 'payloadKb', 'imageKb', 'fontKb'] as const;

export function validateCheck(check: unknown): Check[] {
  if (check === undefined) return [];
  if (!isRecord(check)) return [['check', false, 'must be an object with budgets and sameInAllLocales']];
  const budgets = isRecord(check.budgets) ? check.budgets : {};
  return [
    ['check.budgets', check.budgets === undefined || isRecord(check.budgets), 'must be an object of sizes in KB'],
    ...BUDGETS.map((key): Check => [
      `check.budgets.${key}`,
      budgets[key] === undefined || (typeof budgets[key] === 'number' && budgets[key] > 0),
      'must be a positive number of KB',
    ]),
    [
      'check.sameInAllLocales',
      check.sameInAllLocales === undefined || isListOf(check.sameInAllLocales, (v) => typeof v === 'string'),
      'must be a list of strings',
    ],
    ...(['staleTranslations', 'removedPages'] as const).map((key): Check => [
      `check.${key}`,
      check[key] === undefined || check[key] === 'warning' || check[key] === 'error',
      "must be 'warning' or 'error'",
    ]),
  ];
}

const REDIRECT_HINT =
  "Write each entry as `{ from: '/old-path', to: '/new-path' }`, with `status: 302` for a move that is not for good.";

/** The redirects' checks: a list of `{ from, to, status? }` (behaviour.md: Moved and removed pages). */
export function validateRedirects(redirects: unknown): Check[] {
  if (redirects === undefined) return [];
  if (!Array.isArray(redirects)) return [['redirects', false, 'must be a list of { from, to, status? } entries']];
  return redirects.flatMap((r: unknown, i): Check[] => {
    if (!isRecord(r)) return [[`redirects.${i}`, false, 'must be an object { from, to, status? }', REDIRECT_HINT]];
    return [
      [`redirects.${i}.from`, isOldAddress(r.from), `must be ${OLD_ADDRESS_RULE}`, REDIRECT_HINT],
      [
        `redirects.${i}.to`,
        isRedirectTarget(r.to),
        'must be a root-relative path of this site (`/en/jobs`) or an `https://` URL',
        REDIRECT_HINT,
      ],
      [`redirects.${i}.status`, r.status === undefined || r.status === 301 || r.status === 302, 'must be 301 or 302'],
    ];
  });
}

// The patterns that link contact details in text (runtime/contacts.ts).
const EMAIL = new RegExp(`^${EMAIL_PATTERN}$`);
const PHONE = new RegExp(`^${PHONE_PATTERN}$`);
const PHONE_HINT =
  'Write the number as the site shows it: `+`, the country code, then groups of digits (`+886-3-555-0100`).';

export function validateContacts(contacts: unknown): Check[] {
  if (contacts === undefined) return [];
  if (!Array.isArray(contacts)) return [['contacts', false, 'must be a list of { key, email, phone?, fax? } entries']];
  const keys = contacts.map((c: unknown) => (isRecord(c) ? c.key : undefined));
  return [
    ['contacts', new Set(keys).size === keys.length, 'has two entries with the same key'],
    ...contacts.flatMap((c: unknown, i): Check[] => {
      const entry = isRecord(c) ? c : {};
      const number = (field: 'phone' | 'fax'): Check => [
        `contacts.${i}.${field}`,
        entry[field] === undefined || (typeof entry[field] === 'string' && PHONE.test(entry[field])),
        'must be an international number such as `+886-3-555-0100`',
        PHONE_HINT,
      ];
      return [
        [`contacts.${i}`, isRecord(c), 'must be an object { key, email, phone?, fax? }'],
        [`contacts.${i}.key`, isName(entry.key), 'must be a word of letters, digits and `-`, such as `recruit`'],
        [
          `contacts.${i}.email`,
          typeof entry.email === 'string' && EMAIL.test(entry.email),
          'must be an e-mail address such as `recruit@cloudwing.example`',
        ],
        number('phone'),
        number('fax'),
      ];
    }),
  ];
}

const ORGANIZATION_HINT =
  "Write `organization: { country: 'TW', postalCode: '337', stations: [{ iataCode: 'TPE', headquarters: true }] }`.";

/** The organization's checks (behaviour.md: Sharing): a country code, a postal code, stations by IATA code. */
export function validateOrganization(organization: unknown): Check[] {
  if (organization === undefined) return [];
  if (!isRecord(organization))
    return [['organization', false, 'must be an object with country, postalCode and stations', ORGANIZATION_HINT]];
  const { country, postalCode, stations } = organization;
  const list = Array.isArray(stations) ? stations : [];
  const codes = list.map((st: unknown) => (isRecord(st) ? st.iataCode : undefined));
  return [
    [
      'organization.country',
      typeof country === 'string' && /^[A-Z]{2}$/.test(country),
      'must be a two-letter country code such as `TW`',
    ],
    [
      'organization.postalCode',
      postalCode === undefined || (typeof postalCode === 'string' && /^[A-Za-z0-9 -]{2,10}$/.test(postalCode)),
      'must be a postal code such as `337`',
    ],
    [
      'organization.stations',
      Array.isArray(stations),
      'must be a list of { iataCode, headquarters? }',
      ORGANIZATION_HINT,
    ],
    ['organization.stations', new Set(codes).size === codes.length, 'lists an airport twice'],
    ...list.flatMap((st: unknown, i): Check[] => {
      const entry = isRecord(st) ? st : {};
      return [
        [
          `organization.stations.${i}.iataCode`,
          typeof entry.iataCode === 'string' && /^[A-Z]{3}$/.test(entry.iataCode),
          "must be an airport's three-letter IATA code such as `TPE`",
        ],
        [
          `organization.stations.${i}.headquarters`,
          entry.headquarters === undefined || typeof entry.headquarters === 'boolean',
          'must be true or false',
        ],
      ];
    }),
  ];
}

const RUNTIME_NUMBERS = [
  'cookieMaxAgeDays',
  'reloadGuardMs',
  'idleCheckDelayMs',
  'prefetchLimit',
  'repaintWaitMs',
  'notificationMs',
  'drawerWidth',
  'railWidth',
] as const;

/** The runtime constants' checks: the cookie's name and the positive whole numbers (the rail's may be 0: none). */
export function validateRuntime(runtime: unknown): Check[] {
  if (!isRecord(runtime)) return [['runtime', false, 'must be an object with the runtime constants']];
  return [
    [
      'runtime.cookieName',
      typeof runtime.cookieName === 'string' && /^[A-Za-z0-9_-]+$/.test(runtime.cookieName),
      'must be a cookie name of letters, digits, `_` and `-`',
    ],
    ...RUNTIME_NUMBERS.map((key): Check => [
      `runtime.${key}`,
      typeof runtime[key] === 'number' &&
        Number.isInteger(runtime[key]) &&
        (runtime[key] > 0 || (key === 'railWidth' && runtime[key] === 0)),
      key === 'railWidth' ? 'must be a whole number of px (0: no rail)' : 'must be a positive whole number',
    ]),
  ];
}

/** The keys each object of the configuration may hold: any other is a typo that would be ignored (`baseURL`). */
const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  '': [
    ...['locales', 'defaultLocale', 'fallbackLocale', 'baseUrl', 'host', 'listPageSize', 'titleSeparator'],
    ...['keepWhole', 'theme', 'runtime', 'navigation', 'contacts', 'redirects', 'check'],
    ...['timeZone', 'robots', 'productionBranch', 'security', 'scripts', 'organization'],
  ],
  locales: ['code', 'iso', 'name', 'prefix', 'ogLocale', 'siteTitle', 'titleSeparator', 'claim'],
  organization: ['country', 'postalCode', 'stations'],
  'organization.stations': ['iataCode', 'headquarters'],
  theme: ['dark', 'primary', 'secondary', 'ripple', 'preloadFonts'],
  runtime: ['cookieName', ...RUNTIME_NUMBERS],
  navigation: ['key', 'path', 'section'],
  contacts: ['key', 'email', 'phone', 'fax'],
  redirects: ['from', 'to', 'status'],
  check: ['budgets', 'sameInAllLocales', 'staleTranslations', 'removedPages'],
  security: POLICY_DIRECTIVES,
  scripts: ['src', 'defer', 'async', 'attributes', 'consent'],
  'check.budgets': BUDGETS,
};

/** A key the configuration does not know; `nth`: which of the list's keys of that name it is. */
export interface UnknownKey {
  readonly field: string;
  readonly nth: number;
  readonly known: readonly string[];
  readonly nearest: string | undefined;
}

/** Every key of the configuration, at any level, that none of its settings has. */
export function findUnknownKeys(input: Record<string, unknown>): UnknownKey[] {
  return Object.entries(KNOWN_KEYS).flatMap(([where, known]) => {
    let value: unknown = input;
    for (const part of where ? where.split('.') : []) value = isRecord(value) ? value[part] : undefined;
    const objects = Array.isArray(value) ? value : [value];
    const seen = new Map<string, number>();
    return objects.filter(isRecord).flatMap((object, i) =>
      Object.keys(object)
        .filter((key) => !known.includes(key))
        .map((key): UnknownKey => {
          const nth = seen.get(key) ?? 0;
          seen.set(key, nth + 1);
          const field = [where, Array.isArray(value) ? String(i) : '', key].filter(Boolean).join('.');
          return { field, nth, known, nearest: toNearestName(key, known) };
        }),
    );
  });
}

/** The known name `name` is likely a typo of: one edit away, or two for five letters or more. */
export function toNearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = name.length <= 4 ? 2 : 3;
  for (const candidate of known) {
    const distance = toEditDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Optimal string alignment distance; lengths more than two apart are farther than any typo anyway. */
function toEditDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Math.abs(a.length - b.length);
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row.push(d);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length] ?? 0;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** A list whose every item passes `test`. */
export function isListOf(v: unknown, test: (item: unknown) => boolean): boolean {
  return Array.isArray(v) && v.every(test);
}
export function isText(v: unknown): boolean {
  return typeof v === 'string' && v.trim() !== '';
}
/** A key or code: a letter, then letters, digits and `-`. */
export function isName(v: unknown): boolean {
  return typeof v === 'string' && /^[A-Za-z][A-Za-z0-9-]*$/.test(v);
}
function isColor(v: unknown): boolean {
  return typeof v === 'string' && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v);
}

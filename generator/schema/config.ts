import { z } from 'zod';
import { EMAIL, PHONE } from '../../runtime/contacts.ts';
import { flag, says, settings, strings, text, whole } from './issues.ts';
import { OLD_ADDRESS_RULE, isOldAddress, isRedirectTarget } from './redirects.ts';
import { SCRIPTS, SECURITY } from './security.ts';

// What `site/site.config.ts` may hold, each setting declared once with its rule, its message and
// its default; the configuration's types are inferred from it (README: Configuration reference).

/** A key or code: a letter, then letters, digits and `-`. */
const NAME = /^[A-Za-z][A-Za-z0-9-]*$/;
const nonEmpty = (value: string) => value.trim() !== '';

const LOCALE = settings(
  {
    /** Code used in route names, file names and the cookie: `zhHant`, `en`. */
    code: text(NAME, 'must be a word of letters and digits, such as `zhHant` or `en`'),
    /** ISO tag for `<html lang>` and hreflang: `zh-Hant`, `en-US`. */
    iso: text(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag, such as `zh-Hant` or `en-US`'),
    name: text(nonEmpty, 'must be a non-empty string'),
    /** URL prefix: `` for the default locale, `/en` for English. */
    prefix: text(/^(|\/[a-z][a-z0-9-]*)$/, 'must be empty or a path segment such as `/en`'),
    /** `og:locale` value, a locale share dialogs know: `zh_TW`, `en_US`. */
    ogLocale: text(
      /^[a-z]{2,3}_[A-Z]{2}$/,
      'must be a language and a country, such as `zh_TW` or `en_US`: the locales share dialogs know',
      'Facebook, LINE and LinkedIn read `og:locale` as language_COUNTRY; a script (`zh_Hant`) is none of theirs.',
    ),
    /** The brand in this language: the `<title>` suffix, `og:site_name`, the WebSite's name. */
    siteTitle: text(nonEmpty, 'must be a non-empty string (the brand, such as `CloudWing`)'),
    /** Between a page title and the brand (` | `, `｜`); the configuration's `titleSeparator` when absent. */
    titleSeparator: z.string({ error: 'must be a string' }).optional(),
    /** The brand's claim: the home page's title after the brand, and the WebSite's description. */
    claim: text(nonEmpty, 'must be a non-empty string').optional(),
  },
  'must be an object { code, iso, name, prefix, ogLocale, siteTitle }',
);

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;
/** A field of each object of a list, whatever else the list holds. */
const fieldsOf = (list: unknown, key: string): unknown[] =>
  Array.isArray(list)
    ? list.flatMap((entry: unknown) =>
        typeof entry === 'object' && entry !== null ? [(entry as Record<string, unknown>)[key]] : [],
      )
    : [];

/** Checks across the locales, made even when one of them is wrong. */
function checkLocales(list: unknown, ctx: z.RefinementCtx): void {
  const iso = fieldsOf(list, 'iso').map((tag) => (typeof tag === 'string' ? tag.toLowerCase() : tag));
  const prefixes = fieldsOf(list, 'prefix');
  const faults: [boolean, string][] = [
    [distinct(fieldsOf(list, 'code')), 'has two locales with the same code'],
    [
      distinct(iso),
      'has two locales with the same language tag (`iso`): their `lang`, `hreflang` and alternate links could not tell them apart',
    ],
    [distinct(prefixes), 'has two locales with the same prefix: their pages would be written to the same addresses'],
    [
      prefixes.filter((p) => p === '').length === 1,
      'needs exactly one locale with the empty prefix (the default locale at bare paths)',
    ],
  ];
  for (const [ok, message] of faults) if (!ok) ctx.addIssue({ code: 'custom', message });
}

const ORGANIZATION_HINT =
  "Write `organization: { country: 'TW', postalCode: '337', stations: [{ iataCode: 'TPE', headquarters: true }] }`.";

const STATION = settings(
  {
    iataCode: text(/^[A-Z]{3}$/, "must be an airport's three-letter IATA code such as `TPE`"),
    headquarters: flag().optional(),
  },
  'must be an object { iataCode, headquarters? }',
);

/** The company's facts for search engines, the same in every language (behaviour.md: Sharing). */
const ORGANIZATION = settings(
  {
    /** ISO 3166 code of the country of its address and stations: `TW`. */
    country: text(/^[A-Z]{2}$/, 'must be a two-letter country code such as `TW`'),
    postalCode: text(/^[A-Za-z0-9 -]{2,10}$/, 'must be a postal code such as `337`').optional(),
    stations: z
      .array(STATION, { error: says('must be a list of { iataCode, headquarters? }', ORGANIZATION_HINT) })
      .refine((list) => distinct(list.map((station) => station.iataCode)), { error: 'lists an airport twice' }),
  },
  'must be an object with country, postalCode and stations',
  ORGANIZATION_HINT,
);

const color = (example: string) =>
  text(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, `must be a hex colour such as \`${example}\``);

const THEME = settings(
  {
    dark: flag(),
    primary: color('#0066cc'),
    secondary: color('#03dac6'),
    ripple: flag(),
    /** WOFF2 fonts every page's head preloads (behaviour.md: Presentation). Default none. */
    preloadFonts: strings(
      (href) => /^\/[^/].*\.woff2$/.test(href),
      'must be a list of root-relative URLs of WOFF2 files, such as `/fonts/brand.woff2`',
    ).optional(),
  },
  'must be an object with dark, primary, secondary and ripple',
);

const count = () => whole('must be a positive whole number');

/** Browser runtime constants (behaviour.md: Constants). */
const RUNTIME = settings(
  {
    cookieName: text(/^[A-Za-z0-9_-]+$/, 'must be a cookie name of letters, digits, `_` and `-`'),
    cookieMaxAgeDays: count(),
    reloadGuardMs: count(),
    idleCheckDelayMs: count(),
    prefetchLimit: count(),
    repaintWaitMs: count(),
    notificationMs: count(),
    drawerWidth: count(),
    railWidth: whole('must be a whole number of px (0: no rail)', 0),
  },
  'must be an object with the runtime constants',
);

/** A main navigation entry: a `nav` label key and its route. */
const NAV_ITEM = settings(
  {
    key: text(NAME, 'must be a key of the `nav` namespace'),
    path: text(
      /^\/([a-z0-9][a-zA-Z0-9-]*(\/[a-z0-9][a-zA-Z0-9-]*)*)?$/,
      'must be a root-relative route path without a trailing slash',
    ),
    /** The section whose pages its menu lists. */
    section: z.string({ error: 'must be the name of a section' }).optional(),
  },
  'must be an object { key, path, section? }',
);

const PHONE_HINT =
  'Write the number as the site shows it: `+`, the country code, then groups of digits (`+886-3-555-0100`).';
const phone = () =>
  text(new RegExp(`^${PHONE}$`), 'must be an international number such as `+886-3-555-0100`', PHONE_HINT).optional();

/** The patterns are those that link contact details in text (runtime/contacts.ts). */
const CONTACT = settings(
  {
    /** Its label is `common:contacts.<key>`. */
    key: text(NAME, 'must be a word of letters, digits and `-`, such as `recruit`'),
    email: text(new RegExp(`^${EMAIL}$`), 'must be an e-mail address such as `recruit@cloudwing.example`'),
    phone: phone(),
    fax: phone(),
  },
  'must be an object { key, email, phone?, fax? }',
);

const REDIRECT_HINT =
  "Write each entry as `{ from: '/old-path', to: '/new-path' }`, with `status: 302` for a move that is not for good.";

/** A configured redirect; `to` is a path or an https URL (behaviour.md: Moved and removed pages). */
const REDIRECT = settings(
  {
    from: text(isOldAddress, `must be ${OLD_ADDRESS_RULE}`, REDIRECT_HINT),
    to: text(
      isRedirectTarget,
      'must be a root-relative path of this site (`/en/jobs`) or an `https://` URL',
      REDIRECT_HINT,
    ),
    status: z.literal([301, 302], { error: 'must be 301 or 302' }).default(301),
  },
  'must be an object { from, to, status? }',
  REDIRECT_HINT,
);

const kb = (fallback: number) =>
  z
    .number({ error: 'must be a positive number of KB' })
    .positive({ error: 'must be a positive number of KB' })
    .default(fallback);
const level = () => z.enum(['warning', 'error'], { error: "must be 'warning' or 'error'" }).default('warning');

const CHECK = settings(
  {
    /** KB of gzip a page may load (behaviour.md: Pages on demand, Constants). */
    budgets: settings(
      {
        jsKb: kb(20),
        idleJsKb: kb(120),
        cssKb: kb(20),
        payloadKb: kb(30),
        /** The largest file of a photo a page shows (behaviour.md: Images). */
        imageKb: kb(200),
        /** Fonts its text needs and those it preloads (behaviour.md: Presentation). */
        fontKb: kb(100),
      },
      'must be an object of sizes in KB',
    ).prefault({}),
    /** Strings that may read the same in every locale (names, codes): no warning for them. */
    sameInAllLocales: strings(() => true, 'must be a list of strings').default([]),
    /** behaviour.md: Translations. */
    staleTranslations: level(),
    /** behaviour.md: Moved and removed pages. */
    removedPages: level(),
  },
  'must be an object with budgets and sameInAllLocales',
);

/** The static hosts the output can be shaped for (behaviour.md: Hosts). */
export const HOSTS = ['portable', 'nginx', 'cloudflare-pages', 'netlify', 'github-pages', 's3'] as const;
export type HostName = (typeof HOSTS)[number];

/** The origin of a plain absolute http(s) URL, else null; outer blanks dropped (a YAML block's CI variable). */
export function toBaseUrl(value: string): string | null {
  const trimmed = value.trim();
  if (/\s/.test(trimmed) || [...trimmed].some((ch) => ch < ' ' || ch === '\u007f')) return null;
  try {
    const url = new URL(trimmed);
    const plain =
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (url.pathname === '/' || url.pathname === '') &&
      !url.search &&
      !url.hash &&
      // Credentials would be written into every page, the sitemap and the feeds.
      !url.username &&
      !url.password;
    return plain ? url.origin : null;
  } catch {
    return null;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

/** What `site/site.config.ts` exports. Paths are relative to the site root. */
export const SITE_CONFIG = settings(
  {
    locales: z
      .array(LOCALE, { error: 'must be a non-empty list of locales' })
      .min(1, { error: 'must be a non-empty list of locales' })
      .superRefine(checkLocales, { when: () => true }),
    /** Each a code of the locales (checkLocaleChoices). */
    defaultLocale: z.string({ error: 'must be one of the locale codes' }),
    fallbackLocale: z.string({ error: 'must be one of the locale codes' }),
    baseUrl: text(
      (url) => toBaseUrl(url) !== null,
      'must be an absolute http(s) URL without a path, user name or password, such as `https://cloudwing.example`',
    ).optional(),
    /** The static host the output is shaped for (behaviour.md: Hosts). */
    host: z.enum(HOSTS, { error: `must be one of ${HOSTS.map((h) => `\`${h}\``).join(', ')}` }).default('portable'),
    /** How many entries a page of a long list shows (behaviour.md: Long lists). */
    listPageSize: whole('must be a positive whole number (the entries a page of a long list shows)').default(24),
    titleSeparator: z.string({ error: 'must be a string' }).default(' | '),
    /** Terms the Chinese word breaker must not split (營運控制中心) (behaviour.md: Presentation). */
    keepWhole: strings(
      (word) => /^\S{2,}$/.test(word),
      'must be a list of words of two or more characters without spaces, such as `營運控制中心`',
    ).default([]),
    theme: THEME,
    runtime: RUNTIME,
    navigation: z.array(NAV_ITEM, { error: 'must be a list of { key, path } entries' }),
    contacts: z
      .array(CONTACT, { error: 'must be a list of { key, email, phone?, fax? } entries' })
      .refine((list) => distinct(list.map((contact) => contact.key)), { error: 'has two entries with the same key' })
      .default([]),
    /** Old addresses no page carries (a removed section, a campaign URL), sent on with a redirect. */
    redirects: z.array(REDIRECT, { error: 'must be a list of { from, to, status? } entries' }).default([]),
    check: CHECK.prefault({}),
    /** The zone whose calendar day decides what is published (behaviour.md: Publishing). */
    timeZone: text(
      isTimeZone,
      'must be an IANA time zone such as `Asia/Taipei`',
      'The calendar day of this zone decides when a scheduled page goes live and an expiring one goes out.',
    ).default('UTC'),
    /** Lines added to `robots.txt` (behaviour.md: Sitemap and robots). */
    robots: strings(
      (line) => !/[\r\n]/.test(line),
      'must be a list of lines for robots.txt, each without a line break',
      "Write each rule as a line of its own: `robots: ['User-agent: GPTBot', 'Disallow: /']`.",
    ).default([]),
    /** The branch Cloudflare Pages publishes as production. */
    productionBranch: text(nonEmpty, 'must be the name of a branch, such as `main`').default('main'),
    /** behaviour.md: Security policy. */
    security: SECURITY.default({}),
    scripts: SCRIPTS.default([]),
    organization: ORGANIZATION.optional(),
  },
  'it has no default export object',
).superRefine(checkLocaleChoices, { when: () => true });

/** `defaultLocale` and `fallbackLocale`: codes of the locales, the default one at bare paths. */
function checkLocaleChoices(config: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const codes = fieldsOf(config.locales, 'code');
  const known = `must be one of the locale codes (${codes.join(', ')})`;
  const bare = fieldsOf(config.locales, 'prefix')[codes.indexOf(config.defaultLocale)];
  // A missing code is the field's own problem.
  const listed = (code: unknown) => typeof code !== 'string' || codes.includes(code);
  const faults: [string, boolean, string][] = [
    ['defaultLocale', listed(config.defaultLocale), known],
    ['defaultLocale', bare === '', 'must be the locale with the empty prefix'],
    ['fallbackLocale', listed(config.fallbackLocale), known],
  ];
  for (const [field, ok, message] of faults) if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
}

export type SiteConfigInput = z.input<typeof SITE_CONFIG>;
/** The configuration checked, with the defaults of its settings. */
export type SiteSettings = z.output<typeof SITE_CONFIG>;
export type LocaleConfig = Readonly<z.output<typeof LOCALE>>;
export type OrganizationConfig = Readonly<z.output<typeof ORGANIZATION>>;
export type ThemeConfig = Readonly<z.output<typeof THEME>>;
export type RuntimeConfig = Readonly<z.output<typeof RUNTIME>>;
export type NavItem = Readonly<
  z.output<typeof NAV_ITEM> & { /** Its line in the configuration file. */ line?: number }
>;
export type CheckConfig = Readonly<z.output<typeof CHECK>>;
export type SiteRedirect = Readonly<z.output<typeof REDIRECT>>;
export type SecurityConfig = Readonly<z.output<typeof SECURITY>>;
export type SiteScript = Readonly<z.output<typeof SCRIPTS>[number]>;

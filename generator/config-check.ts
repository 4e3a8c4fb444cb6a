import { toProblem } from './problems/problem.ts';
import type { SiteProblem } from './types.ts';
import { HOSTS } from './hosts.ts';
import {
  findUnknownKeys,
  isListOf,
  isName,
  isRecord,
  isText,
  validateCheck,
  validateContacts,
  validateOrganization,
  validateRedirects,
  validateRuntime,
  validateTheme,
  type Check,
  type UnknownKey,
} from './config-sections.ts';
import { findListItemLine, validateScripts, validateSecurity } from './config-security.ts';

export const CONFIG_FILE = 'site/site.config.ts';

const isUnique = (values: readonly unknown[]) => new Set(values).size === values.length;

/** Every problem of the configuration at once, each naming its field and line. */
export function validateConfig(input: unknown, source: string): SiteProblem[] {
  const at = (line: number) => ({ file: CONFIG_FILE, line, column: 1 });
  if (!isRecord(input)) return [toProblem('CONFIG_LOAD', { reason: 'it has no default export object' }, at(1))];
  const locales = Array.isArray(input.locales) ? input.locales.filter(isRecord) : [];
  const checks: Check[] = [
    ...validateLocales(input.locales, locales),
    ...validateLocaleChoices(input, locales),
    ...validateSettings(input),
    ...validateTheme(input.theme),
    ...validateCheck(input.check),
    ...validateContacts(input.contacts),
    ...validateOrganization(input.organization),
    ...validateRuntime(input.runtime),
    ...validateNavigation(input.navigation),
    ...validatePublishing(input),
    ...validateRedirects(input.redirects),
    ...validateSecurity(input.security),
    ...validateScripts(input.scripts),
  ];
  const problems = checks
    .filter(([, ok]) => !ok)
    .map(([field, , reason, hint]) =>
      toProblem('CONFIG_INVALID', { field, reason, hint }, at(findFieldLine(source, field))),
    );
  return [...problems, ...findUnknownKeys(input).map((unknown) => toUnknownKeyProblem(unknown, source))];
}

/** A key no setting has, with the setting it likely misspells. */
function toUnknownKeyProblem({ field, nth, known, nearest }: UnknownKey, source: string): SiteProblem {
  const reason = 'is not a setting, and would be ignored';
  const hint = nearest
    ? `Did you mean \`${nearest}\`? Rename the key.`
    : `The settings here are ${known.map((k) => `\`${k}\``).join(', ')}; remove the key or name one of them.`;
  const loc = { file: CONFIG_FILE, line: findFieldLine(source, field, nth), column: 1 };
  return toProblem('CONFIG_INVALID', { field, reason, hint }, loc);
}

function validateLocales(list: unknown, locales: readonly Record<string, unknown>[]): Check[] {
  return [
    ['locales', Array.isArray(list) && list.length >= 1, 'must be a non-empty list of locales'],
    ...locales.flatMap(validateLocale),
    ['locales', isUnique(locales.map((l) => l.code)), 'has two locales with the same code'],
    [
      'locales',
      isUnique(locales.map((l) => (typeof l.iso === 'string' ? l.iso.toLowerCase() : l.iso))),
      'has two locales with the same language tag (`iso`): their `lang`, `hreflang` and alternate links could not tell them apart',
    ],
    [
      'locales',
      isUnique(locales.map((l) => l.prefix)),
      'has two locales with the same prefix: their pages would be written to the same addresses',
    ],
    [
      'locales',
      locales.filter((l) => l.prefix === '').length === 1,
      'needs exactly one locale with the empty prefix (the default locale at bare paths)',
    ],
  ];
}

function validateLocale(l: Record<string, unknown>, i: number): Check[] {
  return [
    [`locales.${i}.code`, isName(l.code), 'must be a word of letters and digits, such as `zhHant` or `en`'],
    [
      `locales.${i}.iso`,
      typeof l.iso === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(l.iso),
      'must be a BCP 47 language tag, such as `zh-Hant` or `en-US`',
    ],
    [`locales.${i}.name`, isText(l.name), 'must be a non-empty string'],
    [
      `locales.${i}.prefix`,
      typeof l.prefix === 'string' && /^(|\/[a-z][a-z0-9-]*)$/.test(l.prefix),
      'must be empty or a path segment such as `/en`',
    ],
    [
      `locales.${i}.ogLocale`,
      typeof l.ogLocale === 'string' && /^[a-z]{2,3}_[A-Z]{2}$/.test(l.ogLocale),
      'must be a language and a country, such as `zh_TW` or `en_US`: the locales share dialogs know',
      'Facebook, LINE and LinkedIn read `og:locale` as language_COUNTRY; a script (`zh_Hant`) is none of theirs.',
    ],
    [`locales.${i}.siteTitle`, isText(l.siteTitle), 'must be a non-empty string (the brand, such as `CloudWing`)'],
    [
      `locales.${i}.titleSeparator`,
      l.titleSeparator === undefined || typeof l.titleSeparator === 'string',
      'must be a string',
    ],
    [`locales.${i}.claim`, l.claim === undefined || isText(l.claim), 'must be a non-empty string'],
  ];
}

function validateLocaleChoices(c: Record<string, unknown>, locales: readonly Record<string, unknown>[]): Check[] {
  const codes = locales.map((l) => l.code);
  return [
    ['defaultLocale', codes.includes(c.defaultLocale), `must be one of the locale codes (${codes.join(', ')})`],
    [
      'defaultLocale',
      locales.find((l) => l.code === c.defaultLocale)?.prefix === '',
      'must be the locale with the empty prefix',
    ],
    ['fallbackLocale', codes.includes(c.fallbackLocale), `must be one of the locale codes (${codes.join(', ')})`],
  ];
}

function validateSettings(c: Record<string, unknown>): Check[] {
  return [
    [
      'baseUrl',
      c.baseUrl === undefined || (typeof c.baseUrl === 'string' && toBaseUrl(c.baseUrl) !== null),
      'must be an absolute http(s) URL without a path, user name or password, such as `https://cloudwing.example`',
    ],
    [
      'host',
      c.host === undefined || (HOSTS as readonly unknown[]).includes(c.host),
      `must be one of ${HOSTS.map((h) => `\`${h}\``).join(', ')}`,
    ],
    [
      'listPageSize',
      c.listPageSize === undefined ||
        (typeof c.listPageSize === 'number' && Number.isInteger(c.listPageSize) && c.listPageSize > 0),
      'must be a positive whole number (the entries a page of a long list shows)',
    ],
    ['titleSeparator', c.titleSeparator === undefined || typeof c.titleSeparator === 'string', 'must be a string'],
    [
      'keepWhole',
      c.keepWhole === undefined || isListOf(c.keepWhole, (word) => typeof word === 'string' && /^\S{2,}$/.test(word)),
      'must be a list of words of two or more characters without spaces, such as `營運控制中心`',
    ],
  ];
}

function validatePublishing(c: Record<string, unknown>): Check[] {
  return [
    [
      'timeZone',
      c.timeZone === undefined || isTimeZone(c.timeZone),
      'must be an IANA time zone such as `Asia/Taipei`',
      'The calendar day of this zone decides when a scheduled page goes live and an expiring one goes out.',
    ],
    [
      'robots',
      c.robots === undefined || isListOf(c.robots, (line) => typeof line === 'string' && !/[\r\n]/.test(line)),
      'must be a list of lines for robots.txt, each without a line break',
      "Write each rule as a line of its own: `robots: ['User-agent: GPTBot', 'Disallow: /']`.",
    ],
    [
      'productionBranch',
      c.productionBranch === undefined || (typeof c.productionBranch === 'string' && c.productionBranch.trim() !== ''),
      'must be the name of a branch, such as `main`',
    ],
  ];
}

function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function validateNavigation(navigation: unknown): Check[] {
  return [
    ['navigation', Array.isArray(navigation), 'must be a list of { key, path } entries'],
    ...(Array.isArray(navigation) ? navigation : []).flatMap((n: unknown, i): Check[] => [
      [`navigation.${i}.key`, isRecord(n) && isName(n.key), 'must be a key of the `nav` namespace'],
      [
        `navigation.${i}.path`,
        isRecord(n) &&
          typeof n.path === 'string' &&
          /^\/([a-z0-9][a-zA-Z0-9-]*(\/[a-z0-9][a-zA-Z0-9-]*)*)?$/.test(n.path),
        'must be a root-relative route path without a trailing slash',
      ],
    ]),
  ];
}

/**
 * A field's line: `locales.1.prefix` is the second `prefix` after `locales`, `scriptSrc[1]` an item;
 * `last` counts among the entries that hold the key.
 */
export function findFieldLine(source: string, field: string, last?: number): number {
  const item = /^(.*)\[(\d+)\]$/.exec(field);
  if (item) {
    const keyLine = findFieldLine(source, item[1] as string, last);
    return findListItemLine(source.split('\n'), keyLine - 1, Number(item[2])) + 1;
  }
  const parts = field.split('.');
  const lines = source.split('\n');
  let from = 0;
  parts.forEach((key, p) => {
    if (/^\d+$/.test(key)) return;
    const previous = parts[p - 1];
    const nth =
      p === parts.length - 1 && last !== undefined
        ? last
        : previous !== undefined && /^\d+$/.test(previous)
          ? Number(previous)
          : 0;
    // Quoted or not; an unknown key is the user's text, read as text.
    const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`);
    let seen = -1;
    const at = lines.findIndex((line, i) => i >= from && pattern.test(line) && ++seen === nth);
    if (at >= 0) from = at;
  });
  return from + 1;
}

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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESBUILD_VERSION, runEsbuild } from './esbuild.ts';
import { SiteError, toProblem } from './problems/problem.ts';
import { hashBytes, hashFile, readRecord, removeUnused, writeRecord, type InputRecord } from './file-cache.ts';
import { CACHES } from './caches.ts';
import type { HostName, SiteConfig, SiteConfigInput, SiteProblem, SourceLoc } from './types.ts';
import { HOSTS } from './hosts.ts';
import { EMAIL as EMAIL_PATTERN, PHONE as PHONE_PATTERN } from '../runtime/contacts.ts';
import { withoutExit } from './node-module.ts';

export const CONFIG_FILE = 'site/site.config.ts';

/** Typed identity for `site/site.config.ts`. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

export interface ConfigOverrides {
  /** Overrides the configured base URL (`--base-url`, then `SITE_BASE_URL`). */
  baseUrl?: string | undefined;
  /** Overrides the configured host (`site build --host`). */
  host?: HostName | undefined;
}

/** Reads, validates and settles `site/site.config.ts` once; everything downstream reads the result. */
export async function loadConfig(
  root: string,
  overrides: ConfigOverrides = {},
  imported?: Map<string, unknown>,
): Promise<SiteConfig> {
  const configFile = path.join(root, CONFIG_FILE);
  const source = await readFile(configFile, 'utf8').catch((cause: unknown) => {
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    const problem = missing
      ? toProblem('CONFIG_MISSING', { file: configFile, root })
      : toProblem(
          'CONFIG_LOAD',
          { reason: `${CONFIG_FILE} cannot be read` },
          { file: CONFIG_FILE, line: 1, column: 1 },
        );
    throw new SiteError([problem], { cause });
  });
  // Watch mode passes what the last import of the same source gave: no compile, no new module.
  const input = imported?.has(source) ? imported.get(source) : await importConfigModule(configFile, source, root);
  if (imported && !imported.has(source)) {
    imported.clear();
    imported.set(source, input);
  }
  const problems = validateConfig(input, source);
  if (problems.length > 0) throw new SiteError(problems);
  return resolveConfig(root, input as SiteConfigInput, source, overrides);
}

/** A compiled configuration and the files it was compiled from (root-relative → content hash). */
interface ConfigRecord extends InputRecord {
  readonly code: string;
}

async function importConfigModule(configFile: string, source: string, root: string): Promise<unknown> {
  const loc = { file: CONFIG_FILE, line: 1, column: 1 };
  const code = await compileConfig(configFile, source, root, loc);
  try {
    const mod = (await withoutExit(
      () => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`),
    )) as {
      default?: unknown;
    };
    return mod.default;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError([toProblem('CONFIG_LOAD', { reason }, loc)], { cause });
  }
}

/**
 * The configuration compiled to JavaScript. Every command reads it first, so the result is kept
 * in the build's cache (keyed by the file's text and esbuild's version, verified by every file it
 * imports): a command whose configuration has not changed starts without compiling it.
 */
async function compileConfig(configFile: string, source: string, root: string, loc: SourceLoc): Promise<string> {
  const record = path.join(CACHES.config.dir, `${hashBytes([ESBUILD_VERSION, source].join('\0')).slice(0, 20)}.json`);
  const toPath = (input: string) => path.resolve(root, input);
  const cached = await readRecord<ConfigRecord>(record, CACHES.config.format, toPath);
  if (cached) return cached.code;
  const result = await runEsbuild(
    {
      entryPoints: [configFile],
      absWorkingDir: root,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      sourcemap: false,
      metafile: true,
    },
    'CONFIG_LOAD',
    loc,
  );
  const code = result.outputFiles[0]?.text ?? '';
  // The configuration itself is verified too: a save while it compiled must not leave this code
  // under the name of a text it was not compiled from.
  const files = Object.keys(result.metafile?.inputs ?? {}).filter((f) => !f.includes(':'));
  const inputs = Object.fromEntries(
    await Promise.all(files.map(async (f) => [f, (await hashFile(toPath(f))) ?? ''] as const)),
  );
  const fresh: ConfigRecord = { format: CACHES.config.format, inputs, code };
  await writeRecord(record, fresh);
  await removeUnused(path.dirname(record), (name) => name.endsWith('.json'));
  return code;
}

type Check = [field: string, ok: boolean, reason: string, hint?: string];

const isUnique = (values: readonly unknown[]) => new Set(values).size === values.length;

/** Every problem of the configuration at once, each naming its field and line. */
export function validateConfig(input: unknown, source: string): SiteProblem[] {
  if (!isRecord(input)) {
    return [
      toProblem(
        'CONFIG_LOAD',
        { reason: 'it has no default export object' },
        { file: CONFIG_FILE, line: 1, column: 1 },
      ),
    ];
  }
  const c = input;
  const locales = Array.isArray(c.locales) ? c.locales.filter(isRecord) : [];
  const codes = locales.map((l) => l.code);
  const checks: Check[] = [
    ['locales', Array.isArray(c.locales) && c.locales.length >= 1, 'must be a non-empty list of locales'],
    ...locales.flatMap((l, i): Check[] => [
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
        typeof l.ogLocale === 'string' && /^[a-z]{2,3}_[A-Za-z]{2,4}$/.test(l.ogLocale),
        'must look like `zh_Hant` or `en_US`',
      ],
      [`locales.${i}.siteTitle`, isText(l.siteTitle), 'must be a non-empty string'],
    ]),
    ['locales', new Set(codes).size === codes.length, 'has two locales with the same code'],
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
    ['defaultLocale', codes.includes(c.defaultLocale), `must be one of the locale codes (${codes.join(', ')})`],
    [
      'defaultLocale',
      locales.find((l) => l.code === c.defaultLocale)?.prefix === '',
      'must be the locale with the empty prefix',
    ],
    ['fallbackLocale', codes.includes(c.fallbackLocale), `must be one of the locale codes (${codes.join(', ')})`],
    [
      'baseUrl',
      c.baseUrl === undefined || isBaseUrl(c.baseUrl),
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
      c.keepWhole === undefined ||
        (Array.isArray(c.keepWhole) &&
          c.keepWhole.every((word: unknown) => typeof word === 'string' && /^\S{2,}$/.test(word))),
      'must be a list of words of two or more characters without spaces, such as `營運控制中心`',
    ],
    ...validateTheme(c.theme),
    ...validateCheck(c.check),
    ...validateContacts(c.contacts),
    ...validateRuntime(c.runtime),
    ['navigation', Array.isArray(c.navigation), 'must be a list of { key, path } entries'],
    ...(Array.isArray(c.navigation) ? c.navigation : []).flatMap((n: unknown, i): Check[] => [
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
  return checks
    .filter(([, ok]) => !ok)
    .map(([field, , reason, hint]) =>
      toProblem(
        'CONFIG_INVALID',
        { field, reason, hint },
        { file: CONFIG_FILE, line: findFieldLine(source, field), column: 1 },
      ),
    );
}

function validateTheme(theme: unknown): Check[] {
  if (!isRecord(theme)) return [['theme', false, 'must be an object with dark, primary, secondary and ripple']];
  return [
    ['theme.dark', typeof theme.dark === 'boolean', 'must be true or false'],
    ['theme.primary', isColor(theme.primary), 'must be a hex colour such as `#0066cc`'],
    ['theme.secondary', isColor(theme.secondary), 'must be a hex colour such as `#03dac6`'],
    ['theme.ripple', typeof theme.ripple === 'boolean', 'must be true or false'],
  ];
}

function validateCheck(check: unknown): Check[] {
  if (check === undefined) return [];
  if (!isRecord(check)) return [['check', false, 'must be an object with budgets and sameInAllLocales']];
  const budgets = isRecord(check.budgets) ? check.budgets : {};
  return [
    ['check.budgets', check.budgets === undefined || isRecord(check.budgets), 'must be an object of sizes in KB'],
    ...(['jsKb', 'cssKb', 'payloadKb'] as const).map((key): Check => [
      `check.budgets.${key}`,
      budgets[key] === undefined || (typeof budgets[key] === 'number' && budgets[key] > 0),
      'must be a positive number of KB',
    ]),
    [
      'check.sameInAllLocales',
      check.sameInAllLocales === undefined ||
        (Array.isArray(check.sameInAllLocales) && check.sameInAllLocales.every((v) => typeof v === 'string')),
      'must be a list of strings',
    ],
    [
      'check.staleTranslations',
      check.staleTranslations === undefined ||
        check.staleTranslations === 'warning' ||
        check.staleTranslations === 'error',
      "must be 'warning' or 'error'",
    ],
  ];
}

// The same patterns that link contact details in text (runtime/contacts.ts), for a whole value.
const EMAIL = new RegExp(`^${EMAIL_PATTERN}$`);
const PHONE = new RegExp(`^${PHONE_PATTERN}$`);
const PHONE_HINT =
  'Write the number as the site shows it: `+`, the country code, then groups of digits (`+886-3-555-0100`).';

function validateContacts(contacts: unknown): Check[] {
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

function validateRuntime(runtime: unknown): Check[] {
  if (!isRecord(runtime)) return [['runtime', false, 'must be an object with the runtime constants']];
  return [
    [
      'runtime.cookieName',
      typeof runtime.cookieName === 'string' && /^[A-Za-z0-9_-]+$/.test(runtime.cookieName),
      'must be a cookie name of letters, digits, `_` and `-`',
    ],
    ...RUNTIME_NUMBERS.map((key): Check => [
      `runtime.${key}`,
      typeof runtime[key] === 'number' && Number.isInteger(runtime[key]) && runtime[key] > 0,
      'must be a positive whole number',
    ]),
  ];
}

function resolveConfig(root: string, input: SiteConfigInput, source: string, overrides: ConfigOverrides): SiteConfig {
  // `--base-url ''` asks for none; SITE_BASE_URL set to nothing (a CI variable that is not
  // defined) is unset, and the configuration's applies.
  const [given, from] =
    overrides.baseUrl !== undefined
      ? [overrides.baseUrl, 'from --base-url']
      : process.env.SITE_BASE_URL?.trim()
        ? [process.env.SITE_BASE_URL, 'from SITE_BASE_URL']
        : [input.baseUrl, 'from the configuration'];
  const baseUrl = given?.trim() ? toBaseUrl(given) : null;
  if (given?.trim() && baseUrl === null) {
    throw new SiteError([
      toProblem('CONFIG_INVALID', {
        field: 'baseUrl',
        // Quoted as JSON: a line break or a tab in it shows as `\n` or `\t`.
        reason: `${JSON.stringify(given)} (${from}) is not an absolute http(s) URL without a path, user name or password, or has a space or line break inside`,
      }),
    ]);
  }
  if (overrides.host !== undefined && !HOSTS.includes(overrides.host)) {
    throw new SiteError([
      toProblem('CONFIG_INVALID', {
        field: 'host',
        reason: `\`${String(overrides.host)}\` (from --host) is none of ${HOSTS.join(', ')}`,
      }),
    ]);
  }
  const site = path.join(root, 'site');
  return Object.freeze({
    root,
    configFile: path.join(root, CONFIG_FILE),
    contentDir: path.join(site, 'content'),
    localesDir: path.join(site, 'locales'),
    templatesDir: path.join(site, 'templates'),
    publicDir: path.join(site, 'public'),
    locales: Object.freeze(input.locales.map((l) => Object.freeze({ ...l }))),
    defaultLocale: input.defaultLocale,
    fallbackLocale: input.fallbackLocale,
    baseUrl,
    host: overrides.host ?? input.host ?? 'portable',
    listPageSize: input.listPageSize ?? 24,
    titleSeparator: input.titleSeparator ?? ' | ',
    keepWhole: Object.freeze([...(input.keepWhole ?? [])]),
    theme: Object.freeze({ ...input.theme }),
    runtime: Object.freeze({ ...input.runtime }),
    navigation: Object.freeze(input.navigation.map((n) => Object.freeze({ ...n, line: findNavLine(source, n.path) }))),
    contacts: Object.freeze((input.contacts ?? []).map((c) => Object.freeze({ ...c }))),
    check: Object.freeze({
      budgets: Object.freeze({ jsKb: 75, cssKb: 20, payloadKb: 30, ...input.check?.budgets }),
      sameInAllLocales: Object.freeze([...(input.check?.sameInAllLocales ?? [])]),
      staleTranslations: input.check?.staleTranslations ?? 'warning',
    }),
  });
}

/**
 * The line of a field's last key in the config source, so an error points where to edit. An index
 * (`locales.1.prefix`) counts the key's lines from there: the second locale's `prefix`, not the first.
 */
function findFieldLine(source: string, field: string): number {
  const parts = field.split('.');
  const lines = source.split('\n');
  let from = 0;
  parts.forEach((key, p) => {
    if (/^\d+$/.test(key)) return;
    const previous = parts[p - 1];
    const nth = previous !== undefined && /^\d+$/.test(previous) ? Number(previous) : 0;
    const pattern = new RegExp(`(^|[\\s{,])${key}\\s*:`);
    let seen = -1;
    const at = lines.findIndex((line, i) => i >= from && pattern.test(line) && ++seen === nth);
    if (at >= 0) from = at;
  });
  return from + 1;
}

function findNavLine(source: string, routePath: string): number {
  const index = source
    .split('\n')
    .findIndex((line) => line.includes(`'${routePath}'`) || line.includes(`"${routePath}"`));
  return index + 1 || 1;
}

/** A plain object: not null, not a list. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isText(v: unknown): boolean {
  return typeof v === 'string' && v.trim() !== '';
}
function isName(v: unknown): boolean {
  return typeof v === 'string' && /^[A-Za-z][A-Za-z0-9-]*$/.test(v);
}
function isColor(v: unknown): boolean {
  return typeof v === 'string' && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v);
}
function isBaseUrl(v: unknown): boolean {
  return typeof v === 'string' && toBaseUrl(v) !== null;
}

/**
 * A base URL as the pages write it: the origin of an absolute http(s) URL without a path, query,
 * fragment, user name or password (`https://Example.com:443/` → `https://example.com`); null for
 * anything else. Spaces and line breaks around it are dropped (an environment variable set from a
 * YAML block ends in one); inside it, the URL parser would drop them without a word while the
 * pages wrote them out: refused.
 */
function toBaseUrl(value: string): string | null {
  const trimmed = value.trim();
  if (/\s/.test(trimmed) || [...trimmed].some((ch) => ch < ' ' || ch === '\u007f')) return null;
  try {
    const url = new URL(trimmed);
    const plain =
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (url.pathname === '/' || url.pathname === '') &&
      !url.search &&
      !url.hash &&
      // A user name or password would be written into every page, the sitemap and the feeds.
      !url.username &&
      !url.password;
    return plain ? url.origin : null;
  } catch {
    return null;
  }
}

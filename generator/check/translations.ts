import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { toProblem } from '../problems/problem.ts';
import {
  NAMESPACES,
  createLineFinder,
  lookupMessage,
  placeholdersOf,
  toExpectedKeys,
  toFlatKeys,
  toMessagesFile,
  toPluralBase,
} from '../messages.ts';
import type { Messages, Route, SiteConfig, SiteProblem } from '../types.ts';
import { findSimplified } from './simplified.ts';

/** The machine-readable translation report of `site check --json`. */
export interface TranslationReport {
  readonly namespaces: Record<string, NamespaceReport>;
  /** Routes with their own content per locale, and the single-language routes declared. */
  readonly coverage: Record<string, { routes: number; withContent: number }>;
  readonly singleLanguage: { path: string; locales: string[] }[];
}

/** Keys written out in code (`t('ns:key')`): used even when no page renders them during the build. */
function literalKeys(dirs: readonly string[]): string[] {
  return dirs
    .flatMap((dir) => fg.sync('**/*.{ts,tsx}', { cwd: dir, absolute: true }))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([a-z]+:[\w.]+)['"`]/g)].map((m) => m[1] as string),
    );
}

interface NamespaceReport {
  keys: number;
  missing: Record<string, string[]>;
  extra: Record<string, string[]>;
  unused: string[];
  empty: Record<string, string[]>;
}

interface NamespaceCheck {
  readonly config: SiteConfig;
  readonly messages: Messages;
  readonly ns: string;
  readonly all: ReadonlySet<string>;
  /** The keys templates and code read, or null when the build could not tell. */
  readonly used: ReadonlySet<string> | null;
  readonly lineOf: (root: string, file: string, key: string) => number;
  readonly entry: NamespaceReport;
}

/** The translation problems of every namespace, and the report `site check --json` gives of them. */
export function checkTranslations(
  config: SiteConfig,
  messages: Messages,
  usedKeys: ReadonlySet<string> | null,
  routes: readonly Route[],
  runtimeDir: string,
): { problems: SiteProblem[]; report: TranslationReport } {
  const lineOf = createLineFinder();
  const used = usedKeys && new Set([...usedKeys, ...literalKeys([runtimeDir, config.templatesDir])]);
  const namespaces: TranslationReport['namespaces'] = {};
  const problems = NAMESPACES.flatMap((ns) => {
    const all = new Set(config.locales.flatMap((l) => toFlatKeys(messages[l.code]?.[ns] ?? {})));
    const entry: NamespaceReport = { keys: all.size, missing: {}, extra: {}, unused: [], empty: {} };
    namespaces[ns] = entry;
    const check: NamespaceCheck = { config, messages, ns, all, used, lineOf, entry };
    return [
      ...config.locales.flatMap(({ code, iso }) => checkLocaleKeys(check, code, iso)),
      ...[...all].flatMap((key) => checkKeyAcrossLocales(check, key)),
    ];
  });
  const codes = config.locales.map((l) => l.code);
  const withContent = (code: string) => routes.filter((r) => r.contentLocales.includes(code)).length;
  const coverage = Object.fromEntries(
    codes.map((code) => [code, { routes: routes.length, withContent: withContent(code) }]),
  );
  const singleLanguage = routes
    .filter((r) => r.contentLocales.length < codes.length)
    .map((r) => ({ path: r.path, locales: [...r.contentLocales] }));
  return { problems, report: { namespaces, coverage, singleLanguage } };
}

/** One locale's file of a namespace: keys missing or beyond the reference, empty texts, Simplified characters. */
function checkLocaleKeys(check: NamespaceCheck, code: string, iso: string): SiteProblem[] {
  const { config, messages, ns, entry } = check;
  const reference = config.defaultLocale;
  const keysOf = (locale: string) => new Set(toFlatKeys(messages[locale]?.[ns] ?? {}));
  const referenceKeys = keysOf(reference);
  const referenceBases = new Set([...referenceKeys].map(toPluralBase));
  const file = toMessagesFile(config, code, ns);
  const own = keysOf(code);
  // A plural text in the forms of this locale's language (behaviour.md: Texts).
  const expected = toExpectedKeys(referenceKeys, iso);
  return [...new Set([...check.all, ...expected])].flatMap((key) => {
    const problems: SiteProblem[] = [];
    const loc = { file, line: check.lineOf(config.root, file, key), column: 1 };
    if (!own.has(key) && expected.has(key)) {
      (entry.missing[code] ??= []).push(key);
      problems.push(toProblem('I18N_KEY_MISSING', { locale: code, ns, key, file }, { file, line: 1, column: 1 }));
    } else if (own.has(key) && !referenceBases.has(toPluralBase(key))) {
      (entry.extra[code] ??= []).push(key);
      const referenceFile = toMessagesFile(config, reference, ns);
      problems.push(toProblem('I18N_KEY_EXTRA', { locale: code, ns, key, reference: referenceFile }, loc));
    }
    const value = lookupMessage(messages[code]?.[ns], key);
    if (value !== undefined && value.trim() === '') {
      (entry.empty[code] ??= []).push(key);
      problems.push(toProblem('I18N_EMPTY', { locale: code, ns, key }, loc));
    }
    const simplified = value !== undefined && iso.startsWith('zh') ? findSimplified(value) : [];
    for (const { char, traditional } of simplified)
      problems.push(toProblem('I18N_SIMPLIFIED', { char, traditional }, loc));
    return problems;
  });
}

/** One key in every locale: placeholders that differ, the same text everywhere, a key nothing reads. */
function checkKeyAcrossLocales(check: NamespaceCheck, key: string): SiteProblem[] {
  const { config, messages, ns, used } = check;
  const codes = config.locales.map((l) => l.code);
  const texts = codes.map((c) => lookupMessage(messages[c]?.[ns], key));
  const values = texts.filter((v): v is string => v !== undefined);
  const file = toMessagesFile(config, config.defaultLocale, ns);
  const loc = { file, line: check.lineOf(config.root, file, key), column: 1 };
  const problems: SiteProblem[] = [];
  if (new Set(values.map(placeholdersOf)).size > 1) {
    const detail = texts.map((text, i) => `${codes[i]}: {{${placeholdersOf(text ?? '') || '—'}}}`).join('; ');
    problems.push(toProblem('I18N_PLACEHOLDERS', { ns, key, detail }, loc));
  }
  const [first = ''] = values;
  const sameEverywhere = values.length === codes.length && new Set(values).size === 1;
  if (sameEverywhere && /\p{L}/u.test(first) && !config.check.sameInAllLocales.includes(first))
    problems.push(toProblem('I18N_SAME_TEXT', { ns, key, value: first }, loc));
  // A template reads a plural text by its base key, with `count`.
  if (used && !used.has(`${ns}:${key}`) && !used.has(`${ns}:${toPluralBase(key)}`)) {
    check.entry.unused.push(key);
    problems.push(toProblem('I18N_KEY_UNUSED', { ns, key }, loc));
  }
  return problems;
}

/** Simplified characters in the Traditional Chinese page files, at their line. */
export function checkContentScript(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const zh = config.locales.filter((l) => l.iso.startsWith('zh')).map((l) => l.code);
  return routes.flatMap((route) =>
    zh.flatMap((code) => {
      const file = route.files[code];
      if (!file) return [];
      const text = readFileSync(path.join(config.root, file.file), 'utf8');
      return findSimplified(text).map(({ char, traditional, line, column }) =>
        toProblem('I18N_SIMPLIFIED', { char, traditional }, { file: file.file, line, column }),
      );
    }),
  );
}

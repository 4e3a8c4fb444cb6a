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
  readonly namespaces: Record<
    string,
    {
      keys: number;
      missing: Record<string, string[]>;
      extra: Record<string, string[]>;
      unused: string[];
      empty: Record<string, string[]>;
    }
  >;
  /** Routes with their own content per locale, and the single-language routes declared. */
  readonly coverage: Record<string, { routes: number; withContent: number }>;
  readonly singleLanguage: { path: string; locales: string[] }[];
}

/**
 * Keys written out in code (`t('ns:key')`) in the runtime and the templates: used even when no page
 * renders them during the build (the browser's error page, the new-version notice).
 */
function literalKeys(dirs: readonly string[]): string[] {
  return dirs
    .flatMap((dir) => fg.sync('**/*.{ts,tsx}', { cwd: dir, absolute: true }))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([a-z]+:[\w.]+)['"`]/g)].map((m) => m[1] as string),
    );
}

export function checkTranslations(
  config: SiteConfig,
  messages: Messages,
  usedKeys: ReadonlySet<string> | null,
  routes: readonly Route[],
  runtimeDir: string,
): { problems: SiteProblem[]; report: TranslationReport } {
  const problems: SiteProblem[] = [];
  const lineOf = createLineFinder();
  const reference = config.defaultLocale;
  const codes = config.locales.map((l) => l.code);
  const used = new Set([...(usedKeys ?? []), ...literalKeys([runtimeDir, config.templatesDir])]);
  const allowed = new Set(config.check.sameInAllLocales);
  const namespaces: TranslationReport['namespaces'] = {};
  for (const ns of NAMESPACES) {
    const keysOf = (code: string) => new Set(toFlatKeys(messages[code]?.[ns] ?? {}));
    const referenceKeys = keysOf(reference);
    const referenceBases = new Set([...referenceKeys].map(toPluralBase));
    const all = new Set(codes.flatMap((c) => [...keysOf(c)]));
    const entry = {
      keys: all.size,
      missing: {} as Record<string, string[]>,
      extra: {} as Record<string, string[]>,
      unused: [] as string[],
      empty: {} as Record<string, string[]>,
    };
    namespaces[ns] = entry;
    for (const { code, iso } of config.locales) {
      const file = toMessagesFile(config, code, ns);
      const own = keysOf(code);
      // A plural text in the forms of this locale's language (behaviour.md: Texts).
      const expected = toExpectedKeys(referenceKeys, iso);
      for (const key of new Set([...all, ...expected])) {
        const loc = { file, line: lineOf(config.root, file, key), column: 1 };
        if (!own.has(key) && expected.has(key)) {
          (entry.missing[code] ??= []).push(key);
          problems.push(toProblem('I18N_KEY_MISSING', { locale: code, ns, key, file }, { file, line: 1, column: 1 }));
        } else if (own.has(key) && !referenceBases.has(toPluralBase(key))) {
          (entry.extra[code] ??= []).push(key);
          problems.push(
            toProblem(
              'I18N_KEY_EXTRA',
              { locale: code, ns, key, reference: toMessagesFile(config, reference, ns) },
              loc,
            ),
          );
        }
        const value = lookupMessage(messages[code]?.[ns], key);
        if (value !== undefined && value.trim() === '') {
          (entry.empty[code] ??= []).push(key);
          problems.push(toProblem('I18N_EMPTY', { locale: code, ns, key }, loc));
        }
        if (value !== undefined && config.locales.find((l) => l.code === code)?.iso.startsWith('zh')) {
          for (const hit of findSimplified(value))
            problems.push(toProblem('I18N_SIMPLIFIED', { char: hit.char, traditional: hit.traditional }, loc));
        }
      }
    }
    for (const key of all) {
      const values = codes
        .map((c) => lookupMessage(messages[c]?.[ns], key))
        .filter((v): v is string => v !== undefined);
      const file = toMessagesFile(config, reference, ns);
      const loc = { file, line: lineOf(config.root, file, key), column: 1 };
      if (new Set(values.map(placeholdersOf)).size > 1) {
        problems.push(
          toProblem(
            'I18N_PLACEHOLDERS',
            {
              ns,
              key,
              detail: codes
                .map((c) => `${c}: {{${placeholdersOf(lookupMessage(messages[c]?.[ns], key) ?? '') || '—'}}}`)
                .join('; '),
            },
            loc,
          ),
        );
      }
      if (
        values.length === codes.length &&
        new Set(values).size === 1 &&
        /\p{L}/u.test(values[0] as string) &&
        !allowed.has(values[0] as string)
      ) {
        problems.push(toProblem('I18N_SAME_TEXT', { ns, key, value: values[0] as string }, loc));
      }
      // A template reads a plural text by its base key, with `count`.
      if (usedKeys && !used.has(`${ns}:${key}`) && !used.has(`${ns}:${toPluralBase(key)}`)) {
        entry.unused.push(key);
        problems.push(toProblem('I18N_KEY_UNUSED', { ns, key }, loc));
      }
    }
  }
  const coverage = Object.fromEntries(
    codes.map((code) => [
      code,
      { routes: routes.length, withContent: routes.filter((r) => r.contentLocales.includes(code)).length },
    ]),
  );
  const singleLanguage = routes
    .filter((r) => r.contentLocales.length < codes.length)
    .map((r) => ({ path: r.path, locales: [...r.contentLocales] }));
  return { problems, report: { namespaces, coverage, singleLanguage } };
}

/** Simplified characters in the Traditional Chinese page files, at their line. */
export function checkContentScript(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const zh = config.locales.filter((l) => l.iso.startsWith('zh')).map((l) => l.code);
  return routes.flatMap((route) =>
    zh.flatMap((code) => {
      const file = route.files[code];
      if (!file) return [];
      const text = readFileSync(path.join(config.root, file.file), 'utf8');
      return findSimplified(text).map((hit) =>
        toProblem(
          'I18N_SIMPLIFIED',
          { char: hit.char, traditional: hit.traditional },
          { file: file.file, line: hit.line, column: hit.column },
        ),
      );
    }),
  );
}

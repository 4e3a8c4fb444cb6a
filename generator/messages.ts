import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LocaleCode, MessageTree, SiteConfig } from './types.ts';

// The shared translation files, read alike by every stage (behaviour.md: Texts).

export const NAMESPACES = ['nav', 'sidenav', 'footer', 'common', 'errors'] as const;

export function toMessagesFile(config: SiteConfig, locale: LocaleCode, ns: string): string {
  return path
    .relative(config.root, path.join(config.localesDir, locale, `${ns}.json`))
    .split(path.sep)
    .join('/');
}

/** The text of a dotted key (`contacts.service`). */
export function lookupMessage(tree: MessageTree | undefined, key: string): string | undefined {
  let value: MessageTree | string | undefined = tree;
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The line of a key in a translation file; each file is read once per finder. */
export function createLineFinder(): (root: string, file: string, key: string) => number {
  const fileLines = new Map<string, string[]>();
  return (root, file, key) => {
    const full = path.join(root, file);
    let lines = fileLines.get(full);
    if (!lines) {
      try {
        lines = readFileSync(full, 'utf8').split('\n');
      } catch {
        lines = [];
      }
      fileLines.set(full, lines);
    }
    // Each part below the one before: `airports.TPE.name` is TPE's `name`, not the file's first.
    let line = -1;
    for (const part of key.split('.')) {
      const found = lines.findIndex((l, i) => i > line && l.includes(`"${part}":`));
      if (found < 0) break;
      line = found;
    }
    return line + 1 || 1;
  };
}

/** Flattens a tree into dotted keys, as i18next reads them. */
export function toFlatKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, v]) =>
    typeof v === 'string' ? [prefix + key] : toFlatKeys(v, `${prefix}${key}.`),
  );
}

/** i18next chooses a plural form by `count`: `items_one`, `items_other`. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** `items_one` → `items`. */
export const toPluralBase = (key: string): string => key.replace(PLURAL_FORM, '');

/** A locale's keys: plurals in its language's forms (English `_one`, `_other`; Chinese `_other`). */
export function toExpectedKeys(keys: Iterable<string>, iso: string): Set<string> {
  const forms = new Intl.PluralRules(iso).resolvedOptions().pluralCategories;
  return new Set(
    [...keys].flatMap((key) => (PLURAL_FORM.test(key) ? forms.map((form) => `${toPluralBase(key)}_${form}`) : [key])),
  );
}

/** They stop a build; `site check` and `site translations` report them in their own words. */
export const TEXT_FAULTS: ReadonlySet<string> = new Set(['MESSAGE_KEY_MISSING', 'I18N_EMPTY', 'I18N_PLACEHOLDERS']);

/** A text's `{{placeholders}}`, sorted and joined: `language, name`. */
export const placeholdersOf = (text: string): string =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(', ');

/** The first line where `key` is written in a JSON text, or 1. */
export function findKeyLine(text: string, key: string): number {
  // With its colon: a value of the same text is no key.
  const written = `${JSON.stringify(key)}:`;
  const index = text.split('\n').findIndex((line) => line.includes(written));
  return index + 1 || 1;
}

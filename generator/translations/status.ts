import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { TEXT_FAULTS } from '../messages.ts';
import { loadProjectSources } from '../pipeline/sources.ts';
import type { LocaleCode, Messages, Route, SiteConfig } from '../types.ts';
import { toLocaleOfPath } from '../../runtime/urls.ts';
import { diffBlocks, type DiffPart } from './diff.ts';
import {
  DAY,
  FORMAT,
  RECORD_FILE,
  readTranslationRecord,
  today,
  type RecordEntry,
  type TranslationRecord,
} from './record.ts';
import { checkSourceLocales, collapse, toUnits } from './units.ts';

// Each translation against the record (behaviour.md: Translations), and confirming them.

export interface TranslationItem {
  readonly kind: 'page' | 'message';
  /** The route, or `namespace:key`. */
  readonly id: string;
  readonly source: LocaleCode;
  readonly locale: LocaleCode;
  readonly state: 'current' | 'stale' | 'missing';
  /** For a missing page, the file it would be. */
  readonly file: string;
  readonly line: number;
  readonly sourceFile: string;
  readonly sourceLine: number;
  /** Null when never confirmed. */
  readonly confirmed: string | null;
  readonly days: number | null;
  readonly changes: readonly (readonly DiffPart[])[];
}
export interface TranslationStatus {
  readonly items: readonly TranslationItem[];
  readonly record: string;
  readonly recordExists: boolean;
}

export function toTranslationStatus(
  config: SiteConfig,
  routes: readonly Route[],
  messages: Messages,
  record: TranslationRecord,
  recordExists: boolean,
): TranslationStatus {
  const day = today();
  const items: TranslationItem[] = [];
  for (const unit of toUnits(config, routes, messages)) {
    const { kind, id, source, sourceFile, sourceLine } = unit;
    const entry = (kind === 'page' ? record.pages : record.messages)[id];
    for (const [locale, { file, line, exists }] of unit.targets) {
      const confirmation = entry?.source === source ? entry.targets[locale] : undefined;
      const confirmed = confirmation?.confirmed ?? null;
      const days = confirmed === null ? null : Math.max(0, Math.round((Date.parse(day) - Date.parse(confirmed)) / DAY));
      const base = { kind, id, source, locale, file, line, sourceFile, sourceLine, confirmed, days };
      if (!exists) items.push({ ...base, state: 'missing', changes: [] });
      else if (confirmation && isDeepStrictEqual(confirmation.text, unit.text))
        items.push({ ...base, state: 'current', changes: [] });
      else {
        const changes = confirmation ? diffBlocks(confirmation.text, unit.text) : [];
        const found = kind === 'page' ? findChangeLine(config.root, sourceFile, changes) : null;
        items.push({ ...base, sourceLine: found ?? sourceLine, state: 'stale', changes });
      }
    }
  }
  return { items, record: RECORD_FILE, recordExists };
}

/** Where the first change's new words are (for a removal, the words around it). */
function findChangeLine(root: string, file: string, changes: readonly (readonly DiffPart[])[]): number | null {
  const first = changes[0];
  if (!first) return null;
  // Against each line with its Markdown marks taken off.
  const now = first
    .filter((part) => part.change !== 'removed')
    .map((part) => part.text)
    .join('');
  const needle = [...collapse(now)].slice(0, 12).join('');
  if (needle === '') return null;
  const plain = (line: string) => collapse(line.replace(/^\s*(?:[-*+]|\d+[.)]|#+|>)\s*/, '').replace(/[*_`[\]]/g, ''));
  const lines = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8').split('\n') : [];
  const found = lines.findIndex((line) => plain(line).includes(needle));
  return found >= 0 ? found + 1 : null;
}

export type Confirmed = { readonly id: string; readonly locale: LocaleCode };

/** Names: a file, route, `namespace:key` or namespace. */
export function confirmTranslations(
  config: SiteConfig,
  routes: readonly Route[],
  messages: Messages,
  record: TranslationRecord,
  select: { readonly names: readonly string[]; readonly all: boolean },
): { record: TranslationRecord; confirmed: Confirmed[]; unknown: string[] } {
  const day = today();
  const pages: Record<string, RecordEntry> = { ...record.pages };
  const entries: Record<string, RecordEntry> = { ...record.messages };
  const confirmed: Confirmed[] = [];
  const matched = new Set<string>();
  const units = toUnits(config, routes, messages);
  const fromRoot = (name: string) =>
    name.startsWith(config.root + path.sep) ? path.relative(config.root, name) : name;
  const names = select.names.map((name) => fromRoot(name).split(path.sep).join('/').replace(/^\.\//, ''));
  for (const unit of units) {
    for (const [locale, target] of unit.targets) {
      if (!target.exists) continue;
      const answersTo = [unit.id, target.file, unit.sourceFile, unit.kind === 'message' ? unit.id.split(':')[0] : null];
      const hit = select.all ? '*' : names.find((name) => answersTo.includes(name));
      if (!hit) continue;
      matched.add(hit);
      const book = unit.kind === 'page' ? pages : entries;
      const old = book[unit.id];
      const kept = old?.source === unit.source ? old.targets : {};
      book[unit.id] = { source: unit.source, targets: { ...kept, [locale]: { confirmed: day, text: [...unit.text] } } };
      confirmed.push({ id: unit.id, locale });
    }
  }
  // Gone pages and keys are dropped: the record describes the site as it is.
  const ids = new Set(units.map((u) => `${u.kind}|${u.id}`));
  const keep = (book: Record<string, RecordEntry>, kind: string) =>
    Object.fromEntries(Object.entries(book).filter(([id]) => ids.has(`${kind}|${id}`)));
  return {
    record: { format: FORMAT, pages: keep(pages, 'page'), messages: keep(entries, 'message') },
    confirmed,
    unknown: select.all ? [] : names.filter((name) => !matched.has(name)),
  };
}

/** Every problem but a missing key, which is reported as a missing translation. */
export async function loadTranslationSources(root: string) {
  const { sources, problems } = await loadProjectSources(root);
  const { config, messages, routes } = sources;
  // Not counted, but confirmable before publishing (behaviour.md: Publishing).
  const held = sources.held.filter((h) => !h.built).map((h) => h.route);
  const own = [...problems.filter((p) => !TEXT_FAULTS.has(p.code)), ...checkSourceLocales(config, routes)];
  return { held, config, routes, messages, problems: own };
}

/** Watch mode: for the dev client's marker. */
export async function findStaleTranslations(root: string, pageUrl: string) {
  const { record, exists } = readTranslationRecord(root);
  if (!exists) return { stale: [] };
  const { config, routes } = await loadTranslationSources(root);
  const locale = toLocaleOfPath(config.locales, pageUrl);
  const route = pageUrl.slice(locale.prefix.length) || '/';
  const own = routes.filter((r) => r.path === route);
  const stale = toTranslationStatus(config, own, {}, record, exists).items.filter(
    (item) => item.state === 'stale' && item.locale === locale.code,
  );
  return { stale: stale.map(({ id, source, sourceFile, confirmed }) => ({ id, source, sourceFile, confirmed })) };
}

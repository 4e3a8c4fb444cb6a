import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { toBuildTime } from './build-id.ts';
import { toConflictProblem } from './load/conflicts.ts';
import type MarkdownItClass from 'markdown-it';
import { toProblem } from './errors.ts';
import { requirePackage } from './node-module.ts';
import {
  createLineFinder,
  findKeyLine,
  lookupMessage,
  TEXT_FAULTS,
  toFlatKeys,
  toMessagesFile,
} from './load/messages.ts';
import { isRecord } from './config.ts';
import { loadProjectSources } from './pipeline/sources.ts';
import { toLocaleOfPath } from '../runtime/urls.ts';
import type { ContentFile, LocaleCode, Messages, Route, SiteConfig, SiteProblem } from './types.ts';

// Translations that stay in step (behaviour.md: Translations). The record (site/translations.lock.json,
// written by `site translations done`) keeps, for each page and shared message and each locale it
// is translated into, the source's text as it was when that translation was last confirmed. A
// translation whose source says something else today is stale; the change is the difference between
// the two texts. No git history is read: the record is the memory.

export const RECORD_FILE = 'site/translations.lock.json';
const FORMAT = 1;

/** A translation's confirmation: the day, and the source's normalised text then (one block a line). */
export interface Confirmation {
  readonly confirmed: string;
  readonly text: readonly string[];
}

export interface RecordEntry {
  readonly source: LocaleCode;
  readonly targets: Readonly<Record<LocaleCode, Confirmation>>;
}

export interface TranslationRecord {
  readonly format: number;
  /** By route (`/services/service-ramp`). */
  readonly pages: Readonly<Record<string, RecordEntry>>;
  /** By `namespace:key`. */
  readonly messages: Readonly<Record<string, RecordEntry>>;
}

export type TranslationState = 'current' | 'stale' | 'missing';

/** A piece of a changed block: kept, taken out or put in since the translation was confirmed. */
export interface DiffPart {
  readonly text: string;
  readonly change: 'same' | 'removed' | 'added';
}

export interface TranslationItem {
  readonly kind: 'page' | 'message';
  /** The route, or `namespace:key`. */
  readonly id: string;
  readonly source: LocaleCode;
  readonly locale: LocaleCode;
  readonly state: TranslationState;
  /** The translation's file (for a missing page, the file it would be) and line. */
  readonly file: string;
  readonly line: number;
  readonly sourceFile: string;
  readonly sourceLine: number;
  /** The day the translation was last confirmed, and how many days ago; null when it never was. */
  readonly confirmed: string | null;
  readonly days: number | null;
  /** Stale, confirmed before: each changed block of the source, as parts. */
  readonly changes: readonly (readonly DiffPart[])[];
}

/** What a translation is of: its source's normalised text and where each side is. */
interface Unit {
  readonly kind: 'page' | 'message';
  readonly id: string;
  readonly source: LocaleCode;
  readonly text: readonly string[];
  readonly sourceFile: string;
  readonly sourceLine: number;
  /** Each target locale: its file and line, or null when it has none (missing). */
  readonly targets: ReadonlyMap<LocaleCode, { file: string; line: number; exists: boolean }>;
}

// ---------------------------------------------------------------------------------------------
// Normalised text: what a page says, not how its file is written.

const MarkdownIt = requirePackage('markdown-it') as typeof MarkdownItClass;
const markdown = new MarkdownIt({ html: true });

/** Front matter fields that are not text a reader sees. */
const NOT_TEXT = new Set(['template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit', 'contact', 'source']);
/** Fields that hold an address or a file, not words (the URL fields of behaviour.md: Safety). */
const ADDRESS = /^(?:image|href|url|src)$|[a-z0-9](?:Image|Url|Href|Src)$/;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text blocks of a Markdown body: each paragraph, heading, list item and cell, whitespace collapsed. */
export function toTextBlocks(body: string): string[] {
  const blocks: string[] = [];
  for (const token of markdown.parse(body, {})) {
    if (token.type === 'inline') {
      const text = (token.children ?? [])
        .map((child) =>
          child.type === 'softbreak' || child.type === 'hardbreak'
            ? ' '
            : child.type === 'image'
              ? child.content
              : child.type === 'html_inline'
                ? ''
                : child.content,
        )
        .join('');
      if (collapse(text) !== '') blocks.push(collapse(text));
    } else if ((token.type === 'code_block' || token.type === 'fence') && token.content.trim() !== '') {
      blocks.push(collapse(token.content));
    }
  }
  return blocks;
}

/** Every text of the front matter, `field: text`, in the file's order (addresses and settings left out). */
function toFrontMatterBlocks(value: unknown, at: string): string[] {
  if (typeof value === 'string') return collapse(value) === '' ? [] : [`${at}: ${collapse(value)}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => toFrontMatterBlocks(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    (at === '' && NOT_TEXT.has(key)) || ADDRESS.test(key) ? [] : toFrontMatterBlocks(item, at ? `${at}.${key}` : key),
  );
}

/** A page's normalised text: its front matter's texts, then its body's blocks. */
export function toPageText(file: ContentFile): string[] {
  const { title, description, extra } = file.data;
  return [...toFrontMatterBlocks({ title, description, ...extra }, ''), ...toTextBlocks(file.body)];
}

// ---------------------------------------------------------------------------------------------
// What there is to translate.

/** The locale a route is written in first: front matter `source`, else the default locale. */
function toSourceLocale(config: SiteConfig, route: Route): LocaleCode {
  for (const file of Object.values(route.files)) {
    const declared = file.data.extra.source;
    if (typeof declared === 'string' && config.locales.some((l) => l.code === declared)) return declared;
  }
  return config.defaultLocale;
}

/** Problems with a declared source: a locale the site does not have, or one the route has no file in. */
export function checkSourceLocales(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const route of routes)
    for (const file of Object.values(route.files)) {
      const declared = file.data.extra.source;
      if (declared === undefined) continue;
      const known = typeof declared === 'string' && config.locales.some((l) => l.code === declared);
      if (!known || !route.files[declared as string])
        problems.push(
          toProblem(
            'FRONT_MATTER_INVALID',
            {
              field: 'source',
              reason: known
                ? `names ${String(declared)}, but the page has no ${String(declared)} file`
                : `must be one of the site's locales (${config.locales.map((l) => l.code).join(', ')})`,
            },
            { file: file.file, line: file.keyLines.source ?? 1, column: 1 },
          ),
        );
    }
  return problems;
}

function toUnits(config: SiteConfig, routes: readonly Route[], messages: Messages): Unit[] {
  const units: Unit[] = [];
  const codes = config.locales.map((l) => l.code);
  for (const route of routes) {
    const source = toSourceLocale(config, route);
    const sourceFile = route.files[source];
    if (!sourceFile) continue;
    // A page written for some locales only (front matter `locales`) is translated into those only.
    const only = sourceFile.data.locales;
    const targets = new Map<LocaleCode, { file: string; line: number; exists: boolean }>();
    for (const code of codes) {
      if (code === source || (only && !only.includes(code) && !route.files[code])) continue;
      const own = route.files[code];
      const base = sourceFile.file.slice(0, -`.${source}.md`.length);
      targets.set(
        code,
        own ? { file: own.file, line: 1, exists: true } : { file: `${base}.${code}.md`, line: 1, exists: false },
      );
    }
    if (targets.size === 0) continue;
    units.push({
      kind: 'page',
      id: route.path,
      source,
      text: toPageText(sourceFile),
      sourceFile: sourceFile.file,
      sourceLine: 1,
      targets,
    });
  }
  const lineOf = createLineFinder();
  const source = config.defaultLocale;
  for (const ns of Object.keys(messages[source] ?? {}).sort()) {
    const tree = messages[source]?.[ns];
    for (const key of toFlatKeys(tree ?? {})) {
      const value = lookupMessage(tree, key);
      if (value === undefined) continue;
      const sourceFile = toMessagesFile(config, source, ns);
      const targets = new Map<LocaleCode, { file: string; line: number; exists: boolean }>();
      for (const code of codes) {
        if (code === source) continue;
        const file = toMessagesFile(config, code, ns);
        const exists = lookupMessage(messages[code]?.[ns], key) !== undefined;
        targets.set(code, { file, line: exists ? lineOf(config.root, file, key) : 1, exists });
      }
      units.push({
        kind: 'message',
        id: `${ns}:${key}`,
        source,
        text: [collapse(value)],
        sourceFile,
        sourceLine: lineOf(config.root, sourceFile, key),
        targets,
      });
    }
  }
  return units;
}

// ---------------------------------------------------------------------------------------------
// The record.

export const EMPTY_RECORD: TranslationRecord = { format: FORMAT, pages: {}, messages: {} };

/** The record, or an empty one when there is none; a record that cannot be read is a problem at its line. */
export function readTranslationRecord(root: string): {
  record: TranslationRecord;
  exists: boolean;
  problem?: SiteProblem;
} {
  const file = path.join(root, RECORD_FILE);
  if (!existsSync(file)) return { record: EMPTY_RECORD, exists: false };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // There but not readable (a folder of that name, no permission to read it).
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EISDIR' ? 'it is a folder, not a file' : `the file system refused it (${code ?? String(error)})`;
    return {
      record: EMPTY_RECORD,
      exists: true,
      problem: toProblem('TRANSLATIONS_RECORD_INVALID', { reason }, { file: RECORD_FILE, line: 1, column: 1 }),
    };
  }
  const conflict = toConflictProblem(RECORD_FILE, text);
  if (conflict) return { record: EMPTY_RECORD, exists: true, problem: conflict };
  try {
    const parsed = JSON.parse(text) as unknown;
    const fault = findRecordFault(parsed);
    if (fault) {
      // At the entry's line: a record edited by hand, or a merge resolved by hand, goes wrong in one place.
      const line = fault.entry === undefined ? 1 : findKeyLine(text, fault.entry);
      return {
        record: EMPTY_RECORD,
        exists: true,
        problem: toProblem(
          'TRANSLATIONS_RECORD_INVALID',
          { reason: fault.reason },
          { file: RECORD_FILE, line, column: 1 },
        ),
      };
    }
    return { record: parsed as TranslationRecord, exists: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(reason);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : 1;
    return {
      record: EMPTY_RECORD,
      exists: true,
      problem: toProblem('TRANSLATIONS_RECORD_INVALID', { reason }, { file: RECORD_FILE, line, column: 1 }),
    };
  }
}

/**
 * The first place where a parsed record is not the shape `site translations done` writes (its
 * entries each name their source locale and, per target locale, the day it was confirmed and the
 * source's text then), and the entry it is in; null when it is that shape.
 */
function findRecordFault(parsed: unknown): { reason: string; entry?: string } | null {
  const shape = `a record of format ${FORMAT} with "pages" and "messages"`;
  if (!isRecord(parsed) || parsed.format !== FORMAT) return { reason: `it is not ${shape}` };
  for (const group of ['pages', 'messages'] as const) {
    const entries = parsed[group];
    if (!isRecord(entries)) return { reason: `its "${group}" is not an object: it is not ${shape}` };
    for (const [name, entry] of Object.entries(entries)) {
      const at = `${group} → ${JSON.stringify(name)}`;
      if (!isRecord(entry) || typeof entry.source !== 'string' || !isRecord(entry.targets))
        return { reason: `${at} is not an entry with a "source" locale and its "targets"`, entry: name };
      for (const [locale, confirmation] of Object.entries(entry.targets)) {
        const text = isRecord(confirmation) ? confirmation.text : undefined;
        if (
          !isRecord(confirmation) ||
          typeof confirmation.confirmed !== 'string' ||
          !Array.isArray(text) ||
          !text.every((block) => typeof block === 'string')
        )
          return {
            reason: `${at} → targets → ${locale} is not a confirmation with its "confirmed" day and the source's "text" (a list of texts)`,
            entry: name,
          };
      }
    }
  }
  return null;
}

/** Sorted keys at every level, two-space indent, one text block a line: diffs a reviewer can read. */
export function writeTranslationRecord(root: string, record: TranslationRecord): void {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sort((value as Record<string, unknown>)[key])]),
    );
  };
  const file = path.join(root, RECORD_FILE);
  // Written beside it under a hidden name, which `site serve --watch` ignores: a confirmation must
  // not read as an edited source and rebuild the site.
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(partial, `${JSON.stringify(sort(record), null, 2)}\n`);
  renameSync(partial, file);
}

// ---------------------------------------------------------------------------------------------
// Status.

const DAY = 86_400_000;

/** Today in UTC as `YYYY-MM-DD` (SOURCE_DATE_EPOCH when set, for reproducible records). */
export function today(): string {
  return new Date(toBuildTime().time).toISOString().slice(0, 10);
}

export interface TranslationStatus {
  readonly items: readonly TranslationItem[];
  /** The record's file, and whether there is one. */
  readonly record: string;
  readonly recordExists: boolean;
}

/** Every translation of every page and shared message, with its state. */
export function toTranslationStatus(
  config: SiteConfig,
  routes: readonly Route[],
  messages: Messages,
  record: TranslationRecord,
  recordExists: boolean,
  day = today(),
): TranslationStatus {
  const items: TranslationItem[] = [];
  for (const unit of toUnits(config, routes, messages)) {
    const entry = (unit.kind === 'page' ? record.pages : record.messages)[unit.id];
    for (const [locale, target] of unit.targets) {
      const confirmation = entry?.source === unit.source ? entry.targets[locale] : undefined;
      const base = {
        kind: unit.kind,
        id: unit.id,
        source: unit.source,
        locale,
        file: target.file,
        line: target.line,
        sourceFile: unit.sourceFile,
        sourceLine: unit.sourceLine,
        confirmed: confirmation?.confirmed ?? null,
        days: confirmation
          ? Math.max(0, Math.round((Date.parse(day) - Date.parse(confirmation.confirmed)) / DAY))
          : null,
      };
      if (!target.exists) items.push({ ...base, state: 'missing', changes: [] });
      else if (confirmation && sameText(confirmation.text, unit.text))
        items.push({ ...base, state: 'current', changes: [] });
      else {
        const changes = confirmation ? diffBlocks(confirmation.text, unit.text) : [];
        // A page's source is pointed at where its first change is.
        const found = unit.kind === 'page' ? findChangeLine(config.root, unit.sourceFile, changes) : null;
        items.push({ ...base, sourceLine: found ?? unit.sourceLine, state: 'stale', changes });
      }
    }
  }
  return { items, record: RECORD_FILE, recordExists };
}

/** The line of a file where the first change's new words are (for a removal, the words around it). */
function findChangeLine(root: string, file: string, changes: readonly (readonly DiffPart[])[]): number | null {
  const first = changes[0];
  if (!first) return null;
  // The block as it reads now, against each line with its Markdown marks taken off.
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

const sameText = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The record with these translations confirmed today: each takes its source's text as it is now.
 * `select` names what is confirmed: a content file (of either side), a route, `namespace:key`, or a
 * namespace; `all` confirms every translation that exists.
 */
export function confirmTranslations(
  config: SiteConfig,
  routes: readonly Route[],
  messages: Messages,
  record: TranslationRecord,
  select: { readonly names: readonly string[]; readonly all: boolean },
  day = today(),
): { record: TranslationRecord; confirmed: { id: string; locale: LocaleCode }[]; unknown: string[] } {
  const pages: Record<string, RecordEntry> = { ...record.pages };
  const entries: Record<string, RecordEntry> = { ...record.messages };
  const confirmed: { id: string; locale: LocaleCode }[] = [];
  const matched = new Set<string>();
  const units = toUnits(config, routes, messages);
  // Files are named from the project folder, or by an absolute path inside it.
  const fromRoot = (name: string) =>
    name.startsWith(config.root + path.sep) ? path.relative(config.root, name) : name;
  const names = select.names.map((name) => fromRoot(name).split(path.sep).join('/').replace(/^\.\//, ''));
  for (const unit of units) {
    for (const [locale, target] of unit.targets) {
      if (!target.exists) continue;
      const hit = select.all
        ? '*'
        : names.find(
            (name) =>
              name === unit.id ||
              name === target.file ||
              name === unit.sourceFile ||
              (unit.kind === 'message' && name === unit.id.split(':')[0]),
          );
      if (!hit) continue;
      matched.add(hit);
      const book = unit.kind === 'page' ? pages : entries;
      const old = book[unit.id];
      book[unit.id] = {
        source: unit.source,
        targets: {
          ...(old?.source === unit.source ? old.targets : {}),
          [locale]: { confirmed: day, text: [...unit.text] },
        },
      };
      confirmed.push({ id: unit.id, locale });
    }
  }
  // Entries of pages and keys that are gone are dropped: the record describes the site as it is.
  const ids = new Set(units.map((u) => `${u.kind}|${u.id}`));
  const keep = (book: Record<string, RecordEntry>, kind: string) =>
    Object.fromEntries(Object.entries(book).filter(([id]) => ids.has(`${kind}|${id}`)));
  return {
    record: { format: FORMAT, pages: keep(pages, 'page'), messages: keep(entries, 'message') },
    confirmed,
    unknown: select.all ? [] : names.filter((name) => !matched.has(name)),
  };
}

// ---------------------------------------------------------------------------------------------
// The change: words in English, characters in Chinese.

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]|[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu;

export function toTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The longest common subsequence's pairs of indexes (a classic table: blocks and paragraphs are short). */
function commonPairs<T>(a: readonly T[], b: readonly T[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  // Past a few million cells, no pairing: the texts are shown as taken out and put in whole.
  if (n * m > 4_000_000) return [];
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      (table[i] as Uint16Array)[j] =
        a[i] === b[j]
          ? ((table[i + 1] as Uint16Array)[j + 1] as number) + 1
          : Math.max((table[i + 1] as Uint16Array)[j] as number, (table[i] as Uint16Array)[j + 1] as number);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (((table[i + 1] as Uint16Array)[j] as number) >= ((table[i] as Uint16Array)[j + 1] as number)) i++;
    else j++;
  }
  return pairs;
}

/** The word-level (Chinese: character-level) difference of two texts, as parts. */
export function diffText(before: string, after: string): DiffPart[] {
  const a = toTokens(before);
  const b = toTokens(after);
  const parts: DiffPart[] = [];
  const push = (text: string, change: DiffPart['change']) => {
    const last = parts[parts.length - 1];
    if (last && last.change === change) parts[parts.length - 1] = { text: last.text + text, change };
    else if (text !== '') parts.push({ text, change });
  };
  let i = 0;
  let j = 0;
  for (const [x, y] of [...commonPairs(a, b), [a.length, b.length] as [number, number]]) {
    for (; i < x; i++) push(a[i] as string, 'removed');
    for (; j < y; j++) push(b[j] as string, 'added');
    if (x < a.length) push(a[x] as string, 'same');
    i = x + 1;
    j = y + 1;
  }
  return parts;
}

/** The blocks that changed, each as the difference of its old and new text; added and removed blocks whole. */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffPart[][] {
  const changes: DiffPart[][] = [];
  let i = 0;
  let j = 0;
  for (const [x, y] of [...commonPairs(before, after), [before.length, after.length] as [number, number]]) {
    const removed = before.slice(i, x);
    const added = after.slice(j, y);
    // Blocks changed in place are compared word by word; the rest stand whole.
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const old = removed[k];
      const now = added[k];
      if (old !== undefined && now !== undefined) changes.push(diffText(old, now));
      else if (old !== undefined) changes.push([{ text: old, change: 'removed' }]);
      else if (now !== undefined) changes.push([{ text: now, change: 'added' }]);
    }
    i = x + 1;
    j = y + 1;
  }
  return changes;
}

/**
 * The sources translations are of: the configuration, the routes and the shared messages, with
 * every problem reading them. A key missing from a locale is what `site translations` reports,
 * not a problem here.
 */
export async function loadTranslationSources(root: string): Promise<{
  config: SiteConfig;
  routes: readonly Route[];
  messages: Messages;
  problems: SiteProblem[];
}> {
  const { sources, problems } = await loadProjectSources(root);
  const { config, routes, messages } = sources;
  return {
    config,
    routes,
    messages,
    problems: [...problems.filter((p) => !TEXT_FAULTS.has(p.code)), ...checkSourceLocales(config, routes)],
  };
}

/**
 * Watch mode: the stale translations of one page (its own texts, in its locale), for the dev
 * client's marker. The sources are read afresh: the answer follows the last save.
 */
export async function findStaleTranslations(
  root: string,
  pageUrl: string,
): Promise<{ readonly stale: readonly Pick<TranslationItem, 'id' | 'source' | 'sourceFile' | 'confirmed'>[] }> {
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

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import { requirePackage } from '../node-module.ts';
import type { LocaleCode, SiteConfig } from '../types.ts';
import { NOT_CONTENT, toIndexLanguage, toMainElement, toSearchHtml, type SearchEntry } from './entries.ts';

// One Pagefind index per locale (behaviour.md: Search), in a folder named by its files' hash so
// hosts cache it for good like the code.

const SEARCH_FOLDER = '_app/search';

const SEARCH_DIR = CACHES.search.dir;

/** Leaves out Pagefind's own UI and playground. */
const NEEDED =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(index|fragment|filter)\/[\w-]+\.pf_(index|fragment|filter))$/;

export interface SearchIndexes {
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Root-relative, ending in `/`. */
  readonly urls: Readonly<Record<LocaleCode, string>>;
  /** How many were made rather than cached. */
  readonly indexed: number;
  readonly bytes: Readonly<Record<LocaleCode, number>>;
  /** Folder → hash of its files: the build id takes it instead of hashing each file. */
  readonly folders: ReadonlyMap<string, string>;
}

let pagefindVersion: string | null = null;
function toPagefindVersion(): string {
  // The package does not export its package.json: it is looked for where Node looks for packages.
  const folders = requirePackage.resolve.paths('pagefind') ?? [];
  const file = folders.map((dir) => path.join(dir, 'pagefind', 'package.json')).find((f) => existsSync(f));
  if (!file) throw new Error('the package `pagefind` is not installed');
  pagefindVersion ??= (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  return pagefindVersion;
}

const recent = new Map<string, ReadonlyMap<string, Uint8Array>>();
const RECENT_LIMIT = 8;

export async function buildSearchIndexes(
  config: SiteConfig,
  entries: ReadonlyMap<LocaleCode, readonly SearchEntry[]>,
  readPage: (file: string) => string,
): Promise<SearchIndexes> {
  const files = new Map<string, Uint8Array>();
  const urls: Record<LocaleCode, string> = {};
  const bytes: Record<LocaleCode, number> = {};
  const folders = new Map<string, string>();
  // Sorted: Pagefind's index depends on the order.
  const made = await Promise.all(
    config.locales.map(async (locale) => {
      const language = toIndexLanguage(locale.iso);
      const pages = [...(entries.get(locale.code) ?? [])].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      const hash = createHash('sha256').update(JSON.stringify([toPagefindVersion(), language, NOT_CONTENT]));
      for (const page of pages) hash.update(`\0${page.url}\0${page.digest}`);
      const key = hash.digest('base64url').slice(0, 32);
      const known = recent.get(key) ?? (await readCached(key));
      if (known) return { locale, key, index: known, made: false };
      const documents = pages.map((page) => ({
        url: page.url,
        html: toSearchHtml({ ...page, main: toMainElement(readPage(page.file)) ?? '' }, language),
      }));
      const index = await makeIndex(language, documents);
      await writeCached(key, index);
      return { locale, key, index, made: true };
    }),
  );
  for (const { locale, key, index } of made) {
    remember(recent, key, index, RECENT_LIMIT);
    const contentHash = toContentHash(index);
    const folder = `${SEARCH_FOLDER}/${locale.code}.${contentHash.slice(0, 10)}`;
    folders.set(folder, contentHash);
    urls[locale.code] = `/${folder}/`;
    for (const [file, contents] of index) files.set(`${folder}/${file}`, contents);
    bytes[locale.code] = [...index.values()].reduce((size, contents) => size + contents.byteLength, 0);
  }
  const indexed = made.filter((search) => search.made).length;
  // `.json`: an earlier cache format.
  if (indexed > 0) await removeUnused(SEARCH_DIR, (name) => name.endsWith(CACHE_EXT) || name.endsWith('.json'));
  return { files, urls, indexed, bytes, folders };
}

function toContentHash(index: ReadonlyMap<string, Uint8Array>): string {
  const hash = createHash('sha256');
  for (const [file, contents] of index) hash.update(`${file}\0${contents.byteLength}\0`).update(contents);
  return hash.digest('hex');
}

async function makeIndex(
  language: string,
  pages: readonly { readonly url: string; readonly html: string }[],
): Promise<Map<string, Uint8Array>> {
  const pagefind = await import('pagefind');
  const created = await pagefind.createIndex({ forceLanguage: language, excludeSelectors: NOT_CONTENT });
  const index = created.index;
  if (!index) throw new Error(`Pagefind could not start: ${created.errors.join('; ')}`);
  try {
    // Read in the order sent, which makes the index.
    const added = await Promise.all(pages.map((doc) => index.addHTMLFile({ url: doc.url, content: doc.html })));
    for (const [i, result] of added.entries())
      if (result.errors.length > 0)
        throw new Error(`Pagefind could not index ${pages[i]?.url}: ${result.errors.join('; ')}`);
    const written = await index.getFiles();
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
    // The WebAssembly of the index's language only (`unknown` serves languages without a stemmer).
    const entry = written.files.find((file) => file.path === 'pagefind-entry.json');
    const { languages = {} }: { languages?: Record<string, { wasm?: string | null }> } = entry
      ? JSON.parse(Buffer.from(entry.content).toString('utf8'))
      : {};
    const wasm = new Set(Object.values(languages).map((l) => `wasm.${l.wasm ?? 'unknown'}.pagefind`));
    return new Map(
      written.files
        .filter((file) => NEEDED.test(file.path) && (!file.path.startsWith('wasm.') || wasm.has(file.path)))
        .map((file) => [file.path, new Uint8Array(file.content)] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  } finally {
    await index.deleteIndex().catch(() => undefined);
  }
}

// A cached index is one file: its format and its files, as node:v8 writes them.
const CACHE_EXT = '.idx';

async function readCached(key: string): Promise<Map<string, Uint8Array> | null> {
  const contents = await readCacheFile(path.join(SEARCH_DIR, `${key}${CACHE_EXT}`));
  return contents ? toCachedFiles(contents) : null;
}

/** Null for anything else or a file cut short. */
export function toCachedFiles(contents: Buffer): Map<string, Uint8Array> | null {
  try {
    const { format, files } = deserialize(contents) as { format?: unknown; files?: unknown };
    return format === CACHES.search.format && files instanceof Map ? (files as Map<string, Uint8Array>) : null;
  } catch {
    return null;
  }
}

function writeCached(key: string, index: ReadonlyMap<string, Uint8Array>): Promise<void> {
  const contents = serialize({ format: CACHES.search.format, files: index });
  return writeCacheFile(path.join(SEARCH_DIR, `${key}${CACHE_EXT}`), contents);
}

/** So a watch session's first edit finds Pagefind ready (Chinese segmentation loads on first use). */
export async function warmSearch(config: SiteConfig): Promise<void> {
  try {
    for (const language of new Set(config.locales.map((l) => toIndexLanguage(l.iso))))
      await makeIndex(language, [{ url: '/', html: `<html lang="${language}"><body><p>索引 index</p></body></html>` }]);
  } catch {
    // The next build reports what went wrong.
  }
}

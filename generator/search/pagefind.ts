import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { LocaleCode, SiteConfig } from '../types.ts';
import { NOT_CONTENT, toIndexLanguage, toMainElement, toSearchHtml, type SearchEntry } from './entries.ts';

/** The folder of the output that holds the indexes, each in a folder of its own. */
export const SEARCH_FOLDER = '_app/search';

// The search index of a build (behaviour.md: Search): one Pagefind index per locale, made from
// the main content of its pages, in a folder named by the hash of its files under _app/search/, so
// every file of it is cached for good like the code. An index is made once for the same pages:
// the indexes wait in node_modules/.cache/site/search (and in memory, for a watch session).

const SEARCH_DIR = CACHES.search.dir;

/** The files of Pagefind's output the dialog needs; its own interfaces and playground stay out. */
const NEEDED =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(index|fragment|filter)\/[\w-]+\.pf_(index|fragment|filter))$/;

export interface SearchIndexes {
  /** Output-relative path → bytes, every locale's files. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Each locale's index folder, root-relative, ending in `/`. */
  readonly urls: Readonly<Record<LocaleCode, string>>;
  /** Locales whose index this build made (the others came from a cache). */
  readonly indexed: number;
  /** Bytes of each locale's index, for the report and the benchmark. */
  readonly bytes: Readonly<Record<LocaleCode, number>>;
  /**
   * Each index folder (output-relative, without its `/`) with the hash of all its files' names and
   * bytes: the build id takes it for the folder's files, which need no hash of their own.
   */
  readonly folders: ReadonlyMap<string, string>;
}

/** The version of Pagefind, part of every index's key. Read when the first index is made. */
let pagefindVersion: string | null = null;
function toPagefindVersion(): string {
  // The package exports its module only, not its package.json: that is found as Node finds a
  // package, in the node_modules of this folder or of one above it.
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); pagefindVersion === null; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', 'pagefind', 'package.json');
    if (existsSync(file)) pagefindVersion = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    else if (path.dirname(dir) === dir) throw new Error('the package `pagefind` is not installed');
  }
  return pagefindVersion;
}

/** The indexes this process made or read last. */
const recent = new Map<string, ReadonlyMap<string, Uint8Array>>();
const RECENT_LIMIT = 8;

/** The search indexes of every locale: from memory, from the cache, or made with Pagefind. */
export async function buildSearchIndexes(
  config: SiteConfig,
  entries: ReadonlyMap<LocaleCode, readonly SearchEntry[]>,
  readPage: (file: string) => string,
): Promise<SearchIndexes> {
  const files = new Map<string, Uint8Array>();
  const urls: Record<LocaleCode, string> = {};
  const bytes: Record<LocaleCode, number> = {};
  const folders = new Map<string, string>();
  let indexed = 0;
  // The locales side by side, each one's pages in the same order (Pagefind's index depends on it).
  const made = await Promise.all(
    config.locales.map(async (locale) => {
      const language = toIndexLanguage(locale.iso);
      const pages = [...(entries.get(locale.code) ?? [])].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      // The key: what Pagefind is given (each page by the hash of its document), and which Pagefind.
      const hash = createHash('sha256').update(JSON.stringify([toPagefindVersion(), language, NOT_CONTENT]));
      for (const page of pages) hash.update(`\0${page.url}\0${page.digest}`);
      const key = hash.digest('base64url').slice(0, 32);
      const known = recent.get(key) ?? (await readCached(key));
      const index =
        known ??
        (await makeIndex(
          language,
          pages.map((page) => ({
            url: page.url,
            html: toSearchHtml({ ...page, main: toMainElement(readPage(page.file)) ?? '' }, language),
          })),
        ));
      if (!known) await writeCached(key, index);
      return { locale, key, index, made: !known };
    }),
  );
  for (const { locale, key, index, made: fresh } of made) {
    if (fresh) indexed += 1;
    remember(recent, key, index, RECENT_LIMIT);
    const contentHash = toContentHash(index);
    const folder = `${SEARCH_FOLDER}/${locale.code}.${contentHash.slice(0, 10)}`;
    folders.set(folder, contentHash);
    urls[locale.code] = `/${folder}/`;
    let size = 0;
    for (const [file, contents] of index) {
      files.set(`${folder}/${file}`, contents);
      size += contents.byteLength;
    }
    bytes[locale.code] = size;
  }
  // Indexes of earlier versions (`.json`) go the same way.
  if (indexed > 0) await removeUnused(SEARCH_DIR, (name) => name.endsWith(CACHE_EXT) || name.endsWith('.json'));
  return { files, urls, indexed, bytes, folders };
}

/** The hash of an index's files, names and bytes: its folder is named by its start. */
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
    // Sent all at once, read in the order sent: the order of the pages (by URL) makes the index.
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

// A cached index is one file: a mark, the number of files, then each file's name and bytes, each
// after its length (32 bits, big-endian). It is read in one piece and each file is a view of it: no
// text to decode, and no second copy of the index in memory (a large site's index is tens of MB).
const CACHE_MARK = Buffer.from(`site-search-index ${CACHES.search.format}\n`);
const CACHE_EXT = '.idx';

async function readCached(key: string): Promise<Map<string, Uint8Array> | null> {
  const contents = await readCacheFile(path.join(SEARCH_DIR, `${key}${CACHE_EXT}`));
  return contents ? toCachedFiles(contents) : null;
}

/** The files of a cached index, each a view of `contents`; null for anything else or a file cut short. */
export function toCachedFiles(contents: Buffer): Map<string, Uint8Array> | null {
  if (!contents.subarray(0, CACHE_MARK.length).equals(CACHE_MARK)) return null;
  try {
    const files = new Map<string, Uint8Array>();
    let at = CACHE_MARK.length;
    const count = contents.readUInt32BE(at);
    at += 4;
    for (let i = 0; i < count; i++) {
      const nameLength = contents.readUInt32BE(at);
      const name = contents.toString('utf8', at + 4, at + 4 + nameLength);
      at += 4 + nameLength;
      const length = contents.readUInt32BE(at);
      if (at + 4 + length > contents.length) return null;
      files.set(name, contents.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    return at === contents.length ? files : null;
  } catch {
    // Cut short (a read past its end): made again.
    return null;
  }
}

function writeCached(key: string, index: ReadonlyMap<string, Uint8Array>): Promise<void> {
  const length = (n: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(n);
    return bytes;
  };
  const parts: Uint8Array[] = [CACHE_MARK, length(index.size)];
  for (const [name, data] of index) {
    const nameBytes = Buffer.from(name);
    parts.push(length(nameBytes.length), nameBytes, length(data.byteLength), data);
  }
  return writeCacheFile(path.join(SEARCH_DIR, `${key}${CACHE_EXT}`), Buffer.concat(parts));
}

/**
 * Starts Pagefind and has it index a line in each language of the site, so that a watch session's
 * first edit finds it ready (its Chinese segmentation loads on first use). Failures are left to
 * the next build, which reports them.
 */
export async function warmSearch(config: SiteConfig): Promise<void> {
  try {
    const pagefind = await import('pagefind');
    for (const language of new Set(config.locales.map((l) => toIndexLanguage(l.iso)))) {
      const { index } = await pagefind.createIndex({ forceLanguage: language });
      if (!index) continue;
      await index.addHTMLFile({
        url: '/',
        content: `<html lang="${language}"><body><p>索引 index</p></body></html>`,
      });
      await index.getFiles();
      await index.deleteIndex();
    }
  } catch {
    // The next build reports what went wrong.
  }
}

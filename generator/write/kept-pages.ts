import path from 'node:path';
import { readCacheFileSync, removeUnused, writeCacheFile } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import { keyOnce } from '../render/page-cache.ts';
import type { Page } from '../types.ts';
import type { EmittedPage } from './emit.ts';

// The pages `site build` keeps on disk (behaviour.md: Caches), as it wrote them: a page whose key
// is unchanged (pipeline/session-cache.ts) is neither rendered, encoded, hashed nor read for the
// search index again; its bytes go to the output as they are, the stand-in id among them written
// over with the build's id like every page's.

const { dir: DIR } = CACHES.pages;

/** Where a page is in a file: its files, its search entry and its parts' places in the body. */
interface Entry extends Pick<EmittedPage, 'url' | 'files' | 'search'> {
  readonly parts: readonly (readonly [start: number, end: number])[];
}

interface Pack {
  readonly pages: Readonly<Record<string, Entry>>;
  readonly body: Buffer;
}

/**
 * The site's pages in sixteen files (named by what every page shares, so a copy of the project
 * finds them), each page in the one its key names: a file is read when a page of it is first
 * asked for, and written again, once, when the build rendered a page of it anew. A file is a line
 * of JSON (`{ length, pages: { key: entry } }`), then the pages' bytes.
 */
export function keepOnDisk(site: string, keyOf: (page: Page) => string) {
  keyOf = keyOnce(keyOf);
  const packs = new Map<string, Pack>();
  const fileOf = (shard: string) => path.join(DIR, `${site}-${shard}.txt`);
  const packOf = (key: string) => {
    const shard = toShard(key);
    const pack = packs.get(shard) ?? readPack(fileOf(shard));
    packs.set(shard, pack);
    return pack;
  };
  const clean = new Set<string>();
  const fresh = new Map<string, EmittedPage>();
  return {
    set: (page: Page) => void clean.add(keyOf(page)),
    /** The page as an earlier build wrote it, or null. */
    take: (page: Page) => {
      const key = keyOf(page);
      const entry = toKept(packOf(key), key);
      return entry?.url === page.url ? entry : null;
    },
    /** Whether a page rendered anew without a problem, so that its files are to be kept. */
    wants: (page: Page) => clean.has(keyOf(page)),
    /** A page rendered anew, as written, with its bytes. */
    emitted: (page: Page, emitted: EmittedPage) => void fresh.set(keyOf(page), emitted),
    /** Keeps the pages for the next build, given every page of this one. */
    save: async (pages: readonly Page[]) => {
      const shards = new Map<string, string[]>();
      for (const key of pages.map(keyOf)) {
        const keys = shards.get(toShard(key)) ?? [];
        shards.set(toShard(key), keys);
        keys.push(key);
      }
      const written = [...shards].filter(([, keys]) => keys.some((key) => fresh.has(key)));
      // One at a time: a pack is built only as it is written.
      for (const [shard, keys] of written) await writeCacheFile(fileOf(shard), toPack(keys, fresh, packs.get(shard)));
      if (written.length > 0) await removeUnused(DIR, (name) => name.endsWith('.txt'));
    },
  };
}

/**
 * The file of the site's a page is kept in, by its key: a large site's pages are not one buffer to
 * read whole, and an edit rewrites a sixteenth of them.
 */
const toShard = (key: string) => (key.charCodeAt(0) % 16).toString(16);

const EMPTY: Pack = { pages: {}, body: Buffer.alloc(0) };

/** A file of the site's pages, or an empty one where there is none or it is not whole. */
function readPack(file: string): Pack {
  const bytes = readCacheFileSync(file);
  const newline = bytes?.indexOf(0x0a) ?? -1;
  if (bytes === null || newline === -1) return EMPTY;
  try {
    const head = JSON.parse(bytes.toString('utf8', 0, newline)) as { length: number; pages: Pack['pages'] };
    const body = bytes.subarray(newline + 1);
    return head.length === body.length ? { pages: head.pages, body } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** A file of this build's pages: those written anew, and those read from the file before. */
function toPack(keys: readonly string[], fresh: ReadonlyMap<string, EmittedPage>, last = EMPTY): Buffer {
  const parts: Buffer[] = [];
  const pages: Record<string, Entry> = {};
  let length = 0;
  for (const key of keys) {
    const entry = fresh.get(key) ?? toKept(last, key);
    if (!entry) continue;
    const places = entry.parts.map((bytes) => {
      parts.push(bytes);
      length += bytes.byteLength;
      return [length - bytes.byteLength, length] as const;
    });
    pages[key] = { url: entry.url, files: entry.files, search: entry.search, parts: places };
  }
  return Buffer.concat([Buffer.from(`${JSON.stringify({ length, pages })}\n`), ...parts]);
}

/** A page of a file, its parts read where they lie. */
function toKept(pack: Pack, key: string): EmittedPage | null {
  const entry = pack.pages[key];
  return entry ? { ...entry, parts: entry.parts.map(([start, end]) => pack.body.subarray(start, end)) } : null;
}

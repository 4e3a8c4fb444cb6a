import path from 'node:path';
import { readCacheFileSync, removeUnused, writeCacheFileSync } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { Page, RenderedPage } from '../types.ts';

// Rendered pages kept between builds (behaviour.md: Caches): a page whose inputs are byte for byte
// as they were (its key, pipeline/session-cache.ts) is read back instead of rendered again, so a
// build after an edit renders the pages the edit reaches and no other. A page is rendered with its
// build's stand-in for the id (write/emit.ts replaces it); an entry holds the stand-in it was
// rendered with, and a later build writes its own over it.

const { dir: DIR } = CACHES.pages;

/** Pages kept from an earlier build: what a page's key gives back, and where a new page goes. */
export interface KeptPages {
  readonly get: (page: Page) => RenderedPage | undefined;
  /** Whether `get` has the page, without reading it. */
  readonly has: (page: Page) => boolean;
  readonly set: (page: Page, rendered: RenderedPage) => void;
  /** Keeps them for the next build, given every page of this one. */
  readonly save?: (pages: readonly Page[]) => Promise<void>;
}

/** Pages of a session, in memory (watch mode): by URL, with the key they were rendered under. */
export function keepInMemory(
  kept: Map<string, { readonly key: string; readonly page: RenderedPage }>,
  keyOf: (page: Page) => string,
): KeptPages {
  keyOf = once(keyOf);
  const get = (page: Page) => {
    const entry = kept.get(page.url);
    return entry && entry.key === keyOf(page) ? entry.page : undefined;
  };
  return {
    get,
    has: (page) => get(page) !== undefined,
    set: (page, rendered) => kept.set(page.url, { key: keyOf(page), page: rendered }),
  };
}

/**
 * Pages on disk (`site build`): the site's pages in a few files (named by what every page shares,
 * so a copy of the project finds them), each page in the one its key names. A file is read when a
 * page of it is first asked for, and written again, once, when the build rendered a page of it
 * anew. It is a line of JSON, `{ standIn, length, pages: { key: [start, split, end] } }`, then each
 * page's payload (JSON) and document as they are: a document written into a JSON string would cost
 * more to write and read than to render.
 */
export function keepOnDisk(site: string, keyOf: (page: Page) => string, standIn: string): KeptPages {
  keyOf = once(keyOf);
  const packs = new Map<string, Pack>();
  const fileOf = (shard: string) => path.join(DIR, `${site}-${shard}.txt`);
  const packOf = (key: string) => {
    const shard = toShard(key);
    const pack = packs.get(shard) ?? readPack(fileOf(shard), standIn.length);
    packs.set(shard, pack);
    return pack;
  };
  const fresh = new Map<string, RenderedPage>();
  return {
    get: (page) => {
      const key = keyOf(page);
      const entry = entryIn(packOf(key), key, standIn);
      if (!entry) return undefined;
      try {
        const payload = JSON.parse(entry[0]) as RenderedPage['payload'];
        return payload.url === page.url ? { url: page.url, locale: page.locale, html: entry[1], payload } : undefined;
      } catch {
        return undefined;
      }
    },
    has: (page) => {
      const key = keyOf(page);
      return packOf(key).pages[key] !== undefined;
    },
    set: (page, rendered) => void fresh.set(keyOf(page), rendered),
    save: async (pages) => {
      const shards = new Map<string, string[]>();
      for (const key of pages.map(keyOf)) {
        const keys = shards.get(toShard(key)) ?? [];
        shards.set(toShard(key), keys);
        keys.push(key);
      }
      const written = [...shards].filter(([, keys]) => keys.some((key) => fresh.has(key)));
      for (const [shard, keys] of written)
        writeCacheFileSync(fileOf(shard), toPack(keys, fresh, packs.get(shard), standIn));
      if (written.length > 0) await removeUnused(DIR, (name) => name.endsWith('.txt'));
    },
  };
}

/**
 * The file of the site's a page is kept in, by its key: a large site's pages are not one string
 * (V8 holds a string of at most half a billion characters), and an edit rewrites a sixteenth of them.
 */
const toShard = (key: string) => (key.charCodeAt(0) % 16).toString(16);

interface Pack {
  readonly standIn: string;
  readonly pages: Readonly<Record<string, readonly [start: number, split: number, end: number]>>;
  readonly body: string;
}

/** A file of the site's pages, or an empty one where there is none or it is not whole. */
function readPack(file: string, standInLength: number): Pack {
  const empty = { standIn: '', pages: {}, body: '' };
  const text = readCacheFileSync(file);
  const newline = text?.indexOf('\n') ?? -1;
  if (text === null || newline === -1) return empty;
  try {
    const head = JSON.parse(text.slice(0, newline)) as Omit<Pack, 'body'> & { readonly length: number };
    const body = text.slice(newline + 1);
    return head.standIn.length === standInLength && head.length === body.length ? { ...head, body } : empty;
  } catch {
    return empty;
  }
}

/** A page's payload (JSON) and document in a file, with this build's stand-in for the id. */
function entryIn(pack: Pack, key: string, standIn: string): readonly [payload: string, html: string] | null {
  const at = pack.pages[key];
  if (!at) return null;
  const swap = (part: string) => (pack.standIn === standIn ? part : part.replaceAll(pack.standIn, standIn));
  return [swap(pack.body.slice(at[0], at[1])), swap(pack.body.slice(at[1] + 1, at[2]))];
}

/** A file of this build's pages: those rendered anew, and those read from the file before. */
function toPack(
  keys: readonly string[],
  fresh: ReadonlyMap<string, RenderedPage>,
  last: Pack | undefined,
  standIn: string,
): string {
  const entryOf = (key: string) => {
    const rendered = fresh.get(key);
    return rendered
      ? ([JSON.stringify(rendered.payload), rendered.html] as const)
      : last && entryIn(last, key, standIn);
  };
  const parts: string[] = [];
  const pages: Record<string, [number, number, number]> = {};
  let length = 0;
  for (const key of keys) {
    const entry = entryOf(key);
    if (!entry) continue;
    const [payload, html] = entry;
    pages[key] = [length, length + payload.length, length + payload.length + 1 + html.length];
    parts.push(payload, '\n', html);
    length = (pages[key] as [number, number, number])[2];
  }
  return `${JSON.stringify({ standIn, length, pages })}\n${parts.join('')}`;
}

/** A page's key is made once, whether it is looked up, then kept. */
function once(keyOf: (page: Page) => string): (page: Page) => string {
  const keys = new WeakMap<Page, string>();
  return (page) => {
    const key = keys.get(page) ?? keyOf(page);
    keys.set(page, key);
    return key;
  };
}

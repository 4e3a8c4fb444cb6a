import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CACHES } from '../caches.ts';
import { toCodeVersion, toPackageVersions } from '../code-version.ts';
import { hashBytes, readCacheFile, removeUnused, writeCacheFile } from '../file-cache.ts';
import type { SiteConfig } from '../types.ts';
import type { ParsedContent } from './parse-content.ts';

// Each content file's parse, kept between builds (caches.ts: content). Only clean parses are
// kept, so a mistake is reported until fixed.

type Entries = Map<string, { readonly hash: string; readonly parsed: ParsedContent }>;

export async function openContentCache(config: SiteConfig) {
  const { dir, format } = CACHES.content;
  const settings = [format, toCodeVersion(), toPackageVersions('gray-matter'), toPackageVersions('yaml')];
  const file = path.join(dir, `${hashBytes(JSON.stringify([...settings, config]))}.bin`);
  const entries = toEntries(await readCacheFile(file));
  let changed = false;
  return {
    get(name: string, text: string): ParsedContent | undefined {
      const entry = entries.get(name);
      return entry?.hash === hashBytes(text) ? entry.parsed : undefined;
    },
    set(name: string, text: string, parsed: ParsedContent): void {
      if (parsed.file === null) return;
      entries.set(name, { hash: hashBytes(text), parsed });
      changed = true;
    },
    /** Writes the entries of the files listed now, when any of them changed. */
    async save(files: readonly string[]): Promise<void> {
      const listed = new Set(files);
      for (const name of entries.keys()) {
        if (listed.has(name)) continue;
        entries.delete(name);
        changed = true;
      }
      if (!changed) return;
      await writeCacheFile(file, serialize(entries));
      await removeUnused(dir, (name) => name.endsWith('.bin'));
    },
  };
}

function toEntries(bytes: Buffer | null): Entries {
  if (!bytes) return new Map();
  try {
    const entries: unknown = deserialize(bytes);
    return entries instanceof Map ? (entries as Entries) : new Map();
  } catch {
    return new Map();
  }
}

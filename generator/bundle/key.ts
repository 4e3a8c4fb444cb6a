import { hashParts as hash } from '../file-cache.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listFiles } from '../load/files.ts';
import { RUNTIME_DIR } from '../paths.ts';
import type { SiteConfig } from '../types.ts';

// What the code bundle is made of, as a key: a bundle made from equal sources is equal.

/**
 * The code bundle's inputs: every template, style and runtime file and the configuration (not the
 * texts: the code does not contain them).
 * Returns the key and each source file's hash (relative to the project root).
 */
export async function toBundleKey(config: SiteConfig): Promise<{ key: string; sourceHashes: Map<string, string> }> {
  const folders = [config.templatesDir, RUNTIME_DIR];
  const listed = await Promise.all(folders.map((dir) => listFiles(path.dirname(dir), dir)));
  const files = listed.flatMap((l, i) => l.files.map((f) => path.join(folders[i] as string, f)));
  // Read synchronously, as content files are (load/content.ts): small files one after another skip
  // the thread pool's round trip for each.
  const sourceHashes = new Map(files.map((file) => [toRootRelative(config, file), hash(readFileSync(file))] as const));
  const sources = [...sourceHashes].sort(([a], [b]) => a.localeCompare(b)).flat();
  return { key: hash(...sources, JSON.stringify(config)), sourceHashes };
}

export function toRootRelative(config: SiteConfig, file: string): string {
  return path.relative(config.root, file).split(path.sep).join('/');
}

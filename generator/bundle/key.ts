import { hashParts as hash } from '../file-cache.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listFiles } from '../load/files.ts';
import { RUNTIME_DIR } from '../paths.ts';
import type { SiteConfig } from '../types.ts';

/** Templates, styles, runtime and configuration; not the texts, which the code does not contain. */
export async function toBundleKey(config: SiteConfig): Promise<{ key: string; sourceHashes: Map<string, string> }> {
  const folders = [config.templatesDir, RUNTIME_DIR];
  const listed = await Promise.all(folders.map((dir) => listFiles(path.dirname(dir), dir)));
  const files = listed.flatMap((l, i) => l.files.map((f) => path.join(folders[i] as string, f)));
  // Synchronously: small files skip the thread pool's round trip.
  const sourceHashes = new Map(files.map((file) => [toRootRelative(config, file), hash(readFileSync(file))] as const));
  const sources = [...sourceHashes].sort(([a], [b]) => a.localeCompare(b)).flat();
  return { key: hash(...sources, JSON.stringify(config)), sourceHashes };
}

export function toRootRelative(config: SiteConfig, file: string): string {
  return path.relative(config.root, file).split(path.sep).join('/');
}

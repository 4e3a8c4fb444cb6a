import path from 'node:path';
import { toCodeVersion } from '../code-version.ts';
import { bundleCode } from './code.ts';
import { isServerModuleIntact } from './server.ts';
import { toBundleKey, toRootRelative } from './key.ts';
import { ESBUILD_VERSION } from '../esbuild.ts';
import { hashBytes, hashFile, readRecord, removeUnused, writeRecord, type InputRecord } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { CodeAssets, SiteConfig, TemplateInventory } from '../types.ts';

// Bundles only when an input changed (architecture.md: The build). A hit also needs every other
// file esbuild read to be byte for byte as it was, so a changed input is never served from cache.

const { dir: DIR, format: FORMAT } = CACHES.bundles;

/** `inputs`: what esbuild read beyond the key's sources, `<root>/…` below the project. */
interface Entry extends InputRecord {
  readonly assets: Omit<CodeAssets, 'files'> & { readonly files: readonly (readonly [string, string])[] };
}

/** Relative to the project, so a copy of the site finds them. */
const toStored = (root: string, file: string) =>
  file.startsWith(root + path.sep) ? `<root>/${path.relative(root, file).split(path.sep).join('/')}` : file;
const fromStored = (root: string, stored: string) =>
  stored.startsWith('<root>/') ? path.join(root, stored.slice('<root>/'.length)) : stored;

export async function bundleSiteCached(config: SiteConfig, templates: TemplateInventory) {
  // Copies of a site share their entries.
  const { sourceHashes } = await toBundleKey(config);
  const key = hashBytes(
    [
      JSON.stringify([...sourceHashes].sort(([a], [b]) => a.localeCompare(b))),
      JSON.stringify(config, (_name, value: unknown) =>
        typeof value === 'string' && value.startsWith(config.root) ? `<root>${value.slice(config.root.length)}` : value,
      ),
      JSON.stringify(templates),
      ESBUILD_VERSION,
      // A changed bundler never reads an old entry.
      toCodeVersion(),
    ].join('\0'),
  );
  const file = path.join(DIR, `${key}.json`);
  const cached = await readRecord<Entry>(file, FORMAT, (input) => fromStored(config.root, input));
  // The server bundle is a separate cache file: missing or damaged, the bundle is made again.
  if (cached && isServerModuleIntact(cached.assets.serverModule)) {
    const { files, ...rest } = cached.assets;
    return { assets: { ...rest, files: new Map(files) }, reused: true };
  }
  const { assets, inputs } = await bundleCode(config, templates);
  const others = [...inputs].filter((input) => !sourceHashes.has(toRootRelative(config, input)));
  const hashes = await Promise.all(
    others.sort().map(async (input) => [toStored(config.root, input), await hashFile(input)] as const),
  );
  const files = [...assets.files].filter((f): f is [string, string] => typeof f[1] === 'string');
  // An unreadable input cannot be vouched for: not cached.
  if (hashes.every(([, hash]) => hash !== null) && files.length === assets.files.size) {
    const entry: Entry = {
      format: FORMAT,
      inputs: Object.fromEntries(hashes as (readonly [string, string])[]),
      assets: { ...assets, files },
    };
    await writeRecord(file, entry);
    await removeUnused(DIR, (name) => name.endsWith('.json'));
  }
  return { assets, reused: false };
}

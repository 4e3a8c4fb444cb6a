import path from 'node:path';
import { toCodeVersion } from '../code-version.ts';
import { bundleCode } from './code.ts';
import { isServerModuleIntact } from './server.ts';
import { toBundleKey, toRootRelative } from './key.ts';
import { ESBUILD_VERSION } from '../esbuild.ts';
import { hashBytes, hashFile, readRecord, removeUnused, writeRecord, type InputRecord } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { CodeAssets, SiteConfig, TemplateInventory } from '../types.ts';

// `site build` bundles the code only when something it is made of changed
// (architecture.md: The build). The last bundles are kept on disk, each under a key of the
// templates', styles' and runtime's sources, the configuration, esbuild's version and the
// bundler's own code; a hit is used only when every other file esbuild read (the packages bundled
// into the browser code) is byte for byte as it was. So an unchanged site gives the same bytes
// without running esbuild, and a changed input can never be served from the cache.

const { dir: DIR, format: FORMAT } = CACHES.bundles;

/** Its inputs: every file esbuild read but the templates' and runtime's (in the key), `<root>/…` below the project. */
interface Entry extends InputRecord {
  readonly assets: Omit<CodeAssets, 'files'> & { readonly files: readonly (readonly [string, string])[] };
}

/** Inputs below the project are kept relative to it (`<root>/site/…`), so that a copy of the site finds them. */
const toStored = (root: string, file: string) =>
  file.startsWith(root + path.sep) ? `<root>/${path.relative(root, file).split(path.sep).join('/')}` : file;
const fromStored = (root: string, stored: string) =>
  stored.startsWith('<root>/') ? path.join(root, stored.slice('<root>/'.length)) : stored;

/** The bundle of a build: from the cache when every input is as it was, else from esbuild (then cached). */
export async function bundleSiteCached(
  config: SiteConfig,
  templates: TemplateInventory,
): Promise<{ readonly assets: CodeAssets; readonly reused: boolean }> {
  // Where the project sits does not change its bundle: copies of a site share their entries.
  const { sourceHashes } = await toBundleKey(config);
  const key = hashBytes(
    [
      JSON.stringify([...sourceHashes].sort(([a], [b]) => a.localeCompare(b))),
      JSON.stringify(config, (_name, value: unknown) =>
        typeof value === 'string' && value.startsWith(config.root) ? `<root>${value.slice(config.root.length)}` : value,
      ),
      JSON.stringify(templates),
      ESBUILD_VERSION,
      // The version of `site` itself: a changed bundler never reads an old entry.
      toCodeVersion(),
    ].join('\0'),
  );
  const file = path.join(DIR, `${key}.json`);
  const cached = await readRecord<Entry>(file, FORMAT, (input) => fromStored(config.root, input));
  // The server bundle is a file of its own in the cache folder: removed, cut short or damaged, it
  // is made again.
  if (cached && isServerModuleIntact(cached.assets.serverModule)) {
    const { files, ...rest } = cached.assets;
    return { assets: { ...rest, files: new Map(files) }, reused: true };
  }
  const { assets, inputs } = await bundleCode(config, templates);
  // The templates' and runtime's files are in the key already: the entry verifies the others.
  const others = [...inputs].filter((input) => !sourceHashes.has(toRootRelative(config, input)));
  const hashes = await Promise.all(
    others.sort().map(async (input) => [toStored(config.root, input), await hashFile(input)] as const),
  );
  const files = [...assets.files].filter((f): f is [string, string] => typeof f[1] === 'string');
  // A file that could not be read cannot be vouched for: such a bundle is not cached.
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

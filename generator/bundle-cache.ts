import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { version as esbuildVersion } from 'esbuild';
import { BUNDLER_FILE, bundleCode, toMessageFiles, withMessageFiles } from './bundle.ts';
import { toBundleKey } from './cache.ts';
import { ESBUILD_WRAPPER_FILE } from './esbuild.ts';
import { CACHE_DIR } from './paths.ts';
import type { ClientAssets, Messages, SiteConfig, TemplateInventory } from './types.ts';

// `site build` bundles the code only when something it is made of changed
// (architecture.md: The build). The last bundles are kept on disk, each under a key of the
// templates', styles' and runtime's sources, the configuration, the message files' names, esbuild's version and the
// bundler's own code; a hit is used only when every other file esbuild read (the packages bundled
// into the browser code) is byte for byte as it was. So an unchanged site gives the same bytes
// without running esbuild, and a changed input can never be served from the cache.

const DIR = path.join(CACHE_DIR, 'bundles');
/** A day after its last use, an entry is removed. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const VERSION = 1;

interface Entry {
  readonly version: number;
  /** Every file esbuild read: its path (`<root>/…` below the project) → hash of its contents. */
  readonly inputs: Readonly<Record<string, string>>;
  readonly assets: Omit<ClientAssets, 'files'> & { readonly files: readonly (readonly [string, string])[] };
}

const sha1 = (contents: string | Buffer) => createHash('sha1').update(contents).digest('base64url');

/** The bundler's own code (the generator's, once compiled): a changed bundler never reads an old entry. */
let ownCode: string | null = null;
function toOwnCodeHash(): string {
  const files = new Set([fileURLToPath(import.meta.url), BUNDLER_FILE, ESBUILD_WRAPPER_FILE]);
  ownCode ??= sha1([...files].map((file) => sha1(readFileSync(file))).join('\0'));
  return ownCode;
}

async function hashFile(file: string): Promise<string | null> {
  return readFile(file).then(sha1, () => null);
}

/** Inputs below the project are kept relative to it (`<root>/site/…`), so that a copy of the site finds them. */
const toStored = (root: string, file: string) =>
  file.startsWith(root + path.sep) ? `<root>/${path.relative(root, file).split(path.sep).join('/')}` : file;
const fromStored = (root: string, stored: string) =>
  stored.startsWith('<root>/') ? path.join(root, stored.slice('<root>/'.length)) : stored;

async function readEntry(root: string, file: string): Promise<Entry | null> {
  try {
    const entry = JSON.parse(await readFile(file, 'utf8')) as Entry;
    if (entry.version !== VERSION) return null;
    const [server, ...hashes] = await Promise.all([
      stat(entry.assets.serverModule).then(
        () => true,
        () => false,
      ),
      ...Object.entries(entry.inputs).map(async ([input, hash]) => (await hashFile(fromStored(root, input))) === hash),
    ]);
    return server && hashes.every(Boolean) ? entry : null;
  } catch {
    // Missing, unreadable or from another version: bundled again.
    return null;
  }
}

/** Written beside and renamed into place: a build reading at the same time sees all of it or none. */
async function writeEntry(file: string, entry: Entry): Promise<void> {
  await mkdir(DIR, { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, JSON.stringify(entry));
  await rename(temporary, file);
  await pruneEntries(file);
}

async function pruneEntries(current: string): Promise<void> {
  const now = Date.now();
  const names = await readdir(DIR).catch(() => [] as string[]);
  await Promise.all(
    names
      .map((name) => path.join(DIR, name))
      .filter((file) => file !== current)
      .map(async (file) => {
        const used = await stat(file).then(
          (s) => Math.max(s.atimeMs, s.mtimeMs),
          () => now,
        );
        if (now - used > KEEP_MS) await rm(file, { force: true });
      }),
  );
}

/** The bundle of a build: from the cache when every input is as it was, else from esbuild (then cached). */
export async function bundleSiteCached(
  config: SiteConfig,
  templates: TemplateInventory,
  messages: Messages,
): Promise<{ readonly assets: ClientAssets; readonly reused: boolean }> {
  const messageFiles = toMessageFiles(config, messages);
  // Where the project sits does not change its bundle: copies of a site share their entries.
  const { sourceHashes } = await toBundleKey(config, messageFiles.urls);
  const key = sha1(
    [
      JSON.stringify([...sourceHashes].sort(([a], [b]) => a.localeCompare(b))),
      JSON.stringify(config, (_name, value: unknown) =>
        typeof value === 'string' && value.startsWith(config.root) ? `<root>${value.slice(config.root.length)}` : value,
      ),
      JSON.stringify(messageFiles.urls),
      JSON.stringify(templates),
      esbuildVersion,
      toOwnCodeHash(),
    ].join('\0'),
  );
  const file = path.join(DIR, `${key}.json`);
  const cached = await readEntry(config.root, file);
  if (cached) {
    const { files, ...rest } = cached.assets;
    return { assets: withMessageFiles({ ...rest, files: new Map(files) }, messageFiles), reused: true };
  }
  const { assets, inputs } = await bundleCode(config, templates, messageFiles.urls);
  const hashes = await Promise.all(
    [...inputs].sort().map(async (input) => [toStored(config.root, input), await hashFile(input)] as const),
  );
  const files = [...assets.files].filter((f): f is [string, string] => typeof f[1] === 'string');
  // A file that could not be read cannot be vouched for: such a bundle is not cached.
  if (hashes.every(([, hash]) => hash !== null) && files.length === assets.files.size) {
    const entry: Entry = {
      version: VERSION,
      inputs: Object.fromEntries(hashes as (readonly [string, string])[]),
      assets: { ...assets, files },
    };
    await writeEntry(file, entry).catch(() => undefined);
  }
  return { assets: withMessageFiles(assets, messageFiles), reused: false };
}

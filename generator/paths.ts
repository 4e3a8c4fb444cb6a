import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This module sits one folder below the package root both as source (generator/paths.ts) and
// once bundled (dist/cli.js), so the same expression finds the root in both.
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The build's caches (caches.ts): `SITE_CACHE_DIR` when set (a CI job that keeps a folder between runs). */
export const CACHE_DIR = process.env.SITE_CACHE_DIR
  ? path.resolve(process.env.SITE_CACHE_DIR)
  : path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site');
export const RUNTIME_DIR = path.join(PACKAGE_ROOT, 'runtime');

/** True when `file` (a real path) is `dir` or lies under it. */
export function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/**
 * Where a build puts folders beside its output `<out>`: the start of the path of
 * `.<out>.staging-<pid>-<id>` (the next output, being written) or `.<out>.previous-…` (the last one,
 * swapped out).
 */
export function toBesideOutput(outDir: string, kind: 'staging' | 'previous'): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${kind}-`);
}

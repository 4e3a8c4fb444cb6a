import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One folder below the package root both as source and bundled (dist/cli.js).
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** `SITE_CACHE_DIR` lets a CI job keep the caches between runs. */
export const CACHE_DIR = process.env.SITE_CACHE_DIR
  ? path.resolve(process.env.SITE_CACHE_DIR)
  : path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site');
export const RUNTIME_DIR = path.join(PACKAGE_ROOT, 'runtime');

/** True when `file` (a real path) is `dir` or lies under it. */
export function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** The start of `.<out>.staging-<pid>-<id>` (the next output) or `.<out>.previous-…` (the last one). */
export function toBesideOutput(outDir: string, kind: 'staging' | 'previous'): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.${kind}-`);
}

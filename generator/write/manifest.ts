import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildManifest, BuiltWith, SiteConfig } from '../types.ts';

const KEPT_BUILDS = 2;

/**
 * Earlier builds' `_app/` files and manifests, so their open pages still load their chunks. An
 * unchanged rebuild keeps its list and timestamp, so the output stays byte for byte the same.
 */
export function toPreviousBuilds(
  outDir: string,
  buildId: string,
  /** Files this build writes itself: not carried over again. */
  written: ReadonlySet<string>,
): { ids: string[]; files: string[]; sameBuildTimestamp: number | null } {
  const latest = readLatestManifest(outDir);
  if (!latest) return { ids: [], files: [], sameBuildTimestamp: null };
  const ids = [latest.id, ...(latest.kept ?? [])]
    .filter((id) => /^[\w-]+$/.test(id) && id !== buildId)
    .slice(0, KEPT_BUILDS);
  const files = ids.flatMap((id) => {
    const meta = id === latest.id ? latest : readLatestManifest(outDir, id);
    return meta ? [`builds/meta/${id}.json`, ...(meta.assets ?? [])] : [];
  });
  return {
    ids: ids.filter((id) => files.includes(`builds/meta/${id}.json`)),
    files: [...new Set(files)].filter((f) => !written.has(f) && existsSync(path.join(outDir, f))),
    sameBuildTimestamp: latest.id === buildId ? latest.timestamp : null,
  };
}

/** `site check` reads these instead of guessing. */
export function toBuiltWith(config: SiteConfig): BuiltWith {
  return {
    baseUrl: config.baseUrl,
    host: config.host,
    defaultLocale: config.defaultLocale,
    locales: config.locales.map(({ code, iso, prefix }) => ({ code, iso, prefix })),
  };
}

/** The manifest of build `id` in an output folder, else of its latest build. */
export function readLatestManifest(outDir: string, id?: string): BuildManifest | null {
  return readBuildManifest((file) => readFileSync(path.join(outDir, file), 'utf8'), id);
}

/** The manifest of build `id`, else of the one `builds/latest.json` names, each file's text from `read` (which may throw), or null. */
export function readBuildManifest(read: (file: string) => string, id?: unknown): BuildManifest | null {
  try {
    id ??= (JSON.parse(read('builds/latest.json')) as { id?: unknown }).id;
    if (typeof id !== 'string' || !/^[\w-]+$/.test(id)) return null;
    return JSON.parse(read(`builds/meta/${id}.json`)) as BuildManifest;
  } catch {
    return null;
  }
}

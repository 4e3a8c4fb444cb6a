import { buildSite } from '../build.ts';
import { createBuildCache } from '../cache.ts';
import { toChangeKind, type ChangeKind } from './changes.ts';

// Watch mode is the build with a cache (architecture.md: The build): every change runs the same
// steps as `site build`, in memory; the cache skips what is equal to last time (unchanged files
// are not parsed again, the bundle is reused when no template, style, runtime file or message
// changed, a page is rendered again only when one of its inputs did). Because every step runs, a
// file that is still broken is reported again, and a deleted page is gone from every list at once.
// The production output folder is never touched.

export interface RebuildResult {
  /** The broadest kind of change in the batch, for the terminal. */
  readonly kind: ChangeKind;
  /** Pages (and error pages) rendered again. */
  readonly rendered: number;
  readonly files: number;
  readonly ms: number;
}

export interface DevSession {
  /** Builds again after a batch of changed files; throws a SiteError on bad input, keeping the last good output. */
  rebuild(changed: readonly string[]): Promise<RebuildResult>;
  /** The files of the last good build, by output path. */
  files(): ReadonlyMap<string, string | Uint8Array>;
}

const ORDER: readonly ChangeKind[] = ['full', 'template', 'messages', 'content', 'public'];

export function createDevSession(root: string, baseUrl?: string): DevSession {
  const cache = createBuildCache();
  let files: ReadonlyMap<string, string | Uint8Array> = new Map();
  return {
    files: () => files,
    async rebuild(changed) {
      const started = performance.now();
      const kinds = new Set(changed.map(toChangeKind));
      const kind = ORDER.find((k) => kinds.has(k)) ?? 'full';
      const result = await buildSite({ root, write: false, baseUrl, cache });
      files = result.files ?? new Map();
      return { kind, rendered: result.rendered, files: files.size, ms: Math.round(performance.now() - started) };
    },
  };
}

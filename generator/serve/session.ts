import { buildSite } from '../pipeline/build.ts';
import { createBuildCache } from '../pipeline/session-cache.ts';
import { disposeEsbuildContexts } from '../esbuild.ts';
import { isPageDocument } from '../../runtime/urls.ts';

// Watch mode is the build with a cache (architecture.md: The build): every change runs the same
// steps as `site build`, in memory; the cache skips what is equal to last time (unchanged files
// are not parsed again, the bundle is reused when no template, style, runtime file or message
// changed, a page is rendered again only when one of its inputs did). Because every step runs, a
// file that is still broken is reported again, and a deleted page is gone from every list at once.
// The production output folder is never touched.

/**
 * What a changed file invalidates (paths relative to the project root):
 * - `content`: a page's translation file → the pages that use it;
 * - `messages`: a shared translation file → every page of that locale;
 * - `template`: a template, component or stylesheet → the pages rendered with it;
 * - `public`: a file copied as it is;
 * - `full`: the configuration or the runtime → everything.
 */
export type ChangeKind = 'content' | 'messages' | 'template' | 'public' | 'full';

export function toChangeKind(file: string): ChangeKind {
  if (file.startsWith('site/content/')) return 'content';
  if (file.startsWith('site/locales/')) return 'messages';
  if (file.startsWith('site/templates/')) return 'template';
  if (file.startsWith('site/public/')) return 'public';
  return 'full';
}

export interface RebuildResult {
  /** The broadest kind of change in the batch, for the terminal. */
  readonly kind: ChangeKind;
  /** Pages (and error pages) rendered again. */
  readonly rendered: number;
  readonly files: number;
  readonly ms: number;
  /** Output files added, removed or changed since the last good build: what open pages must update. */
  readonly changed: readonly string[];
  /** Whether a page was added or removed: the page list the runtime navigates by changed. */
  readonly pagesAddedOrRemoved: boolean;
}

/** The pages open in a browser: rendered first, and their update published before the rest render. */
export interface OpenPages {
  /** Page URLs (`/en/contact`). */
  readonly urls: readonly string[];
  /** Receives what changed for the open pages, already served; the result then lists the rest. */
  readonly onReady: (changes: Changes) => void;
}

export type Changes = Pick<RebuildResult, 'changed' | 'pagesAddedOrRemoved'>;

export interface DevSession {
  /**
   * Builds again after a batch of changed files; throws a SiteError on bad input, keeping (and
   * serving again) the last good output.
   */
  rebuild(changed: readonly string[], open?: OpenPages): Promise<RebuildResult>;
  /** The files of the last good build, by output path. */
  files(): ReadonlyMap<string, string | Uint8Array>;
  /** Ends the session: esbuild's incremental contexts are released. */
  close(): Promise<void>;
}

const ORDER: readonly ChangeKind[] = ['full', 'template', 'messages', 'content', 'public'];

export function createDevSession(root: string): DevSession {
  const cache = createBuildCache();
  let files: ReadonlyMap<string, string | Uint8Array> = new Map();
  return {
    files: () => files,
    close: () => disposeEsbuildContexts(cache.esbuild),
    async rebuild(changed, open) {
      const started = performance.now();
      const kinds = new Set(changed.map(toChangeKind));
      const kind = ORDER.find((k) => kinds.has(k)) ?? 'full';
      const lastGood = files;
      // The open pages' update is served while the rest render: the other pages stay as they were.
      const first =
        open && open.urls.length > 0
          ? {
              urls: new Set(open.urls),
              onReady: (sofar: ReadonlyMap<string, string | Uint8Array>) => {
                files = new Map([...lastGood, ...sofar]);
                open.onReady(toChanges(lastGood, files));
              },
            }
          : undefined;
      let result;
      try {
        // The web team sees what it is writing: drafts and scheduled pages too, each marked
        // (behaviour.md: Publishing).
        const publish = { drafts: true, future: true };
        result = await buildSite({ root, write: false, cache, first, publish });
      } catch (error) {
        files = lastGood;
        throw error;
      }
      const published = files;
      files = result.files ?? new Map();
      return {
        kind,
        rendered: result.rendered,
        files: files.size,
        ms: Math.round(performance.now() - started),
        ...toChanges(published, files),
      };
    },
  };
}

function isEqualContents(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b && a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** Output paths whose contents differ between two builds (added and removed ones included, sorted). */
export function toChanges(
  before: ReadonlyMap<string, string | Uint8Array>,
  after: ReadonlyMap<string, string | Uint8Array>,
): Changes {
  const removed = [...before.keys()].filter((file) => !after.has(file));
  const added: string[] = [];
  const changed = [...removed];
  for (const [file, contents] of after) {
    const old = before.get(file);
    if (old === undefined) added.push(file);
    if (old === undefined || !isEqualContents(old, contents)) changed.push(file);
  }
  return { changed: changed.sort(), pagesAddedOrRemoved: [...added, ...removed].some(isPageDocument) };
}

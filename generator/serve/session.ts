import { buildSite } from '../pipeline/build.ts';
import { createBuildCache } from '../pipeline/session-cache.ts';
import { disposeEsbuildContexts } from '../esbuild.ts';
import { isPageDocument } from '../../runtime/urls.ts';

// Watch mode is the build with a cache, in memory (architecture.md: The build): every step runs,
// so a still-broken file is reported again and a deleted page leaves every list at once.

/** What a changed file invalidates; `full` (configuration, runtime) is everything. */
type ChangeKind = 'content' | 'messages' | 'template' | 'public' | 'full';

function toChangeKind(file: string): ChangeKind {
  if (file.startsWith('site/content/')) return 'content';
  if (file.startsWith('site/locales/')) return 'messages';
  if (file.startsWith('site/templates/')) return 'template';
  if (file.startsWith('site/public/')) return 'public';
  return 'full';
}

export type Changes = ReturnType<typeof toChanges>;

export type DevSession = ReturnType<typeof createDevSession>;

const ORDER: readonly ChangeKind[] = ['full', 'template', 'messages', 'content', 'public'];

export function createDevSession(root: string) {
  const cache = createBuildCache();
  let files: ReadonlyMap<string, string | Uint8Array> = new Map();
  return {
    files: () => files,
    close: () => disposeEsbuildContexts(cache.esbuild),
    /**
     * Throws a SiteError on bad input, keeping the last good output. `open`: pages rendered first,
     * their update published before the rest render.
     */
    async rebuild(changed: readonly string[], open?: { urls: readonly string[]; onReady: (changes: Changes) => void }) {
      const started = performance.now();
      const kinds = new Set(changed.map(toChangeKind));
      const kind = ORDER.find((k) => kinds.has(k)) ?? 'full';
      const lastGood = files;
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
        // Drafts and scheduled pages too, each marked (behaviour.md: Publishing).
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
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function toChanges(before: ReadonlyMap<string, string | Uint8Array>, after: ReadonlyMap<string, string | Uint8Array>) {
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

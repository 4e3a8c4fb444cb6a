import { hashBytes, remember } from '../file-cache.ts';
import { compressAsync, reusePrevious, shouldPrecompress, type Compressed } from './compress.ts';

// `--precompress` on libuv's thread pool while the main thread goes on rendering.

/** libuv's pool has four threads; each compression holds an encoder's memory. */
const COMPRESSIONS_IN_FLIGHT = 4;
/** A page's twin is queued right after it: a few entries cover it. */
const RECENT_COMPRESSIONS = 16;

/** Tasks never reject (no unhandled rejection): the first failure is kept for `settle`. */
export function createCompressionQueue(previousOut: string, write: (file: string, compressed: Compressed) => void) {
  const compressTwin = createTwinCompressor();
  const queue: (() => Promise<void>)[] = [];
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const pump = () => {
    while (running.size < COMPRESSIONS_IN_FLIGHT && queue.length > 0) {
      const task = (queue.shift() as () => Promise<void>)()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          running.delete(task);
          pump();
        });
      running.add(task);
    }
  };
  const drain = async () => {
    while (running.size > 0) await Promise.race(running);
  };
  return {
    add: (file: string, data: Uint8Array | (() => Uint8Array), size: number) => {
      if (!shouldPrecompress(file, size)) return;
      queue.push(async () => {
        const bytes = typeof data === 'function' ? data() : data;
        write(file, reusePrevious(previousOut, file, bytes) ?? (await compressTwin(file, bytes)));
      });
      pump();
    },
    /** Rejects with the first failure. */
    settle: async () => {
      await drain();
      if (failure) throw failure.error;
    },
    /** Waits for what is in flight, so nothing writes after. */
    discard: async () => {
      queue.length = 0;
      await drain();
    },
  };
}

/** A page's twin (same bytes, just compressed) takes its siblings. */
function createTwinCompressor(): (file: string, bytes: Uint8Array) => Promise<Compressed> {
  const recent = new Map<string, Promise<Compressed>>();
  return (file, bytes) => {
    // Twins (`x/index.html` and `x.html`) share a key.
    const tier = file.startsWith('_app/') ? 'hashed' : 'page';
    const key = `${tier}:${hashBytes(bytes)}`;
    const compressed = recent.get(key) ?? compressAsync(file, bytes);
    remember(recent, key, compressed, RECENT_COMPRESSIONS);
    return compressed;
  };
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';

/** How long the files stay unchanged before a batch runs, in ms. */
const QUIET_MS = 5;

export interface Watcher {
  /** Resolves once every source is watched: a change saved after that is never missed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the site's sources and the runtime. Changes arriving together (an editor's save, a
 * `git checkout`) form one batch, and batches run one at a time: changes during a rebuild form the
 * next. A file saved after `since` (the start of the first build, which read the sources before
 * the watch was set up) is a change too, found by its time once the watch is ready: the watcher
 * may have taken it for the file as it first found it.
 */
export function watchSources(
  root: string,
  onBatch: (files: string[]) => Promise<void>,
  options: { since?: number } = {},
): Watcher {
  const ignored = (p: string) =>
    path
      .relative(root, path.resolve(root, p))
      .split(path.sep)
      .some((s) => (s.startsWith('.') && s.length > 1) || s === 'node_modules');
  // Only folders that are there: given one that is not (a project has no runtime/ of its own),
  // chokidar says it is ready before it watches the others, and a save made meanwhile is missed.
  const folders = ['site', 'runtime'].filter((folder) => existsSync(path.join(root, folder)));
  const watcher = chokidar.watch(folders, { cwd: root, ignoreInitial: true, ignored });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const flush = async () => {
    timer = null;
    if (running || pending.size === 0) return;
    const files = [...pending].map((f) => f.split(path.sep).join('/'));
    pending.clear();
    running = onBatch(files).finally(() => {
      running = null;
      if (pending.size > 0) schedule();
    });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), QUIET_MS);
  };
  for (const event of ['add', 'change', 'unlink'] as const) {
    watcher.on(event, (file: string) => {
      pending.add(file);
      schedule();
    });
  }
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      if (options.since !== undefined) {
        for (const file of savedSince(root, watcher.getWatched(), options.since)) pending.add(file);
        if (pending.size > 0) schedule();
      }
      resolve();
    }),
  );
  return {
    ready,
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}

/**
 * The watched files whose time of change is `since` or later. A file system may stamp a save a
 * little behind the clock (by its tick): a second's margin, at the cost of one needless rebuild of
 * a file saved in the second before the command started.
 */
function savedSince(root: string, watched: Record<string, string[]>, since: number): string[] {
  const saved: string[] = [];
  for (const [dir, names] of Object.entries(watched)) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const stats = statSync(path.resolve(root, file));
        if (stats.isFile() && stats.mtimeMs >= since - 1000) saved.push(file);
      } catch {
        // Gone since it was found: its removal is an event of its own.
      }
    }
  }
  return saved;
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';

const QUIET_MS = 5;

/**
 * Batches run one at a time. Files saved after `since` (the first build's start, before the watch
 * was set up) count as changed: the watcher may have taken them for their first state.
 */
export function watchSources(root: string, onBatch: (files: string[]) => Promise<void>, since: number) {
  const ignored = (p: string) =>
    path
      .relative(root, path.resolve(root, p))
      .split(path.sep)
      .some((s) => (s.startsWith('.') && s.length > 1) || s === 'node_modules');
  // A missing folder makes chokidar ready before it watches the others, missing saves meanwhile.
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
      for (const file of savedSince(root, watcher.getWatched(), since)) pending.add(file);
      if (pending.size > 0) schedule();
      resolve();
    }),
  );
  return {
    /** Resolves once every source is watched: a change saved after that is never missed. */
    ready,
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}

/** A second's margin: a file system may stamp a save a tick behind the clock. */
function savedSince(root: string, watched: Record<string, string[]>, since: number): string[] {
  const saved: string[] = [];
  for (const [dir, names] of Object.entries(watched)) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const stats = statSync(path.resolve(root, file));
        if (stats.isFile() && stats.mtimeMs >= since - 1000) saved.push(file);
      } catch {
        // Gone since: its removal is an event of its own.
      }
    }
  }
  return saved;
}

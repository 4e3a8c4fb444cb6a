import path from 'node:path';
import chokidar from 'chokidar';

export interface Watcher {
  /** Resolves once every source is watched: a change saved after that is never missed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the site's sources and the runtime. Changes arriving together (an editor's save, a
 * `git checkout`) are coalesced into one batch after a short quiet period, and batches run one at
 * a time: a rebuild never overlaps another; changes during a rebuild form the next batch.
 */
export function watchSources(root: string, onBatch: (files: string[]) => Promise<void>, quietMs = 5): Watcher {
  const ignored = (p: string) =>
    path
      .relative(root, path.resolve(root, p))
      .split(path.sep)
      .some((s) => (s.startsWith('.') && s.length > 1) || s === 'node_modules');
  const watcher = chokidar.watch(['site', 'runtime'], { cwd: root, ignoreInitial: true, ignored });
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
    timer = setTimeout(() => void flush(), quietMs);
  };
  for (const event of ['add', 'change', 'unlink'] as const) {
    watcher.on(event, (file: string) => {
      pending.add(file);
      schedule();
    });
  }
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}

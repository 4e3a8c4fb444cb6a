import { existsSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CardTask } from '../card-render.ts';
import { PACKAGE_ROOT } from '../paths.ts';

// The one pool of worker threads (piscina) that heavy jobs of a build run on, one item per task:
// each kind of task is a function of the worker (worker.ts) from its input to its output. The
// threads take the next task as each finishes one: items of one kind may cost several times each
// other (a card in Chinese draws more glyphs, from more font files), so shares fixed in advance
// would end unevenly.

/** What each kind of task is given, and what it gives back (sent between threads by copy, a byte array moved). */
export interface TaskKinds {
  /** A share card drawn as a PNG. */
  readonly card: { readonly input: CardTask; readonly output: Uint8Array };
}
export type TaskKind = keyof TaskKinds;
export type Task = { [K in TaskKind]: { readonly kind: K; readonly input: TaskKinds[K]['input'] } }[TaskKind];

export interface TaskPool {
  run<K extends TaskKind>(kind: K, input: TaskKinds[K]['input']): Promise<TaskKinds[K]['output']>;
  /** Ends the threads once their tasks are done; `destroy` ends them at once (a task failed). */
  close(options?: { readonly destroy?: boolean }): Promise<void>;
}

/** The compiled worker: the pool runs from dist/, as `site` does (tests from sources run without it). */
const WORKER_FILE = path.join(PACKAGE_ROOT, 'dist', 'pool-worker.js');

/**
 * A pool of `threads` threads, started now so that they load while this thread goes on; null when
 * the worker is not compiled. The caller closes it when its tasks are done.
 */
export function startPool(threads: number): TaskPool | null {
  if (threads < 1 || !existsSync(WORKER_FILE)) return null;
  const pool = new Piscina<Task, TaskKinds[TaskKind]['output']>({
    filename: WORKER_FILE,
    minThreads: threads,
    maxThreads: threads,
    // Tasks come as messages, so a thread's event loop turns between them: only then are the
    // native objects of the last task freed (resvg's 3 MB of pixels a card), which would pile up
    // while the thread slept between tasks.
    atomics: 'disabled',
    // React's production build, whatever the command was started with (bin/site.js sets it).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return {
    run: (kind, input) => pool.run({ kind, input } as Task),
    close: ({ destroy = false } = {}) => (destroy ? pool.destroy() : pool.close()),
  };
}

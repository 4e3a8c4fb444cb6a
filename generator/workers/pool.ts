import { existsSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CardTask, ImageTask, MadeImage, PagesResult, PagesTask } from '../types.ts';
import { PACKAGE_ROOT } from '../paths.ts';

// The one pool of worker threads (piscina) that heavy jobs of a build run on, one item per task:
// each kind of task is a function of the worker (worker.ts) from its input to its output. The
// pipeline makes the pool for a build and closes it at the end; its threads start only when a stage
// has enough work for them (cards.ts: toCardWorkers; images.ts: toImageWorkers; pipeline/render.ts for pages), and take the next task as each finishes one.

/** What each kind of task is given, and what it gives back (sent between threads by copy). */
export interface TaskKinds {
  /** A share card drawn as a PNG in each of its sizes. */
  readonly card: { readonly input: CardTask; readonly output: Uint8Array[] };
  /** A batch of pages rendered (a large build renders its pages on every core). */
  readonly pages: { readonly input: PagesTask; readonly output: PagesResult };
  /** A photo made in every size and format (behaviour.md: Images). */
  readonly image: { readonly input: ImageTask; readonly output: MadeImage };
}
export type TaskKind = keyof TaskKinds;
export type Task = { [K in TaskKind]: { readonly kind: K; readonly input: TaskKinds[K]['input'] } }[TaskKind];

export interface TaskPool {
  /**
   * Starts `threads` threads unless they run already; false when none can (a single thread asked
   * for none, or the worker is not compiled: tests run from sources without it).
   */
  start(threads: number): boolean;
  /** Runs a task on a thread; an aborted `signal` drops it if it has not started. */
  run<K extends TaskKind>(kind: K, input: TaskKinds[K]['input'], signal?: AbortSignal): Promise<TaskKinds[K]['output']>;
  /** Ends the threads once their tasks are done. */
  close(): Promise<void>;
}

/** The compiled worker: the pool runs from dist/, as `site` does. */
const WORKER_FILE = path.join(PACKAGE_ROOT, 'dist', 'pool-worker.js');

/** A build's pool, no thread started yet. */
export function createPool(): TaskPool {
  let pool: Piscina<Task, TaskKinds[TaskKind]['output']> | null = null;
  return {
    start(threads) {
      if (pool || threads <= 0 || !existsSync(WORKER_FILE)) return pool !== null;
      pool = new Piscina({
        filename: WORKER_FILE,
        minThreads: threads,
        maxThreads: threads,
        // Two tasks at a time in each thread: one waits for native work off the thread (resvg
        // rasterizing a card) while the other runs.
        concurrentTasksPerWorker: 2,
        // Tasks come as messages, so a thread's event loop turns between them: only then are the
        // native objects of the last task freed (resvg's 3 MB of pixels a card), which would pile up
        // while the thread slept between tasks.
        atomics: 'disabled',
        // React's production build, whatever the command was started with (bin/site.js sets it).
        env: { ...process.env, NODE_ENV: 'production' },
      });
      return true;
    },
    run(kind, input, signal) {
      if (!pool) return Promise.reject(new Error('the worker pool has no thread started'));
      return pool.run({ kind, input } as Task, { signal: signal ?? null });
    },
    async close() {
      await pool?.close();
      pool = null;
    },
  };
}

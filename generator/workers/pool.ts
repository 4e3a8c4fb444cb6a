import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CardTask, ImageTask, MadeImage, PagesResult, PagesTask } from '../types.ts';
import { PACKAGE_ROOT } from '../paths.ts';

// The build's one pool of worker threads (piscina); each kind of task is a function of worker.ts.
// Threads start only when a stage has enough work for them (toPoolThreads, pipeline/render.ts).

/** Inputs and outputs are copied between threads. */
export interface TaskKinds {
  readonly card: { readonly input: CardTask; readonly output: Uint8Array[] };
  readonly pages: { readonly input: PagesTask; readonly output: PagesResult };
  readonly image: { readonly input: ImageTask; readonly output: MadeImage };
}
export type TaskKind = keyof TaskKinds;
export type Task = { [K in TaskKind]: { readonly kind: K; readonly input: TaskKinds[K]['input'] } }[TaskKind];

export interface TaskPool {
  /** False when no thread can start: none asked for, or no compiled worker (tests from sources). */
  start(threads: number): boolean;
  /** An aborted `signal` drops a task not yet started. */
  run<K extends TaskKind>(kind: K, input: TaskKinds[K]['input'], signal?: AbortSignal): Promise<TaskKinds[K]['output']>;
  close(): Promise<void>;
}

/** What a stage hands its heavy work to. */
export type StageThreads = Pick<TaskPool, 'start' | 'run'>;

const WORKER_FILE = path.join(PACKAGE_ROOT, 'dist', 'pool-worker.js');

/**
 * One thread per `perThread` tasks up to the cores, none below two: the main thread does two at a
 * time itself, and each thread pays for its start.
 */
export function toPoolThreads(tasks: number, perThread: number, cores = availableParallelism()): number {
  const threads = Math.min(cores, Math.floor(tasks / perThread));
  return threads >= 2 ? threads : 0;
}

export function createPool(): TaskPool {
  let pool: Piscina<Task, TaskKinds[TaskKind]['output']> | null = null;
  return {
    start(threads) {
      if (pool || threads <= 0 || !existsSync(WORKER_FILE)) return pool !== null;
      pool = new Piscina({
        filename: WORKER_FILE,
        minThreads: threads,
        maxThreads: threads,
        // One task runs while the other waits for native work (resvg rasterizing a card).
        concurrentTasksPerWorker: 2,
        // Messages let the event loop turn between tasks, which frees the last task's native
        // objects (resvg's pixels); with atomics they pile up.
        atomics: 'disabled',
        // React's production build, as bin/site.js sets it.
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

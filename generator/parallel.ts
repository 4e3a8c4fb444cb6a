import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { EmittedPage } from './emit.ts';
import type { ParseElsewhere, ParsedContent } from './load/content.ts';
import { WORKER_FILE } from './paths.ts';
import type { LinkIndex } from './render/markdown.ts';
import type { MissingKey } from './render/missing-keys.ts';
import type { ElsewhereResult, PageQueue } from './render/site.ts';
import type { ClientAssets, Messages, Page, SiteConfig, SiteProblem } from './types.ts';
import { releaseWorkerSlot, slotForWorker, type WatchSlot } from './watch-site-code.ts';
import { toBatchSize, type WorkQueue } from './work-queue.ts';
import type { PageLayout } from '../runtime/urls.ts';

// A large site builds on every core. Its worker threads start as soon as the content files are
// listed, and first parse content files beside the main thread (load); then each renders batches
// of pages taken from the back of the render queue, writes their files into the staging folder
// (emit.ts) and sends back only what the main thread needs of them (the drafts: behaviour.md,
// Build id); once the id is known, it writes it into those files itself, then writes with the
// main thread the files made after the render (the search indexes). The main thread takes its
// files and pages from the front of the same queues.

// Below this many pages (or content files) a worker's start-up costs more than it saves. On two
// cores, 250 files built 3 % slower with a worker, 350 as fast, 500 12 % faster.
const WORKER_THRESHOLD = 400;

/** What a worker is started with: everything is plain data that survives a structured clone. */
export interface WorkerStart {
  readonly config: SiteConfig;
  /** Its slot in the watch of code that never ends (watch-site-code.ts). */
  readonly watch?: WatchSlot | null;
}

/** What a worker needs to render, once the site is loaded, resolved and bundled. */
export interface RenderSetup {
  readonly assets: ClientAssets;
  /** The stand-in id the pages are rendered with. */
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly messages: Messages;
  /** The staging folder the worker writes its pages into. */
  readonly staging: string;
  readonly layout: PageLayout;
  /** Whether the build makes a search index (each page's entry is taken where it renders). */
  readonly search: boolean;
  /** Whether the worker writes the build id into its files itself, once it is known (finish). */
  readonly patch: boolean;
}

/**
 * What a worker is sent: content files to parse, the server bundle to load ahead of the render, the
 * render set-up, a batch of pages (empty: no more).
 */
export type WorkerRequest =
  | { readonly kind: 'parse'; readonly files: readonly string[] }
  | { readonly kind: 'load'; readonly serverModule: string }
  | { readonly kind: 'render'; readonly setup: RenderSetup }
  | { readonly kind: 'pages'; readonly pages: readonly Page[] }
  | { readonly kind: 'finish'; readonly id: string; readonly files: SharedWrites | null }
  | { readonly kind: 'remove'; readonly folders: readonly string[] };

/**
 * Files that the main thread and a worker write into the staging folder together, each taking the
 * next one not taken yet (takeSharedWrite), so that neither waits while the other has some left:
 * their names, their bytes one after another in memory both threads share, and the number of the
 * next file to take.
 */
export interface SharedWrites {
  readonly names: readonly string[];
  /** Where each file's bytes end. */
  readonly ends: readonly number[];
  readonly bytes: Uint8Array;
  readonly next: Int32Array;
}

/** Files to write together (SharedWrites), none taken yet. */
export function toSharedWrites(files: ReadonlyMap<string, Uint8Array>): SharedWrites {
  let size = 0;
  for (const contents of files.values()) size += contents.byteLength;
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  const ends: number[] = [];
  for (const contents of files.values()) {
    const at = ends.at(-1) ?? 0;
    bytes.set(contents, at);
    ends.push(at + contents.byteLength);
  }
  return { names: [...files.keys()], ends, bytes, next: new Int32Array(new SharedArrayBuffer(4)) };
}

/** Takes the next file of `files` not taken by another thread: its number, or -1 when none is left. */
export function takeSharedWrite(files: SharedWrites): number {
  const n = Atomics.add(files.next, 0, 1);
  return n < files.names.length ? n : -1;
}

/** The name and bytes of file `n` of `files`. */
export function toSharedWrite(files: SharedWrites, n: number): [name: string, bytes: Uint8Array] {
  return [files.names[n] as string, files.bytes.subarray(n === 0 ? 0 : files.ends[n - 1], files.ends[n])];
}

/**
 * What a worker sends back: the files it parsed; the pages of a batch once written (which asks for
 * another); its problems once it is done; or the file system's refusal of a write.
 */
export type WorkerMessage =
  | { readonly kind: 'parsed'; readonly results: readonly (readonly [string, ParsedContent])[] }
  | { readonly kind: 'pages'; readonly pages: readonly EmittedPage[] }
  | { readonly kind: 'done'; readonly problems: SiteProblem[]; readonly missing: MissingKey[] }
  | { readonly kind: 'finished' }
  | { readonly kind: 'removed' }
  | { readonly kind: 'output-failed'; readonly message: string; readonly syscall: string; readonly code?: string };

/**
 * How many workers to start beside the main thread, which does a share of the work too: by
 * default one per core but the main thread's, on a site large enough to repay their start. On a
 * single core (a small CI container) none: a worker there only takes turns with the main thread
 * (500 content files built 9 % slower with one).
 */
export function shouldUseWorkers(count: number, setting: 'auto' | number, cores = availableParallelism()): number {
  if (!existsSync(WORKER_FILE)) return 0;
  if (typeof setting === 'number') return Math.min(Math.max(0, setting), MAX_WORKERS);
  return count >= WORKER_THRESHOLD ? cores - 1 : 0;
}

/**
 * The most render threads a build starts, whatever it is asked for: one per core. Each holds the
 * site's templates and data, and more than the cores only wait their turn (`--workers 999` once
 * took 11 GB and minutes before it was stopped).
 */
export const MAX_WORKERS = availableParallelism();

/** Content files a worker is sent at a time, at most. */
const PARSE_BATCH = 64;
/** Pages a worker is sent at a time, at most; it is sent the next batch with the one it renders. */
const RENDER_BATCH = 32;

/** The workers of one build, from the load to the end of the render. */
export interface WorkerPool {
  /** Has the workers parse content files beside the main thread. */
  readonly parse: ParseElsewhere;
  /**
   * Has the workers load the server bundle (the templates) as soon as it is built: they compile it
   * while the content is parsed, not once the render waits for them.
   */
  load(serverModule: string): void;
  /**
   * Sends the workers what they render with, as soon as it is known: each sets itself up while the
   * main thread still writes the shared files.
   */
  prepare(setup: RenderSetup): void;
  /**
   * Has the workers render pages from the queue (once prepared); each hands what it wrote of every
   * page to `onPage`.
   */
  render(queue: PageQueue, onPage: (page: EmittedPage) => void): Promise<ElsewhereResult>;
  /**
   * Has each worker write the build id over the stand-in in the files it wrote (when `patch` was
   * set up: not with --precompress, where the main thread patches and then compresses every page),
   * then take files of `files` to write into the staging folder, as this thread does once it has
   * done its own part.
   */
  finish(id: string, files?: SharedWrites | null): Promise<void>;
  /** Whether a worker is still there to remove folders (it ends after its pages without --precompress's patching). */
  canRemove(): boolean;
  /** Has the first worker remove `folders` (of the previous output), and end. */
  remove(folders: readonly string[]): Promise<void>;
  /** Stops the workers that are still running (a build that failed before its render ended). */
  close(): Promise<void>;
}

export function startWorkerPool(start: WorkerStart, count: number): WorkerPool {
  const tuning = tuneForBusyCores();
  const workers = Array.from({ length: count }, () => new PoolWorker(start));
  const threads = count + 1;
  return {
    async parse(queue, onParsed) {
      await all(
        queue,
        workers.map((worker) =>
          worker.exchange((send) => {
            const next = () => {
              const files = queue.takeBack(toBatchSize(queue.left, threads, PARSE_BATCH));
              if (files.length === 0) return true;
              send({ kind: 'parse', files });
              return false;
            };
            return {
              first: () => next(),
              take: (message) => {
                if (message.kind !== 'parsed') return false;
                for (const [file, parsed] of message.results) onParsed(file, parsed);
                return next();
              },
            };
          }),
        ),
      );
    },
    load(serverModule) {
      for (const worker of workers) worker.send({ kind: 'load', serverModule });
    },
    prepare(setup) {
      for (const worker of workers) worker.send({ kind: 'render', setup });
    },
    async render(queue, onPage) {
      const outputs = await all(
        queue,
        workers.map((worker) =>
          worker.exchange<ElsewhereResult>((send, done) => {
            const next = () =>
              send({ kind: 'pages', pages: queue.takeBack(toBatchSize(queue.left, threads, RENDER_BATCH)) });
            return {
              // Sent behind the set-up (prepare), which the worker handles first: it starts on
              // them as soon as it is set up, not once this thread has read a reply. Two batches:
              // the second waits in the worker while it renders the first.
              first: () => {
                next();
                next();
                return false;
              },
              take: (message) => {
                if (message.kind === 'pages') {
                  for (const page of message.pages) onPage(page);
                  next();
                } else if (message.kind === 'done') {
                  done({ problems: message.problems, missing: message.missing });
                }
                return false;
              },
            };
          }),
        ),
      );
      return { problems: outputs.flatMap((o) => o.problems), missing: outputs.flatMap((o) => o.missing) };
    },
    async finish(id, files) {
      await Promise.all(
        workers.map((worker) =>
          worker.exchange((send) => ({
            first: () => {
              send({ kind: 'finish', id, files: files ?? null });
              return false;
            },
            take: (message) => message.kind === 'finished',
          })),
        ),
      );
    },
    canRemove: () => workers[0]?.alive ?? false,
    async remove(folders) {
      const [worker] = workers;
      if (!worker?.alive) throw new Error('no build worker is left to remove folders');
      await worker.exchange((send) => ({
        first: () => {
          send({ kind: 'remove', folders });
          return false;
        },
        take: (message) => message.kind === 'removed',
      }));
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      tuning.end();
    },
  };
}

/** How many pools are running: while one is, V8 is tuned for a build thread on every core. */
let pools = 0;

/**
 * V8's settings while a pool runs (flags of the whole process, read as the threads run, so set and
 * put back here: once the last pool has ended, to V8's defaults). With a build thread on every
 * core, what V8 does on background threads can only take a core from another build thread:
 * - Optimizing a function (TurboFan) took a quarter of the CPU of a 1,000-page build. Each
 *   function now runs eight times longer before it is optimized, so that only the code every page
 *   runs is: 1,000 pages build in about 14 % less time, 10,000 in 3 % less (Node 22: 5 % less at
 *   1,000). With no worker (a small site), the second core is free for the compiler and the
 *   default is faster: it stays.
 * - A young-generation collection's helper tasks (parallel scavenge): each thread collects alone,
 *   about 2 % faster.
 * A flag given on the command line (`node --interrupt-budget=…`) is left as it is.
 */
function tuneForBusyCores(): { end: () => void } {
  const given = new Set(process.execArgv.map((arg) => arg.replace(/^--(no-)?|=.*$/g, '').replaceAll('_', '-')));
  const tuned = toBusyCoreFlags().filter(({ name }) => !given.has(name));
  if (pools++ === 0) for (const { busy } of tuned) setFlagsFromString(busy);
  let ended = false;
  return {
    end() {
      if (ended) return;
      ended = true;
      if (--pools === 0) for (const { usual } of tuned) setFlagsFromString(usual);
    },
  };
}

/**
 * V8's flags while a pool runs, and their defaults, for the V8 of this Node (its version, e.g.
 * `11.3.244.8-node.38`). The flag that says when a function is optimized has changed its name:
 * a V8 this does not know is left as it is (an unknown flag would be printed as an error).
 */
export function toBusyCoreFlags(v8 = process.versions.v8): { name: string; busy: string; usual: string }[] {
  const known = OPTIMIZE_AFTER[Number(v8.split('.')[0])];
  const optimizeLater = known
    ? [{ name: known.name, busy: `--${known.name}=${8 * known.usual}`, usual: `--${known.name}=${known.usual}` }]
    : [];
  return [
    ...optimizeLater,
    { name: 'parallel-scavenge', busy: '--no-parallel-scavenge', usual: '--parallel-scavenge' },
  ];
}

/** By V8's major version: the flag that says how long a function runs before it is optimized, and its default. */
const OPTIMIZE_AFTER: Readonly<Record<number, { readonly name: string; readonly usual: number }>> = {
  11: { name: 'interrupt-budget', usual: 67_584 },
  12: { name: 'invocation-count-for-turbofan', usual: 3000 },
  13: { name: 'invocation-count-for-turbofan', usual: 3000 },
};

/**
 * Every worker's part of a phase. When one fails, the others (and the main thread) take nothing
 * more and end their batch before the phase fails: nothing writes after a failure.
 */
async function all<T>(queue: WorkQueue<unknown>, parts: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(
    parts.map((part) =>
      part.catch((error: unknown) => {
        queue.clear();
        throw error;
      }),
    ),
  );
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}

/** One conversation with a worker: its first request, and what it does with each message. */
interface Exchange {
  /** Sends the first request; true when there is nothing to ask. */
  readonly first: () => boolean;
  /** Takes a message; true when the exchange is over. */
  readonly take: (message: WorkerMessage) => boolean;
}

class PoolWorker {
  private readonly worker: Worker;
  private onMessage: ((message: WorkerMessage) => void) | null = null;
  /** Messages that came while no exchange was open, kept for the next one. */
  private readonly waiting: WorkerMessage[] = [];
  private onFailure: ((error: Error) => void) | null = null;
  /** Why the worker stopped, when it stopped before it was done. */
  private failure: Error | null = null;
  private exited = false;

  constructor(start: WorkerStart) {
    const watch = slotForWorker();
    this.worker = new Worker(WORKER_FILE, {
      workerData: { ...start, watch } satisfies WorkerStart,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    this.worker.once('exit', () => releaseWorkerSlot(watch));
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'output-failed') {
        // As a write on the main thread fails: the build reports the file system's reason.
        this.fail(Object.assign(new Error(message.message), { syscall: message.syscall, code: message.code }));
        void this.worker.terminate();
      } else if (this.onMessage) this.onMessage(message);
      else this.waiting.push(message);
    });
    this.worker.once('error', (error) => this.fail(error));
    this.worker.once('exit', (code) => {
      this.exited = true;
      // Ended in the middle of an exchange, even with code 0, it would leave the build waiting for ever.
      if (code !== 0 || this.onMessage)
        this.fail(new Error(`a build worker stopped with exit code ${code}${code === 0 ? ' before it answered' : ''}`));
    });
  }

  /**
   * Runs one exchange: resolves when it is over (with what `done` was given), rejects when the
   * worker fails meanwhile or had failed before.
   */
  exchange<T = void>(open: (send: (request: WorkerRequest) => void, done: (value: T) => void) => Exchange): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      let over = false;
      const finish = (value: T) => {
        over = true;
        this.onMessage = null;
        this.onFailure = null;
        resolve(value);
      };
      const exchange = open((request) => this.worker.postMessage(request), finish);
      this.onFailure = reject;
      this.onMessage = (message) => {
        if (exchange.take(message)) finish(undefined as T);
      };
      // What came before the exchange opened, in order, until the exchange is over.
      while (!over && this.waiting.length > 0) {
        const message = this.waiting.shift() as WorkerMessage;
        if (exchange.take(message)) finish(undefined as T);
      }
      if (exchange.first()) finish(undefined as T);
    });
  }

  /** A request outside an exchange (its answer waits for the next one). */
  send(request: WorkerRequest): void {
    if (!this.exited) this.worker.postMessage(request);
  }

  get alive(): boolean {
    return !this.exited && this.failure === null;
  }

  async stop(): Promise<void> {
    if (!this.exited) await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.onFailure?.(this.failure);
  }
}

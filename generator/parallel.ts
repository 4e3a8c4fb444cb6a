import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EmittedPage } from './emit.ts';
import { WORKER_FILE } from './paths.ts';
import type { LinkIndex } from './render/markdown.ts';
import type { ElsewhereResult, PageQueue } from './render/site.ts';
import type { ClientAssets, Messages, Page, SiteConfig, SiteProblem } from './types.ts';
import type { MissingKey } from './render/missing-keys.ts';
import type { PageLayout } from '../runtime/urls.ts';

// A large site renders on every core (the drafts: behaviour.md, Build id): each worker
// thread renders batches of pages taken from the back of the render queue, writes their files into
// the staging folder (emit.ts) and sends back only what the main thread needs of them. The main
// thread renders from the front of the same queue and writes everything else.

// Below this many pages a worker's start-up costs more than it saves.
const WORKER_THRESHOLD = 1000;

/** The input one worker takes: everything is plain data that survives a structured clone. */
export interface WorkerInput {
  readonly config: SiteConfig;
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
}

/**
 * What a worker sends back: that it is ready, the pages of a batch once written (which asks for
 * another), then its problems once it is done, or the file system's refusal of a write.
 */
export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'pages'; readonly pages: readonly EmittedPage[] }
  | { readonly kind: 'done'; readonly problems: SiteProblem[]; readonly missing: MissingKey[] }
  | { readonly kind: 'output-failed'; readonly message: string; readonly syscall: string };

/** What a worker is sent: a batch of pages to render; an empty one when there are no more. */
export interface WorkerBatch {
  readonly pages: readonly Page[];
}

/**
 * How many render workers to start beside the main thread, which renders a share of the pages too:
 * by default one per core but the main thread's, on a site large enough to repay their start.
 */
export function shouldUseWorkers(pageCount: number, setting: 'auto' | number): number {
  if (!existsSync(WORKER_FILE)) return 0;
  if (typeof setting === 'number') return Math.max(0, setting);
  return pageCount >= WORKER_THRESHOLD ? Math.max(1, availableParallelism() - 1) : 0;
}

/** Pages a worker is sent at a time; it is sent the next batch with the one it is rendering. */
const BATCH = 32;

/** Starts the workers on the queue's pages; each hands what it wrote of every page to `onPage`. */
export async function renderPagesInWorkers(
  input: WorkerInput & {
    queue: PageQueue;
    workers: number;
    onPage: (page: EmittedPage) => void;
  },
): Promise<ElsewhereResult> {
  const { queue, workers, onPage, ...shared } = input;
  const settled = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      runWorker(shared, queue, onPage).catch((error: unknown) => {
        // One worker failed: the others (and the main thread) take nothing more, and end their
        // batch before the build fails, so nothing writes into the staging folder after.
        queue.clear();
        throw error;
      }),
    ),
  );
  const outputs = settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
  return { problems: outputs.flatMap((o) => o.problems), missing: outputs.flatMap((o) => o.missing) };
}

function runWorker(
  input: WorkerInput,
  queue: PageQueue,
  onPage: (page: EmittedPage) => void,
): Promise<ElsewhereResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: input, env: { ...process.env, NODE_ENV: 'production' } });
    const send = () => worker.postMessage({ pages: queue.takeBack(BATCH) } satisfies WorkerBatch);
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        // Two batches: the second waits in the worker while it renders the first.
        send();
        send();
      } else if (message.kind === 'pages') {
        for (const page of message.pages) onPage(page);
        send();
      } else if (message.kind === 'output-failed') {
        // As a write on the main thread fails: the build reports the file system's reason.
        reject(Object.assign(new Error(message.message), { syscall: message.syscall }));
        void worker.terminate();
      } else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a render worker stopped with exit code ${code}`));
    });
  });
}

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WORKER_FILE } from '../paths.ts';
import type { LinkIndex } from './markdown.ts';
import type { MissingKey } from './missing-keys.ts';
import type { ClientAssets, Messages, Page, RenderedPage, SiteConfig, SiteProblem } from '../types.ts';

// Below this many pages a worker's start-up costs more than it saves.
const WORKER_THRESHOLD = 1000;

/** The input one render worker takes: everything is plain data that survives a structured clone. */
export interface WorkerInput {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly messages: Messages;
}

/**
 * What a worker sends back: that it is ready, the pages of a batch once rendered (which asks for
 * another), then its problems once it is done.
 */
export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'pages'; readonly pages: readonly RenderedPage[] }
  | { readonly kind: 'done'; readonly problems: SiteProblem[]; readonly missing: MissingKey[] };

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

/**
 * The pages still to render, shared by the main thread and the workers: the main thread takes them
 * one by one from the front, between writing what the workers send; the workers take batches from
 * the back. Whoever is faster renders more, so no thread waits while another still has work.
 */
export interface PageQueue {
  takeFront(): Page | undefined;
  takeBack(count: number): readonly Page[];
}

export function createPageQueue(pages: readonly Page[]): PageQueue {
  let front = 0;
  let back = pages.length;
  return {
    takeFront: () => (front < back ? pages[front++] : undefined),
    takeBack(count) {
      const from = Math.max(front, back - count);
      const taken = pages.slice(from, back);
      back = from;
      return taken;
    },
  };
}

/** Pages a worker is sent at a time; it is sent the next batch with the one it is rendering. */
const BATCH = 32;

/** Starts the workers on the queue's pages; each hands every page it renders to `onPage`. */
export async function renderPagesInWorkers(
  input: WorkerInput & {
    queue: PageQueue;
    workers: number;
    onPage: (page: RenderedPage) => void;
  },
): Promise<{ problems: SiteProblem[]; missing: MissingKey[] }> {
  const { queue, workers, onPage, ...shared } = input;
  const outputs = await Promise.all(Array.from({ length: workers }, () => runWorker(shared, queue, onPage)));
  return { problems: outputs.flatMap((o) => o.problems), missing: outputs.flatMap((o) => o.missing) };
}

function runWorker(
  input: WorkerInput,
  queue: PageQueue,
  onPage: (page: RenderedPage) => void,
): Promise<{ problems: SiteProblem[]; missing: MissingKey[] }> {
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
      } else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a render worker stopped with exit code ${code}`));
    });
  });
}

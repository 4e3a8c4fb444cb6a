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
  readonly pages: readonly Page[];
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly messages: Messages;
}

/** What a worker sends back: rendered pages in batches, then its problems once it is done. */
export type WorkerMessage =
  | { readonly kind: 'pages'; readonly pages: readonly RenderedPage[] }
  | { readonly kind: 'done'; readonly problems: SiteProblem[]; readonly missing: MissingKey[] };

/**
 * How many render workers to start beside the main thread, which renders a share of the pages too:
 * by default one per core but the main thread's, on a site large enough to repay their start.
 */
export function shouldUseWorkers(pageCount: number, setting: 'auto' | number): number {
  if (!existsSync(WORKER_FILE)) return 0;
  if (typeof setting === 'number') return Math.max(0, setting);
  return pageCount >= WORKER_THRESHOLD ? Math.max(1, availableParallelism() - 1) : 0;
}

/** Splits the pages across workers; each renders its share and hands every page to `onPage`. */
export async function renderPagesInWorkers(
  input: Omit<WorkerInput, 'pages'> & {
    pages: readonly Page[];
    workers: number;
    onPage: (page: RenderedPage) => void;
  },
): Promise<{ problems: SiteProblem[]; missing: MissingKey[] }> {
  const { pages, workers, onPage, ...shared } = input;
  const size = Math.ceil(pages.length / workers);
  const shares = Array.from({ length: workers }, (_, i) => pages.slice(i * size, (i + 1) * size)).filter(
    (s) => s.length > 0,
  );
  const outputs = await Promise.all(shares.map((share) => runWorker({ ...shared, pages: share }, onPage)));
  return { problems: outputs.flatMap((o) => o.problems), missing: outputs.flatMap((o) => o.missing) };
}

function runWorker(
  input: WorkerInput,
  onPage: (page: RenderedPage) => void,
): Promise<{ problems: SiteProblem[]; missing: MissingKey[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: input, env: { ...process.env, NODE_ENV: 'production' } });
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'pages') for (const page of message.pages) onPage(page);
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a render worker stopped with exit code ${code}`));
    });
  });
}

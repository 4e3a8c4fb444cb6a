import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WORKER_FILE } from '../paths.ts';
import type { LinkIndex } from './markdown.ts';
import type { MissingKey } from './missing-keys.ts';
import type { ClientAssets, Messages, Page, SiteConfig, SiteProblem } from '../types.ts';
import type { OutputSink } from '../write/output.ts';

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
  readonly staging: string;
  /** `.gz` and `.br` beside each page and payload above 1 KB (`site build --precompress`). */
  readonly precompress: boolean;
}

export interface WorkerOutput {
  readonly files: number;
  readonly bytes: number;
  readonly precompressed: number;
  readonly problems: SiteProblem[];
  readonly missing: MissingKey[];
}

export function shouldUseWorkers(pageCount: number, setting: 'auto' | number): number {
  if (!existsSync(WORKER_FILE)) return 0;
  if (typeof setting === 'number') return Math.max(0, setting);
  return pageCount >= WORKER_THRESHOLD ? Math.max(2, availableParallelism()) : 0;
}

/** Splits the pages across workers; each renders its share and writes it into the staging folder. */
export async function renderPagesInWorkers(
  input: Omit<WorkerInput, 'pages' | 'staging' | 'precompress'> & {
    pages: readonly Page[];
    workers: number;
    sink: OutputSink;
  },
): Promise<{ problems: SiteProblem[]; missing: MissingKey[] }> {
  const { pages, workers, sink, ...shared } = input;
  const staging = sink.staging;
  if (!staging) throw new Error('rendering in workers needs a staging folder');
  const size = Math.ceil(pages.length / workers);
  const shares = Array.from({ length: workers }, (_, i) => pages.slice(i * size, (i + 1) * size)).filter(
    (s) => s.length > 0,
  );
  const outputs = await Promise.all(
    shares.map((share) => runWorker({ ...shared, pages: share, staging, precompress: sink.precompress === true })),
  );
  for (const out of outputs) {
    sink.stats.files += out.files;
    sink.stats.bytes += out.bytes;
    sink.stats.precompressed += out.precompressed;
  }
  return { problems: outputs.flatMap((o) => o.problems), missing: outputs.flatMap((o) => o.missing) };
}

function runWorker(input: WorkerInput): Promise<WorkerOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: input, env: { ...process.env, NODE_ENV: 'production' } });
    worker.once('message', (out: WorkerOutput) => resolve(out));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a render worker stopped with exit code ${code}`));
    });
  });
}

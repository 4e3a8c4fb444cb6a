import { parentPort, workerData } from 'node:worker_threads';
import { createTranslators } from './i18n.ts';
import type { MissingKey } from './missing-keys.ts';
import { renderPage, type RenderContext } from './page.ts';
import { loadServerModule } from './server-module.ts';
import type { WorkerBatch, WorkerInput, WorkerMessage } from './parallel.ts';
import type { RenderedPage, SiteProblem } from '../types.ts';

// A render worker: renders the batches of pages it is sent and sends each back rendered (which
// asks for the next); the main thread writes them. It touches the disk only for the Markdown cache.
const input = workerData as WorkerInput;
const missing: MissingKey[] = [];
let current = '';
const translators = createTranslators(input.config, input.messages, (locale, ns, key) =>
  missing.push({ locale, ns, key, usedBy: current }),
);
const server = loadServerModule(input.assets.serverModule);
const ctx: RenderContext = {
  config: input.config,
  assets: input.assets,
  buildId: input.buildId,
  server,
  translators,
  links: input.links,
};
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
const problems: SiteProblem[] = [];
// Each batch is rendered as its message arrives; a message waits while another renders (the
// main thread sends the next batch early), and an empty batch says there are no more.
parentPort?.on('message', ({ pages }: WorkerBatch) => {
  if (pages.length === 0) {
    post({ kind: 'done', problems, missing });
    parentPort?.close();
    return;
  }
  const batch: RenderedPage[] = [];
  for (const page of pages) {
    current = page.url;
    const result = renderPage(page, ctx);
    problems.push(...result.problems);
    if (result.rendered) batch.push(result.rendered);
  }
  post({ kind: 'pages', pages: batch });
});
post({ kind: 'ready' });

import { parentPort, workerData } from 'node:worker_threads';
import { createTranslators } from './i18n.ts';
import type { MissingKey } from './missing-keys.ts';
import { renderPage, type RenderContext } from './page.ts';
import { loadServerModule } from './server-module.ts';
import type { WorkerInput, WorkerMessage } from './parallel.ts';
import type { RenderedPage, SiteProblem } from '../types.ts';

// A render worker: renders its share of the pages and sends them back in batches; the main thread
// writes them. It never touches the disk.
const BATCH = 32;
process.setSourceMapsEnabled(true);
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
let batch: RenderedPage[] = [];
for (const page of input.pages) {
  current = page.url;
  const result = renderPage(page, ctx);
  problems.push(...result.problems);
  if (result.rendered) batch.push(result.rendered);
  if (batch.length === BATCH) {
    post({ kind: 'pages', pages: batch });
    batch = [];
  }
}
if (batch.length > 0) post({ kind: 'pages', pages: batch });
post({ kind: 'done', problems, missing });

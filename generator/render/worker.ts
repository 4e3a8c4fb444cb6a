import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { createDiskSink, writePage } from '../write/output.ts';
import { createTranslators } from './i18n.ts';
import type { MissingKey } from './missing-keys.ts';
import { renderPage, type RenderContext } from './page.ts';
import type { WorkerInput, WorkerOutput } from './parallel.ts';
import type { ServerModule, SiteProblem } from '../types.ts';

// A render worker: renders its share of the pages and writes them into the staging folder.
process.setSourceMapsEnabled(true);
const input = workerData as WorkerInput;
const missing: MissingKey[] = [];
let current = '';
const translators = createTranslators(input.config, input.messages, (locale, ns, key) =>
  missing.push({ locale, ns, key, usedBy: current }),
);
const server = (await import(pathToFileURL(input.assets.serverModule).href)) as ServerModule;
const ctx: RenderContext = {
  config: input.config,
  assets: input.assets,
  buildId: input.buildId,
  server,
  translators,
  links: input.links,
};
const sink = createDiskSink(input.staging, { precompress: input.precompress ? 'sync' : false });
const problems: SiteProblem[] = [];
for (const page of input.pages) {
  current = page.url;
  const result = renderPage(page, ctx);
  problems.push(...result.problems);
  if (result.rendered) writePage(sink, result.rendered);
}
const output: WorkerOutput = {
  files: sink.stats.files,
  bytes: sink.stats.bytes,
  precompressed: sink.stats.precompressed,
  problems,
  missing,
};
parentPort?.postMessage(output);

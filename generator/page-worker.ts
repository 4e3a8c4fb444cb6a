import { parentPort, workerData } from 'node:worker_threads';
import { emitPage, type EmitContext, type EmittedPage } from './emit.ts';
import type { WorkerBatch, WorkerInput, WorkerMessage } from './parallel.ts';
import { createTranslators } from './render/i18n.ts';
import type { MissingKey } from './render/missing-keys.ts';
import { renderPage, type RenderContext } from './render/page.ts';
import { createReuse } from './render/reuse.ts';
import { loadServerModule } from './render/server-module.ts';
import type { SiteProblem } from './types.ts';
import { createDiskSink } from './write/output.ts';

// A render worker: renders the batches of pages it is sent, writes each page's files into the
// staging folder and sends back what the main thread needs of them (emit.ts), which asks for the
// next batch. The main thread patches the build id into the files once every file is known.
const input = workerData as WorkerInput;
const missing: MissingKey[] = [];
let current = '';
const translators = createTranslators(input.config, input.messages, (locale, ns, key) =>
  missing.push({ locale, ns, key, usedBy: current }),
);
const ctx: RenderContext = {
  config: input.config,
  assets: input.assets,
  buildId: input.buildId,
  server: loadServerModule(input.assets.serverModule),
  translators,
  links: input.links,
  reuse: createReuse(),
};
const emit: EmitContext = {
  config: input.config,
  layout: input.layout,
  mark: Buffer.from(input.buildId),
  search: input.search ? translators : null,
};
// Compression, when the build asks for it, waits for the final bytes: the main thread's.
const sink = createDiskSink(input.staging);
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
  const batch: EmittedPage[] = [];
  try {
    for (const page of pages) {
      current = page.url;
      const result = renderPage(page, ctx);
      problems.push(...result.problems);
      if (result.rendered) batch.push(emitPage(result.rendered, page, emit, (file, bytes) => sink.write(file, bytes)));
    }
  } catch (error) {
    // A write the file system refused (a full disk): the build fails with its reason.
    if (!(error instanceof Error && 'syscall' in error)) throw error;
    post({ kind: 'output-failed', message: error.message, syscall: String(error.syscall) });
    return;
  }
  post({ kind: 'pages', pages: batch });
});
post({ kind: 'ready' });

import { parentPort, workerData } from 'node:worker_threads';
import { loadContentFile } from './load/content.ts';
import type { WorkerMessage, WorkerRequest, WorkerStart } from './parallel.ts';
import { joinAsWorker } from './watch-site-code.ts';

// A build worker of a large site (parallel.ts). While the site loads, it parses the content files
// it is sent; then it renders pages (page-render.ts). The render's code (React, the Markdown
// renderer, the templates' helpers) loads while the worker parses: the worker takes its first
// files as soon as the parser is loaded, and the render's code is ready before its set-up comes.
const { config, watch } = workerData as WorkerStart;
joinAsWorker(watch);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

type RenderRequest = Exclude<WorkerRequest, { kind: 'parse' }>;
let handle: ((request: RenderRequest) => void) | null = null;
/** Requests of the render that came before its code was loaded, in their order. */
const waiting: RenderRequest[] = [];
void import('./page-render.ts').then((code) => {
  handle = (request) => code.handleRenderRequest(config, request);
  for (const request of waiting.splice(0)) handle(request);
});

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.kind === 'parse') {
    post({ kind: 'parsed', results: request.files.map((file) => [file, loadContentFile(config, file)] as const) });
    return;
  }
  if (handle) handle(request);
  else waiting.push(request);
});

import { parentPort, workerData } from 'node:worker_threads';
import { loadContentFile } from './load/content.ts';
import { handleRenderRequest } from './page-render.ts';
import type { WorkerMessage, WorkerRequest, WorkerStart } from './parallel.ts';
import { joinAsWorker } from './watch-site-code.ts';

// A build worker of a large site (parallel.ts). While the site loads, it parses the content files
// it is sent; then it renders pages (page-render.ts). The render's code (React, the Markdown
// renderer, the templates' helpers) is loaded before the worker takes its first files: loaded
// while it parses, its compilation would hold up a batch of files the main thread then waits for.
const { config, watch } = workerData as WorkerStart;
joinAsWorker(watch);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.kind === 'parse')
    post({ kind: 'parsed', results: request.files.map((file) => [file, loadContentFile(config, file)] as const) });
  else handleRenderRequest(config, request);
});

import { parentPort, workerData } from 'node:worker_threads';
import { drawCard } from './card-render.ts';
import { loadServerModule } from './render/server-module.ts';
import type { CardWorkerInput, CardWorkerMessage } from './cards.ts';

// A card worker: draws its share of the cards and sends each PNG back; the main thread writes them.
const input = workerData as CardWorkerInput;
const { ShareCard } = loadServerModule(input.serverModule);
if (!ShareCard) throw new Error('the server module has no ShareCard');
for (const job of input.jobs) {
  const png = await drawCard(ShareCard, job.props);
  parentPort?.postMessage({ key: job.key, png } satisfies CardWorkerMessage, [png.buffer as ArrayBuffer]);
}

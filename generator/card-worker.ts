import { parentPort, workerData } from 'node:worker_threads';
import { drawCard, loadRenderers } from './card-render.ts';
import { loadServerModule } from './render/server-module.ts';
import { withoutExit } from './node-module.ts';
import { type CardJob, type CardWorkerInput, type CardWorkerMessage } from './cards.ts';

// A card worker: draws each card the main thread sends and sends its PNG back; the main thread
// writes them, and answers with the next card, or null when none is left.
const input = workerData as CardWorkerInput;
// The renderers first: loading the server module turns source maps on (see loadRenderers).
loadRenderers();
const { ShareCard } = loadServerModule(input.serverModule);
if (!ShareCard) throw new Error('the server module has no ShareCard');
const port = parentPort;
port?.on('message', (job: CardJob | null) => {
  if (!job) {
    port.close();
    return;
  }
  withoutExit(() => drawCard(ShareCard, job.props)).then(
    (drawn) => {
      // The PNG's memory is handed over, not copied: a buffer that shares it with others is copied first.
      const png = drawn.byteLength === drawn.buffer.byteLength ? drawn : new Uint8Array(drawn);
      port.postMessage({ key: job.key, png } satisfies CardWorkerMessage, [png.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      // The layout threw (satori refuses what it cannot lay out): the main thread reports it.
      const failed =
        error instanceof Error
          ? { message: error.message, stack: error.stack ?? '' }
          : { message: String(error), stack: '' };
      port.postMessage({ key: job.key, failed } satisfies CardWorkerMessage);
    },
  );
});

import type { PagePayload, PayloadFile } from '../generator/types.ts';
import { fetchJson, loadOnce } from './fetch-json.ts';
import { site } from './settings.ts';

// behaviour.md: Pages on demand. At most `prefetchLimit` prefetches in flight.

const payloads = new Map<string, Promise<PagePayload>>();

/** `/en/contact` → `/en/contact/_payload.json?<build>`; `/` → `/_payload.json?<build>`. */
export function loadPayload(path: string, buildId: string): Promise<PagePayload> {
  return loadOnce(payloads, path, () =>
    fetchJson<PayloadFile>(`${path === '/' ? '' : path}/_payload.json?${buildId}`).then((file) => ({
      ...file,
      buildId,
    })),
  );
}

export function forgetPayloads(): void {
  payloads.clear();
}

const waiting: (() => Promise<unknown>)[] = [];
const queued = new Set<string>();
let inFlight = 0;

function pump(): void {
  while (inFlight < site.prefetchLimit && waiting.length > 0) {
    const job = waiting.shift() as () => Promise<unknown>;
    inFlight += 1;
    void job()
      .catch(() => undefined)
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  }
}

export function queuePrefetch(path: string, run: () => Promise<unknown>): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (queued.has(path) || connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  queued.add(path);
  waiting.push(run);
  pump();
}

import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../generator/config.ts';
import { createDiskSource } from '../../generator/serve/files.ts';
import { createSiteServer } from '../../generator/serve/server.ts';
import { REPO_ROOT } from './make-site.ts';

export interface ServedOutput {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a built output with `site serve`'s own server, in this process, on a free port: the
 * pages as a static host serves them, with the production security headers and 404 pages.
 */
export async function serveOutput(out: string, root = REPO_ROOT): Promise<ServedOutput> {
  const config = await loadConfig(root);
  const site = createSiteServer({
    source: createDiskSource(out),
    localePrefixes: config.locales.map((l) => l.prefix).filter(Boolean),
    devClient: null,
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  const { port } = site.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => site.close() };
}

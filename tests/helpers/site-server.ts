import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../generator/config.ts';
import { bundleDevClient } from '../../generator/commands/serve.ts';
import { createDiskSource, createMemorySource } from '../../generator/serve/files.ts';
import { createDevSession } from '../../generator/serve/session.ts';
import { createSiteServer } from '../../generator/serve/server.ts';
import { findStaleTranslations } from '../../generator/translations/status.ts';
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

/**
 * Serves the real site as `site serve --watch` does, in this process: built in memory by a watch
 * session, with the dev client in every page. The browser specs run against it when
 * SITE_TEST_TARGET=watch.
 */
export async function serveWatched(root = REPO_ROOT): Promise<ServedOutput & { readonly buildId: string }> {
  const config = await loadConfig(root);
  const session = createDevSession(root);
  await session.rebuild([]);
  const site = createSiteServer({
    source: createMemorySource(() => session.files()),
    localePrefixes: config.locales.map((l) => l.prefix).filter(Boolean),
    devClient: await bundleDevClient(),
    staleTranslations: (page) => findStaleTranslations(root, page),
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  const { port } = site.server.address() as AddressInfo;
  const latest = session.files().get('builds/latest.json');
  const buildId = (JSON.parse(String(latest)) as { id: string }).id;
  return {
    url: `http://127.0.0.1:${port}`,
    buildId,
    close: async () => {
      await site.close();
      await session.close();
    },
  };
}

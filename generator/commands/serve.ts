import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildSite } from '../pipeline/build.ts';
import { RECORD_FILE } from '../translations/record.ts';
import { runEsbuild } from '../esbuild.ts';
import { loadConfig } from '../config.ts';
import { SiteError } from '../problems/problem.ts';
import { RUNTIME_DIR } from '../paths.ts';
import { formatProblem } from '../problems/format.ts';
import {
  printFailure,
  printRebuildFailed,
  printRebuilt,
  printServeError,
  printServing,
  printStopped,
} from '../report.ts';
import { createSiteServer, type SiteServer } from '../serve/server.ts';
import { createDevSession, type DevSession } from '../serve/session.ts';
import { createDiskSource, createMemorySource } from '../serve/files.ts';
import { watchSources } from '../serve/watch.ts';
import { checkOutDir, recoverOutDir } from '../write/out-dir.ts';

export interface ServeOptions {
  readonly root: string;
  readonly out: string;
  readonly port: number;
  readonly host: string;
  readonly watch?: boolean;
  readonly open?: boolean;
}

/** Never written to the output. */
export async function bundleDevClient(): Promise<string> {
  const entryPoints = [path.join(RUNTIME_DIR, 'dev-client.ts')];
  return (await runEsbuild({ entryPoints, minify: true, format: 'iife' }, 'BUNDLE_FAILED')).outputFiles[0]?.text ?? '';
}

/** The next free port when the one asked for is taken. */
async function listen(site: SiteServer, host: string, port: number) {
  for (let candidate = port; candidate < port + 20; candidate++) {
    try {
      // Rejects when the server emits an error (a port in use) before it listens.
      await once(site.server.listen(candidate, host), 'listening');
      return { port: (site.server.address() as AddressInfo).port, movedFrom: candidate === port ? null : port };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`ports ${port} to ${port + 19} are all in use; pass --port with a free one`);
}

function toErrorEvent(root: string, error: unknown) {
  const text =
    error instanceof SiteError
      ? error.problems.map((p) => formatProblem(root, p)).join('\n\n')
      : String(error instanceof Error ? error.stack : error);
  return { event: 'build-error', data: { text } };
}

/** `site serve`: returns the exit code once the server stops (Ctrl-C: 0). */
export async function runServe(options: ServeOptions): Promise<number> {
  // Saves from now on, before the watch is set up, are caught by their time (serve/watch.ts).
  const startedAt = Date.now();
  const started = await startServer(options);
  if (!started) return 1;
  const { site, session } = started;
  const listening = await listen(site, options.host, options.port).catch((error: unknown) => {
    printServeError(`The server could not start: ${(error as Error).message}.`);
    return null;
  });
  if (!listening) return 1;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${listening.port}`;
  const { root } = options;
  const watcher = session ? watchSources(root, (files) => rebuildChanged(root, site, session, files), startedAt) : null;
  // "Serving" is printed once every source is watched, so no early save is missed.
  await watcher?.ready;
  printServing(url, options.watch ? null : options.out, options.watch === true, listening.movedFrom);
  if (options.open) openBrowser(url);
  await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  await watcher?.close();
  await session?.close();
  await site.close();
  printStopped();
  return 0;
}

/** Not yet listening; null when it cannot start (reported). */
async function startServer(options: ServeOptions): Promise<{ site: SiteServer; session: DevSession | null } | null> {
  const { root } = options;
  // For the out-of-date marks (behaviour.md: Translations).
  const translations = options.watch ? await import('../translations/status.ts') : null;
  try {
    const config = await loadConfig(root);
    const { source, session, startError } = options.watch
      ? await startSession(root)
      : await openOutput(root, options.out);
    const site = createSiteServer({
      source,
      localePrefixes: config.locales.map((l) => l.prefix),
      devClient: options.watch ? await bundleDevClient() : null,
      staleTranslations: translations ? (page) => translations.findStaleTranslations(root, page) : undefined,
    });
    if (startError) site.setInitialEvent(toErrorEvent(root, startError));
    return { site, session };
  } catch (error) {
    printFailure(root, error, 'Starting the server');
    return null;
  }
}

/** In memory: the output folder is never written. */
async function startSession(root: string) {
  const session = createDevSession(root);
  const source = createMemorySource(() => session.files());
  try {
    await session.rebuild([]);
    return { source, session, startError: null };
  } catch (error) {
    // The server still starts; the overlay shows the problem.
    printRebuildFailed(root, error);
    return { source, session, startError: error };
  }
}

/** Built first when it has no home page. */
async function openOutput(root: string, out: string) {
  // As `site build`: a folder that is not ours is neither replaced nor served.
  recoverOutDir(out);
  checkOutDir(root, out);
  if (!existsSync(path.join(out, 'index.html'))) await buildSite({ root, outDir: out });
  return { source: createDiskSource(out), session: null, startError: null };
}

async function rebuildChanged(root: string, site: SiteServer, session: DevSession, changed: string[]): Promise<void> {
  // The record is no page source: a confirmation only refreshes the markers (behaviour.md: Translations).
  const files = changed.filter((file) => file !== RECORD_FILE);
  if (files.length < changed.length) site.broadcast('translations');
  if (files.length === 0) return;
  try {
    const result = await session.rebuild(files, {
      urls: site.openPages(),
      onReady: (changes) => {
        site.setInitialEvent(null);
        site.broadcast('update', changes);
      },
    });
    printRebuilt(result.kind, result.rendered, result.files, result.ms);
    site.setInitialEvent(null);
    site.broadcast('update', { changed: result.changed, pagesAddedOrRemoved: result.pagesAddedOrRemoved });
  } catch (error) {
    printRebuildFailed(root, error);
    const event = toErrorEvent(root, error);
    site.setInitialEvent(event);
    site.broadcast(event.event, event.data);
  }
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  try {
    spawn(command, [url], { detached: true, stdio: 'ignore' })
      .on('error', () => undefined)
      .unref();
  } catch {
    // No browser to open: the URL is printed above.
  }
}

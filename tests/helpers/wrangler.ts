import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './nginx.ts';

// Cloudflare's own local runtime for Pages (`wrangler pages dev`, workerd), offline: the asset
// server that decides redirects, `_headers` and 404 pages is the one Pages runs.

const WRANGLER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('wrangler/package.json')),
  'bin/wrangler.js',
);
/** A date the pinned workerd supports (Pages refuses a later one). */
export const COMPATIBILITY_DATE = '2026-04-01';

export interface PagesServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Serves `out` as Cloudflare Pages would, on a free local port; its state lives in a temporary folder. */
export async function startPagesDev(out: string): Promise<PagesServer> {
  const port = await freePort();
  const work = mkdtempSync(path.join(tmpdir(), 'site-pages-'));
  const args = ['pages', 'dev', out, '--compatibility-date', COMPATIBILITY_DATE, '--port', String(port)];
  const child = spawn(process.execPath, [WRANGLER, ...args, '--ip', '127.0.0.1', '--log-level', 'info'], {
    cwd: work,
    // Its own process group: workerd runs as children that must stop with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: 'true' },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(work, { recursive: true, force: true });
  };
  // Ready when wrangler says so (it listens from then on); its exit or a deadline fails the start.
  let log = '';
  const ready = new Promise<boolean>((resolve) => {
    const read = (d: Buffer) => {
      log += d.toString();
      if (log.includes(`Ready on ${url}`)) resolve(true);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => resolve(false));
    setTimeout(() => resolve(false), 45_000).unref();
  });
  if (!(await ready)) {
    await stop();
    throw new Error(`wrangler pages dev did not start:\n${log}`);
  }
  // Its request log from here on is drained, not kept.
  for (const stream of [child.stdout, child.stderr]) stream.removeAllListeners('data').resume();
  return { url, stop };
}

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { lookup } from 'mrmime';
import sirv from 'sirv';
import { toOutputFile } from '../../runtime/urls.ts';

// The output on disk (`site serve`) or the watch session's build in memory; server.ts has already
// applied its path rules.

export interface FileSource {
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, missing: () => void): void;
  /** Output-relative (`en/404.html`). */
  read(file: string): Uint8Array | null;
}

export const DEV_PREFIX = '/__site/';

/** `_app/` is cached as the hosts cache it (behaviour.md: Build manifests). */
export function createDiskSource(outDir: string): FileSource {
  const serveFile = sirv(outDir, {
    // Look up per request: a `site build` beside the server swaps the folder.
    dev: true,
    etag: true,
    // behaviour.md: Hosts.
    extensions: ['html'],
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      // Page paths have no dot (README: File names), so this touches files only.
      if (path.posix.extname(pathname)) res.setHeader('Content-Type', toContentType(pathname));
      if (pathname.startsWith('/_app/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return {
    serve: (req, res, _pathname, missing) => serveFile(req, res, missing),
    read(file) {
      try {
        return readFileSync(path.join(outDir, file));
      } catch {
        return null;
      }
    },
  };
}

/** Nothing cached without asking: entry files keep their names between builds (README: `site serve --watch`). */
export function createMemorySource(files: () => ReadonlyMap<string, string | Uint8Array>): FileSource {
  const read = (file: string): Uint8Array | null => {
    const contents = files().get(file);
    if (contents === undefined) return null;
    if (!file.endsWith('.html')) return typeof contents === 'string' ? Buffer.from(contents) : contents;
    const script = `<script src="${DEV_PREFIX}client.js"></script>\n</body>`;
    return Buffer.from(Buffer.from(contents).toString('utf8').replace('</body>', script));
  };
  return {
    read,
    serve(_req, res, pathname, missing) {
      // The lookup sirv makes on disk.
      const file = [pathname.slice(1), `${pathname.slice(1)}.html`, toOutputFile(pathname)].find((f) => files().has(f));
      const body = file === undefined ? null : read(file);
      if (file === undefined || body === null) return missing();
      res.writeHead(200, {
        'Content-Type': toContentType(file),
        'Cache-Control': 'no-cache',
        'Content-Length': body.byteLength,
      });
      res.end(body);
    },
  };
}

function toContentType(file: string): string {
  const type = lookup(file) ?? 'application/octet-stream';
  return /^text\/|[+/](?:json|xml)$|javascript$/.test(type) ? `${type}; charset=utf-8` : type;
}

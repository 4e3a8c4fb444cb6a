import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { lookup } from 'mrmime';
import sirv from 'sirv';
import { toOutputFile } from '../../runtime/urls.ts';

// Where the preview server finds the output: a built folder on disk (`site serve`, sent by sirv),
// or the files of the watch session's last good build in memory (`site serve --watch`, which never
// writes). The server (server.ts) has applied its rules to the path before either is asked.

export interface FileSource {
  /** Answers with the output file of a path the server let through (`/en/contact`), or calls `missing`. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, missing: () => void): void;
  /** The bytes of an output file (`en/404.html`, output-relative), or null: the 404 pages. */
  read(file: string): Uint8Array | null;
}

/** The routes of watch mode's live reload; every page built in memory loads the client from there. */
export const DEV_PREFIX = '/__site/';

/** A built output folder, sent by sirv; `_app/` cached as the hosts cache it (behaviour.md: Build manifests). */
export function createDiskSource(outDir: string): FileSource {
  const serveFile = sirv(outDir, {
    // Looked up on every request, not listed once: a `site build` beside the server swaps the folder.
    dev: true,
    etag: true,
    // `<path>.html` or `<path>/index.html` for `<path>` (behaviour.md: Hosts).
    extensions: ['html'],
    // A `--precompress` build's `.br` and `.gz`, for clients that accept them.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      // No page's path has a dot (README: File names): sirv's type of a page stays; files get UTF-8.
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

/**
 * The files of the watch session's build in memory, read through a function so a rebuild swaps them
 * whole. Every page loads the dev client; nothing is cached without asking, as entry files keep
 * their names from one build to the next (README: `site serve --watch`).
 */
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
      // The lookup sirv makes on disk (createDiskSource): the file, `<path>.html`, `<path>/index.html`.
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

/** The Content-Type of an output file by its extension, from sirv's table; text says UTF-8. */
function toContentType(file: string): string {
  const type = lookup(file) ?? 'application/octet-stream';
  return /^text\/|[+/](?:json|xml)$|javascript$/.test(type) ? `${type}; charset=utf-8` : type;
}

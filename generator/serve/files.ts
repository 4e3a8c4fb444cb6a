import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Where the preview server finds the output: a built folder on disk (`site serve`), or the files
// of the watch session's last good build in memory (`site serve --watch`, which never writes).

export interface FileSource {
  /** The bytes of an output file (`en/contact/index.html`, output-relative), or null. */
  read(file: string): Uint8Array | null;
  /** Whether the output has that file. */
  has(file: string): boolean;
}

/** A built output folder. The path is output-relative and already free of `..` (the server checks). */
export function createDiskSource(outDir: string): FileSource {
  const resolve = (file: string) => path.join(outDir, ...file.split('/'));
  const isFile = (file: string) => {
    try {
      return statSync(resolve(file)).isFile();
    } catch {
      return false;
    }
  };
  return {
    has: isFile,
    read: (file) => (isFile(file) ? readFileSync(resolve(file)) : null),
  };
}

/** The files of an in-memory build, read through a function so a rebuild swaps them whole. */
export function createMemorySource(files: () => ReadonlyMap<string, string | Uint8Array>): FileSource {
  return {
    has: (file) => files().has(file),
    read: (file) => {
      const contents = files().get(file);
      return contents === undefined ? null : typeof contents === 'string' ? Buffer.from(contents) : contents;
    },
  };
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

/** The Content-Type of an output file by its extension; text types say UTF-8. */
export function toContentType(file: string): string {
  return TYPES[path.posix.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Where the preview server finds the output: a built folder on disk (`site serve`), or the files
// of the watch session's last good build in memory (`site serve --watch`, which never writes).

export interface FileSource {
  /** The bytes of an output file (`en/contact/index.html`, output-relative), or null. */
  read(file: string): Uint8Array | null;
  /** Whether the output has that file. */
  has(file: string): boolean;
  /** A validator of the file's current bytes (an ETag), so an unchanged file answers 304. */
  tag(file: string): string | null;
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
    tag: (file) => {
      try {
        const stats = statSync(resolve(file));
        return stats.isFile() ? `W/"${stats.size.toString(36)}-${Math.round(stats.mtimeMs).toString(36)}"` : null;
      } catch {
        return null;
      }
    },
  };
}

/** The files of an in-memory build, read through a function so a rebuild swaps them whole. */
export function createMemorySource(files: () => ReadonlyMap<string, string | Uint8Array>): FileSource {
  // A build's files never change once built: each one's tag is computed once, on first request.
  const tags = new WeakMap<ReadonlyMap<string, string | Uint8Array>, Map<string, string>>();
  return {
    tag: (file) => {
      const current = files();
      const contents = current.get(file);
      if (contents === undefined) return null;
      let known = tags.get(current);
      if (!known) tags.set(current, (known = new Map()));
      let tag = known.get(file);
      if (tag === undefined) {
        tag = `"${createHash('sha1').update(contents).digest('base64url')}"`;
        known.set(file, tag);
      }
      return tag;
    },
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

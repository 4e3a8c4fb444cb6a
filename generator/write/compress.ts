import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

// `site build --precompress`: `.gz` and `.br` beside every text file above 1 KB, for hosts that
// serve them as they are (nginx `gzip_static` / `brotli_static`), so no request pays for
// compression. Content-hashed files under `_app/` are loaded by every visitor and never change:
// they get brotli's best quality. Pages and payloads change with every build: a quality that
// compresses nearly as well in a fraction of the time.

export const PRECOMPRESS_MIN_BYTES = 1024;

/** Text the hosts serve; host configuration files (`nginx.conf`, `_headers`) are never served. */
const TEXT_FILE = /\.(?:html|json|js|mjs|css|svg|xml|txt|map|webmanifest)$/;

const BROTLI_HASHED = 11;
const BROTLI_PAGE = 8;
const GZIP_LEVEL = 9;

export interface Compressed {
  readonly gz: Uint8Array;
  readonly br: Uint8Array;
}

export function shouldPrecompress(file: string, size: number): boolean {
  return size > PRECOMPRESS_MIN_BYTES && TEXT_FILE.test(file);
}

function options(file: string, size: number): { gzip: ZlibOptions; brotli: BrotliOptions } {
  const quality = file.startsWith('_app/') ? BROTLI_HASHED : BROTLI_PAGE;
  // A window no larger than the file: the same output, without megabytes of state per file.
  const window = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  return {
    gzip: { level: GZIP_LEVEL },
    brotli: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_LGWIN]: window,
      },
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** On libuv's thread pool: the main thread goes on rendering while files compress. */
export async function compressAsync(file: string, data: Uint8Array): Promise<Compressed> {
  const o = options(file, data.byteLength);
  const [gz, br] = await Promise.all([gzipAsync(data, o.gzip), brotliAsync(data, o.brotli)]);
  return { gz, br };
}

/**
 * A content-hashed file the previous output already holds, with its compressed siblings: they
 * are reused as they are (the same name means the same bytes; compared to be sure).
 */
export function reusePrevious(previousOut: string | undefined, file: string, data: Uint8Array): Compressed | null {
  if (!previousOut || !file.startsWith('_app/')) return null;
  const base = path.join(previousOut, file);
  if (!existsSync(`${base}.gz`) || !existsSync(`${base}.br`) || !existsSync(base)) return null;
  try {
    if (!Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(readFileSync(base))) return null;
    return { gz: readFileSync(`${base}.gz`), br: readFileSync(`${base}.br`) };
  } catch {
    return null;
  }
}

/**
 * What makes the compressed siblings of a file: its tier and its bytes. Two files with the same key
 * (a page's `x/index.html` and `x.html` in the portable layout) have the same siblings.
 */
export function toCompressionKey(file: string, data: Uint8Array): string {
  const tier = file.startsWith('_app/') ? 'hashed' : 'page';
  return `${tier}:${createHash('sha1').update(data).digest('base64url')}`;
}

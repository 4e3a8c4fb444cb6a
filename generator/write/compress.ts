import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// `--precompress` for `gzip_static` / `brotli_static`. Hashed `_app/` files never change and get
// brotli's best; pages change every build and get a quality nearly as good in a fraction of the time.

export const PRECOMPRESS_MIN_BYTES = 1024;

/** Host configuration files are never served. */
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

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export async function compressAsync(file: string, data: Uint8Array): Promise<Compressed> {
  const size = data.byteLength;
  // Same output, without megabytes of state per file.
  const window = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  const params = {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: file.startsWith('_app/') ? BROTLI_HASHED : BROTLI_PAGE,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: window,
  };
  const [gz, br] = await Promise.all([gzipAsync(data, { level: GZIP_LEVEL }), brotliAsync(data, { params })]);
  return { gz, br };
}

/** A hashed file's siblings from the previous output (bytes compared to be sure). */
export function reusePrevious(previousOut: string, file: string, data: Uint8Array): Compressed | null {
  if (!previousOut || !file.startsWith('_app/')) return null;
  const base = path.join(previousOut, file);
  try {
    if (!Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(readFileSync(base))) return null;
    return { gz: readFileSync(`${base}.gz`), br: readFileSync(`${base}.br`) };
  } catch {
    return null;
  }
}

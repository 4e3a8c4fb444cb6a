import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { createCompressionQueue } from './compress-queue.ts';
import { toOutputFile, toPageFiles, type PageLayout } from '../../runtime/urls.ts';
import { toPayloadFile } from '../../runtime/shared-data.ts';
import type { RenderedPage } from '../types.ts';

/** Where the write stage puts files: a staging folder on disk, or memory for tests. */
export interface OutputSink {
  write(file: string, contents: string | Uint8Array): void;
  /**
   * A file whose bytes change before the build ends (a page that carries the stand-in build id):
   * written as it is, and compressed only once `patch` has given it its final bytes. The bytes
   * are lent (build-id.ts: Draft): written or copied before the call returns.
   */
  draft(file: string, bytes: Buffer): void;
  /** A file of an earlier build, kept as it is (behaviour.md: Build manifests), from where it is now. */
  carry(file: string, from: string): void;
  /** Writes `text` (as long in bytes as what it replaces) at each offset of a draft. */
  patch(file: string, offsets: readonly number[], text: string): void;
  /** The text of a file this build wrote or drafted (a page read again for the search index). */
  read(file: string): string;
  /** Resolves when every file is on disk, compressed siblings included. */
  settle(): Promise<void>;
  /** A failed build: drops what is queued and waits for what is in flight, so nothing writes after. */
  discard(): Promise<void>;
  /** Files and bytes written; `precompressed` counts the files given `.gz` and `.br` siblings. */
  readonly stats: SinkStats;
}

export interface SinkStats {
  files: number;
  bytes: number;
  precompressed: number;
}

/**
 * The output written into the staging folder; with `precompress`, `.gz` and `.br` beside text files
 * above 1 KB, compressed on libuv's thread pool, where unchanged hashed files reuse the compressed
 * siblings they have in `previousOut`, the output being replaced.
 */
export function createDiskSink(staging: string, precompress: boolean, previousOut: string): OutputSink {
  const stats: SinkStats = { files: 0, bytes: 0, precompressed: 0 };
  const { makeDir, put } = createStagingWriter(staging, stats);
  const compression = createCompressionQueue(previousOut, (file, compressed) => {
    put(`${file}.gz`, compressed.gz);
    put(`${file}.br`, compressed.br);
    stats.precompressed += 1;
  });
  /** The byte length of each draft (a patch does not change it). */
  const drafted = new Map<string, number>();
  const write = (file: string, contents: string | Uint8Array) => {
    if (!precompress) {
      put(file, contents);
      return;
    }
    // Encoded once: the same bytes are measured, written and compressed.
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    put(file, data);
    compression.add(file, data, data.byteLength);
  };
  return {
    stats,
    write,
    draft(file, bytes) {
      put(file, bytes);
      drafted.set(file, bytes.byteLength);
    },
    carry(file, from) {
      // Compressed, its bytes are read (an unchanged file reuses its compressed siblings); else the
      // file system copies it.
      if (precompress) return write(file, readFileSync(from));
      const target = path.join(staging, file);
      makeDir(path.dirname(target));
      copyFileSync(from, target);
      stats.files += 1;
      stats.bytes += statSync(target).size;
    },
    patch(file, offsets, text) {
      const target = path.join(staging, file);
      const fd = openSync(target, 'r+');
      try {
        for (const offset of offsets) writeSync(fd, text, offset);
      } finally {
        closeSync(fd);
      }
      // Read back when its compression starts: no page is held in memory meanwhile.
      if (precompress) compression.add(file, () => readFileSync(target), drafted.get(file) ?? 0);
    },
    read(file) {
      return readFileSync(path.join(staging, file), 'utf8');
    },
    settle: compression.settle,
    discard: compression.discard,
  };
}

/** Writes files below the staging folder, counted in `stats`, making each folder once. */
function createStagingWriter(staging: string, stats: SinkStats) {
  // The tests have the file system refuse one file (SITE_TEST_REFUSE_WRITE).
  const refused = process.env.SITE_TEST_REFUSE_WRITE;
  // The staging folder exists: the build made it before anything is written.
  const made = new Set<string>([staging]);
  const makeDir = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  const put = (file: string, contents: string | Uint8Array) => {
    const target = path.join(staging, file);
    if (file === refused)
      throw Object.assign(new Error(`EACCES: permission denied, open '${target}'`), {
        syscall: 'open',
        code: 'EACCES',
      });
    makeDir(path.dirname(target));
    writeFileSync(target, contents);
    count(stats, contents);
  };
  return { makeDir, put };
}

/** The output kept in memory, for tests. */
export function createMemorySink(): OutputSink & { readonly files: Map<string, string | Uint8Array> } {
  const stats: SinkStats = { files: 0, bytes: 0, precompressed: 0 };
  const files = new Map<string, string | Uint8Array>();
  return {
    stats,
    files,
    write(file, contents) {
      files.set(file, contents);
      count(stats, contents);
    },
    draft(file, bytes) {
      // A draft's bytes are the encoding buffer's, reused for the next page: kept as a copy.
      files.set(file, Buffer.from(bytes));
      count(stats, bytes);
    },
    carry(file, from) {
      const contents = readFileSync(from);
      files.set(file, contents);
      count(stats, contents);
    },
    patch(file, offsets, text) {
      const bytes = files.get(file) as Buffer;
      for (const offset of offsets) bytes.write(text, offset);
      // Pages stay text in memory, as the other files written as text.
      files.set(file, bytes.toString());
    },
    read(file) {
      const contents = files.get(file);
      if (contents === undefined) throw new Error(`${file} was not written by this build`);
      return typeof contents === 'string' ? contents : Buffer.from(contents).toString();
    },
    async settle() {},
    async discard() {},
  };
}

function count(stats: SinkStats, contents: string | Uint8Array): void {
  stats.files += 1;
  stats.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/** A page's document, in each file of the layout, and for a route its `_payload.json` (behaviour.md: Payloads). */
export function toPageOutputs(
  page: RenderedPage,
  layout: PageLayout,
  withPayload: boolean,
): [files: readonly string[], text: string][] {
  const document: [readonly string[], string] = [toPageFiles(page.url, layout), page.html];
  if (!withPayload) return [document];
  return [document, [[toOutputFile(page.url, '_payload.json')], JSON.stringify(toPayloadFile(page.payload))]];
}

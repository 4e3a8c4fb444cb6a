import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  futimesSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isCacheReading } from './caches.ts';

// Reading and writing the build's caches on disk (caches.ts lists them): a record keeps what a
// step made and the files it was made from, each by the hash of its bytes. A record is used only
// when every one of those files is byte for byte as it was. With reading turned off
// (`--no-cache`), every read finds nothing.

/** What every record holds: its layout's number and its inputs, name → hash of the file's bytes. */
export interface InputRecord {
  readonly format: number;
  readonly inputs: Readonly<Record<string, string>>;
}

export const hashBytes = (data: string | Uint8Array) => createHash('sha1').update(data).digest('base64url');

/** One hash of several parts, each ended by a NUL, so that no two lists of parts give the same one. */
export function hashParts(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

/** The hash of a file's bytes, or null when it cannot be read. */
export async function hashFile(file: string): Promise<string | null> {
  return readFile(file).then(hashBytes, () => null);
}

/**
 * The record at `file` when it has this `format` and every input (`toPath` finds its file) is as
 * it was; null when it is missing, unreadable, of another layout, or any input changed.
 */
export async function readRecord<R extends InputRecord>(
  file: string,
  format: number,
  toPath: (input: string) => string,
): Promise<R | null> {
  if (!isCacheReading()) return null;
  let record: R;
  try {
    record = JSON.parse(await readFile(file, 'utf8')) as R;
  } catch {
    return null;
  }
  if (record.format !== format) return null;
  const same = await Promise.all(
    Object.entries(record.inputs ?? {}).map(async ([input, hash]) => (await hashFile(toPath(input))) === hash),
  );
  return same.every(Boolean) ? record : null;
}

/**
 * Writes a cache file beside its place and renames it there: a build reading at the same time sees
 * all of it or none. A cache that cannot be written costs the next build its work, nothing more.
 */
export async function writeCacheFile(file: string, contents: string | Uint8Array): Promise<void> {
  const partial = toPartial(file);
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(partial, contents))
    .then(() => rename(partial, file))
    .catch(() => rm(partial, { force: true }));
}

/** Where a cache file is written before it is renamed into place: a name no other writer uses. */
const toPartial = (file: string) => `${file}.${process.pid}-${randomUUID()}.tmp`;

/**
 * writeCacheFile, for a caller that cannot wait (a page rendered synchronously): the same
 * temporary file and rename, and a folder that cannot be written is no error either.
 */
export function writeCacheFileSync(file: string, contents: string | Uint8Array): void {
  const partial = toPartial(file);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, contents);
    renameSync(partial, file);
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // The folder cannot be written at all: nothing was left behind.
    }
  }
}

/** A mark younger than this is not renewed by readCacheFileSync: one write per file and quarter day. */
const MARK_MS = 6 * 60 * 60 * 1000;

/**
 * readCacheFile, for a caller that cannot wait; its mark of use is renewed when it is
 * older than a few hours (a file read many times a build is not written each time), and a mark
 * that cannot be written (another user's file, a read-only disk) does not stop the read.
 */
export function readCacheFileSync(file: string): Buffer | null {
  if (!isCacheReading()) return null;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const now = Date.now();
    if (now - fstatSync(fd).mtimeMs > MARK_MS) {
      try {
        futimesSync(fd, new Date(now), new Date(now));
      } catch {
        // Not ours to mark: still good to read.
      }
    }
    return readFileSync(fd);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A cache file's bytes, or null; one that is read is marked used today, and outlives the day-old sweep. */
export async function readCacheFile(file: string): Promise<Buffer | null> {
  if (!isCacheReading()) return null;
  const contents = await readFile(file).catch(() => null);
  if (contents) await utimes(file, new Date(), new Date()).catch(() => undefined);
  return contents;
}

/**
 * Keeps `value` as the newest of what this process made or read last, the oldest dropped past
 * `limit`: a watch session's rebuild finds it there without reading the disk.
 */
export function remember<V>(recent: Map<string, V>, key: string, value: V, limit: number): void {
  recent.delete(key);
  recent.set(key, value);
  if (recent.size > limit) recent.delete(recent.keys().next().value as string);
}

export function writeRecord(file: string, record: InputRecord): Promise<void> {
  return writeCacheFile(file, JSON.stringify(record));
}

/**
 * A day after its last use, a cached file of `dir` that `isOurs` is removed: one just written or
 * read is recent, and stays.
 */
export const UNUSED_MS = 24 * 60 * 60 * 1000;

export async function removeUnused(dir: string, isOurs: (name: string) => boolean): Promise<void> {
  const now = Date.now();
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter(isOurs).map(async (name) => {
      const file = path.join(dir, name);
      const used = await stat(file).then(
        (s) => Math.max(s.atimeMs, s.mtimeMs),
        () => now,
      );
      if (now - used > UNUSED_MS) await rm(file, { force: true });
    }),
  );
}

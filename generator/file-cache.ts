import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fstatSync, futimesSync, openSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isCacheReading } from './caches.ts';

// The caches on disk (caches.ts): a record is used only when every input file is byte for byte as
// it was. `--no-cache` makes every read find nothing.

export interface InputRecord {
  readonly format: number;
  readonly inputs: Readonly<Record<string, string>>;
}

export const hashBytes = (data: string | Uint8Array) => createHash('sha1').update(data).digest('base64url');

/** Each part ended by a NUL, so no two lists of parts hash alike. */
export function hashParts(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

export async function hashFile(file: string): Promise<string | null> {
  return readFile(file).then(hashBytes, () => null);
}

/** The record when it has this `format` and every input is as it was; else null. */
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

/** Written beside and renamed, so a reader sees all or nothing; a failed write costs only time. */
export async function writeCacheFile(file: string, contents: string | Uint8Array): Promise<void> {
  // A name no other writer uses.
  const partial = `${file}.${process.pid}-${randomUUID()}.tmp`;
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(partial, contents))
    .then(() => rename(partial, file))
    .catch(() => rm(partial, { force: true }));
}

/** A file read many times a build has its mark of use renewed once in this long, not on every read. */
const MARK_MS = 6 * 60 * 60 * 1000;

/** A cache file's bytes, or null; reading marks it used, so the day-old sweep spares it, if it can. */
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

/** readCacheFileSync for a caller that awaits: cache files are small, read at once. */
export async function readCacheFile(file: string): Promise<Buffer | null> {
  return readCacheFileSync(file);
}

/** The `limit` newest things made or read, for a watch session's rebuild to skip the disk. */
export function remember<V>(recent: Map<string, V>, key: string, value: V, limit: number): void {
  recent.delete(key);
  recent.set(key, value);
  if (recent.size > limit) recent.delete(recent.keys().next().value as string);
}

export function writeRecord(file: string, record: InputRecord): Promise<void> {
  return writeCacheFile(file, JSON.stringify(record));
}

/** A cached file unused for this long is removed. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

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

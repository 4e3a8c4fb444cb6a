import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CACHES, isCacheReading } from '../caches.ts';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import type { ImageFailure, ImageIndex, ImageInfo, ImageTask, MadeImage } from '../types.ts';
import { IMAGE_SETTINGS, IMAGE_SIZES, makeImage, toFallbackExt, toSharpVersion } from './make.ts';

// The photos of a build (behaviour.md: Images): every JPEG, PNG, WebP and AVIF file of site/public
// is made into AVIF, WebP and its own format at the widths the layout needs, named by the hash of
// its bytes and the settings under `_app/img/`. A photo made once is never made again: its files
// wait in the `images` cache, and the misses are made in the worker pool when there are many.

const { dir: DIR, format: FORMAT } = CACHES.images;
/** Photos to make per thread of the worker pool (see toImageWorkers). */
const IMAGES_PER_THREAD = 8;
/** A file of site/public that is a photo the build makes sizes of (SVG stays as it is). */
const RASTER = /\.(jpe?g|png|webp|avif)$/i;

/** Threads to make photos in: the build's worker pool (workers/pool.ts). */
export interface ImageThreads {
  start(threads: number): boolean;
  run(kind: 'image', input: ImageTask, signal?: AbortSignal): Promise<MadeImage>;
}

export interface MadeImages {
  readonly index: ImageIndex;
  /** Every file to write, output-relative (`_app/img/apron-3f2a9c1d0b4e-736.avif`). */
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly total: number;
  /** Photos made by this build: the rest came from the cache. */
  readonly made: number;
}

/** What the cache keeps of a photo beside its files. */
interface ImageRecord {
  readonly format: number;
  readonly width: number;
  readonly height: number;
  readonly files: readonly { readonly width: number; readonly ext: string }[];
}

interface ImageJob {
  /** Root-relative path of the source (`/images/apron.jpg`). */
  readonly src: string;
  readonly file: string;
  readonly key: string;
}

/** Every photo of site/public, from the cache or made. */
export async function makeImages(
  publicDir: string,
  publicFiles: readonly string[],
  threads?: ImageThreads,
): Promise<MadeImages> {
  const photos = publicFiles.filter((file) => RASTER.test(file));
  if (photos.length === 0) return { index: new Map(), files: new Map(), total: 0, made: 0 };
  const settings = `${FORMAT}\0${toSharpVersion()}\0${JSON.stringify(IMAGE_SETTINGS)}\0`;
  const jobs = await Promise.all(
    photos.map(async (name): Promise<ImageJob> => {
      const file = path.join(publicDir, name);
      const bytes = await readFile(file);
      const key = createHash('sha256').update(settings).update(bytes).digest('hex').slice(0, 12);
      return { src: `/${name}`, file, key };
    }),
  );
  const cached = await Promise.all(jobs.map(readCached));
  const misses = jobs.filter((_, i) => cached[i] === null);
  const made = await makeMisses(misses, threads);
  const index = new Map<string, ImageInfo | ImageFailure>();
  const files = new Map<string, Uint8Array>();
  jobs.forEach((job, i) => {
    const image = cached[i] ?? made.get(job);
    if (!image || 'failed' in image) {
      index.set(job.src, image ?? { failed: 'it could not be read' });
      return;
    }
    index.set(job.src, toImageInfo(job, image));
    for (const f of image.files) files.set(toOutputFile(job, f.width, f.ext), f.bytes);
  });
  if (misses.length > 0) await removeUnused(DIR, () => true);
  return { index, files, total: jobs.length, made: misses.length };
}

/** The photos this process made or read last, by key. */
const recent = new Map<string, MadeImage>();
const RECENT_LIMIT = 500;

/** A photo's files from memory or the cache, or null when any of them is missing. */
async function readCached(job: ImageJob): Promise<MadeImage | null> {
  const kept = isCacheReading() ? recent.get(job.key) : undefined;
  if (kept) return kept;
  const image = await readCacheRecord(job);
  if (image) remember(recent, job.key, image, RECENT_LIMIT);
  return image;
}

async function readCacheRecord(job: ImageJob): Promise<MadeImage | null> {
  const text = await readCacheFile(path.join(DIR, `${job.key}.json`));
  if (!text) return null;
  let record: ImageRecord;
  try {
    record = JSON.parse(text.toString('utf8')) as ImageRecord;
  } catch {
    return null;
  }
  if (record.format !== FORMAT || !Array.isArray(record.files)) return null;
  const files = await Promise.all(
    record.files.map(async (f) => {
      const bytes = await readCacheFile(path.join(DIR, `${job.key}-${f.width}.${f.ext}`));
      return bytes ? { width: f.width, ext: f.ext, bytes: new Uint8Array(bytes) } : null;
    }),
  );
  if (files.some((f) => f === null)) return null;
  return { width: record.width, height: record.height, files: files as MadeImage['files'] };
}

/** Keeps a made photo: its files first, then the record that names them. */
async function writeCached(job: ImageJob, image: MadeImage): Promise<void> {
  remember(recent, job.key, image, RECENT_LIMIT);
  await Promise.all(image.files.map((f) => writeCacheFile(path.join(DIR, `${job.key}-${f.width}.${f.ext}`), f.bytes)));
  const record: ImageRecord = {
    format: FORMAT,
    width: image.width,
    height: image.height,
    files: image.files.map(({ width, ext }) => ({ width, ext })),
  };
  await writeCacheFile(path.join(DIR, `${job.key}.json`), JSON.stringify(record));
}

/**
 * Makes the photos no cache holds: many in the pool's threads, fewer here, two at a time (sharp
 * encodes off this thread). A photo sharp cannot read is a failure of its own, reported where a
 * page shows it (render/markdown.ts), never a crash of the build.
 */
async function makeMisses(
  jobs: readonly ImageJob[],
  threads: ImageThreads | undefined,
): Promise<Map<ImageJob, MadeImage | ImageFailure>> {
  const results = new Map<ImageJob, MadeImage | ImageFailure>();
  const workers = toImageWorkers(jobs.length);
  const inPool = threads !== undefined && workers > 0 && threads.start(workers);
  const makeOne = async (job: ImageJob) => {
    try {
      const image = inPool ? await threads.run('image', { file: job.file }) : await makeImage({ file: job.file });
      results.set(job, image);
      await writeCached(job, image);
    } catch (error) {
      results.set(job, { failed: error instanceof Error ? error.message : String(error) });
    }
  };
  const queue = [...jobs];
  const next = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) await makeOne(job);
  };
  await Promise.all(Array.from({ length: inPool ? jobs.length : 2 }, next));
  return results;
}

/**
 * How many of the pool's threads make `images` photos: one per 8 up to the cores, none below two.
 * sharp already encodes on libvips' own threads, so a pool pays only when photos are many.
 */
export function toImageWorkers(images: number, cores = availableParallelism()): number {
  const threads = Math.min(cores, Math.floor(images / IMAGES_PER_THREAD));
  return threads >= 2 ? threads : 0;
}

/** `_app/img/<name>-<key>-<width>.<ext>`: the source's name keeps the file recognizable. */
function toOutputFile(job: ImageJob, width: number, ext: string): string {
  const base = path.posix.basename(job.src).replace(/\.[^.]+$/, '');
  const name =
    base
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  return `_app/img/${name}-${job.key}-${width}.${ext}`;
}

/** The markup's facts of a photo: each format's `srcset`, the fallback, the size after orientation. */
function toImageInfo(job: ImageJob, image: MadeImage): ImageInfo {
  const srcset = (ext: string) =>
    image.files
      .filter((f) => f.ext === ext)
      .map((f) => `/${toOutputFile(job, f.width, f.ext)} ${f.width}w`)
      .join(', ');
  const fallbackExt = toFallbackExt(job.src.slice(job.src.lastIndexOf('.') + 1).toLowerCase());
  const largest = Math.max(...image.files.filter((f) => f.ext === fallbackExt).map((f) => f.width));
  return {
    key: job.key,
    width: image.width,
    height: image.height,
    avif: srcset('avif'),
    webp: srcset('webp'),
    fallback: {
      type: fallbackExt === 'jpg' ? 'image/jpeg' : `image/${fallbackExt}`,
      src: `/${toOutputFile(job, largest, fallbackExt)}`,
      srcset: srcset(fallbackExt),
    },
    sizes: IMAGE_SIZES,
  };
}

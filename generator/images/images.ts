import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHES, isCacheReading } from '../caches.ts';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import type { ImageFailure, ImageIndex, ImageInfo, MadeImage } from '../types.ts';
import { toPoolThreads, type StageThreads } from '../workers/pool.ts';
import { IMAGE_SETTINGS, IMAGE_SIZES, makeImage, toFallbackExt, toSharpVersion } from './make.ts';

// Photos (behaviour.md: Images), named by the hash of their bytes and the settings, so a photo is
// never made twice.

const { dir: DIR, format: FORMAT } = CACHES.images;
/** Low: sharp already encodes on libvips' own threads. */
const IMAGES_PER_THREAD = 8;
const RASTER = /\.(jpe?g|png|webp|avif)$/i;

export interface MadeImages {
  readonly index: ImageIndex;
  /** Output-relative (`_app/img/apron-3f2a9c1d0b4e-736.avif`). */
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly total: number;
  /** Not from the cache. */
  readonly made: number;
}

/** A made photo with its files named, not held: each is a cache file of its own. */
type ImageRecord = Omit<MadeImage, 'files'> & {
  readonly format: number;
  readonly files: readonly Omit<MadeImage['files'][number], 'bytes'>[];
};

interface ImageJob {
  /** `/images/apron.jpg`. */
  readonly src: string;
  readonly file: string;
  readonly key: string;
}

export async function makeImages(
  publicDir: string,
  publicFiles: readonly string[],
  threads?: StageThreads,
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

const recent = new Map<string, MadeImage>();
const RECENT_LIMIT = 500;

/** Null when any file is missing. */
async function readCached(job: ImageJob): Promise<MadeImage | null> {
  const kept = isCacheReading() ? recent.get(job.key) : undefined;
  if (kept) return kept;
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
  const image = { width: record.width, height: record.height, files: files as MadeImage['files'] };
  remember(recent, job.key, image, RECENT_LIMIT);
  return image;
}

/** The files first, then the record that names them. */
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
 * A few here, two at a time (sharp encodes off this thread). An unreadable photo is reported where
 * a page shows it (render/markdown.ts), never a crash.
 */
async function makeMisses(
  jobs: readonly ImageJob[],
  threads: StageThreads | undefined,
): Promise<Map<ImageJob, MadeImage | ImageFailure>> {
  const results = new Map<ImageJob, MadeImage | ImageFailure>();
  const workers = toPoolThreads(jobs.length, IMAGES_PER_THREAD);
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

/** The source's name keeps the file recognizable. */
function toOutputFile(job: ImageJob, width: number, ext: string): string {
  const base = path.posix.basename(job.src).replace(/\.[^.]+$/, '');
  const name =
    base
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  return `_app/img/${name}-${job.key}-${width}.${ext}`;
}

function toImageInfo(job: ImageJob, image: MadeImage): ImageInfo {
  const srcset = (ext: string) =>
    image.files
      .filter((f) => f.ext === ext)
      .map((f) => `/${toOutputFile(job, f.width, f.ext)} ${f.width}w`)
      .join(', ');
  const fallbackExt = toFallbackExt(job.src);
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

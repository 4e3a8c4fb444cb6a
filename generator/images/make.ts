import type SharpModule from 'sharp';
import { requirePackage } from '../node-module.ts';
import type { ImageTask, MadeImage } from '../types.ts';

// Making the files of one photo with sharp (behaviour.md: Images), on the main thread or in a
// thread of the worker pool: the same function, so both make the same bytes.

/**
 * The width the layout gives a photo: the prose column's largest width, `--prose-width: 46rem` of
 * site/templates/styles/tokens.css (736 px); below it, the column is the screen less its margins.
 */
export const LAYOUT_WIDTH = 736;

/** The widths made, up to twice the layout's (a screen of two device pixels per CSS pixel). */
export const IMAGE_WIDTHS = [480, LAYOUT_WIDTH, 1104, 2 * LAYOUT_WIDTH] as const;

/** What the browser is told of the photo's width in the layout, to choose among the widths. */
export const IMAGE_SIZES = `(min-width: ${LAYOUT_WIDTH}px) ${LAYOUT_WIDTH}px, 100vw`;

/**
 * A photo larger than this many pixels is refused before it is decoded: a small file can claim a
 * huge size (a "decompression bomb") and would take gigabytes to decode (behaviour.md: Safety).
 * 40 megapixels holds every camera's photo of today.
 */
export const IMAGE_PIXEL_LIMIT = 40_000_000;

/** The encoders' settings; part of each photo's cache key (caches.ts). */
export const IMAGE_SETTINGS = {
  widths: IMAGE_WIDTHS,
  limit: IMAGE_PIXEL_LIMIT,
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 4 },
} as const;

/** The fallback format of each source format: its own, but JPEG for AVIF (browsers without AVIF). */
export function toFallbackExt(sourceExt: string): 'jpg' | 'png' | 'webp' {
  if (sourceExt === 'png') return 'png';
  if (sourceExt === 'webp') return 'webp';
  return 'jpg';
}

/**
 * Every file of a photo: each format at each width, oriented as its EXIF says (`rotate()`), with
 * no metadata (sharp writes none unless asked: the camera and a GPS position stay out). Throws
 * sharp's error for a file it cannot decode or one over the pixel limit.
 */
export async function makeImage(task: ImageTask): Promise<MadeImage> {
  const sharp = requirePackage('sharp') as typeof SharpModule;
  const source = sharp(task.file, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'warning' }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('it has no width and height');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const ext = task.file.slice(task.file.lastIndexOf('.') + 1).toLowerCase();
  // AVIF and WebP, then the fallback (once, when it is WebP); the widths below the photo's, and its
  // own up to twice the layout's.
  const formats = [...new Set(['avif', 'webp', toFallbackExt(ext)] as const)];
  const top = Math.min(width, 2 * LAYOUT_WIDTH);
  const widths = [...IMAGE_WIDTHS.filter((w) => w < top), top];
  const jobs = formats.flatMap((format) => widths.map((w) => ({ format, w })));
  const files = await Promise.all(
    jobs.map(async ({ format, w }) => {
      const encoder = format === 'jpg' ? 'jpeg' : format;
      const encoded = source.clone().resize({ width: w }).toFormat(encoder, IMAGE_SETTINGS[encoder]);
      return { width: w, ext: format, bytes: new Uint8Array(await encoded.toBuffer()) };
    }),
  );
  return { width, height, files };
}

/** sharp's and libvips' versions: part of each photo's cache key. */
export function toSharpVersion(): string {
  const sharp = requirePackage('sharp') as typeof SharpModule;
  return `${sharp.versions.sharp ?? ''}/${sharp.versions.vips}`;
}

import type SharpModule from 'sharp';
import { requirePackage } from '../node-module.ts';
import type { ImageTask, MadeImage } from '../types.ts';

// One function for the main thread and the pool, so both make the same bytes (behaviour.md: Images).

/** `--prose-width: 46rem` of site/templates/styles/tokens.css. */
const LAYOUT_WIDTH = 736;

/** Up to twice the layout's, for two device pixels per CSS pixel. */
const IMAGE_WIDTHS = [480, LAYOUT_WIDTH, 1104, 2 * LAYOUT_WIDTH] as const;

export const IMAGE_SIZES = `(min-width: ${LAYOUT_WIDTH}px) ${LAYOUT_WIDTH}px, 100vw`;

/** Refused before decoding: a small file can claim a huge size (behaviour.md: Safety). */
const IMAGE_PIXEL_LIMIT = 40_000_000;

/** Part of each photo's cache key. */
export const IMAGE_SETTINGS = {
  widths: IMAGE_WIDTHS,
  limit: IMAGE_PIXEL_LIMIT,
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 4 },
} as const;

/** The source file's own format; JPEG for AVIF, for browsers without it. */
export function toFallbackExt(file: string): 'jpg' | 'png' | 'webp' {
  const sourceExt = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return sourceExt === 'png' || sourceExt === 'webp' ? sourceExt : 'jpg';
}

/** Oriented by its EXIF; no metadata is written, so camera and GPS position stay out. */
export async function makeImage(task: ImageTask): Promise<MadeImage> {
  const sharp = requirePackage('sharp') as typeof SharpModule;
  const source = sharp(task.file, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'warning' }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('it has no width and height');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const formats = [...new Set(['avif', 'webp', toFallbackExt(task.file)] as const)];
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

export function toSharpVersion(): string {
  const sharp = requirePackage('sharp') as typeof SharpModule;
  return `${sharp.versions.sharp ?? ''}/${sharp.versions.vips}`;
}

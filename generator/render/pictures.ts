import { toHtmlText } from '../escape.ts';
import { toProblem } from '../problems/problem.ts';
import { toSitePath } from '../../runtime/urls.ts';
import type { ContentFile, ImageInfo, LinkIndex, SiteProblem } from '../types.ts';

// A photo of a Markdown body as a `<picture>` (behaviour.md: Images), the markup the templates'
// `<Image>` writes too.

/** The photo an address names, if the build made one: its info, or why it could not. */
export function toShownImage(
  href: string,
  links: LinkIndex,
): { readonly src: string; readonly info: ImageInfo } | { readonly src: string; readonly failed: string } | null {
  const src = href.startsWith('/') && !href.startsWith('//') ? toSitePath(href) : null;
  const image = src === null ? undefined : links.images?.get(src);
  if (src === null || !image) return null;
  return 'failed' in image ? { src, failed: image.failed } : { src, info: image };
}

/** AVIF, WebP and the source's format; the page's first image loads at once and first, the others lazily. */
export function toPictureHtml(
  info: ImageInfo,
  { alt, title, first }: { readonly alt: string; readonly title: string | null; readonly first: boolean },
): string {
  const sizes = toHtmlText(info.sizes);
  const source = (type: string, srcset: string) =>
    `<source type="${type}" srcset="${toHtmlText(srcset)}" sizes="${sizes}">`;
  const loading = first ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"';
  const titled = title ? ` title="${toHtmlText(title)}"` : '';
  return (
    `<picture>${source('image/avif', info.avif)}${source('image/webp', info.webp)}` +
    `<img src="${toHtmlText(info.fallback.src)}" srcset="${toHtmlText(info.fallback.srcset)}" sizes="${sizes}"` +
    ` width="${info.width}" height="${info.height}" alt="${toHtmlText(alt)}"${titled}${loading}></picture>`
  );
}

/** The photos the front matter names at any depth, for the templates' `<Image>`; an unreadable one is an error. */
export function toPageImages(
  file: ContentFile,
  links: LinkIndex,
): { readonly images: Record<string, ImageInfo> | null; readonly problems: SiteProblem[] } {
  const images: Record<string, ImageInfo> = {};
  const problems: SiteProblem[] = [];
  if (!links.images || links.images.size === 0) return { images: null, problems };
  for (const [field, value] of Object.entries(file.data.extra)) {
    for (const text of toStrings(value)) {
      const shown = toShownImage(text, links);
      if (!shown) continue;
      if ('info' in shown) images[shown.src] = shown.info;
      else {
        const loc = { file: file.file, line: file.keyLines[field] ?? 1, column: 1 };
        problems.push(toProblem('IMAGE_UNREADABLE', { src: shown.src, reason: shown.failed }, loc));
      }
    }
  }
  return { images: Object.keys(images).length > 0 ? images : null, problems };
}

/** Every string of a front matter value, however deep. */
function toStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(toStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(toStrings);
  return [];
}

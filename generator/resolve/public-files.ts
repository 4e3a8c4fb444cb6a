import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toProblem } from '../problems/problem.ts';
import { isWholePng, toPngDecodeFault, toPngSize } from '../png.ts';
import { HOST_PROFILES } from '../hosts.ts';
import type { ContentFile, Page, SiteConfig, SiteProblem } from '../types.ts';
import { toFeedPath, toOutputFile, toPageFiles, toSitePath } from '../../runtime/urls.ts';

// A public file never takes the path of a file or folder the build writes (behaviour.md: Safety):
// one would be lost silently, or fail the write halfway.

const OWN_FOLDERS = ['_app', 'builds'];

function toBuildFiles(config: SiteConfig, pages: readonly Page[]): Map<string, string> {
  const { layout, files } = HOST_PROFILES[config.host];
  const written = new Map<string, string>();
  for (const page of pages) {
    for (const file of toPageFiles(page.url, layout)) written.set(file, `the page ${page.url}`);
    written.set(toOutputFile(page.url, '_payload.json'), `the data of the page ${page.url}`);
  }
  for (const locale of config.locales)
    for (const status of [404, 500]) written.set(toOutputFile(`${locale.prefix}/${status}.html`), `the ${status} page`);
  for (const file of ['sitemap.xml', 'robots.txt', ...files]) written.set(file, `its ${file}`);
  return written;
}

export function findPublicConflicts(
  config: SiteConfig,
  pages: readonly Page[],
  publicFiles: readonly string[],
): SiteProblem[] {
  const written = toBuildFiles(config, pages);
  const folders = new Map<string, string>();
  for (const file of written.keys())
    for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1))
      if (!folders.has(file.slice(0, at))) folders.set(file.slice(0, at), file);
  const problems: SiteProblem[] = [];
  for (const file of publicFiles) {
    const source = `site/public/${file}`;
    const top = file.split('/')[0] as string;
    const conflict = written.has(file)
      ? { output: file, what: written.get(file) as string }
      : folders.has(file)
        ? { output: folders.get(file) as string, what: written.get(folders.get(file) as string) as string }
        : OWN_FOLDERS.includes(top)
          ? { output: `${top}/`, what: 'its own files' }
          : null;
    const loc = { file: source, line: 1, column: 1 };
    if (conflict) problems.push(toProblem('PUBLIC_FILE_CONFLICT', { file: source, ...conflict }, loc));
  }
  return problems;
}

/** behaviour.md: Sharing. */
export function findBadShareImages(
  config: SiteConfig,
  pages: readonly Page[],
  sources: {
    readonly publicFiles: readonly string[];
    readonly generatedFiles: ReadonlyMap<string, string | Uint8Array>;
  },
): SiteProblem[] {
  const files = new Set(sources.publicFiles);
  const problems: SiteProblem[] = [];
  const reported = new Set<string>();
  for (const { content } of pages) {
    const image = content.data.extra.shareImage;
    if (typeof image !== 'string' || !image.startsWith('/') || reported.has(content.file)) continue;
    const file = (toSitePath(image) ?? image).slice(1);
    const fault = files.has(file) ? toShareImageFault(config, file, sources.generatedFiles.get(file)) : 'missing';
    if (fault === null) continue;
    reported.add(content.file);
    const missing = fault === 'missing';
    const reason = missing
      ? `names \`${image}\`, which is no file of site/public`
      : `names \`${image}\`, which ${fault}; a page's share image is a 1200 × 630 PNG`;
    const hint = missing
      ? 'Put the image (a 1200 × 630 PNG) in site/public at that path, or remove the field: the page then gets a share card drawn for it.'
      : 'Save the image as a PNG of 1200 × 630 pixels (share dialogs crop other sizes, and show no SVG), or remove the field: the page then gets a share card drawn for it.';
    const loc = { file: content.file, line: content.keyLines.shareImage ?? 1, column: 1 };
    problems.push(toProblem('FRONT_MATTER_INVALID', { field: 'shareImage', reason, hint }, loc));
  }
  return problems;
}

const ADDRESS_HINT =
  'Write the path of a page without a trailing slash (`/en/contact`), or of a file of site/public (`/images/hero.svg`, for site/public/images/hero.svg).';

/** behaviour.md: Texts. */
export function findUnknownAddresses(
  config: SiteConfig,
  pages: readonly Page[],
  publicFiles: readonly string[],
): SiteProblem[] {
  // Lazily: most pages name no address.
  let targets: Set<string> | null = null;
  const toTargets = () =>
    new Set([
      ...pages.map((page) => page.url),
      ...[...publicFiles, ...toBuildFiles(config, pages).keys()].map((file) => `/${file}`),
      ...config.locales.map(toFeedPath),
    ]);
  const problems: SiteProblem[] = [];
  const seen = new Set<ContentFile>();
  for (const { content } of pages) {
    if (seen.has(content)) continue;
    seen.add(content);
    for (const address of content.addresses) {
      if (address.field === 'shareImage') continue;
      const target = toSitePath(address.value);
      targets ??= toTargets();
      if (target !== null && targets.has(target)) continue;
      const reason = `names \`${address.value}\`, which is no page or file of this site`;
      problems.push(
        toProblem('FRONT_MATTER_INVALID', { field: address.field, reason, hint: ADDRESS_HINT }, address.loc),
      );
    }
  }
  return problems;
}

function toShareImageFault(
  config: SiteConfig,
  file: string,
  generated: string | Uint8Array | undefined,
): string | null {
  let bytes: Uint8Array;
  if (generated !== undefined) bytes = typeof generated === 'string' ? Buffer.from(generated) : generated;
  else {
    try {
      bytes = readFileSync(path.join(config.publicDir, file));
    } catch {
      return 'cannot be read';
    }
  }
  const size = toPngSize(bytes);
  if (!size) return 'is no PNG';
  if (size.width !== 1200 || size.height !== 630) return `is ${size.width} × ${size.height} pixels`;
  if (!isWholePng(bytes)) return 'is a PNG cut short or damaged (it shows as a broken image)';
  const fault = toPngDecodeFault(bytes);
  return fault === null ? null : `is a PNG that does not decode (it ${fault}; it shows as a broken image)`;
}

import { statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { unescapeHtml } from '../escape.ts';
import { toProblem } from '../problems/problem.ts';
import type { BuildManifest, SiteConfig, SiteProblem } from '../types.ts';
import { toFirstViewScripts, toIdleScripts } from './first-view.ts';
import { atStart, memoize, readOutputFile, type OutputPage } from './output.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A file of the output by its URL: as text, and gzipped for its size. */
function createReader(outDir: string) {
  const read = memoize((url) => readOutputFile({ base: null, outDir }, url));
  const gzipped = memoize((url) => {
    const bytes = read(url);
    return bytes ? gzipSync(bytes).length : 0;
  });
  return {
    text: memoize((url) => read(url)?.toString('utf8') ?? null),
    /** The size of a file as it is sent (a font is compressed already), or null when there is none. */
    bytes: (url: string): number | null => read(url)?.length ?? null,
    size: (urls: readonly string[]): number => urls.reduce((sum, url) => sum + gzipped(url), 0),
  };
}

/** Bytes (gzip) each page loads (behaviour.md: Pages on demand): JavaScript before `load` and once idle, CSS, data. */
export function checkBudgets(
  config: SiteConfig,
  outDir: string,
  pages: readonly OutputPage[],
  scripts: BuildManifest['scripts'],
): SiteProblem[] {
  const files = createReader(outDir);
  const { budgets } = config.check;
  return pages.flatMap((page) => {
    const js = toFirstViewScripts(page.html, (url) => files.text(url));
    const idle = scripts ? toIdleScripts(js, scripts, page.payload?.template ?? null) : [];
    const css = [
      ...page.head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
    ].map((m) => m[1] as string);
    const payload = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(page.html)?.[1] ?? '';
    const checks: [string, string, number, number, string[]][] = [
      ['JavaScript', 'before `load`', files.size(js), budgets.jsKb, js],
      // Without the manifest's scripts, nothing is counted once idle.
      ['JavaScript', 'once idle', files.size(idle), budgets.idleJsKb, idle],
      ['CSS', 'on first view', files.size(css), budgets.cssKb, css],
      ['payload', 'on first view', gzipSync(payload).length, budgets.payloadKb, ['the embedded page data']],
    ];
    return checks
      .filter(([, , size, limit]) => size > limit * 1024)
      .map(([kind, when, size, limit, names]) => {
        const args = { page: page.url, kind, when, size: kb(size), limit: `${limit} KB`, files: names.join(', ') };
        return toProblem('BUDGET_EXCEEDED', args, atStart(page.file));
      });
  });
}

interface FontFace {
  readonly url: string;
  /** Code point ranges the face is for; empty: every character. */
  readonly ranges: readonly (readonly [number, number])[];
}

/** The `@font-face` rules of a stylesheet: each face's first file and its `unicode-range`. */
function toFontFaces(css: string): FontFace[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body = '']) => {
    const url = /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(body)?.[1];
    if (!url) return [];
    const range = /unicode-range\s*:\s*([^;]+)/.exec(body)?.[1] ?? '';
    const ranges = [...range.matchAll(/U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/gi)].map(([, from = '0', to]) => {
      const low = parseInt(from.replace(/\?/g, '0'), 16);
      const high = to ? parseInt(to, 16) : parseInt(from.replace(/\?/g, 'f'), 16);
      return [low, high] as const;
    });
    return [{ url, ranges }];
  });
}

/** Whether a text holds a character of a face's ranges (any character when it has none). */
function needsFace(face: FontFace, text: string): boolean {
  if (face.ranges.length === 0) return text.length > 0;
  for (const char of text) {
    const point = char.codePointAt(0) as number;
    if (face.ranges.some(([low, high]) => point >= low && point <= high)) return true;
  }
  return false;
}

/** The font files a page loads, preloaded or asked for by its text's characters (behaviour.md: Presentation). */
export function checkFontBudget(config: SiteConfig, outDir: string, pages: readonly OutputPage[]): SiteProblem[] {
  const files = createReader(outDir);
  const facesOf = memoize((css) => toFontFaces(files.text(css) ?? ''));
  const limit = config.check.budgets.fontKb;
  return pages.flatMap((page) => {
    const { head } = page;
    const text = page.html.slice(head.length).replace(/<script[\s\S]*?<\/script>|<[^>]+>/g, '');
    const urls = new Set(
      [...head.matchAll(/<link rel="preload" as="font"[^>]* href="([^"]+)"/g)].map((m) => m[1] as string),
    );
    for (const [, css = ''] of head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
      for (const face of facesOf(css)) if (needsFace(face, text)) urls.add(face.url);
    }
    const size = [...urls].reduce((sum, url) => sum + (files.bytes(url) ?? 0), 0);
    if (size <= limit * 1024) return [];
    const args = { page: page.url, size: kb(size), limit: `${limit} KB`, files: [...urls].join(', ') };
    return [toProblem('FONT_BUDGET_EXCEEDED', args, atStart(page.file))];
  });
}

// A page's photos: within the image budget, with alternative text (behaviour.md: Images). Of a
// `<picture>`, the largest file counts: what a large screen loads.

const PICTURE = /<picture\b[^>]*>([\s\S]*?)<\/picture>/g;
const IMG = /<img\b[^>]*>/g;
const ADDRESSES = /\b(?:src|srcset)="([^"]*)"/g;

export function checkImages(config: SiteConfig, outDir: string, pages: readonly OutputPage[]): SiteProblem[] {
  const sizeOf = memoize((url) => {
    const file = path.join(outDir, decodeURI(url.split(/[?#]/)[0] as string));
    return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  });
  const limit = config.check.budgets.imageKb * 1024;
  return pages.flatMap((page) => {
    const loc = atStart(page.file);
    const problems: SiteProblem[] = [];
    const seen = new Set<string>();
    const report = (markup: string, isPhoto: boolean) => {
      const urls = toLocalAddresses(markup);
      const largest = urls.reduce<string | null>((a, b) => (a === null || sizeOf(b) > sizeOf(a) ? b : a), null);
      if (largest === null || seen.has(largest)) return;
      seen.add(largest);
      if (sizeOf(largest) > limit) {
        const budget = `${config.check.budgets.imageKb} KB`;
        const args = { page: page.url, src: largest, size: kb(sizeOf(largest)), limit: budget };
        problems.push(toProblem('IMAGE_OVER_BUDGET', args, loc));
      }
      if (isPhoto && /\balt=""/.test(markup))
        problems.push(toProblem('IMAGE_ALT_MISSING', { page: page.url, src: largest }, loc));
    };
    const main = page.html.replace(PICTURE, (picture) => {
      report(picture, true);
      return '';
    });
    for (const [img] of main.matchAll(IMG)) report(img, false);
    return problems;
  });
}

/** The site's own files an element names in its `src` and `srcset` attributes (a `data:` image has none). */
function toLocalAddresses(markup: string): string[] {
  return [...markup.matchAll(ADDRESSES)]
    .flatMap(([, value]) => unescapeHtml(value as string).split(','))
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url.startsWith('/') && !url.startsWith('//'));
}

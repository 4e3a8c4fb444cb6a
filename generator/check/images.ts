import { statSync } from 'node:fs';
import path from 'node:path';
import { unescapeHtml } from '../escape.ts';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { kb } from './budgets.ts';
import { atStart, memoize, type OutputPage } from './output.ts';

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

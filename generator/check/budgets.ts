import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { toFirstViewScripts } from './first-view.ts';
import type { OutputPage } from './output.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes (gzip) each page loads on first view: its scripts and what they import, stylesheets, payload. */
export function checkBudgets(config: SiteConfig, outDir: string, pages: readonly OutputPage[]): SiteProblem[] {
  // Each file read once, whichever page names it: as text where it is a script, gzipped for its size.
  const files = new Map<string, Buffer | null>();
  const read = (url: string) => {
    const file = url.split('?')[0] as string;
    if (!files.has(file)) {
      try {
        files.set(file, readFileSync(path.join(outDir, file)));
      } catch {
        files.set(file, null);
      }
    }
    return files.get(file) ?? null;
  };
  const texts = new Map<string, string | null>();
  const readScript = (url: string) => {
    if (!texts.has(url)) texts.set(url, read(url)?.toString('utf8') ?? null);
    return texts.get(url) ?? null;
  };
  const sizes = new Map<string, number>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      const bytes = read(url);
      size = bytes ? gzipSync(bytes).length : 0;
      sizes.set(url, size);
    }
    return size;
  };
  const { budgets } = config.check;
  return pages.flatMap((page) => {
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    const js = toFirstViewScripts(page.html, readScript);
    const css = [
      ...head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
    ].map((m) => m[1] as string);
    const payload = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(page.html)?.[1] ?? '';
    const checks: [string, number, number, string[]][] = [
      ['JavaScript', js.reduce((s, f) => s + sizeOf(f), 0), budgets.jsKb, js],
      ['CSS', css.reduce((s, f) => s + sizeOf(f), 0), budgets.cssKb, css],
      ['payload', gzipSync(payload).length, budgets.payloadKb, ['the embedded page data']],
    ];
    return checks
      .filter(([, size, limit]) => size > limit * 1024)
      .map(([kind, size, limit, files]) =>
        toProblem(
          'BUDGET_EXCEEDED',
          { page: page.url, kind, size: kb(size), limit: `${limit} KB`, files: files.join(', ') },
          { file: page.file, line: 1, column: 1 },
        ),
      );
  });
}

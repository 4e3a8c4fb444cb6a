import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { unescapeHtml } from '../escape.ts';
import { toLayout } from '../hosts.ts';
import { readLatestManifest } from '../write/manifest.ts';
import { toOutputUrl, toPageFiles } from '../../runtime/urls.ts';
import type { Alternate, EmbeddedPayload } from '../types.ts';

/** A built page as `site check` reads it: its URL, its head, its embedded data and its main links. */
export interface OutputPage {
  /** Output-relative file: `en/contact/index.html`, `404.html`. */
  readonly file: string;
  readonly url: string;
  readonly html: string;
  readonly head: string;
  readonly lang: string | null;
  readonly title: string | null;
  readonly description: string | null;
  readonly canonical: string | null;
  readonly alternates: readonly Alternate[];
  readonly ogLocale: string | null;
  readonly noindex: boolean;
  readonly payload: EmbeddedPayload | null;
  readonly mainLinks: readonly string[];
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1] ?? null;

/** `re`'s first group in `html` with its character references read (`&amp;` → `&`), or null. */
export function readAttr(html: string, re: RegExp): string | null {
  const value = attr(html, re);
  return value === null ? null : unescapeHtml(value);
}

/** The built output, and the URLs of its pages, as links and structured data name them. */
export interface Output {
  readonly base: string | null;
  readonly outDir: string;
  readonly urls: ReadonlySet<string>;
}

/** The output file of a URL of this site (absolute under the base URL, or root-relative), or null. */
export function toOutputFile({ base, outDir }: Pick<Output, 'base' | 'outDir'>, url: string): string | null {
  const local = base && url.startsWith(`${base}/`) ? url.slice(base.length) : url === base ? '/' : url;
  if (!local.startsWith('/') || local.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(local.split(/[?#]/)[0] as string);
  } catch {
    return null;
  }
  const file = path.join(outDir, decoded);
  return file.startsWith(`${outDir}${path.sep}`) ? file : null;
}

/** The bytes of the output file a URL of this site names, or null (none, or a path out of the folder). */
export function readOutputFile(output: Pick<Output, 'base' | 'outDir'>, url: string): Buffer | null {
  const file = toOutputFile(output, url);
  try {
    return file === null ? null : readFileSync(file);
  } catch {
    return null;
  }
}

export function isOutputPage({ base, urls }: Output, url: string): boolean {
  return urls.has(base && url.startsWith(base) ? url.slice(base.length) || '/' : url);
}

/** A problem of a whole file is reported at its start. */
export const atStart = (file: string) => ({ file, line: 1, column: 1 });

/** `get`, computed once per key: the output's files are read once, whichever page names them. */
export function memoize<T>(get: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, get(key));
    return known.get(key) as T;
  };
}

/** Every HTML page of the output, in its host's layout (behaviour.md: Hosts): an `x.html` twin is read once. */
export function readOutputPages(outDir: string): OutputPage[] {
  const manifest = readLatestManifest(outDir);
  const layout = toLayout(manifest?.builtWith?.host);
  // An old address's page only sends the visitor on (behaviour.md: Moved and removed pages): no page.
  const moved = new Set((manifest?.redirects ?? []).flatMap((r) => toPageFiles(r.from, 'both')));
  const files = fg.sync('**/*.html', { cwd: outDir, ignore: ['_app/**'] }).sort();
  const present = new Set(files);
  return files
    .filter((file) => !moved.has(file))
    .filter((file) => !(layout === 'both' && present.has(`${file.slice(0, -'.html'.length)}/index.html`)))
    .map((file) => {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
      const data = attr(html, /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/);
      const main = attr(html, /<main[^>]*>([\s\S]*?)<\/main>/) ?? '';
      return {
        file,
        url: toOutputUrl(file, layout),
        html,
        head,
        lang: attr(html, /<html[^>]*\slang="([^"]*)"/),
        title: readAttr(head, /<title>([\s\S]*?)<\/title>/),
        description: readAttr(head, /<meta name="description" content="([^"]*)"/),
        canonical: attr(head, /<link rel="canonical" href="([^"]*)"/),
        alternates: [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => ({
          hreflang: m[1] as string,
          href: unescapeHtml(m[2] as string),
        })),
        ogLocale: attr(head, /<meta property="og:locale" content="([^"]*)"/),
        noindex: /<meta name="robots" content="[^"]*noindex/.test(head),
        payload: data ? (JSON.parse(data) as EmbeddedPayload) : null,
        mainLinks: [...main.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => unescapeHtml(m[1] as string)),
      };
    });
}

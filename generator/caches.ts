import path from 'node:path';
import { CACHE_DIR } from './paths.ts';

// Every cache on disk (behaviour.md: Caches). An entry is read only when every input it names is as
// it was: a cache can skip work, never hide a change. `format` is bumped when an entry's layout changes.

interface CacheKind {
  readonly format: number;
  /** What an entry's key is made of. */
  readonly key: string;
  /** When entries are removed, when not unused for a day after a build that wrote one. */
  readonly sweep?: string;
}

const KINDS = {
  bundles: {
    format: 3,
    key: "the templates', styles' and runtime's sources, the configuration, the template list, esbuild's version and the bundler's own code; every other file esbuild read is checked by its hash",
  },
  server: {
    format: 1,
    key: "the hash of the templates' server bundle (its file name); a file that no longer gives its hash is made again",
  },
  content: {
    format: 1,
    key: "the configuration, the versions of site, gray-matter and yaml (the file's name); each entry by a content file's path and the hash of its text",
  },
  pages: {
    format: 2,
    key: "a site's pages as written (bytes, hashes, search entries) in sixteen files by their keys, named by the server module's hash, the asset URLs, the configuration, every page's URL, the held pages, public files and photos, the build's year and the versions of site, React, i18next and markdown-it; in it each page by its own texts, lists and menus and its locale's messages",
  },
  search: {
    format: 2,
    key: "each locale's indexed pages (their digests), its language and Pagefind's version",
  },
  cards: {
    format: 1,
    key: "the card layout's source, the page's title, section, brand and colours, and the renderers' versions; a PNG that is not whole is drawn again",
  },
  images: {
    format: 1,
    key: "a photo's bytes (their hash), sharp's and libvips' versions and the settings it is made with (widths, formats, qualities, pixel limit); a record whose files are not all there is made again",
  },
  icons: {
    format: 1,
    key: "the logo's SVG and the theme's primary colour",
  },
  public: {
    format: 5,
    key: "a module of site/public: every project file esbuild read for it, esbuild's version and the lockfiles",
  },
  html: {
    format: 1,
    key: "a built page's bytes without its build id, html-validate's version and the rules `site check` gives it",
    sweep: 'records that the last `site check` did not read, a day after their last use',
  },
  config: {
    format: 1,
    key: "the text of site/site.config.ts, esbuild's version and every file it imports",
  },
} as const satisfies Record<string, CacheKind>;

type CacheName = keyof typeof KINDS;

/** Each in the folder of its name. */
export const CACHES = Object.fromEntries(
  Object.entries(KINDS).map(([name, kind]) => [name, { ...kind, dir: path.join(CACHE_DIR, name) }]),
) as { readonly [N in CacheName]: (typeof KINDS)[N] & { readonly dir: string } };

/** `--no-cache` builds from the sources alone; entries are still written. */
let reading = true;

export function setCacheReading(on: boolean): void {
  reading = on;
}

export function isCacheReading(): boolean {
  return reading;
}

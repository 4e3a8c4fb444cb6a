import type { LocaleConfig } from '../generator/types.ts';

// URL facts the generator, the checker, the servers and the browser share: one pure module (no
// DOM, no Node), so they cannot disagree about which file serves a URL or which locale a path is in.

type PrefixedLocale = Pick<LocaleConfig, 'code' | 'prefix'>;

/**
 * The locale of a path by its prefix (behaviour.md: Locales): `/en` and `/en/...` are English,
 * anything else is the default locale's (the one without a prefix). The longest prefix wins.
 */
export function toLocaleOfPath<L extends PrefixedLocale>(locales: readonly L[], path: string): L {
  const prefixed = locales
    .filter((l) => l.prefix && (path === l.prefix || path.startsWith(`${l.prefix}/`)))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return (prefixed[0] ?? locales.find((l) => !l.prefix) ?? locales[0]) as L;
}

/**
 * The output file of a page URL: `/` → `index.html`; `/en/contact` → `en/contact/index.html`; a
 * trailing slash is ignored; `/en/404.html` stays a file. `name` picks another file of the page's
 * folder (`_payload.json`).
 */
export function toOutputFile(url: string, name = 'index.html'): string {
  const clean = url.replace(/\/+$/, '') || '/';
  if (clean.endsWith('.html')) return clean.slice(1);
  return clean === '/' ? name : `${clean.slice(1)}/${name}`;
}

/**
 * The page URL of an output file: `en/contact/index.html` → `/en/contact`; `404.html` →
 * `/404.html`; in a layout with `x.html` pages (behaviour.md: Hosts), `en/contact.html` → `/en/contact`.
 */
export function toOutputUrl(file: string, layout: PageLayout = 'folder'): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  if (layout !== 'folder' && isPageDocument(file)) return `/${file.slice(0, -'.html'.length)}`;
  return `/${file}`;
}

/**
 * How the output lays out a page's document (behaviour.md: Hosts): `folder` writes
 * `en/contact/index.html`, `html` writes `en/contact.html`, `both` writes the two (the same bytes).
 * The home page is `index.html` in every layout; error pages keep their own `.html` names.
 */
export type PageLayout = 'folder' | 'html' | 'both';

/** The output files that hold the document of a page URL, in the given layout. */
export function toPageFiles(url: string, layout: PageLayout): string[] {
  const clean = url.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean.endsWith('.html')) return [toOutputFile(clean)];
  const folder = toOutputFile(clean);
  const html = `${clean.slice(1)}.html`;
  return layout === 'folder' ? [folder] : layout === 'html' ? [html] : [folder, html];
}

/** Error pages are named by their status (`404.html`, `en/500.html`): `/404` is no page. */
export function isErrorPageName(pathOrFile: string): boolean {
  return /(?:^|\/)\d{3}(?:\.html)?$/.test(pathOrFile);
}

/** Whether an output file is a page's document, in any layout (`index.html`, `en/contact.html`). */
export function isPageDocument(file: string): boolean {
  return file.endsWith('.html') && !file.startsWith('_app/') && !isErrorPageName(file);
}

/**
 * A root-relative URL under the base URL (behaviour.md: Head and SEO): the home page without a
 * trailing slash; unchanged without a base URL.
 */
export function toAbsoluteUrl(baseUrl: string | null, url: string): string {
  if (baseUrl === null) return url;
  return url === '/' ? baseUrl : `${baseUrl}${url}`;
}

/** The newsroom's feed of a locale, as a URL path: `/news/feed.xml`, `/en/news/feed.xml`. */
export function toFeedPath(locale: { readonly prefix: string }): string {
  return `${locale.prefix}/news/feed.xml`;
}

/**
 * A root-relative address as the path of the site a browser asks for: dot segments resolved,
 * escapes decoded, the query and fragment left out. Null when its escapes do not spell UTF-8.
 */
export function toSitePath(address: string): string | null {
  try {
    return decodeURI(new URL(address, 'https://site.invalid/').pathname);
  } catch {
    return null;
  }
}

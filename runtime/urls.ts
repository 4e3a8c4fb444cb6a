import type { LocaleConfig } from '../generator/types.ts';

// Pure (no DOM, no Node): the generator, checker, servers and browser must agree on these.

type PrefixedLocale = Pick<LocaleConfig, 'code' | 'prefix'>;

/** By prefix, longest first; else the unprefixed default (behaviour.md: Locales). */
export function toLocaleOfPath<L extends PrefixedLocale>(locales: readonly L[], path: string): L {
  const prefixed = locales
    .filter((l) => l.prefix && (path === l.prefix || path.startsWith(`${l.prefix}/`)))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return (prefixed[0] ?? locales.find((l) => !l.prefix) ?? locales[0]) as L;
}

/** `/en/contact` → `en/contact/index.html` (or `name`, e.g. `_payload.json`); `/en/404.html` stays a file. */
export function toOutputFile(url: string, name = 'index.html'): string {
  const clean = url.replace(/\/+$/, '') || '/';
  if (clean.endsWith('.html')) return clean.slice(1);
  return clean === '/' ? name : `${clean.slice(1)}/${name}`;
}

/** `en/contact/index.html` → `/en/contact`; also `en/contact.html` outside the folder layout. */
export function toOutputUrl(file: string, layout: PageLayout): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  if (layout !== 'folder' && isPageDocument(file)) return `/${file.slice(0, -'.html'.length)}`;
  return `/${file}`;
}

/** `folder`: `en/contact/index.html`; `html`: `en/contact.html`; `both` (behaviour.md: Hosts). */
export type PageLayout = 'folder' | 'html' | 'both';

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

export function isPageDocument(file: string): boolean {
  return file.endsWith('.html') && !file.startsWith('_app/') && !isErrorPageName(file);
}

/** The home page takes no trailing slash (behaviour.md: Head and SEO). */
export function toAbsoluteUrl(baseUrl: string | null, url: string): string {
  if (baseUrl === null) return url;
  return url === '/' ? baseUrl : `${baseUrl}${url}`;
}

export function toFeedPath(locale: { readonly prefix: string }): string {
  return `${locale.prefix}/news/feed.xml`;
}

/** The path a browser would request: dots resolved, escapes decoded; null on invalid UTF-8. */
export function toSitePath(address: string): string | null {
  try {
    return decodeURI(new URL(address, 'https://site.invalid/').pathname);
  } catch {
    return null;
  }
}

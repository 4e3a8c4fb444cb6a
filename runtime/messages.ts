import { fetchJson } from './fetch-json.ts';
import { site } from './settings.ts';
import type { Catalog } from './translate.ts';

const catalogs = new Map<string, Promise<Catalog>>();

/** The shared message files of one locale (behaviour.md: Texts), fetched once per page life. */
export function loadCatalog(locale: string): Promise<Catalog> {
  let pending = catalogs.get(locale);
  if (!pending) {
    const files = Object.entries(site.messages[locale] ?? {});
    pending = Promise.all(files.map(async ([ns, url]) => [ns, await fetchJson(url)] as const)).then(
      Object.fromEntries as (e: unknown) => Catalog,
    );
    pending.catch(() => catalogs.delete(locale));
    catalogs.set(locale, pending);
  }
  return pending;
}

/** Watch mode: after a rebuild, the catalogs of the locales whose message files changed. */
export function forgetCatalogs(locales: readonly string[]): void {
  for (const locale of locales) catalogs.delete(locale);
}

/**
 * The catalogs for rendering a locale: its own, then the fallback's. Entering another locale loads
 * the fallback locale's files first, then the new locale's (behaviour.md: Texts).
 */
export async function loadCatalogs(locale: string): Promise<Catalog[]> {
  if (locale === site.fallbackLocale) return [await loadCatalog(locale)];
  const fallback = await loadCatalog(site.fallbackLocale);
  return [await loadCatalog(locale), fallback];
}

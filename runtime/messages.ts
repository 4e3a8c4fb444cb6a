import type { SharedData, Translate } from '../generator/types.ts';
import { fetchJson } from './fetch-json.ts';
import { site, toLocale } from './settings.ts';
import { createTranslator } from './translate.ts';

// What every page of a locale shares (behaviour.md: Texts, Payloads): its texts, menus, navigation
// and contact details, one content-hashed file per locale, fetched once per page life. A page's
// payload names its own locale's file; the build manifest names every locale's.

const files = new Map<string, Promise<SharedData>>();
const urls = new Map<string, string>();
let lookUp: (locale: string) => Promise<string | undefined> = () => Promise.resolve(undefined);

/** Records where a locale's shared data is (every payload names its own locale's file). */
export function noteSharedUrl(locale: string, url: string): void {
  urls.set(locale, url);
}

/** The URL of a locale's shared data file, once known. */
export function toSharedUrl(locale: string): string {
  return urls.get(locale) ?? '';
}

/** Where to find a locale's file that no payload named yet: the build manifest. */
export function setSharedLookUp(find: (locale: string) => Promise<string | undefined>): void {
  lookUp = find;
}

/** The shared data of one locale; a failed fetch is forgotten so that it can be tried again. */
export async function loadShared(locale: string): Promise<SharedData> {
  const url = urls.get(locale) ?? (await lookUp(locale));
  if (!url) throw new Error(`no shared data is known for the locale ${locale}`);
  urls.set(locale, url);
  let pending = files.get(url);
  if (!pending) {
    pending = fetchJson<SharedData>(url);
    pending.catch(() => files.delete(url));
    files.set(url, pending);
  }
  return pending;
}

/** Watch mode: after a rebuild, the files of the locales whose texts or menus changed. */
export function forgetShared(locales: readonly string[]): void {
  for (const locale of locales) {
    const url = urls.get(locale);
    if (url) files.delete(url);
  }
}

/** The translator of a locale: its own texts, then the fallback's when given (behaviour.md: Texts). */
export function toTranslator(locale: string, shared: SharedData, fallback?: SharedData): Translate {
  const own = { iso: toLocale(locale)?.iso ?? locale, messages: shared.messages };
  const iso = toLocale(site.fallbackLocale)?.iso ?? site.fallbackLocale;
  return createTranslator(fallback ? [own, { iso, messages: fallback.messages }] : [own]);
}

/**
 * The shared data for rendering a locale, and its translator. Entering another locale loads the
 * fallback locale's file first, then the new locale's (behaviour.md: Texts).
 */
export async function loadLocale(locale: string): Promise<{ shared: SharedData; t: Translate }> {
  const fallback = await loadShared(site.fallbackLocale);
  const shared = await loadShared(locale);
  return { shared, t: toTranslator(locale, shared, locale === site.fallbackLocale ? undefined : fallback) };
}

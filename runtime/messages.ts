import type { SharedData, Translate } from '../generator/types.ts';
import { fetchJson, loadOnce } from './fetch-json.ts';
import { site, toLocale } from './settings.ts';
import { createTranslator } from './translate.ts';

// One hashed shared-data file per locale (behaviour.md: Texts, Payloads): payloads name their own
// locale's, the build manifest every locale's.

const files = new Map<string, Promise<SharedData>>();
const urls = new Map<string, string>();
let lookUp: (locale: string) => Promise<string | undefined> = () => Promise.resolve(undefined);

export function noteSharedUrl(locale: string, url: string): void {
  urls.set(locale, url);
}

export function toSharedUrl(locale: string): string {
  return urls.get(locale) ?? '';
}

export function setSharedLookUp(find: (locale: string) => Promise<string | undefined>): void {
  lookUp = find;
}

export async function loadShared(locale: string): Promise<SharedData> {
  const url = urls.get(locale) ?? (await lookUp(locale));
  if (!url) throw new Error(`no shared data is known for the locale ${locale}`);
  urls.set(locale, url);
  return loadOnce(files, url, () => fetchJson<SharedData>(url));
}

export function forgetShared(locales: readonly string[]): void {
  for (const locale of locales) {
    const url = urls.get(locale);
    if (url) files.delete(url);
  }
}

export function toTranslator(locale: string, shared: SharedData, fallback?: SharedData): Translate {
  const own = { iso: toLocale(locale)?.iso ?? locale, messages: shared.messages };
  const iso = toLocale(site.fallbackLocale)?.iso ?? site.fallbackLocale;
  return createTranslator(fallback ? [own, { iso, messages: fallback.messages }] : [own]);
}

/** The fallback locale's file loads first (behaviour.md: Texts). */
export async function loadLocale(locale: string): Promise<{ shared: SharedData; t: Translate }> {
  const fallback = await loadShared(site.fallbackLocale);
  const shared = await loadShared(locale);
  return { shared, t: toTranslator(locale, shared, locale === site.fallbackLocale ? undefined : fallback) };
}

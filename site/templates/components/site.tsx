import { createContext, useContext } from 'react';
import type { Payload, Translate } from '../../../generator/types.ts';

/** The page's payload and its locale's translator, for every component below the app shell. */
export interface Site {
  readonly payload: Payload;
  readonly t: Translate;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs the App shell above it');
  return site;
}

/** The `lang` attribute value of a locale code. */
export function useIso(code: string): string {
  const { payload } = useSite();
  return payload.locales.find((l) => l.code === code)?.iso ?? code;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `2025-03-18` as the locale writes it; UTC so server and browser agree. */
export function formatDate(date: string, iso: string): string {
  let format = dateFormats.get(iso);
  if (!format) {
    format = new Intl.DateTimeFormat(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(iso, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The year the site was built, read from the build id, whose first part is the build's time in
 * milliseconds, base 36 (generator/build-id.ts): the server and the browser read the same year.
 */
export function toBuildYear(buildId: string): number {
  const time = parseInt(buildId.split('-')[0] ?? '', 36);
  const year = new Date(Number.isFinite(time) ? time : 0).getUTCFullYear();
  // An id of another form (a hand-made payload): the current year.
  return year >= 2000 ? year : new Date().getUTCFullYear();
}

/** A route path as a URL of the page's locale: `/contact` → `/en/contact`, `/` → `/en`. */
export function useLocalUrl(): (routePath: string) => string {
  const { payload } = useSite();
  const prefix = payload.locales.find((l) => l.code === payload.locale)?.prefix ?? '';
  return (routePath) => (routePath === '/' ? prefix || '/' : `${prefix}${routePath}`);
}

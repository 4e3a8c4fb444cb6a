import { readLocaleCookie, writeLocaleCookie } from './cookie.ts';
import { isBot, site, toLocale } from './settings.ts';

// Blocking, in the head of `/` only, so the wrong locale never paints (behaviour.md: Root redirect).
if (location.pathname === '/' && !isBot()) {
  let code = readLocaleCookie();
  if (!code) {
    code = matchLocale(navigator.languages ?? [navigator.language]);
    writeLocaleCookie(code);
  }
  const target = toLocale(code)?.prefix || '/';
  // Never to the page the visitor is on: no loop.
  if (target !== location.pathname) location.replace(target + location.search + location.hash);
}

/** behaviour.md: Language matching. */
function matchLocale(preferred: readonly string[]): string {
  for (const tag of preferred) {
    const wanted = tag.trim().toLowerCase();
    if (!wanted) continue;
    const exact = site.locales.find((l) => l.iso.toLowerCase() === wanted);
    if (exact) return exact.code;
    const primary = wanted.split('-')[0];
    const prefix = site.locales.find((l) => l.iso.toLowerCase().split('-')[0] === primary);
    if (prefix) return prefix.code;
  }
  return site.fallbackLocale;
}

import { readLocaleCookie, writeLocaleCookie } from './cookie.ts';
import { matchLocale } from './locale-match.ts';
import { isBot, site, toLocale } from './settings.ts';

// Blocking, in the head of `/` only, so the wrong locale never paints (behaviour.md: Root redirect).
if (location.pathname === '/' && !isBot()) {
  let code = readLocaleCookie();
  if (!code) {
    code = matchLocale(navigator.languages ?? [navigator.language], site.locales, site.fallbackLocale);
    writeLocaleCookie(code);
  }
  const target = toLocale(code)?.prefix || '/';
  // Never to the page the visitor is on: no loop.
  if (target !== location.pathname) location.replace(target + location.search + location.hash);
}

import { readLocaleCookie, writeLocaleCookie } from './cookie.ts';
import { matchLocale } from './locale-match.ts';
import { isBot, site, toLocale } from './settings.ts';

// Loaded as a blocking script in the head of the bare root `/` only, so an English visitor never
// sees the Chinese page paint first (behaviour.md: Root redirect). Order: stored cookie, then the
// browser's languages, then the fallback; the decision is stored. Crawlers are never redirected;
// deep links never.
if (location.pathname === '/' && !isBot()) {
  let code = readLocaleCookie();
  if (!code) {
    code = matchLocale(navigator.languages ?? [navigator.language], site.locales, site.fallbackLocale);
    writeLocaleCookie(code);
  }
  const target = toLocale(code)?.prefix || '/';
  // Never redirect to the URL the visitor is on (no loops).
  if (target !== location.pathname) location.replace(target + location.search + location.hash);
}

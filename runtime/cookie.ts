import { site } from './settings.ts';

// The locale cookie (behaviour.md: Locale choice and cookie): `i18n_redirected=<code>`, a year,
// path /, SameSite=Lax, Secure on https.

export function readLocaleCookie(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${site.cookieName}=([^;]*)`).exec(document.cookie);
  const value = match ? decodeURIComponent(match[1] as string) : null;
  // An unknown value is treated as absent (and replaced by the next decision).
  return value && site.locales.some((l) => l.code === value) ? value : null;
}

export function writeLocaleCookie(code: string): void {
  const maxAge = site.cookieMaxAgeDays * 86400;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${site.cookieName}=${encodeURIComponent(code)}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

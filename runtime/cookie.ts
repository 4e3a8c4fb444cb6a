import { site } from './settings.ts';

// behaviour.md: Locale choice and cookie.

export function readLocaleCookie(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${site.cookieName}=([^;]*)`).exec(document.cookie);
  const value = match ? decodeURIComponent(match[1] as string) : null;
  return value && site.locales.some((l) => l.code === value) ? value : null;
}

export function writeLocaleCookie(code: string): void {
  const maxAge = site.cookieMaxAgeDays * 86400;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${site.cookieName}=${encodeURIComponent(code)}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

// Redirects' rules, for the configuration, front matter, host files and `site serve` alike
// (behaviour.md: Moved and removed pages).

/** Every host's form takes it as it is: an nginx `location =`, a `_redirects` line, an S3 key, a file name. */
const OLD_ADDRESS = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export const OLD_ADDRESS_RULE =
  'a root-relative path such as `/about/old-awards`: segments of ASCII letters, digits, `-`, `_` and `.`, no trailing slash, query or fragment';

export function isOldAddress(value: unknown): value is string {
  return typeof value === 'string' && OLD_ADDRESS.test(value);
}

/**
 * A path of the site or an https URL, never `//`, and no character a host's configuration reads as
 * syntax (space, quote, `$`, `;`, braces, backslash): it goes into a header, nginx line or file as is.
 */
export function isRedirectTarget(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9\-._~:/?#[\]@!&()*+,=%]+$/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  return /^https:\/\/[^/?#]/.test(value) && URL.canParse(value);
}

/** `/en/jobs?x#y` → `/en/jobs`; null for an https URL. */
export function toTargetPath(to: string): string | null {
  return to.startsWith('/') ? (to.split(/[?#]/)[0] as string) : null;
}

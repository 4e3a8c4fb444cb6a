// What an old address may be; the configuration, the front matter, the host files and `site serve`
// read the same rules here
// (behaviour.md: Moved and removed pages).

/**
 * An old address: a root-relative path of segments of ASCII letters, digits, `-`, `_` and `.` (not
 * first), without a trailing slash, query or fragment. Every host's form takes it as it is: an nginx
 * `location =`, a `_redirects` line, an S3 key, a file name.
 */
const OLD_ADDRESS = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export const OLD_ADDRESS_RULE =
  'a root-relative path such as `/about/old-awards`: segments of ASCII letters, digits, `-`, `_` and `.`, no trailing slash, query or fragment';

/** Whether a path may be an old address that redirects. */
export function isOldAddress(value: unknown): value is string {
  return typeof value === 'string' && OLD_ADDRESS.test(value);
}

/**
 * Where a redirect may send a visitor: a path of the site (an optional `?query` or `#fragment`
 * kept), or an https URL. Nothing a browser would read as another host (`//`), and only the
 * characters of a URL that no host's configuration reads as its own syntax (no space, quote, `$`,
 * `;`, braces or backslash), so the target goes into a header, an nginx line or a file as it is.
 */
export function isRedirectTarget(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9\-._~:/?#[\]@!&()*+,=%]+$/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  return /^https:\/\/[^/?#]/.test(value) && URL.canParse(value);
}

/** The path part of a target of the site (`/en/jobs?x#y` → `/en/jobs`); null for an https URL. */
export function toTargetPath(to: string): string | null {
  return to.startsWith('/') ? (to.split(/[?#]/)[0] as string) : null;
}

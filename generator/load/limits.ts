import { toProblem } from '../problems/problem.ts';
import type { SiteProblem } from '../types.ts';

// Limits that keep one file from stalling or exhausting the build (behaviour.md: Safety).
export const FILE_LIMIT = 4 * 1024 * 1024;
export const MATTER_LIMIT = 256 * 1024;
const BODY_WARNING = 1024 * 1024;

/** Where a `[` or `{` first opens a level past `limit`, or null; JSON's `"…"` strings are skipped when asked. */
export function findDeepNesting(text: string, limit: number, { skipStrings = false } = {}): number | null {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 34 && skipStrings) {
      for (at++; at < text.length && text.charCodeAt(at) !== 34; at++) if (text.charCodeAt(at) === 92) at++;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return at;
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  return null;
}

export function toTooLarge(file: string, part: 'content file' | 'front matter', size: number): SiteProblem {
  const limit = part === 'content file' ? FILE_LIMIT : MATTER_LIMIT;
  // Just over the limit both round alike: give bytes.
  const shown = toSize(size) === toSize(limit) ? `${size.toLocaleString('en-US')} bytes` : toSize(size);
  return toProblem('CONTENT_TOO_LARGE', { part, size: shown, limit: toSize(limit) }, { file, line: 1, column: 1 });
}

/** A warning for a Markdown body over 1 MB: the build goes on. */
export function checkBodySize(file: string, body: string, bodyLine: number): SiteProblem[] {
  const size = Buffer.byteLength(body, 'utf8');
  if (size <= BODY_WARNING) return [];
  const args = { size: toSize(size), limit: toSize(BODY_WARNING), fileLimit: toSize(FILE_LIMIT) };
  return [toProblem('CONTENT_LARGE', args, { file, line: bodyLine, column: 1 })];
}

function toSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`;
}

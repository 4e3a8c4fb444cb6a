import { toProblem } from '../problems/problem.ts';
import type { SiteProblem, SourceLoc } from '../types.ts';

// Control characters (not tab, LF or U+0080–U+009F), DEL, U+FFFE, U+FFFF and lone surrogates would
// pass unseen into titles and meta tags, or stop the search index (behaviour.md: Safety). A CR may
// end a file's line, never stand in a value.
const NOT_TEXT = /(?![\t\n\x80-\x9f])\p{Cc}|[\uFFFE\uFFFF]|\p{Cs}/u;
const NOT_TEXT_IN_FILE = /(?![\t\n\r\x80-\x9f])\p{Cc}|[\uFFFE\uFFFF]|\p{Cs}/u;

// A YAML or JSON escape: a surrogate pair first (one character), then those that can write a non-text one.
const ESCAPE =
  /\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([0abefvr])|[^])/g;
const SHORT_ESCAPES: Record<string, number> = { '0': 0, a: 7, b: 8, e: 0x1b, f: 0x0c, v: 0x0b, r: 0x0d };

/** TEXT_INVALID_CHARACTER at the first character of a file's text that is not text, or null. */
export function findFileCharacter(file: string, text: string): SiteProblem | null {
  const found = NOT_TEXT_IN_FILE.exec(text);
  return found ? toCharacterProblem(found[0], toOffsetLoc(file, text, found.index)) : null;
}

/** The first non-text character of the data, at its escape from its key's line: YAML keeps no place of it. */
export function findFrontMatterCharacter(
  file: string,
  text: string,
  data: unknown,
  keyLines: Readonly<Record<string, number>>,
): SiteProblem | null {
  const found = findDataCharacter(data);
  if (!found) return null;
  const line = keyLines[found.key] ?? 1;
  const escape = findEscape(text, toLineOffset(text, line), found.character);
  if (!escape) return toCharacterProblem(found.character, { file, line, column: 1 });
  return toCharacterProblem(found.character, toOffsetLoc(file, text, escape.offset), escape.escaped);
}

/** TEXT_INVALID_CHARACTER at the first escape of valid JSON that writes a character that is not text. */
export function findJsonEscapeCharacter(file: string, text: string): SiteProblem | null {
  // In valid JSON a `\` stands only inside a string, where it starts an escape: every escape is found.
  const escape = findEscape(text);
  if (!escape) return null;
  const character = JSON.parse(`"${escape.escaped}"`) as string;
  return toCharacterProblem(character, toOffsetLoc(file, text, escape.offset), escape.escaped);
}

/** The first non-text character in parsed data (`"\x07"`), a key before its value, and its top-level key. */
function findDataCharacter(value: unknown, top = ''): { key: string; character: string } | null {
  if (typeof value === 'string') {
    const found = NOT_TEXT.exec(value);
    return found ? { key: top, character: found[0] } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = Array.isArray(value)
      ? findDataCharacter(item, top)
      : (findDataCharacter(key, top || key) ?? findDataCharacter(item, top || key));
    if (found) return found;
  }
  return null;
}

/** The first escape from `from` that writes `character` (by default any that is not text). */
function findEscape(text: string, from = 0, character?: string): { offset: number; escaped: string } | null {
  ESCAPE.lastIndex = from;
  for (let match = ESCAPE.exec(text); match; match = ESCAPE.exec(text)) {
    const [escaped, x, u, U, short] = match;
    const hex = x ?? u ?? U;
    const code = hex !== undefined ? parseInt(hex, 16) : short !== undefined ? SHORT_ESCAPES[short] : undefined;
    if (code === undefined || code > 0xffff) continue;
    const decoded = String.fromCharCode(code);
    if (character === undefined ? NOT_TEXT.test(decoded) : decoded === character)
      return { offset: match.index, escaped };
  }
  return null;
}

/** TEXT_INVALID_CHARACTER for a character, at its place (and as the escape that wrote it). */
function toCharacterProblem(character: string, loc: SourceLoc, escaped?: string): SiteProblem {
  const code = character.charCodeAt(0);
  const kind =
    code >= 0xd800 && code <= 0xdfff
      ? 'half of a surrogate pair'
      : code >= 0xfffe
        ? 'a noncharacter'
        : 'a control character';
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return toProblem('TEXT_INVALID_CHARACTER', { character: name, kind, escaped }, loc);
}

/** The line and column of an offset, lines ending as a file's do (LF, CR LF or CR), a byte order mark aside. */
export function toOffsetLoc(file: string, text: string, offset: number): SourceLoc {
  const lines = text
    .slice(0, offset)
    .replace(/^\uFEFF/, '')
    .split(/\r\n?|\n/);
  return { file, line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1 };
}

function toLineOffset(text: string, line: number): number {
  const ends = /\r\n?|\n/g;
  for (let n = 1; n < line && ends.exec(text); n++);
  return ends.lastIndex;
}

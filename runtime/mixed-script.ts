// docs/glossary.md: Chinese and Latin in one text. The build's Markdown, the templates (own copy)
// and `site check` share these rules so all three agree.

const HAN = /\p{Script=Han}/u;

/**
 * A code (`CW-PCA90`, `CAA-GH-0098`) or a standard (`ISO 45001`). The digit a code needs is checked
 * on the match, so a long run is read once (behaviour.md: Safety).
 */
const CODE = /\b(?:[A-Z]{2,}(?:-[A-Z0-9]+)+|ISO \d{4,5})\b/g;

/** Latin with its inner spaces and marks (`IATA ISAGO`, `24/7`). */
const LATIN = /[A-Za-z0-9](?:[A-Za-z0-9.,:/&+'’-]| (?=[A-Za-z0-9]))*/g;

/** An English word joined by hyphens (`pre-conditioned`): a browser may end a line after its hyphen. */
export const COMPOUND = /(?<![\p{L}\d-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\p{L}\d-])/gu;

export type RunKind = 'text' | 'latin' | 'code';

export interface Run {
  readonly kind: RunKind;
  readonly text: string;
}

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** [start, end) offsets. */
export function toCodeSpans(text: string): [number, number][] {
  if (!/[-O]/.test(text)) return [];
  return [...text.matchAll(CODE)]
    .filter((m) => m[0].startsWith('ISO ') || /\d/.test(m[0]))
    .map((m) => [m.index, m.index + m[0].length]);
}

/** Codes, and in Chinese text the Latin runs (which drop the Chinese letter spacing); the rest is `text`. */
export function toScriptRuns(text: string, latin = hasHan(text)): Run[] {
  const spans: [number, number, RunKind][] = toCodeSpans(text).map(([a, b]) => [a, b, 'code']);
  if (latin) {
    for (const m of text.matchAll(LATIN)) {
      const [a, b] = [m.index, m.index + m[0].length];
      if (!spans.some(([x, y]) => a < y && b > x)) spans.push([a, b, 'latin']);
    }
    spans.sort((x, y) => x[0] - y[0]);
  }
  const runs: Run[] = [];
  let at = 0;
  for (const [a, b, kind] of spans) {
    if (a > at) runs.push({ kind: 'text', text: text.slice(at, a) });
    runs.push({ kind, text: text.slice(a, b) });
    at = b;
  }
  if (at < text.length || runs.length === 0) runs.push({ kind: 'text', text: text.slice(at) });
  return runs;
}

export function toRunClass(run: Run, inChinese: boolean): string | null {
  if (run.kind === 'code') return inChinese ? 'nowrap latin' : 'nowrap';
  return run.kind === 'latin' ? 'latin' : null;
}

/** Spaces numbers from Chinese beside them (`2026 年 9 月 8 日`), as the prose does. */
export function spaceNumbers(text: string): string {
  return text.replace(/(\d)(?=\p{Script=Han})/gu, '$1 ').replace(/(\p{Script=Han})(?=\d)/gu, '$1 ');
}

/** Keeps a number with its Chinese unit (`6 公噸`); a code's or standard's digits (`ISO 9001 品質`) are no quantity. */
export function bindNumbers(text: string): string {
  return text.replace(/(?<![A-Za-z0-9.,-])(?<![A-Z]{2,} )(\d[\d,.]*) (?=\p{Script=Han})/gu, '$1\u00a0');
}

const TIED_END = /\p{Script=Han}{2}\p{P}*$/u;
/** How many characters before the last two a tie reaches back to start with their word. */
const TIE_REACH = 1;

/**
 * Where the last two Chinese characters and their marks begin, kept on one line so none is left
 * alone (`品。`): no CSS wrapping prevents it in Chinese. Two, not more: every character tied is
 * room a line before it may leave empty. Given the text's word breaks, the tie
 * starts where the word it falls in starts, so that no word is cut by it (`醫藥品。`, `林雅婷。`). -1
 * when there is nothing to tie.
 */
export function toTiedEnd(text: string, breaks: readonly number[] | null = null): number {
  const match = TIED_END.exec(text);
  if (!match || match.index === 0) return -1;
  const start = (breaks ?? []).filter((index) => index > 0 && index <= match.index).at(-1);
  // A tie longer than a short word's reach would be a line of its own on a phone.
  return start !== undefined && match.index - start <= TIE_REACH ? start : match.index;
}

// Chinese and Latin in one text (docs/glossary.md: Chinese and Latin in one text): which Latin
// runs stand apart from the Chinese around them, and which codes a line never splits. The build's
// Markdown, the templates' short texts and `site check` read them from here, so all three agree.

const HAN = /\p{Script=Han}/u;

/**
 * A product code, a licence or certificate number (`CW-PCA90`, `CAA-GH-0098`, `ISAGO-TW-0142`):
 * capitals, then parts joined by hyphens, one of them with a digit (checked on the match, so that
 * a long run is read once: behaviour.md: Safety); or a standard (`ISO 45001`).
 */
const CODE = /\b(?:[A-Z]{2,}(?:-[A-Z0-9]+)+|ISO \d{4,5})\b/g;

/** A run of Latin letters and digits, with the spaces and marks inside it (`IATA ISAGO`, `24/7`). */
const LATIN = /[A-Za-z0-9](?:[A-Za-z0-9.,:/&+'’-]| (?=[A-Za-z0-9]))*/g;

export type RunKind = 'text' | 'latin' | 'code';

/** A piece of a text: as it is, a Latin run inside Chinese, or a code that stays on one line. */
export interface Run {
  readonly kind: RunKind;
  readonly text: string;
}

/** Whether a text has a Chinese character. */
export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** The codes of a text, as [start, end) offsets. */
export function toCodeSpans(text: string): [number, number][] {
  if (!/[-O]/.test(text)) return [];
  return [...text.matchAll(CODE)]
    .filter((m) => m[0].startsWith('ISO ') || /\d/.test(m[0]))
    .map((m) => [m.index, m.index + m[0].length]);
}

/**
 * A text cut into runs: its codes (`code`), and where it has Chinese (or `latin` says to), the
 * Latin runs between the Chinese (`latin`), which take no Chinese letter spacing; the rest as it
 * is (`text`). A text without a code or Chinese is one run.
 */
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

/** The class of a run's element: a code keeps to one line, a Latin run in Chinese drops its spacing. */
export function toRunClass(run: Run, inChinese: boolean): string | null {
  if (run.kind === 'code') return inChinese ? 'nowrap latin' : 'nowrap';
  return run.kind === 'latin' ? 'latin' : null;
}

/**
 * A date or time as the Chinese pages write it: a space between each number and the Chinese
 * beside it (`2026 年 9 月 8 日`, `下午 5:00`), as the prose writes `2025 年`.
 */
export function spaceNumbers(text: string): string {
  return text.replace(/(\d)(?=\p{Script=Han})/gu, '$1 ').replace(/(\p{Script=Han})(?=\d)/gu, '$1 ');
}

/**
 * A number and the Chinese unit after it on one line (`2027 年`, `6 公噸`, `4 萬元`): the space
 * between them becomes a no-break space; a line may still end before the number. The digits of a
 * code or a standard (`CW-UD20 智慧`, `ISO 9001 品質`) are no quantity: their space stays.
 */
export function bindNumbers(text: string): string {
  return text.replace(/(?<![A-Za-z0-9.,-])(?<![A-Z]{2,} )(\d[\d,.]*) (?=\p{Script=Han})/gu, '$1\u00a0');
}

/** The last three Chinese characters of a text and the marks after them (`醫藥品。`). */
const TIED_END = /\p{Script=Han}{3}\p{P}*$/u;

/**
 * Where the end of a Chinese text that shares its last line begins: its last three characters and
 * the marks after them, so that no line holds one or two characters alone (`品。`), which no
 * wrapping of the browser's prevents in Chinese. -1: nothing to tie (too short, or no Chinese end).
 */
export function toTiedEnd(text: string): number {
  const match = TIED_END.exec(text);
  return match && match.index > 0 ? match.index : -1;
}

import { PROSE_ATTRIBUTE } from './shared-data.ts';
import type { PhraseBreaker } from './word-breaks.ts';
// Word breaks in the browser (behaviour.md: Presentation): texts the server rendered keep their
// `<wbr>`s, so hydration cannot disagree with the build's word breaker.

let shown: Map<string, number[]> | null = null;
/** The tied ends of the running texts the server rendered (`.nowrap`), longest first. */
let ties: string[] = [];
let breaker: PhraseBreaker | null = null;

/** Skips the prose: the Markdown renderer breaks by other rules, and one text in both would mismatch. */
export function readShownPhrases(container: Element): void {
  shown = new Map();
  for (const element of container.querySelectorAll('.ph')) {
    if (element.closest(`[${PROSE_ATTRIBUTE}]`)) continue;
    let text = '';
    const breaks: number[] = [];
    for (const node of element.childNodes) {
      if (node.nodeName === 'WBR') breaks.push(text.length);
      else text += node.textContent ?? '';
    }
    shown.set(text, breaks);
  }
  const tied = [...container.querySelectorAll('.nowrap:not(.latin)')].filter((e) => !e.closest(`[${PROSE_ATTRIBUTE}]`));
  ties = [...new Set(tied.map((element) => element.textContent ?? ''))].sort((a, b) => b.length - a.length);
}

/**
 * Where the server tied the end of a running text (its longest tied end the text ends with), so
 * that hydration ties it there too, whatever this browser's word breaker says; null: none.
 */
export function shownTie(text: string): number | null {
  const tie = ties.find((end) => end !== '' && text.endsWith(end));
  return tie === undefined ? null : text.length - tie.length;
}

export function setPhraseBreaker(next: PhraseBreaker): void {
  breaker = next;
}

export function phraseBreaks(text: string): readonly number[] | null {
  return shown?.get(text) ?? breaker?.(text) ?? null;
}

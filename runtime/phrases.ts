import { PROSE_ATTRIBUTE } from './shared-data.ts';
// The word breaks the templates' short texts use in the browser (behaviour.md: Presentation). A
// text the server-rendered page shows keeps the breaks its markup has (read back from its `.ph`
// elements and their `<wbr>`s before it hydrates), so the browser's word breaker cannot disagree
// with the build's; any other text, once the client navigation is loaded, takes the breaker it
// brings; before that none is needed, as the browser renders no other page.

type Breaker = (text: string) => readonly number[] | null;

let shown: Map<string, number[]> | null = null;
let breaker: Breaker | null = null;

/**
 * Notes the breaks of the server-rendered page, before it hydrates. Only the templates' phrases
 * teach the templates: the prose's were marked by the Markdown renderer, which breaks a text by
 * its own rules (none inside a link or a table cell), and a page that shows one text in both (a
 * position's name in the side navigation and in a table of the prose) would hydrate the
 * navigation with the prose's breaks, a mismatch.
 */
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
}

export function setPhraseBreaker(next: Breaker): void {
  breaker = next;
}

/** What the templates are given (the app's `breaks`). */
export function phraseBreaks(text: string): readonly number[] | null {
  return shown?.get(text) ?? breaker?.(text) ?? null;
}

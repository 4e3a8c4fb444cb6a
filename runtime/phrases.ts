// The word breaks the templates' short texts use in the browser (behaviour.md: Presentation): while
// the server-rendered page hydrates, exactly the ones its markup has (read back from its `.ph`
// elements and their `<wbr>`s), so the browser's word breaker cannot disagree with the build's;
// once the client navigation is loaded, the breaker it brings, for every page the browser renders.

type Breaker = (text: string) => readonly number[] | null;

let shown: Map<string, number[]> | null = null;
let breaker: Breaker | null = null;

/** Notes the breaks of the server-rendered page, before it hydrates. */
export function readShownPhrases(container: Element): void {
  shown = new Map();
  for (const element of container.querySelectorAll('.ph')) {
    let text = '';
    const breaks: number[] = [];
    for (const node of element.childNodes) {
      if (node.nodeName === 'WBR') breaks.push(text.length);
      else text += node.textContent ?? '';
    }
    shown.set(text, breaks);
  }
}

/**
 * From now on (the client navigation's code is loaded, the page long hydrated) the pages the
 * browser renders find their own breaks.
 */
export function setPhraseBreaker(next: Breaker): void {
  shown = null;
  breaker = next;
}

/** What the templates are given (the app's `breaks`). */
export function phraseBreaks(text: string): readonly number[] | null {
  if (shown) return shown.get(text) ?? null;
  return breaker ? breaker(text) : null;
}

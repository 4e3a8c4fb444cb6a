// Where a short text with Chinese in it may end a line (behaviour.md: Presentation): between two
// words, by the platform's word breaker. The build uses it when it renders a page; the browser
// only for a page it renders itself (its client navigation), never to hydrate a server-rendered one.

const HAN = /\p{Script=Han}/u;
let segmenter: Intl.Segmenter | null = null;

/**
 * The places between two words where both sides are Chinese (elsewhere spaces and punctuation
 * break as usual); null when the text has no Chinese or no such place.
 */
export function toPhraseBreaks(text: string): readonly number[] | null {
  if (!HAN.test(text)) return null;
  let breaks = known.get(text);
  if (breaks === undefined) {
    breaks = findPhraseBreaks(text);
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(text, breaks);
  }
  return breaks;
}

/**
 * The breaks of texts met before: most are the menus' and side navigation's labels, the same on
 * every page of a locale (asking the word breaker again for each was a tenth of the build's
 * render time).
 */
const known = new Map<string, readonly number[] | null>();
const KNOWN_LIMIT = 20_000;

function findPhraseBreaks(text: string): readonly number[] | null {
  segmenter ??= new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const breaks: number[] = [];
  for (const { index } of segmenter.segment(text))
    if (index > 0 && HAN.test(text[index - 1] as string) && HAN.test(text[index] as string)) breaks.push(index);
  return breaks.length > 0 ? breaks : null;
}

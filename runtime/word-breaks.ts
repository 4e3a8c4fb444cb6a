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
  segmenter ??= new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const breaks: number[] = [];
  for (const { index } of segmenter.segment(text))
    if (index > 0 && HAN.test(text[index - 1] as string) && HAN.test(text[index] as string)) breaks.push(index);
  return breaks.length > 0 ? breaks : null;
}

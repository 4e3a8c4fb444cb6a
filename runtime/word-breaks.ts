// Where a short text with Chinese in it may end a line (behaviour.md: Presentation): between two
// words, by the platform's word breaker, except before a particle and between two characters it
// could not place in any word. The build uses it when it renders a page; the browser only for a
// page it renders itself (its client navigation), never to hydrate a server-rendered one.

const HAN = /\p{Script=Han}/u;
let segmenter: Intl.Segmenter | null = null;

/**
 * The breaks of texts met before: most are the menus' and side navigation's labels, the same on
 * every page of a locale (asking the word breaker again for each cost some 20 ms of the real
 * site's 300 ms render).
 */
const known = new Map<string, readonly number[] | null>();
/** The breaks inside runs of Chinese met before (a list's titles share their words: 公司新聞 3, 公司新聞 4). */
const knownRuns = new Map<string, readonly number[]>();
const KNOWN_LIMIT = 20_000;

/**
 * A run of the characters the word breaker reads by its dictionary (Chinese, and the kana it
 * reads with them): it segments each such run on its own, whatever stands around it, so a run's
 * breaks are the same in any text.
 */
const DICTIONARY_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]{2,}/gu;

/** Conjunctions: a word each, even between characters the word breaker could not place. */
const JOINERS = new Set(['與', '及', '和', '或', '並']);

/** Particles that never begin a line: they belong to the word before them (信賴的, 我們). */
const NO_BREAK_BEFORE = new Set(['的', '了', '們', '著', '嗎', '呢', '吧']);

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

function findPhraseBreaks(text: string): readonly number[] | null {
  const breaks: number[] = [];
  for (const match of text.matchAll(DICTIONARY_RUN)) {
    const run = match[0];
    let inRun = knownRuns.get(run);
    if (inRun === undefined) {
      inRun = findBreaks(run);
      if (knownRuns.size >= KNOWN_LIMIT) knownRuns.clear();
      knownRuns.set(run, inRun);
    }
    for (const index of inRun) breaks.push(match.index + index);
  }
  return breaks.length > 0 ? breaks : null;
}

/** The breaks of a text by the rules above, asking the word breaker about the whole of it. */
export function findBreaks(text: string): number[] {
  segmenter ??= new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const breaks: number[] = [];
  const segments = [...segmenter.segment(text)];
  segments.forEach(({ segment, index }, i) => {
    const before = text[index - 1] as string;
    const after = text[index] as string;
    const previous = segments[i - 1]?.segment ?? '';
    const next = segments[i + 1]?.segment ?? '';
    // A word the dictionary does not know comes apart into single characters (地|勤, 航|廈, 雲|翔):
    // two of them in a row are kept together rather than split where no word ends, unless one is a
    // conjunction, a word of its own (推機|與|拖機).
    const unknown =
      [...previous].length === 1 && [...segment].length === 1 && !JOINERS.has(previous) && !JOINERS.has(segment);
    // 地 alone before a word makes the word before it an adverb (舒適地|出發) and stays with it; 地
    // before a single character begins a word the dictionary does not know (地|勤).
    const adverb = segment === '地' && !([...next].length === 1 && HAN.test(next));
    if (index > 0 && HAN.test(before) && HAN.test(after) && !unknown && !adverb && !NO_BREAK_BEFORE.has(after))
      breaks.push(index);
  });
  return breaks;
}

// Where a short Chinese text may end a line (behaviour.md: Presentation): between words of the
// platform's word breaker, except before a particle, between characters it placed in no word, and
// inside a `keepWhole` term. The browser uses it only for pages it renders itself, never to hydrate.

const HAN = /\p{Script=Han}/u;
let segmenter: Intl.Segmenter | null = null;

/** Breaks of runs met before: a list's titles share their words (公司新聞 3, 公司新聞 4). */
const knownRuns = new Map<string, readonly number[]>();
const KNOWN_LIMIT = 20_000;

/** Characters the word breaker reads by dictionary: it segments each run alone, so a run's breaks hold in any text. */
const DICTIONARY_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]{2,}/gu;

/** Conjunctions: a word each, even between characters the word breaker could not place. */
const JOINERS = new Set('與及和或並');

/** Particles that never begin a line: they belong to the word before them (信賴的, 我們). */
const NO_BREAK_BEFORE = new Set('的了們著嗎呢吧');

/** Left alone after a word, these end it as a suffix (服務員, 工程師, 颱風季). */
const SUFFIXES = new Set('員師器室部處站季者性化區廳局率類車');

/** Left alone before a word, these begin it as a prefix (貴公司, 各場站). */
const PREFIXES = new Set('貴該各每');

/** After a numeral (每一, 第三) the lone measure word stays with it (每一次). */
const ENDS_IN_NUMERAL = /[一二三四五六七八九十百千萬兩幾每第]$/u;

/** A multiplier keeps its unit on its line (`64 萬公噸`). */
const AFTER_MULTIPLIER = /\d[\s\u00a0]?[萬億千百]$/u;

/** Where a text may end a line between two Chinese words, or null. */
export type PhraseBreaker = (text: string) => readonly number[] | null;

const breakers = new Map<string, PhraseBreaker>();

/** The breaker for a `keepWhole` list, memoised: most texts are menu labels repeated on every page. */
export function phraseBreakerFor(keepWhole: readonly string[] = []): PhraseBreaker {
  return remember(breakers, keepWhole.join('\n'), () => {
    const known = new Map<string, readonly number[] | null>();
    const words = keepWhole.filter((word) => HAN.test(word));
    return (text) => (HAN.test(text) ? remember(known, text, () => findPhraseBreaks(text, words)) : null);
  });
}

/** The value for `key`, computed once; a full memory is emptied, so a long build cannot outgrow it. */
function remember<T>(memory: Map<string, T>, key: string, compute: () => T): T {
  let value = memory.get(key);
  if (value === undefined) {
    value = compute();
    if (memory.size >= KNOWN_LIMIT) memory.clear();
    memory.set(key, value);
  }
  return value;
}

/** A last word this short (`項目。`) does not stand alone on a line... */
const SHORT_END = 4;
/** ...when it and the word before it are this short together (`服務項目。`), so that they fit anywhere. */
const SHORT_PAIR = 7;

/**
 * The breaks as the server renders them; `tieEnd` (a title, a lead, a label): a short last word
 * shares its line with the word before it (behaviour.md: Presentation). The browser reads the
 * breaks back from the markup, so it takes them as they are.
 */
export function tyingShortEnds(breaker: PhraseBreaker): (text: string, tieEnd?: boolean) => readonly number[] | null {
  return (text, tieEnd = false) => {
    const breaks = breaker(text);
    if (!tieEnd || !breaks) return breaks;
    const inner = breaks.filter((index) => index < text.length);
    const last = inner.at(-1);
    if (last === undefined || text.length - last > SHORT_END || text.length - (inner.at(-2) ?? 0) > SHORT_PAIR)
      return breaks;
    const kept = breaks.filter((index) => index !== last);
    return kept.length > 0 ? kept : null;
  };
}

/** The breaks of the text's dictionary runs, except after a multiplier and inside a `keepWhole` word. */
function findPhraseBreaks(text: string, words: readonly string[]): readonly number[] | null {
  const inside = markInside(text, words);
  const breaks: number[] = [];
  for (const match of text.matchAll(DICTIONARY_RUN)) {
    for (const index of remember(knownRuns, match[0], () => findBreaks(match[0]))) {
      const at = match.index + index;
      if (inside[at] === 0 && !AFTER_MULTIPLIER.test(text.slice(Math.max(0, at - 3), at))) breaks.push(at);
    }
  }
  return breaks.length > 0 ? breaks : null;
}

/** Each occurrence marked once, so overlapping words stay linear (behaviour.md: Safety). */
function markInside(text: string, words: readonly string[]): Uint8Array {
  const inside = new Uint8Array(text.length);
  for (const word of words) {
    let marked = 0;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      for (let index = Math.max(at + 1, marked); index < at + word.length; index++) inside[index] = 1;
      marked = at + word.length;
    }
  }
  return inside;
}

const WINDOW = 1000;
const OVERLAP = 100;

/**
 * Segments a window at a time (behaviour.md: Safety): each segment copies its whole input, quadratic
 * memory on a long run. Windows overlap so words near an edge are placed as in the whole text.
 */
function toWords(text: string, window: number): { segment: string; index: number }[] {
  segmenter ??= new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const words: { segment: string; index: number }[] = [];
  for (let from = 0; from < text.length;) {
    let end = Math.min(text.length, from + window);
    // Never split a surrogate pair.
    if (end < text.length && end > from + 1 && /[\uD800-\uDBFF]/.test(text[end - 1] as string)) end--;
    const keepBefore = end === text.length ? end : end - Math.min(OVERLAP, window / 2);
    let next = end;
    for (const { segment, index } of segmenter.segment(text.slice(from, end))) {
      if (index > 0 && from + index >= keepBefore) {
        next = from + index;
        break;
      }
      words.push({ segment, index: from + index });
    }
    from = next;
  }
  return words;
}

/** The breaks of a text by the rules above. */
export function findBreaks(text: string, window = WINDOW): number[] {
  const segments = toWords(text, window);
  const word = (at: number): string => segments[at]?.segment ?? '';
  const single = (at: number): boolean => [...word(at)].length === 1;
  const measure = (at: number): boolean => single(at) && ENDS_IN_NUMERAL.test(word(at - 1));
  // A suffix ending the word before (拖板車|讓) pairs with nothing after it, as a particle does.
  const ended = (at: number): boolean => SUFFIXES.has(word(at)) && [...word(at - 1)].length > 1;
  const breaks: number[] = [];
  segments.forEach(({ segment, index }, i) => {
    const after = text[index] as string;
    const previous = word(i - 1);
    // An unknown word comes apart into single characters (地|勤): keep such pairs, except a conjunction (推機|與|拖機).
    const unknown =
      single(i - 1) &&
      single(i) &&
      !JOINERS.has(previous) &&
      !JOINERS.has(segment) &&
      !measure(i - 1) &&
      !ended(i - 1) &&
      !NO_BREAK_BEFORE.has(previous);
    const bound = PREFIXES.has(previous) || measure(i);
    // 地 ends an adverb (舒適地|出發) unless a single character follows (地|勤).
    const adverb = segment === '地' && !(single(i + 1) && HAN.test(word(i + 1)));
    const suffix = single(i) && SUFFIXES.has(segment);
    if (
      index > 0 &&
      HAN.test(text[index - 1] as string) &&
      HAN.test(after) &&
      !unknown &&
      !adverb &&
      !suffix &&
      !bound &&
      !NO_BREAK_BEFORE.has(after)
    )
      breaks.push(index);
  });
  return breaks;
}

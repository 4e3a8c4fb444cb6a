// Where a short text with Chinese in it may end a line (behaviour.md: Presentation): between two
// words, by the platform's word breaker, except before a particle, between two characters it
// could not place in any word, and inside a word the site keeps whole (`keepWhole` of the site's
// configuration: terms the word breaker takes apart, 營運控制 / 中心). The build uses it when it
// renders a page; the browser only for a page it renders itself (its client navigation), never to
// hydrate a server-rendered one.

const HAN = /\p{Script=Han}/u;
let segmenter: Intl.Segmenter | null = null;

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
const JOINERS = new Set('與及和或並');

/** Particles that never begin a line: they belong to the word before them (信賴的, 我們). */
const NO_BREAK_BEFORE = new Set('的了們著嗎呢吧');

/**
 * Characters that, left alone by the word breaker after a word, end it as a suffix (服務員,
 * 技術員, 工程師, 航空器, 品質室, 事務部, 颱風季): they stay with the word before them.
 */
const SUFFIXES = new Set('員師器室部處站季者性化區廳局率類車');

/**
 * Characters that, left alone by the word breaker before a word, begin it as a prefix (貴公司,
 * 該公司, 各場站): they stay with the word after them.
 */
const PREFIXES = new Set('貴該各每');

/**
 * A word that ends in a numeral (每一, 第三, 兩): the measure word the word breaker leaves alone
 * after it (每一次, 每一項) stays with it, and a line may end after the measure word.
 */
const ENDS_IN_NUMERAL = /[一二三四五六七八九十百千萬兩幾每第]$/u;

/** A number's multiplier (`64 萬`): the word after it is the number's unit, on the same line (`64 萬公噸`). */
const AFTER_MULTIPLIER = /\d[\s\u00a0]?[萬億千百]$/u;

/** Where a text may end a line: the places between two words where both sides are Chinese, or null. */
export type PhraseBreaker = (text: string) => readonly number[] | null;

const breakers = new Map<string, PhraseBreaker>();

/**
 * The breaker that keeps the words of `keepWhole` whole: one per list, each remembering the
 * breaks of the texts it was asked about (most are the menus' and side navigation's labels, the
 * same on every page of a locale). Elsewhere spaces and punctuation break as usual; null when the
 * text has no Chinese or no such place.
 */
export function phraseBreakerFor(keepWhole: readonly string[] = []): PhraseBreaker {
  const id = keepWhole.join('\n');
  let breaker = breakers.get(id);
  if (!breaker) {
    const known = new Map<string, readonly number[] | null>();
    const words = keepWhole.filter((word) => HAN.test(word));
    breaker = (text) => {
      if (!HAN.test(text)) return null;
      let breaks = known.get(text);
      if (breaks === undefined) {
        breaks = withoutInside(withoutAfterMultiplier(findPhraseBreaks(text), text), text, words);
        if (known.size >= KNOWN_LIMIT) known.clear();
        known.set(text, breaks);
      }
      return breaks;
    };
    breakers.set(id, breaker);
  }
  return breaker;
}

/** The breaks that do not part a number's multiplier from its unit (`64 萬` / `公噸`). */
function withoutAfterMultiplier(breaks: readonly number[] | null, text: string): readonly number[] | null {
  if (!breaks) return breaks;
  const kept = breaks.filter((index) => !AFTER_MULTIPLIER.test(text.slice(Math.max(0, index - 3), index)));
  return kept.length > 0 ? kept : null;
}

/** The breaks that fall inside no occurrence of a word kept whole (each marked once: behaviour.md, Safety). */
function withoutInside(
  breaks: readonly number[] | null,
  text: string,
  words: readonly string[],
): readonly number[] | null {
  if (!breaks || words.length === 0) return breaks;
  const inside = new Uint8Array(text.length);
  for (const word of words) {
    let marked = 0;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      for (let index = Math.max(at + 1, marked); index < at + word.length; index++) inside[index] = 1;
      marked = at + word.length;
    }
  }
  const kept = breaks.filter((index) => inside[index] === 0);
  return kept.length > 0 ? kept : null;
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

// How much of a text the word breaker is asked about at once, and how much of that again with what follows.
const WINDOW = 1000;
const OVERLAP = 100;

/**
 * The words of a text, asked of the word breaker a window at a time (behaviour.md: Safety): it
 * copies the whole text it is asked about into each word it gives, a memory in the square of a long
 * run's length. A window's last characters are asked again with what follows, from a break well
 * before them: the word breaker places a word by the characters near it, so the words are the same.
 */
function toWords(text: string, window: number): { segment: string; index: number }[] {
  segmenter ??= new Intl.Segmenter('zh-Hant', { granularity: 'word' });
  const words: { segment: string; index: number }[] = [];
  for (let from = 0; from < text.length;) {
    let end = Math.min(text.length, from + window);
    // A character written as two code units stays whole.
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

/** The breaks of a text by the rules above (`window`: how much the word breaker is asked about at once). */
export function findBreaks(text: string, window = WINDOW): number[] {
  const breaks: number[] = [];
  const segments = toWords(text, window);
  segments.forEach(({ segment, index }, i) => {
    const before = text[index - 1] as string;
    const after = text[index] as string;
    const previous = segments[i - 1]?.segment ?? '';
    const next = segments[i + 1]?.segment ?? '';
    // A word the dictionary does not know comes apart into single characters (地|勤, 航|廈, 雲|翔):
    // two of them in a row are kept together rather than split where no word ends, unless one is a
    // conjunction, a word of its own (推機|與|拖機).
    const single = [...segment].length === 1;
    const measure = (at: number): boolean =>
      [...(segments[at]?.segment ?? '')].length === 1 && ENDS_IN_NUMERAL.test(segments[at - 1]?.segment ?? '');
    // A suffix that ended the word before it (拖板車|讓), like a particle (延誤的|離場), pairs with no
    // character after it.
    const ended = (at: number): boolean =>
      SUFFIXES.has(segments[at]?.segment ?? '') && [...(segments[at - 1]?.segment ?? '')].length > 1;
    const unknown =
      [...previous].length === 1 &&
      single &&
      !JOINERS.has(previous) &&
      !JOINERS.has(segment) &&
      !measure(i - 1) &&
      !ended(i - 1) &&
      !NO_BREAK_BEFORE.has(previous);
    // A prefix alone before a word (貴|公司) and a measure word after its numeral (每一|次) stay on its line.
    const bound = (PREFIXES.has(previous) && i > 0) || measure(i);
    // 地 alone before a word makes the word before it an adverb (舒適地|出發) and stays with it; 地
    // before a single character begins a word the dictionary does not know (地|勤).
    const adverb = segment === '地' && !([...next].length === 1 && HAN.test(next));
    const suffix = single && SUFFIXES.has(segment);
    if (
      index > 0 &&
      HAN.test(before) &&
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

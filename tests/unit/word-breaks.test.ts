import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findBreaks, phraseBreakerFor } from '../../runtime/word-breaks.ts';

const toPhraseBreaks = phraseBreakerFor();

/** The text with a `|` at each place a line may end. */
function shown(text: string): string {
  const breaks = toPhraseBreaks(text) ?? [];
  return [...text].reduce((out, char, i) => out + (breaks.includes(i) ? '|' : '') + char, '');
}

describe('where a Chinese phrase may end a line', () => {
  it('between two words, never inside one', () => {
    expect(shown('營運控制中心')).not.toMatch(/營運控制中\|心/);
    expect(shown('停機坪作業與旅客服務')).toBe('停機坪|作業|與|旅客|服務');
  });

  it('never inside a word the word breaker does not know, which it splits into single characters', () => {
    expect(shown('雲翔航勤提供地勤服務')).toBe('雲翔航勤|提供|地勤|服務');
    expect(shown('貨運站的機坪安全')).toBe('貨運站的|機坪|安全');
    // A conjunction between such characters is a word of its own.
    expect(shown('推機與拖機')).toBe('推機|與|拖機');
  });

  it('never before a one-character suffix the word breaker leaves alone: it ends the word before it', () => {
    expect(shown('地勤設備技術員')).toBe('地勤|設備|技術員');
    expect(shown('航空器維修工程師')).toBe('航空器|維修|工程師');
    expect(shown('迎接颱風季')).toBe('迎接|颱風季');
    // Where the word breaker knows the word, the character is no suffix: it breaks as before.
    expect(shown('站在機坪')).toBe('站在|機坪');
  });

  it('never inside a measure after its numeral, after a prefix, nor before the 車 that ends a vehicle', () => {
    expect(shown('確保每一次過站都準時')).toBe('確保|每一次|過站都|準時');
    expect(shown('每一項服務')).toBe('每一項|服務');
    expect(shown('依照貴公司的作業手冊')).not.toMatch(/貴\|公司/);
    expect(shown('輸送帶車與升降平台車')).toBe('輸送帶車|與|升降|平台車');
    // The vehicle's 車 ends its word: the next word may begin a line.
    expect(shown('拖板車讓貨物')).toBe('拖板車|讓|貨物');
  });

  it('never before a particle: 的, 地 and 們 stay with the word before them', () => {
    expect(shown('值得信賴的地勤夥伴')).toBe('值得|信賴的|地勤|夥伴');
    // After a particle a line may end, even before characters the word breaker could not place.
    expect(shown('延誤的離場航班')).toBe('延誤的|離場航班');
    expect(shown('我們的團隊')).not.toMatch(/\|[的們]/);
    // The adverb's 地 too (舒適地), but not the 地 of 地勤.
    expect(shown('準時、安全、舒適地出發')).toBe('準時、安全、舒適地|出發');
    expect(shown('專業地勤夥伴')).toBe('專業|地勤|夥伴');
  });

  it('only between two Chinese characters: Latin, digits and punctuation break as they always do', () => {
    expect(toPhraseBreaks('Ground handling')).toBeNull();
    expect(shown('ISO 9001 品質管理系統')).not.toMatch(/ISO\||\|9001/);
    expect(shown('服務，安全')).not.toContain('|，');
  });

  it('gives the same answer for the same text, the second time from memory', () => {
    const first = toPhraseBreaks('桃園國際機場的航班與航廈');
    expect(toPhraseBreaks('桃園國際機場的航班與航廈')).toBe(first);
    expect(shown('桃園國際機場的航班與航廈')).toBe('桃園|國際機場的|航班|與|航廈');
  });
});

describe('the breaks of a text', () => {
  it('are those of its runs of Chinese, each asked of the word breaker on its own', () => {
    // The word breaker reads a run of Chinese by its dictionary, whatever stands around it: the
    // breaks found run by run (and remembered by run) are those of the whole text asked at once.
    const words = [
      '公司',
      '新聞',
      '停機坪',
      '作業',
      '與',
      '旅客',
      '服務',
      '地',
      '勤',
      '的',
      '們',
      '雲翔',
      '航廈',
      '舒適地',
    ];
    const others = [' ', '3', 'ISO 9001', '，', '、', '（', '）', 'CW-UD20', '：', 'の', 'カ'];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom(...others)), { maxLength: 12 }),
        (parts) => {
          const text = parts.join('');
          expect(toPhraseBreaks(text) ?? []).toEqual(findBreaks(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('words the site keeps whole', () => {
  const breaker = phraseBreakerFor(['營運控制中心', '技術員']);

  it('never end a line inside them, wherever they stand, while the rest of the text breaks as before', () => {
    const title = '迎接颱風季，營運控制中心完成演練';
    expect(shown(title)).toContain('營運|控制|中心');
    const kept = breaker(title) ?? [];
    const at = title.indexOf('營運控制中心');
    expect(kept.filter((index) => index > at && index < at + '營運控制中心'.length)).toEqual([]);
    // Before and after the term, the words still break.
    expect(kept).toContain(at + '營運控制中心'.length);
    expect(kept.filter((index) => index < at)).toEqual((toPhraseBreaks(title) ?? []).filter((index) => index < at));
    // Twice in one text, and as the whole text: no break inside either.
    expect(breaker('營運控制中心與營運控制中心')).toEqual([6, 7]);
    expect(breaker('營運控制中心')).toBeNull();
  });

  it('give the same breaks as no list where a text holds none of them', () => {
    for (const text of ['停機坪作業與旅客服務', '雲翔航勤提供地勤服務', 'ISO 9001 品質管理系統'])
      expect(breaker(text)).toEqual(toPhraseBreaks(text));
  });
});

describe('long texts', () => {
  // Words of the site and characters the word breaker knows no word for, in any order.
  const han = fc
    .array(
      fc.oneof(
        fc.constantFrom('營運控制中心', '公司新聞', '停機坪', '作業', '與', '旅客服務', '地勤', '的', '們', '技術員'),
        fc.constantFrom(...'雲翔航廈貨運站機坪安全颱風季舒適地出發桃園國際機場', '𠀋', '、', 'の'),
      ),
      { minLength: 1, maxLength: 80 },
    )
    .map((parts) => parts.join(''));

  it('are asked of the word breaker a window at a time, with the breaks of the whole', () => {
    fc.assert(
      fc.property(han, fc.integer({ min: 24, max: 80 }), (text, window) => {
        expect(findBreaks(text, window)).toEqual(findBreaks(text, Infinity));
      }),
      { numRuns: 500 },
    );
  });

  // The rule for words kept whole as it was first written: a break is dropped when it falls
  // inside any occurrence of one of them.
  const withoutInside = (breaks: readonly number[] | null, text: string, words: readonly string[]) => {
    const kept = (breaks ?? []).filter(
      (index) =>
        !words.some((word) => {
          for (let at = text.indexOf(word); at !== -1 && at < index; at = text.indexOf(word, at + 1))
            if (index < at + word.length) return true;
          return false;
        }),
    );
    return kept.length > 0 ? kept : null;
  };

  it('keep every word of the list whole, as the first rule did', () => {
    const words = ['營運控制中心', '地勤服務', '技術員', '機坪機坪'];
    const breaker = phraseBreakerFor(words);
    fc.assert(
      fc.property(han, (text) => {
        expect(breaker(text)).toEqual(withoutInside(toPhraseBreaks(text), text, words));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['a word kept whole, again and again', (i: number) => '營運控制中心'[i % 6] as string],
    ['one character', () => '機'],
  ])('of 1 MB take a time and a memory in step with their length: %s', (_, at) => {
    const text = Array.from({ length: 1024 * 1024 }, (_, i) => at(i)).join('');
    const breaks = phraseBreakerFor(['營運控制中心', '機機'])(text) ?? [];
    expect(breaks.every((index, i) => index > 0 && index < text.length && index > (breaks[i - 1] ?? 0))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findBreaks, toPhraseBreaks } from '../../runtime/word-breaks.ts';

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
    expect(shown('貨運站的機坪安全')).toBe('貨運|站的機坪|安全');
    // A conjunction between such characters is a word of its own.
    expect(shown('推機與拖機')).toBe('推機|與|拖機');
  });

  it('never before a particle: 的, 地 and 們 stay with the word before them', () => {
    expect(shown('值得信賴的地勤夥伴')).toBe('值得|信賴的地勤|夥伴');
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
    expect(shown('桃園國際機場的航班與航廈')).toBe('桃園|國際機場的航班|與|航廈');
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

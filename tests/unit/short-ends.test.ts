import { describe, expect, it } from 'vitest';
import { phraseBreakerFor, tyingShortEnds } from '../../runtime/word-breaks.ts';

const breaks = tyingShortEnds(phraseBreakerFor(['地面支援設備']));
/** The text with a `/` where a line may end. */
const shown = (text: string, tieEnd: boolean) => {
  let out = '';
  let from = 0;
  for (const index of breaks(text, tieEnd) ?? []) {
    out += `${text.slice(from, index)}/`;
    from = index;
  }
  return out + text.slice(from);
};

describe('a title or a lead', () => {
  it('never leaves a short last word alone on a line: it goes with the word before it', () => {
    const lead = '一次過站所需的機坪作業由我們一手包辦，包括各項服務項目。';
    expect(shown(lead, false)).toMatch(/服務\/項目。$/);
    expect(shown(lead, true)).toMatch(/\/服務項目。$/);
  });

  it('keeps the break before a long last word, or before a pair too long to move together', () => {
    expect(shown('雲翔航勤的地面支援設備維修部', true)).toMatch(/\/維修部$/);
    expect(shown('請洽我們的地面支援設備', true)).toMatch(/\/地面支援設備$/);
  });

  it('leaves running text to the tie of its own end', () => {
    expect(breaks('服務項目。', false)).toEqual(phraseBreakerFor(['地面支援設備'])('服務項目。'));
  });
});

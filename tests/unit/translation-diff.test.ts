import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../../generator/translations/diff.ts';

// What `site translations` shows of a source's change since its translation was confirmed.
describe('the change in a source since its confirmation', () => {
  it('marks the words changed in a paragraph, and Chinese by character', () => {
    expect(diffBlocks(['We handle 40 airlines.'], ['We handle 46 airlines today.'])).toEqual([
      [
        { text: 'We handle ', change: 'same' },
        { text: '40', change: 'removed' },
        { text: '46', change: 'added' },
        { text: ' airlines', change: 'same' },
        { text: ' today', change: 'added' },
        { text: '.', change: 'same' },
      ],
    ]);
    expect(diffBlocks(['服務四個場站'], ['服務五個場站'])).toEqual([
      [
        { text: '服務', change: 'same' },
        { text: '四', change: 'removed' },
        { text: '五', change: 'added' },
        { text: '個場站', change: 'same' },
      ],
    ]);
  });

  it('shows a paragraph added or removed whole, and leaves out those unchanged', () => {
    expect(diffBlocks(['One.', 'Two.', 'Three.'], ['One.', 'Three.', 'Four.'])).toEqual([
      [{ text: 'Two.', change: 'removed' }],
      [{ text: 'Four.', change: 'added' }],
    ]);
    expect(diffBlocks(['Same.'], ['Same.'])).toEqual([]);
  });

  it('shows texts that share nearly nothing, however long, removed and added whole', () => {
    const before = Array.from({ length: 600 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 600 }, (_, i) => `b${i}`).join(' ');
    expect(diffBlocks([before], [after])).toEqual([
      [
        { text: before, change: 'removed' },
        { text: after, change: 'added' },
      ],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { toEndOfDay, toZonedTime } from '../../generator/resolve/times.ts';
import { toDocumentTitle, toTitleWidth } from '../../runtime/titles.ts';

// What a page's head says of its title and its times (behaviour.md: Head and SEO, Sharing).

describe('times with the site’s zone', () => {
  it('writes a day at local midnight and a time as given, with the zone’s offset then', () => {
    expect(toZonedTime('2024-03-12', 'Asia/Taipei')).toBe('2024-03-12T00:00:00+08:00');
    expect(toZonedTime('2024-03-12T09:00', 'Asia/Taipei')).toBe('2024-03-12T09:00:00+08:00');
    expect(toZonedTime('2024-03-12', 'Asia/Kolkata')).toBe('2024-03-12T00:00:00+05:30');
    expect(toZonedTime('2024-03-12', 'UTC')).toBe('2024-03-12T00:00:00+00:00');
    // A zone that changes its clocks: the offset of the day itself, on either side of the change.
    expect(toZonedTime('2024-03-09T12:00', 'America/New_York')).toBe('2024-03-09T12:00:00-05:00');
    expect(toZonedTime('2024-03-11T12:00', 'America/New_York')).toBe('2024-03-11T12:00:00-04:00');
    expect(toEndOfDay('2026-12-31', 'Asia/Taipei')).toBe('2026-12-31T23:59:59+08:00');
  });
});

describe('titles', () => {
  const en = { siteTitle: 'CloudWing', titleSeparator: ' | ', claim: 'Airport Ground Handling' };
  const zh = { siteTitle: '雲翔航勤', titleSeparator: '｜', claim: '專業航空地勤服務' };

  it('counts a Chinese character or full-width mark as two, as it takes twice the room in a result', () => {
    expect(toTitleWidth('Ramp Agent')).toBe(10);
    expect(toTitleWidth('機坪作業員｜雲翔航勤')).toBe(20);
  });

  it('ends a page title with the brand, the home page’s is the brand and its claim', () => {
    expect(toDocumentTitle('Ramp Agent', en)).toBe('Ramp Agent | CloudWing');
    expect(toDocumentTitle('機坪作業員', zh)).toBe('機坪作業員｜雲翔航勤');
    expect(toDocumentTitle('Ground Handling at Four Taiwan Airports', en, true)).toBe(
      'CloudWing | Airport Ground Handling',
    );
    expect(toDocumentTitle('首頁', { ...zh, claim: undefined }, true)).toBe('首頁｜雲翔航勤');
  });

  it('leaves the brand off a title that would take more than 60 characters with it', () => {
    const fits = 'A'.repeat(48);
    expect(toDocumentTitle(fits, en)).toBe(`${fits} | CloudWing`);
    expect(toDocumentTitle(`${fits}B`, en)).toBe(`${fits}B`);
    // 26 Chinese characters and the brand: 62 wide.
    const chinese = '營'.repeat(26);
    expect(toDocumentTitle(chinese, zh)).toBe(chinese);
    expect(toDocumentTitle('營'.repeat(25), zh)).toBe(`${'營'.repeat(25)}｜雲翔航勤`);
  });
});

import { Converter } from 'opencc-js';
import { memoize } from './output.ts';

// Simplified characters in Traditional Chinese (Taiwan) text. OpenCC also changes a few characters
// that are standard in Taiwan (台灣, 里程, 污水, 干擾, 核准...): those are allowed.
const toTaiwan = Converter({ from: 'cn', to: 'tw' });
const STANDARD_IN_TAIWAN = new Set([...'台里污干准范杰云余卷征谷咸朴佣']);

/** Each Han character's Taiwan form, converted once: a site's text repeats a few thousand characters. */
const toTaiwanChar = memoize((char): string => toTaiwan(char));

const HAN = /\p{Script=Han}/u;

export interface SimplifiedHit {
  readonly char: string;
  readonly traditional: string;
  readonly line: number;
  readonly column: number;
}

export function findSimplified(text: string): SimplifiedHit[] {
  const hits: SimplifiedHit[] = [];
  text.split('\n').forEach((line, i) => {
    [...line].forEach((char, j) => {
      if (!HAN.test(char) || STANDARD_IN_TAIWAN.has(char)) return;
      const traditional = toTaiwanChar(char);
      if (traditional !== char) hits.push({ char, traditional, line: i + 1, column: j + 1 });
    });
  });
  return hits;
}

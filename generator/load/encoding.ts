import { isUtf8 } from 'node:buffer';
import { toProblem } from '../problems/problem.ts';
import type { SiteProblem } from '../types.ts';

// The site's text files (content, translations) are UTF-8 and read as nothing else (behaviour.md:
// Safety): a file saved in an older encoding (Big5, as some Windows editors in Taiwan still save
// Chinese) would otherwise be published as unreadable characters, without a word.

/** The text of a file's bytes, or TEXT_NOT_UTF8 at the first byte that is not UTF-8. */
export function toUtf8Text(file: string, bytes: Buffer): { text: string } | { problem: SiteProblem } {
  if (isUtf8(bytes)) return { text: bytes.toString('utf8') };
  // UTF-16 starts with its byte order mark (Windows Notepad's "Unicode"), and every ASCII character
  // of it comes with a zero byte: the file is named as that, from its start.
  if (isUtf16(bytes)) return { problem: toProblem('TEXT_NOT_UTF8', { saved: 'UTF-16' }, { file, line: 1, column: 1 }) };
  return { problem: toProblem('TEXT_NOT_UTF8', {}, { file, ...toFirstInvalid(bytes) }) };
}

function isUtf16(bytes: Uint8Array): boolean {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return true;
  const head = bytes.subarray(0, 64);
  return head.length >= 4 && head.filter((byte) => byte === 0).length >= head.length / 4;
}

/** The line and column (in characters) of the first byte that does not read as UTF-8. */
function toFirstInvalid(bytes: Uint8Array): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  let at = 0;
  const byte = (i: number) => bytes[i] ?? -1;
  while (at < bytes.length) {
    const first = byte(at);
    if (first === 0x0a) {
      line += 1;
      at += 1;
      lineStart = at;
      continue;
    }
    // How many continuation bytes the first byte announces (-1: none can follow it).
    const more =
      first < 0x80
        ? 0
        : first >= 0xc2 && first <= 0xdf
          ? 1
          : first >= 0xe0 && first <= 0xef
            ? 2
            : first >= 0xf0 && first <= 0xf4
              ? 3
              : -1;
    let valid = more >= 0;
    for (let k = 1; valid && k <= more; k++) valid = (byte(at + k) & 0xc0) === 0x80;
    // Overlong forms, surrogates and code points above U+10FFFF are not UTF-8 either.
    const second = byte(at + 1);
    if (valid && first === 0xe0) valid = second >= 0xa0;
    if (valid && first === 0xed) valid = second <= 0x9f;
    if (valid && first === 0xf0) valid = second >= 0x90;
    if (valid && first === 0xf4) valid = second <= 0x8f;
    if (!valid) break;
    at += more + 1;
  }
  const column = [...Buffer.from(bytes.subarray(lineStart, at)).toString('utf8')].length + 1;
  return { line, column };
}

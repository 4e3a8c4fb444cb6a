import { isUtf8 } from 'node:buffer';
import { toProblem } from '../problems/problem.ts';
import type { SiteProblem } from '../types.ts';

// UTF-8 only (behaviour.md: Safety): a file saved as Big5 would be published as garbage.

/** The text of a file's bytes, or TEXT_NOT_UTF8 at the first byte that is not UTF-8. */
export function toUtf8Text(file: string, bytes: Buffer): { text: string } | { problem: SiteProblem } {
  if (isUtf8(bytes)) return { text: bytes.toString('utf8') };
  // Notepad's "Unicode": a byte order mark, and a zero byte with every ASCII character.
  if (isUtf16(bytes)) return { problem: toProblem('TEXT_NOT_UTF8', { saved: 'UTF-16' }, { file, line: 1, column: 1 }) };
  return { problem: toProblem('TEXT_NOT_UTF8', {}, { file, ...toFirstInvalid(bytes) }) };
}

function isUtf16(bytes: Uint8Array): boolean {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return true;
  const head = bytes.subarray(0, 64);
  return head.length >= 4 && head.filter((byte) => byte === 0).length >= head.length / 4;
}

const REPLACEMENT = Buffer.from('\uFFFD');

/** Where the first byte that is not UTF-8 stands (not a U+FFFD the file holds itself). */
function toFirstInvalid(bytes: Buffer): { line: number; column: number } {
  const text = bytes.toString('utf8');
  let at = text.indexOf('\uFFFD');
  // Up to the first stand-in, every character is the file's own: its bytes are counted as read.
  for (let from = 0, byte = 0; at >= 0; from = at, at = text.indexOf('\uFFFD', at + 1)) {
    byte += Buffer.byteLength(text.slice(from, at));
    if (!bytes.subarray(byte, byte + 3).equals(REPLACEMENT)) break;
  }
  const lines = text.slice(0, at).split('\n');
  return { line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1 };
}

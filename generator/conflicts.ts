import { toProblem } from './problems/problem.ts';
import type { SiteProblem } from './types.ts';

// Unresolved merge markers are refused (behaviour.md: Safety). Only the whole set counts: seven `=`
// under a line of text is a Markdown heading.

const OPEN = /^<{7}(?: |$)/;
const MIDDLE = /^={7}$/;
const CLOSE = /^>{7}(?: |$)/;

/** MERGE_CONFLICT at the first unresolved conflict's opening marker. */
export function toConflictProblem(file: string, text: string): SiteProblem | null {
  if (!text.includes('<<<<<<<')) return null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!OPEN.test(lines[i] as string)) continue;
    const middle = lines.findIndex((line, k) => k > i && MIDDLE.test(line));
    if (middle > i && lines.some((line, k) => k > middle && CLOSE.test(line)))
      return toProblem('MERGE_CONFLICT', {}, { file, line: i + 1, column: 1 });
  }
  return null;
}

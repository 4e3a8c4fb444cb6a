import { toProblem } from './problems/problem.ts';
import type { SiteProblem } from './types.ts';

// A text file with unresolved merge markers is refused at the first one (behaviour.md: Safety).
// Only the whole set counts: seven `=` alone under a line of text is a Markdown heading.

const OPEN = /^<{7}(?: |$)/;
const MIDDLE = /^={7}$/;
const CLOSE = /^>{7}(?: |$)/;

/** The 1-based line of the first unresolved merge conflict's opening marker, or null. */
export function findConflictLine(text: string): number | null {
  if (!text.includes('<<<<<<<')) return null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!OPEN.test(lines[i] as string)) continue;
    const middle = lines.findIndex((line, k) => k > i && MIDDLE.test(line));
    if (middle > i && lines.some((line, k) => k > middle && CLOSE.test(line))) return i + 1;
  }
  return null;
}

/** MERGE_CONFLICT at the first marker of `text`, or null when it holds no unresolved conflict. */
export function toConflictProblem(file: string, text: string): SiteProblem | null {
  const line = findConflictLine(text);
  return line === null ? null : toProblem('MERGE_CONFLICT', {}, { file, line, column: 1 });
}

import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { SiteProblem } from './problem.ts';

// How a problem reads in the terminal, the overlay and `site check` (architecture.md: Errors).

/** Terminal colours, or none (`NO_COLOR`, a pipe, the overlay). */
const painter = (color: boolean) => (code: string, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);

/** `file:line:col  CODE`, then the message, a code frame and the hint. */
export function formatProblem(root: string, problem: SiteProblem, { color = false } = {}): string {
  const paint = painter(color);
  const where = problem.loc ? `${problem.loc.file}:${problem.loc.line}:${problem.loc.column}` : '(site)';
  const label = problem.severity === 'error' ? paint('31', paint('1', 'error')) : paint('33', paint('1', 'warning'));
  const frame = toCodeFrame(root, problem);
  return [
    `${label} ${paint('1', where)}  ${paint('2', problem.code)}`,
    `  ${problem.message}`,
    ...(frame ? ['', frame.replace(/^/gm, '  '), ''] : []),
    ...(problem.hint ? [`  ${paint('2', 'hint:')} ${problem.hint}`] : []),
  ].join('\n');
}

const FRAME_WIDTH = 160;

/** A few lines of the source around a position, with a caret under the column. */
export function toCodeFrame(root: string, problem: SiteProblem): string | null {
  const loc = problem.loc;
  if (!loc || loc.line < 1) return null;
  const text = readInside(root, loc.file);
  // UTF-16, or a picture saved as .md: nothing to show.
  if (text === null || text.includes('\u0000')) return null;
  const lines = text.split('\n');
  if (loc.line > lines.length) return null;
  const first = Math.max(1, loc.line - 2);
  const last = Math.min(lines.length, loc.line + 2);
  const width = String(last).length;
  // A long line is cut: the marked one around the column, the others to their start.
  const start = Math.max(
    0,
    Math.min(loc.column - 1 - FRAME_WIDTH / 2, (lines[loc.line - 1]?.length ?? 0) - FRAME_WIDTH),
  );
  const cut = (line: string, from: number) =>
    `${from > 0 ? '…' : ''}${line.slice(from, from + FRAME_WIDTH)}${line.length > from + FRAME_WIDTH ? '…' : ''}`;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === loc.line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${cut(lines[n - 1] ?? '', n === loc.line ? start : 0)}`);
    if (n === loc.line && loc.column > 1)
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(loc.column - 1 - start + (start > 0 ? 1 : 0))}^`);
  }
  return out.join('\n');
}

/** Never a file a symbolic link brings in from outside the project. */
function readInside(root: string, file: string): string | null {
  try {
    const real = realpathSync(path.resolve(root, file));
    const relative = path.relative(realpathSync(root), real);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
    return readFileSync(real, 'utf8');
  } catch {
    return null;
  }
}

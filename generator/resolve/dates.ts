import { toProblem } from '../problems/problem.ts';
import type { Page, SiteProblem } from '../types.ts';

// A page dated after today (behaviour.md: Dates and numbers): most often a year mistyped (2062 for 2026),
// which would keep an article first in the newsroom and its feed for years. The site has no
// scheduled publishing, so the page is built all the same, with a warning at its date. Checked on
// every build against the build machine's clock; the output does not depend on it.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A warning for each content file dated more than a day after `now` (a day: any time zone's today). */
export function findFutureDates(pages: readonly Page[], now = Date.now()): SiteProblem[] {
  const latest = new Date(now + DAY_MS).toISOString().slice(0, 10);
  const problems: SiteProblem[] = [];
  const seen = new Set<string>();
  for (const { content } of pages) {
    const { date } = content.data;
    if (date === null || date <= latest || seen.has(content.file)) continue;
    seen.add(content.file);
    const days = Math.round((Date.parse(date) - now) / DAY_MS);
    problems.push(
      toProblem(
        'DATE_IN_FUTURE',
        { date, days: days.toLocaleString('en-US') },
        { file: content.file, line: content.keyLines.date ?? 1, column: 1 },
      ),
    );
  }
  return problems;
}

import { toProblem } from '../problems/problem.ts';
import type { HeldRoute, SiteProblem } from '../types.ts';

// More than a year ahead is most often a mistyped year (2062 for 2026) (behaviour.md: Publishing).

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_DAYS = 366;

export function findFarSchedules(held: readonly HeldRoute[], now: number): SiteProblem[] {
  return held.flatMap(({ route, kind, date }) => {
    if (kind !== 'scheduled' || date === null) return [];
    const days = Math.round((Date.parse(date) - now) / DAY_MS);
    if (days <= YEAR_DAYS) return [];
    const file = Object.values(route.files)[0];
    if (!file) return [];
    const field = file.data.publishDate ? 'publishDate' : 'date';
    const loc = { file: file.file, line: file.keyLines[field] ?? 1, column: 1 };
    return [toProblem('DATE_IN_FUTURE', { date, days: days.toLocaleString('en-US') }, loc)];
  });
}

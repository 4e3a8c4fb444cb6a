import { z } from 'zod';
import { toProblem, type SiteProblem, type SourceLoc } from '../problems/problem.ts';

// The settings' rules are zod schemas (schema/config.ts, schema/front-matter.ts); this module turns
// what zod finds into the project's problems, each at its field's line.

/** A rule's message: the problem's reason, and after a line break its hint. */
export function says(reason: string, hint?: string): string {
  return hint ? `${reason}\n${hint}` : reason;
}

/** A string that matches `pattern` (or passes it), else one problem with the reason. */
export function text(pattern: RegExp | ((value: string) => boolean), reason: string, hint?: string) {
  const error = says(reason, hint);
  const test = typeof pattern === 'function' ? pattern : (value: string) => pattern.test(value);
  return z.string({ error }).refine(test, { error });
}

export function whole(reason: string, min = 1) {
  return z.number({ error: reason }).refine((n) => Number.isInteger(n) && n >= min, { error: reason });
}

/** A list of strings that each pass `test`: one problem for the list, at its key. */
export function strings(test: (item: string) => boolean, reason: string, hint?: string) {
  const every = (v: unknown) => Array.isArray(v) && v.every((item) => typeof item === 'string' && test(item));
  // Not aborting: the checks across fields still run.
  return z.custom<string[]>(every, { error: says(reason, hint), abort: false });
}

export const flag = () => z.boolean({ error: 'must be true or false' });

/**
 * An object of these settings and no other: a key none of them has is a typo that would be ignored
 * (`baseURL`). Its issue's message lists the settings, for the hint.
 */
export function settings<T extends z.ZodRawShape>(shape: T, reason: string, hint?: string) {
  const known = Object.keys(shape).join(' ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? known : says(reason, hint)),
  });
}

interface Place {
  /** The field as the user reads it (`locales.1.prefix`, `aliases[2]`). */
  readonly field: (path: readonly PropertyKey[]) => string;
  /** Where the field is; `nth` counts among the list's entries that hold an unknown key. */
  readonly at: (field: string, nth?: number) => SourceLoc;
}

/** Every issue as a CONFIG_INVALID or FRONT_MATTER_INVALID problem; unknown keys last, as zod lists them. */
export function toProblems(
  issues: readonly z.core.$ZodIssue[],
  code: 'CONFIG_INVALID' | 'FRONT_MATTER_INVALID',
  place: Place,
): SiteProblem[] {
  const said = new Set<string>();
  const problems = issues.flatMap((issue) => {
    const field = place.field(issue.path);
    // Once for a field, where two rules say the same (`salary.min` and `salary.max` are `job`'s).
    if (issue.code === 'unrecognized_keys' || said.has(`${field}\n${issue.message}`)) return [];
    said.add(`${field}\n${issue.message}`);
    const [reason = '', hint] = issue.message.split('\n');
    return [toProblem(code, { field, reason, hint }, place.at(field))];
  });
  const seen = new Map<string, number>();
  const unknown = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => {
          const where = [...issue.path.filter((part) => typeof part !== 'number'), key].join('.');
          const nth = seen.get(where) ?? 0;
          seen.set(where, nth + 1);
          // A key no setting has, with the setting it likely misspells.
          const field = place.field([...issue.path, key]);
          const known = issue.message.split(' ');
          const nearest = toNearestName(key, known);
          const hint = nearest
            ? `Did you mean \`${nearest}\`? Rename the key.`
            : `The settings here are ${known.map((k) => `\`${k}\``).join(', ')}; remove the key or name one of them.`;
          const reason = 'is not a setting, and would be ignored';
          return toProblem(code, { field, reason, hint }, place.at(field, nth));
        })
      : [],
  );
  return [...problems, ...unknown];
}

/** The known name `name` is likely a typo of: one edit away, or two for five letters or more. */
export function toNearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = name.length <= 4 ? 2 : 3;
  for (const candidate of known) {
    const distance = toEditDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Optimal string alignment distance; lengths more than two apart are farther than any typo anyway. */
function toEditDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Math.abs(a.length - b.length);
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row.push(d);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length] ?? 0;
}

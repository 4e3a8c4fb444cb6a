import { toProblem } from './problems/problem.ts';
import { toProblems } from './schema/issues.ts';
import { SITE_CONFIG, type SiteSettings } from './schema/config.ts';
import type { SiteProblem } from './types.ts';

export const CONFIG_FILE = 'site/site.config.ts';

/** The configuration checked against its schema: every problem at once, each naming its field and line. */
export function checkConfig(input: unknown, source: string): { settings?: SiteSettings; problems: SiteProblem[] } {
  const at = (line: number) => ({ file: CONFIG_FILE, line, column: 1 });
  if (!isRecord(input))
    return { problems: [toProblem('CONFIG_LOAD', { reason: 'it has no default export object' }, at(1))] };
  const result = SITE_CONFIG.safeParse(input);
  if (result.success) return { settings: result.data, problems: [] };
  const problems = toProblems(result.error.issues, 'CONFIG_INVALID', {
    // A source of the policy is an item of its list (`security.scriptSrc[1]`), the rest a path (`locales.1.prefix`).
    field: (path) =>
      path[0] === 'security' && path.length === 3 ? `security.${String(path[1])}[${String(path[2])}]` : path.join('.'),
    at: (field, nth) => at(findFieldLine(source, field, nth)),
  });
  return { problems };
}

/**
 * A field's line: `locales.1.prefix` is the second `prefix` after `locales`, `scriptSrc[1]` an item;
 * `last` counts among the entries that hold the key.
 */
export function findFieldLine(source: string, field: string, last?: number): number {
  const item = /^(.*)\[(\d+)\]$/.exec(field);
  if (item) {
    const keyLine = findFieldLine(source, item[1] as string, last);
    return findListItemLine(source.split('\n'), keyLine - 1, Number(item[2])) + 1;
  }
  const parts = field.split('.');
  const lines = source.split('\n');
  let from = 0;
  parts.forEach((key, p) => {
    if (/^\d+$/.test(key)) return;
    const previous = parts[p - 1];
    const nth =
      p === parts.length - 1 && last !== undefined
        ? last
        : previous !== undefined && /^\d+$/.test(previous)
          ? Number(previous)
          : 0;
    // Quoted or not; an unknown key is the user's text, read as text.
    const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`);
    let seen = -1;
    const at = lines.findIndex((line, i) => i >= from && pattern.test(line) && ++seen === nth);
    if (at >= 0) from = at;
  });
  return from + 1;
}

/** The line of the `n`th item of the list that starts on `keyLine` (0-based), counting commas outside strings. */
function findListItemLine(lines: readonly string[], keyLine: number, n: number): number {
  let depth = 0;
  let quote = '';
  let item = 0;
  for (let l = keyLine; l < lines.length; l++) {
    const line = lines[l] as string;
    const start = l === keyLine ? line.indexOf('[') : 0;
    if (start < 0) return keyLine;
    for (let c = start; c < line.length; c++) {
      const ch = line[c] as string;
      if (quote) {
        if (ch === '\\') c++;
        else if (ch === quote) quote = '';
        continue;
      }
      if (depth === 1 && item === n && !/[\s,[\]]/.test(ch)) return l;
      if (ch === "'" || ch === '"' || ch === '`') quote = ch;
      else if (ch === '[' || ch === '{') depth++;
      else if (ch === ']' || ch === '}') depth--;
      else if (ch === ',' && depth === 1) item++;
      if (depth === 0) return keyLine;
    }
  }
  return keyLine;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

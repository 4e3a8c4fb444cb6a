import { POLICY_DIRECTIVES, POLICY_ORIGIN, POLICY_SCHEMES, type PolicyDirective } from './hosts.ts';
import { isRecord, type Check } from './config-sections.ts';

// `security` and `scripts` (behaviour.md: Security policy, Third-party scripts): the web team adds
// origins, never keywords that lift a protection.

const SOURCE_HINT =
  "Name an origin such as `https://plausible.io` or `https://*.example.com`. Keywords such as 'unsafe-inline' " +
  'and `*` are refused: the pages carry no inline code, and a script, style or frame is allowed by its origin.';

/** Why a source may not stand in a directive; null when it may. */
function toSourceFault(directive: PolicyDirective, source: unknown): string | null {
  if (typeof source !== 'string') return 'must be a string';
  if (source.startsWith("'")) return `is a keyword (${source}); the policy takes origins and schemes only`;
  if (source.includes('*') && !source.includes('://*.'))
    return '`*` allows every origin; name the origins instead (`https://*.example.com` for subdomains)';
  if (POLICY_SCHEMES[directive].includes(source)) return null;
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) {
    const allowed = POLICY_SCHEMES[directive];
    return allowed.length === 0
      ? `is a scheme (${source}), which would allow any script served over it; name the origins instead`
      : `is a scheme this directive does not take (it takes ${allowed.join(', ')})`;
  }
  return POLICY_ORIGIN.test(source)
    ? null
    : 'must be an `https://` origin (lower case, no path), such as `https://plausible.io`';
}

export function validateSecurity(security: unknown): Check[] {
  if (security === undefined) return [];
  if (!isRecord(security)) return [['security', false, 'must be an object of source lists, such as { scriptSrc: [] }']];
  return POLICY_DIRECTIVES.flatMap((directive): Check[] => {
    const list = security[directive];
    if (list === undefined) return [];
    if (!Array.isArray(list)) return [[`security.${directive}`, false, 'must be a list of origins']];
    return list.flatMap((source: unknown, i): Check[] => {
      const fault = toSourceFault(directive, source);
      return fault ? [[`security.${directive}[${i}]`, false, fault, SOURCE_HINT]] : [];
    });
  });
}

const SCRIPT_HINT =
  "Write each entry as `{ src: 'https://plausible.io/js/script.js', defer: true, attributes: { 'data-domain': 'cloudwing.example' } }`.";

/** Attributes a configured script may carry: data, and what loads it safely; never an event handler. */
const SCRIPT_ATTRIBUTE = /^(?:data-[a-z0-9-]+|integrity|crossorigin|referrerpolicy)$/;

/** An `https://` URL without credentials, or a root-relative path. */
function isScriptSource(src: unknown): boolean {
  if (typeof src !== 'string' || /[\s"'<>\\]/.test(src)) return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function validateScripts(scripts: unknown): Check[] {
  if (scripts === undefined) return [];
  if (!Array.isArray(scripts)) return [['scripts', false, 'must be a list of { src } entries', SCRIPT_HINT]];
  return scripts.flatMap((s: unknown, i): Check[] => {
    if (!isRecord(s)) return [[`scripts.${i}`, false, 'must be an object { src, defer?, async? }', SCRIPT_HINT]];
    const flag = (key: string): Check => [
      `scripts.${i}.${key}`,
      s[key] === undefined || typeof s[key] === 'boolean',
      'must be true or false',
    ];
    const attributes = isRecord(s.attributes) ? Object.entries(s.attributes) : [];
    return [
      [
        `scripts.${i}.src`,
        isScriptSource(s.src),
        'must be an `https://` URL or a root-relative path of a file of site/public',
        SCRIPT_HINT,
      ],
      flag('defer'),
      flag('async'),
      flag('consent'),
      [`scripts.${i}.attributes`, s.attributes === undefined || isRecord(s.attributes), 'must be an object of strings'],
      ...attributes.map(([name, value]): Check => [
        `scripts.${i}.attributes`,
        SCRIPT_ATTRIBUTE.test(name) && typeof value === 'string',
        `\`${name}\` is not an attribute a script may carry here (data-*, integrity, crossorigin, referrerpolicy; each a string)`,
        'An event handler attribute would be inline code, which the policy refuses.',
      ]),
    ];
  });
}

/** The line of the `n`th item of the list that starts on `keyLine` (0-based), counting commas outside strings. */
export function findListItemLine(lines: readonly string[], keyLine: number, n: number): number {
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

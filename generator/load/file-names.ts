import path from 'node:path';
import { toProblem, type ArgsOf } from '../problems/problem.ts';
import type { LocaleCode, SiteConfig, SiteProblem } from '../types.ts';

// `<path>.<locale>.md`: each segment becomes part of the URL, so ASCII letters, digits and `-` only
// (behaviour.md: Routes).
const SEGMENT = /^[a-z0-9][a-zA-Z0-9-]*$/;

/** `site/content/news/news1.en.md` → `/news/news1` in `en`; `index` names a folder's own page. */
export function toRouteAndLocale(
  config: SiteConfig,
  file: string,
): { path: string; locale: LocaleCode } | { problem: SiteProblem } {
  const relative = path.posix.relative(path.relative(config.root, config.contentDir).split(path.sep).join('/'), file);
  const match = /^(.*)\.([^./]+)\.md$/.exec(relative);
  const codes = config.locales.map((l) => l.code);
  const loc = { file, line: 1, column: 1 };
  const name = path.posix.basename(file);
  if (!match || !codes.includes(match[2] ?? '')) {
    return { problem: toProblem('CONTENT_FILE_NAME', toLocaleArgs(name, match?.[2], codes), loc) };
  }
  const segments = (match[1] ?? '').split('/').filter((s, i, all) => !(s === 'index' && i === all.length - 1));
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) {
    return { problem: toProblem('CONTENT_FILE_NAME', toSegmentArgs(name, bad, match[2] ?? '', codes), loc) };
  }
  return { path: `/${segments.join('/')}`, locale: match[2] as LocaleCode };
}

function toLocaleArgs(name: string, suffix: string | undefined, codes: readonly string[]): ArgsOf<'CONTENT_FILE_NAME'> {
  const page = suffix === undefined ? name.replace(/\.md$/, '') : name.slice(0, -`.${suffix}.md`.length);
  const meant = codes.find((c) => c.toLowerCase() === suffix?.toLowerCase());
  const examples = (meant ? [meant] : codes).map((c) => `\`${page}.${c}.md\``).join(' or ');
  return {
    reason:
      suffix === undefined
        ? `does not end in a known locale: \`${name}\` has no \`.<locale>\` suffix before \`.md\``
        : `does not end in a known locale: \`${name}\` ends in \`.${suffix}\`, which is not one of ${codes.join(', ')}`,
    locales: codes.join(', '),
    hint: `Name page files \`<page>.<locale>.md\` with a locale of the configuration (${codes.join(', ')}), spelled exactly: ${examples}.`,
  };
}

function toSegmentArgs(
  name: string,
  segment: string,
  locale: string,
  codes: readonly string[],
): ArgsOf<'CONTENT_FILE_NAME'> {
  const page = name.slice(0, -`.${locale}.md`.length);
  const fixed = toSegmentSuggestion(segment);
  const rename = !fixed
    ? `Rename \`${segment}\` with ASCII letters, digits and \`-\` only (for example \`news14.${locale}.md\`)`
    : segment === page
      ? `Rename it \`${fixed}.${locale}.md\``
      : `Rename the folder \`${segment}\` to \`${fixed}\``;
  return {
    reason:
      `breaks the file-name rule: \`${segment}\` ${toBadCharacters(segment)}. Each segment of a page's path ` +
      '(its folders and its name) may hold only ASCII letters, digits and `-`, and must start with a lower-case ' +
      "letter or a digit, because it becomes the page's URL",
    locales: codes.join(', '),
    hint: `${rename}; the \`.${locale}\` before \`.md\` is the locale suffix and is fine as it is.`,
  };
}

/** What breaks the rule in a segment: `holds a space and \`é\``, `starts with \`N\``. */
function toBadCharacters(segment: string): string {
  if (segment === '') return 'is empty';
  const chars = [...new Set([...segment].filter((c) => !/[a-zA-Z0-9-]/.test(c)))];
  const named = chars.slice(0, 5).map(toCharacterName);
  if (chars.length > 5) named.push(`${chars.length - 5} more`);
  const parts = named.length > 0 ? [`holds ${new Intl.ListFormat('en-GB').format(named)}`] : [];
  const first = segment[0] ?? '';
  if (/[A-Z-]/.test(first)) parts.push(`starts with \`${first}\``);
  return parts.join(' and ');
}

function toCharacterName(c: string): string {
  const names: Record<string, string> = { ' ': 'a space', '\t': 'a tab', _: 'an underscore', '.': 'a dot' };
  const code = c.codePointAt(0) ?? 0;
  if (names[c]) return names[c];
  if (/[\p{C}\p{Z}]/u.test(c)) return `the invisible character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `\`${c}\``;
}

/** `news 14` → `news-14`, `Über_uns` → `uber-uns`; undefined when nothing usable is left. */
export function toSegmentSuggestion(segment: string): string | undefined {
  const ascii = segment
    .normalize('NFKD')
    .replace(/[\s_.]+/g, '-')
    .replace(/[^a-zA-Z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const fixed = ascii.charAt(0).toLowerCase() + ascii.slice(1);
  return SEGMENT.test(fixed) ? fixed : undefined;
}

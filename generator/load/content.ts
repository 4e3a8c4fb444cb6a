import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LineCounter,
  isAlias,
  isCollection,
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
  type Scalar,
  type YAMLError,
  type YAMLMap,
} from 'yaml';
import { toProblem } from '../errors.ts';
import { listFiles } from './files.ts';
import type { ContentFile, FrontMatter, LocaleCode, SiteConfig, SiteProblem, SourceLoc } from '../types.ts';

const KNOWN_KEYS = ['title', 'description', 'template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit'];

export interface LoadedContent {
  readonly files: ContentFile[];
  readonly problems: SiteProblem[];
}

/** Lists the content files: `site/content/**\/*.md`, relative to the site root, sorted. */
export async function listContentFiles(config: SiteConfig): Promise<{ files: string[]; problems: SiteProblem[] }> {
  const listed = await listFiles(config.root, config.contentDir);
  const prefix = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  return {
    files: listed.files.filter((f) => f.endsWith('.md')).map((f) => `${prefix}/${f}`),
    problems: listed.problems,
  };
}

/**
 * Reads and parses every content file, collecting all problems instead of stopping at the first.
 * With a cache (watch mode), a file whose text is unchanged is not parsed again.
 */
export async function loadContent(
  config: SiteConfig,
  files?: readonly string[],
  cache?: Map<string, { readonly text: string; readonly result: ReturnType<typeof toContentFile> }>,
): Promise<LoadedContent> {
  const listed = files ? { files, problems: [] } : await listContentFiles(config);
  const results = await Promise.all(
    listed.files.map(async (file) => {
      const text = await readFile(path.join(config.root, file), 'utf8');
      const cached = cache?.get(file);
      if (cached?.text === text) return cached.result;
      const result = toContentFile(config, file, text);
      cache?.set(file, { text, result });
      return result;
    }),
  );
  if (cache) for (const file of cache.keys()) if (!listed.files.includes(file)) cache.delete(file);
  return {
    files: results.flatMap((r) => (r.file ? [r.file] : [])),
    problems: [...listed.problems, ...results.flatMap((r) => r.problems)],
  };
}

// Limits that keep one file from stalling or exhausting the build.
const FILE_LIMIT = 4 * 1024 * 1024;
const MATTER_LIMIT = 256 * 1024;
const BODY_WARNING = 1024 * 1024;
const NESTING_LIMIT = 64;

/** Parses one content file's text; pure, so the watcher and tests can call it directly. */
export function toContentFile(
  config: SiteConfig,
  file: string,
  text: string,
): { file: ContentFile | null; problems: SiteProblem[] } {
  const named = toRouteAndLocale(config, file);
  const problems: SiteProblem[] = 'problem' in named ? [named.problem] : [];
  // The size is checked before any parsing, so a huge file costs one pass over its text.
  const size = Buffer.byteLength(text, 'utf8');
  if (size > FILE_LIMIT) return { file: null, problems: [...problems, toTooLarge(file, 'content file', size)] };
  const parsed = parseFrontMatter(file, text);
  if ('problem' in parsed) return { file: null, problems: [...problems, parsed.problem] };
  const { data, problems: invalid } = validateFrontMatter(file, parsed.data, parsed.keyLines, config);
  problems.push(...invalid, ...parsed.problems, ...checkBodySize(file, parsed));
  if (!data || 'problem' in named || problems.some((p) => p.severity === 'error')) return { file: null, problems };
  return {
    file: {
      file,
      path: named.path,
      locale: named.locale,
      data,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      keyLines: parsed.keyLines,
    },
    problems,
  };
}

function toTooLarge(file: string, part: 'content file' | 'front matter', size: number): SiteProblem {
  const limit = part === 'content file' ? FILE_LIMIT : MATTER_LIMIT;
  // Just over the limit, the rounded sizes would read the same: give the bytes then.
  const shown = toSize(size) === toSize(limit) ? `${size.toLocaleString('en-US')} bytes` : toSize(size);
  return toProblem('CONTENT_TOO_LARGE', { part, size: shown, limit: toSize(limit) }, { file, line: 1, column: 1 });
}

function checkBodySize(file: string, parsed: ParsedFile): SiteProblem[] {
  const size = Buffer.byteLength(parsed.body, 'utf8');
  if (size <= BODY_WARNING) return [];
  return [
    toProblem(
      'CONTENT_LARGE',
      { size: toSize(size), limit: toSize(BODY_WARNING), fileLimit: toSize(FILE_LIMIT) },
      { file, line: parsed.bodyLine, column: 1 },
    ),
  ];
}

function toSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`;
}

// Each segment of a page's path becomes part of its URL.
const SEGMENT = /^[a-z0-9][a-zA-Z0-9-]*$/;

/** `site/content/news/news1.en.md` → `/news/news1` in `en`; `index` names a folder's own page. */
function toRouteAndLocale(
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

function toLocaleArgs(name: string, suffix: string | undefined, codes: readonly string[]): Record<string, string> {
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
): Record<string, string> {
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
  const parts = named.length > 0 ? [`holds ${toList(named)}`] : [];
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

function toList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** `news 14` → `news-14`, `Über_uns` → `uber-uns`; undefined when nothing usable is left. */
function toSegmentSuggestion(segment: string): string | undefined {
  const ascii = segment
    .normalize('NFKD')
    .replace(/[\s_.]+/g, '-')
    .replace(/[^a-zA-Z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const fixed = ascii.charAt(0).toLowerCase() + ascii.slice(1);
  return SEGMENT.test(fixed) ? fixed : undefined;
}

interface ParsedFile {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
  keyLines: Record<string, number>;
  /** Problems of single values (URL fields) found while reading the YAML. */
  problems: SiteProblem[];
}

function parseFrontMatter(file: string, text: string): ParsedFile | { problem: SiteProblem } {
  const split = splitFrontMatter(text.replace(/^\uFEFF/, ''));
  if (split === null) {
    return {
      problem: toProblem(
        'FRONT_MATTER_SYNTAX',
        {
          problem: 'is never closed',
          reason: 'the `---` of line 1 opens it, but no later line is `---`',
          hint: 'End the front matter with a line that holds only `---`; the Markdown body follows it.',
        },
        { file, line: 1, column: 1 },
      ),
    };
  }
  const { matter, body, bodyLine } = split;
  if (matter === null) return { data: {}, body, bodyLine, keyLines: {}, problems: [] };
  const size = Buffer.byteLength(matter, 'utf8');
  if (size > MATTER_LIMIT) return { problem: toTooLarge(file, 'front matter', size) };
  const read = readYaml(file, matter);
  return 'problem' in read ? read : { ...read, body, bodyLine };
}

/**
 * Front matter is the text between a first line `---` and the next line `---`; a file that does
 * not start with `---` has none. Null when the front matter is never closed.
 */
function splitFrontMatter(source: string): { matter: string | null; body: string; bodyLine: number } | null {
  const open = /^---[ \t]*\r?\n/.exec(source);
  if (!open) return { matter: null, body: source, bodyLine: 1 };
  const close = /\n---[ \t]*(?:\r?\n|$)/g;
  close.lastIndex = open[0].length - 1;
  const closing = close.exec(source);
  if (!closing) return null;
  const end = closing.index + closing[0].length;
  const fence = source.slice(0, end);
  const fenceLines = fence.split('\n').length - (fence.endsWith('\n') ? 1 : 0);
  return { matter: source.slice(open[0].length, closing.index), body: source.slice(end), bodyLine: fenceLines + 1 };
}

/** The front matter's YAML: core schema (dates stay text), no aliases, no tags, a mapping. */
function readYaml(file: string, matter: string): Omit<ParsedFile, 'body' | 'bodyLine'> | { problem: SiteProblem } {
  const lines = new LineCounter();
  const at = (offset: number) => toFileLoc(file, lines, offset);
  // The parser would overflow its stack on deep nesting, and take long to do so: refuse it first.
  const deep = findDeepNesting(matter);
  if (deep !== null) {
    const reason = `lists and mappings written with \`[ ]\` or \`{ }\` nest more than ${NESTING_LIMIT} levels deep`;
    const before = matter.slice(0, deep);
    const loc = { file, line: before.split('\n').length + 1, column: deep - before.lastIndexOf('\n') };
    const hint = 'Flatten the data into shorter lists, or quote text that holds many `[` or `{`.';
    return { problem: toProblem('FRONT_MATTER_SYNTAX', { problem: 'nests too deeply', reason, hint }, loc) };
  }
  const doc = parseDocument(matter, { schema: 'core', lineCounter: lines, prettyErrors: false, logLevel: 'silent' });
  const error = doc.errors[0];
  if (error) return { problem: toYamlProblem(doc, error, matter, at) };
  const refused = findRefused(doc, matter);
  if (refused) return { problem: toProblem('FRONT_MATTER_SYNTAX', refused.args, at(refused.offset)) };
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) {
    const args = {
      problem: 'is not a mapping',
      reason: `it holds ${isSeq(contents) ? 'a list' : 'a single value'}, where a page's settings are \`key: value\` lines`,
    };
    return { problem: toProblem('FRONT_MATTER_SYNTAX', args, at(contents.range?.[0] ?? 0)) };
  }
  const data = (doc.toJS({ maxAliasCount: 0 }) ?? {}) as Record<string, unknown>;
  return { data, keyLines: toKeyLines(contents, lines), problems: findUrlProblems(contents, '', at) };
}

/** The first front matter line is the file's line 2: the `---` line comes before it. */
function toFileLoc(file: string, lines: LineCounter, offset: number): SourceLoc {
  const { line, col } = lines.linePos(offset);
  return { file, line: line + 1, column: col };
}

/** The offset where `[`/`{` first nest past the limit, counted naively: this only guards the parser. */
function findDeepNesting(matter: string): number | null {
  let depth = 0;
  for (let i = 0; i < matter.length; i++) {
    const c = matter.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > NESTING_LIMIT) return i;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return null;
}

/**
 * A YAML error at its place in the file. An unclosed `[`, `{` or quote is noticed where the next
 * line starts; the problem is the opening character, so the error points there.
 */
function toYamlProblem(
  doc: Document.Parsed,
  error: YAMLError,
  matter: string,
  at: (offset: number) => SourceLoc,
): SiteProblem {
  const text = error.message.replace(/\.$/, '');
  const reason = /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
  const opening = error.code === 'BAD_INDENT' || error.code === 'MISSING_CHAR' ? findUnclosed(doc, error.pos[0]) : null;
  if (opening === null) return toProblem('FRONT_MATTER_SYNTAX', { reason }, at(error.pos[0]));
  const args = { reason: `${reason}; the \`${matter.charAt(opening)}\` here is never closed` };
  return toProblem('FRONT_MATTER_SYNTAX', args, at(opening));
}

/** The start of the innermost flow collection or quoted text that runs up to the error. */
function findUnclosed(doc: Document.Parsed, offset: number): number | null {
  let start: number | null = null;
  visit(doc, (_, node) => {
    const range = isNode(node) ? node.range : null;
    if (!range || range[1] !== offset || (start !== null && range[0] <= start)) return;
    const open = isCollection(node) ? node.flow === true : isScalar(node) && node.type?.startsWith('QUOTE') === true;
    if (open) start = range[0];
  });
  return start;
}

/** The first alias, anchor or tag: front matter is plain data, and aliases can multiply it. */
function findRefused(
  doc: Document.Parsed,
  matter: string,
): { args: Record<string, string>; offset: number } | undefined {
  let alias: Alias | undefined;
  let anchored: YamlNode | undefined;
  let tagged: YamlNode | undefined;
  visit(doc, (_, node) => {
    if (isAlias(node)) {
      alias = node;
      return visit.BREAK;
    }
    if (!isNode(node)) return undefined;
    if (node.anchor) anchored ??= node;
    if (node.tag) tagged ??= node;
    return undefined;
  });
  const hint =
    'Write the value out in full at each place it is needed; front matter takes no anchors (`&name`) or aliases (`*name`).';
  if (alias) {
    const reason = `\`*${alias.source}\` repeats the value anchored \`&${alias.source}\`, and a few aliases can expand into millions of values`;
    return { args: { problem: 'uses an alias, which is not allowed', reason, hint }, offset: alias.range?.[0] ?? 0 };
  }
  if (anchored) {
    const reason = `\`&${anchored.anchor}\` names a value so that aliases can repeat it`;
    const offset = findBefore(matter, `&${anchored.anchor}`, anchored.range?.[0] ?? 0);
    return { args: { problem: 'uses an anchor, which is not allowed', reason, hint }, offset };
  }
  if (tagged) {
    const tag = (tagged.tag ?? '').replace(/^tag:yaml\.org,2002:/, '!!');
    return {
      args: {
        problem: 'uses a tag, which is not allowed',
        reason: `\`${tag}\` asks for a type of its own; front matter holds only text, numbers, true/false, lists and mappings`,
        hint: 'Remove the tag and write the value as plain text (quote it if it must stay text).',
      },
      offset: findBefore(matter, tag, tagged.range?.[0] ?? 0),
    };
  }
  return undefined;
}

/** Where `token` is written before a node (an anchor or tag can sit on the line above its value). */
function findBefore(matter: string, token: string, offset: number): number {
  const found = matter.lastIndexOf(token, offset);
  return found >= 0 ? found : offset;
}

/** The 1-based file line of each top-level key, for errors about its value. */
function toKeyLines(contents: YAMLMap | null, lines: LineCounter): Record<string, number> {
  const seen = new Set<string>();
  const entries: [string, number][] = [];
  for (const pair of contents?.items ?? []) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const key = String(pair.key.value);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push([key, lines.linePos(pair.key.range[0]).line + 1]);
  }
  return Object.fromEntries(entries);
}

// Values that become link targets and image sources: `image`, `mapImage`, `href`, `ctaUrl`…
const URL_KEY = /^(?:image|href|url|src|link)$|[a-z0-9](?:Image|Url|Href|Link|Src)$/;
// `link` also names a link's label (the home page's `sections.*.link`): such a value is checked
// only when a browser would read it as an address (a scheme, or a leading slash).
const LABEL_KEY = /^link$|Link$/;
const URL_HINT =
  'URL fields (`image`, `href`, `url`, `src`, `link` and names ending in `Image`, `Url`, `Href`, `Link` or `Src`) ' +
  'become link targets and image sources: write a path of this site that starts with one `/`, or a full ' +
  '`https://` address. Other schemes, such as `javascript:` and `data:`, are refused.';

/** Every URL field at any depth, named by its path (`cards[2].link`) at the line of its key. */
function findUrlProblems(node: unknown, path: string, at: (offset: number) => SourceLoc): SiteProblem[] {
  if (isSeq(node)) return node.items.flatMap((item, i) => findUrlProblems(item, `${path}[${i}]`, at));
  if (!isMap(node)) return [];
  return node.items.flatMap((pair) => {
    if (!isScalar(pair.key)) return [];
    const key = String(pair.key.value);
    const field = path ? `${path}.${key}` : key;
    const own = URL_KEY.test(key) ? checkUrlField(pair.key, pair.value, field, LABEL_KEY.test(key), at) : [];
    return [...own, ...findUrlProblems(pair.value, field, at)];
  });
}

function checkUrlField(
  key: Scalar,
  value: unknown,
  field: string,
  label: boolean,
  at: (offset: number) => SourceLoc,
): SiteProblem[] {
  const values: [string, Scalar, unknown][] = isSeq(value)
    ? value.items.flatMap((item, i) => (isScalar(item) ? [[`${field}[${i}]`, item, item.value] as const] : []))
    : isScalar(value)
      ? [[field, key, value.value]]
      : [];
  return values.flatMap(([name, node, v]) => {
    const reason = typeof v === 'string' ? toUrlFault(v, label) : undefined;
    if (!reason) return [];
    return [toProblem('FRONT_MATTER_INVALID', { field: name, reason, hint: URL_HINT }, at(node.range?.[0] ?? 0))];
  });
}

// Control characters: browsers drop some of them while reading an address, which hides what it is.
const CONTROLS = /\p{Cc}/gu;

/** Why a URL field's value is refused, or undefined when it is a root-relative path or an http(s) URL. */
function toUrlFault(value: string, label: boolean): string | undefined {
  const controls = value.search(CONTROLS) >= 0;
  if (label && !controls && !isReadAsAddress(value.trim())) return undefined;
  const shown = `\`${toShownValue(value)}\``;
  if (value === '') return 'is empty: it must be a root-relative path such as `/images/hero.svg` or an http(s) URL';
  if (controls) return `holds a control character: ${shown}`;
  if (value.includes('\\')) return `holds a backslash, which browsers read as \`/\`: ${shown}`;
  if (value.startsWith('//')) return `is protocol-relative, so it would load from another host: ${shown}`;
  if (value.startsWith('/')) return undefined;
  if (/^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value)) return undefined;
  return `must be a root-relative path such as \`/images/hero.svg\` or an http(s) URL, not ${shown}`;
}

/** Whether a browser reads the text as an address (a scheme, or a leading slash) rather than as a label. */
function isReadAsAddress(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/\\]/.test(value);
}

function toShownValue(value: string): string {
  const escaped = value.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > 80 ? `${escaped.slice(0, 80)}…` : escaped;
}

function validateFrontMatter(
  file: string,
  raw: Record<string, unknown>,
  keyLines: Record<string, number>,
  config: SiteConfig,
): { data: FrontMatter | null; problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const fail = (field: string, reason: string, hint?: string) =>
    problems.push(
      toProblem('FRONT_MATTER_INVALID', { field, reason, hint }, { file, line: keyLines[field] ?? 1, column: 1 }),
    );
  const text = (field: string): string => {
    const v = raw[field];
    if (typeof v !== 'string' || v.trim() === '') {
      fail(
        field,
        v === undefined ? 'is missing' : 'must be a non-empty text',
        `Add \`${field}: …\` to the front matter.`,
      );
      return '';
    }
    return v.trim();
  };
  const name = (field: string, fallback: string): string => {
    const v = raw[field] ?? fallback;
    if (typeof v !== 'string' || !/^[a-z][a-z0-9-]*$/.test(v))
      fail(field, 'must be a lower-case name such as `service`');
    return String(v);
  };
  const title = text('title');
  const description = text('description');
  const template = name('template', 'page');
  const layout = name('layout', 'default');
  const order = raw.order ?? 0;
  if (typeof order !== 'number' || !Number.isFinite(order)) fail('order', 'must be a number');
  const date = toDate(raw.date);
  if (date === undefined)
    fail(
      'date',
      toDateFault(raw.date),
      'Write the day as `date: 2025-03-18`: a four-digit year, a two-digit month and day.',
    );
  const locales = raw.locales ?? null;
  const codes = config.locales.map((l) => l.code);
  if (
    locales !== null &&
    (!Array.isArray(locales) || locales.length === 0 || locales.some((l) => !codes.includes(l)))
  ) {
    fail('locales', `must list the locales that have this page, from: ${codes.join(', ')}`);
  }
  const list = raw.list ?? null;
  if (list !== null && list !== 'section' && list !== 'articles')
    fail('list', "must be `section` (the section's other pages) or `articles` (the news, newest first)");
  const listLimit = raw.listLimit ?? null;
  if (listLimit !== null && (typeof listLimit !== 'number' || !Number.isInteger(listLimit) || listLimit < 1))
    fail('listLimit', 'must be a positive whole number');
  if (problems.length > 0) return { data: null, problems };
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !KNOWN_KEYS.includes(k)));
  return {
    data: {
      title,
      description,
      template,
      layout,
      order: order as number,
      date: date ?? null,
      locales: locales as LocaleCode[] | null,
      list: list as FrontMatter['list'],
      listLimit: listLimit as number | null,
      extra,
    },
    problems,
  };
}

/** A real calendar day written YYYY-MM-DD (the core schema keeps dates as text, quoted or not). */
function toDate(v: unknown): string | null | undefined {
  if (v === undefined || v === null) return null;
  const match = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? (v as string) : undefined;
}

function toDateFault(v: unknown): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
    return `must be a real calendar day; \`${v}\` does not exist`;
  const shown =
    typeof v === 'string'
      ? `\`${toShownValue(v)}\``
      : Array.isArray(v)
        ? 'a list'
        : typeof v === 'object'
          ? 'a mapping'
          : `\`${String(v)}\``;
  return `must be a date written YYYY-MM-DD, not ${shown}`;
}

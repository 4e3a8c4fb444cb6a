import matter from 'gray-matter';
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
  type YAMLError,
  type YAMLMap,
} from 'yaml';
import { toProblem, type ArgsOf } from '../problems/problem.ts';
import { findUrlFields } from './front-matter-fields.ts';
import { MATTER_LIMIT, findDeepNesting, toTooLarge } from './limits.ts';
import type { ContentFile, SiteProblem, SourceLoc } from '../types.ts';

// Plain data by the YAML core schema: what could stall the parser or multiply the data is refused
// at its place (behaviour.md: Safety).
const NESTING_LIMIT = 64;
// gray-matter's comment stripping is quadratic in a run of blank lines: 256 KB of them take a minute.
const BLANK_LIMIT = 100;
const BLANK_RUN = new RegExp(`[\\n\\u2028\\u2029](?:[^\\S\\n\\u2028\\u2029]*[\\n\\u2028\\u2029]){${BLANK_LIMIT + 1}}`);

interface ParsedFile extends Pick<ContentFile, 'body' | 'bodyLine' | 'keyLines' | 'addresses'> {
  data: Record<string, unknown>;
  /** Problems of single values (URL fields) found while reading the YAML. */
  problems: SiteProblem[];
}

type ReadMatter = Omit<ParsedFile, 'body' | 'bodyLine'> | { problem: SiteProblem };

export function parseFrontMatter(file: string, text: string): ParsedFile | { problem: SiteProblem } {
  // As Windows editors save: a byte order mark, CR LF line ends.
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // A file that does not start with `---` has no front matter (`----` is a Markdown rule).
  const opening = /^---(?!-)([^\n]*)/.exec(source);
  if (!opening) return { ...toEmpty(), body: source, bodyLine: 1 };
  const refused = findSplitProblem(file, source, opening[1] as string);
  if (refused) return { problem: refused };
  // With options, gray-matter caches nothing by text, so each file's problems name that file.
  const split = matter(source, { language: 'yaml', engines: { yaml: (yaml: string) => readYaml(file, yaml) } });
  // Front matter of nothing but comments gray-matter gives as `{}`, without asking its engine.
  const read = (Object.keys(split.data).length > 0 ? split.data : toEmpty()) as ReadMatter;
  if ('problem' in read) return read;
  // gray-matter's front matter runs from the end of the first `---`; the closing line follows it.
  const closeEnd = 3 + split.matter.length + '\n---'.length;
  const bodyStart = source.indexOf('\n', closeEnd);
  const body = bodyStart < 0 ? '' : source.slice(bodyStart + 1);
  return { ...read, body, bodyLine: split.matter.split('\n').length + 2 };
}

function toEmpty(): Omit<ParsedFile, 'body' | 'bodyLine'> {
  return { data: {}, keyLines: {}, problems: [], addresses: [] };
}

/** What gray-matter must not get: `---js` (run as code), no closing line, too large or blank, `---x` closing. */
function findSplitProblem(file: string, source: string, language: string): SiteProblem | null {
  const syntax = (args: ArgsOf<'FRONT_MATTER_SYNTAX'>, line: number, column: number) =>
    toProblem('FRONT_MATTER_SYNTAX', args, { file, line, column });
  if (language.trim() !== '') {
    const reason = `\`---${language.trim().slice(0, 40)}\` names another language; front matter is read as YAML only, never run as code`;
    const hint = 'Write `---` alone on the first line.';
    return syntax({ problem: 'is not YAML', reason, hint }, 1, 4);
  }
  const close = source.indexOf('\n---', 3);
  if (close < 0) {
    const reason = 'the `---` of line 1 opens it, but no later line is `---`';
    const hint = 'End the front matter with a line that holds only `---`; the Markdown body follows it.';
    return syntax({ problem: 'is never closed', reason, hint }, 1, 1);
  }
  const size = Buffer.byteLength(source.slice(4, close), 'utf8');
  if (size > MATTER_LIMIT) return toTooLarge(file, 'front matter', size);
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const blank = BLANK_RUN.exec(source.slice(0, close));
  if (blank) {
    const args = { problem: 'has too many blank lines', reason: `more than ${BLANK_LIMIT} in a row` };
    return syntax({ ...args, hint: 'Remove the blank lines.' }, lineAt(blank.index + 1), 1);
  }
  const rest = /[^\n]*/y;
  rest.lastIndex = close + 4;
  const after = (rest.exec(source)?.[0] ?? '').trim();
  if (after === '') return null;
  const reason = `this line starts with \`---\`, which ends the front matter, and goes on with \`${after.slice(0, 40)}\``;
  const hint = 'End the front matter with a line that holds only `---`; no line of it starts with `---`.';
  return syntax({ problem: 'is not closed by a line of `---` alone', reason, hint }, lineAt(close + 1), 4);
}

/** The front matter's YAML: core schema (dates stay text), no aliases, no tags, a mapping. */
function readYaml(file: string, matter: string): ReadMatter {
  const lines = new LineCounter();
  // gray-matter's front matter starts after the first line's `---`: its lines are the file's.
  const at = (offset: number): SourceLoc => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: line === 1 ? col + 3 : col };
  };
  // Deep nesting would overflow the parser's stack, slowly.
  const deep = findDeepNesting(matter, NESTING_LIMIT);
  if (deep !== null) {
    const reason = `lists and mappings written with \`[ ]\` or \`{ }\` nest more than ${NESTING_LIMIT} levels deep`;
    const before = matter.slice(0, deep);
    const loc = { file, line: before.split('\n').length, column: deep - before.lastIndexOf('\n') };
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
    const reason = `it holds ${isSeq(contents) ? 'a list' : 'a single value'}, where a page's settings are \`key: value\` lines`;
    const args = { problem: 'is not a mapping', reason };
    return { problem: toProblem('FRONT_MATTER_SYNTAX', args, at(contents.range?.[0] ?? 0)) };
  }
  const data = (doc.toJS({ maxAliasCount: 0 }) ?? {}) as Record<string, unknown>;
  return { data, keyLines: toKeyLines(contents, lines), ...findUrlFields(contents, at) };
}

/** A YAML error at its place; an unclosed `[`, `{` or quote points at its opening, not where it is noticed. */
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

const TAG_HINT = 'Remove the tag and write the value as plain text (quote it if it must stay text).';

/** The first alias, anchor or tag: aliases can multiply the data. */
function findRefused(
  doc: Document.Parsed,
  matter: string,
): { args: ArgsOf<'FRONT_MATTER_SYNTAX'>; offset: number } | undefined {
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
  if (!tagged) return undefined;
  const tag = (tagged.tag ?? '').replace(/^tag:yaml\.org,2002:/, '!!');
  const reason = `\`${tag}\` asks for a type of its own; front matter holds only text, numbers, true/false, lists and mappings`;
  const args = { problem: 'uses a tag, which is not allowed', reason, hint: TAG_HINT };
  return { args, offset: findBefore(matter, tag, tagged.range?.[0] ?? 0) };
}

/** Where `token` is written before a node (an anchor or tag can sit on the line above its value). */
function findBefore(matter: string, token: string, offset: number): number {
  const found = matter.lastIndexOf(token, offset);
  return found >= 0 ? found : offset;
}

/** The line of each top-level key, and of each item of a top-level list (`aliases[1]`). */
function toKeyLines(contents: YAMLMap | null, lines: LineCounter): Record<string, number> {
  const seen = new Set<string>();
  const entries: [string, number][] = [];
  for (const pair of contents?.items ?? []) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const key = String(pair.key.value);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push([key, lines.linePos(pair.key.range[0]).line]);
    if (isSeq(pair.value))
      pair.value.items.forEach((item, i) => {
        if (isNode(item) && item.range) entries.push([`${key}[${i}]`, lines.linePos(item.range[0]).line]);
      });
  }
  return Object.fromEntries(entries);
}

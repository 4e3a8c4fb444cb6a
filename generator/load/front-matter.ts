import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';
import type { Alias, Document, Node as YamlNode, YAMLError, YAMLMap } from 'yaml';
import { toProblem, type ArgsOf } from '../errors.ts';
import { findUrlFields } from './front-matter-fields.ts';
import { readPlainFrontMatter, type FieldNode } from './front-matter-plain.ts';
import { MATTER_LIMIT, toTooLarge } from './limits.ts';
import type { FieldAddress, SiteProblem, SourceLoc } from '../types.ts';

// Front matter is plain data read by the YAML core schema; what could stall the parser or multiply
// the data is refused with its place in the file (behaviour.md: Safety).
const NESTING_LIMIT = 64;

type Yaml = typeof YamlModule;
let yamlModule: Yaml | null = null;
/** The YAML parser, loaded the first time front matter leaves the plain subset. */
function loadYaml(): Yaml {
  yamlModule ??= createRequire(import.meta.url)('yaml') as Yaml;
  return yamlModule;
}

export interface ParsedFile {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
  keyLines: Record<string, number>;
  /** Problems of single values (URL fields) found while reading the YAML. */
  problems: SiteProblem[];
  /** The paths of this site its URL fields name. */
  addresses: FieldAddress[];
}

/** Splits a content file's text into its front matter's data and the Markdown body. */
export function parseFrontMatter(file: string, text: string): ParsedFile | { problem: SiteProblem } {
  // As a Windows editor saves it too: a byte order mark first, lines ending in CR LF (or a lone CR).
  const split = splitFrontMatter(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
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
  if (matter === null) return { data: {}, body, bodyLine, keyLines: {}, problems: [], addresses: [] };
  const size = Buffer.byteLength(matter, 'utf8');
  if (size > MATTER_LIMIT) return { problem: toTooLarge(file, 'front matter', size) };
  const plain = readPlainFrontMatter(file, matter);
  if (plain) return { data: plain.data, keyLines: plain.keyLines, ...findUrlFields(plain.fields, ''), body, bodyLine };
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
export function readYaml(
  file: string,
  matter: string,
): Omit<ParsedFile, 'body' | 'bodyLine'> | { problem: SiteProblem } {
  const { LineCounter, parseDocument, isMap, isSeq } = loadYaml();
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
  const fields = toFieldNode(contents, at);
  return { data, keyLines: toKeyLines(contents, lines), ...findUrlFields(fields, '') };
}

/** The first front matter line is the file's line 2: the `---` line comes before it. */
function toFileLoc(file: string, lines: InstanceType<Yaml['LineCounter']>, offset: number): SourceLoc {
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
  const { visit, isNode, isCollection, isScalar } = loadYaml();
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
): { args: ArgsOf<'FRONT_MATTER_SYNTAX'>; offset: number } | undefined {
  const { visit, isAlias, isNode } = loadYaml();
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
function toKeyLines(contents: YAMLMap | null, lines: InstanceType<Yaml['LineCounter']>): Record<string, number> {
  const { isScalar } = loadYaml();
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

/** The document's values with their places, for the checks shared with the plain reader. */
function toFieldNode(node: unknown, at: (offset: number) => SourceLoc): FieldNode | null {
  const { isMap, isScalar, isSeq } = loadYaml();
  if (isSeq(node)) return { kind: 'seq', items: node.items.map((item) => toFieldNode(item, at) ?? toNull(at)) };
  if (isMap(node)) {
    const pairs = node.items.flatMap((pair) =>
      isScalar(pair.key)
        ? [{ key: String(pair.key.value), keyLoc: at(pair.key.range?.[0] ?? 0), value: toFieldNode(pair.value, at) }]
        : [],
    );
    return { kind: 'map', pairs };
  }
  if (isScalar(node)) return { kind: 'scalar', value: node.value, loc: at(node.range?.[0] ?? 0) };
  return null;
}

function toNull(at: (offset: number) => SourceLoc): FieldNode {
  return { kind: 'scalar', value: null, loc: at(0) };
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, isMap, isPair, isSeq, parseDocument, type Node, type Scalar } from 'yaml';
import { toProblem } from '../problems/problem.ts';
import { toConflictProblem } from '../conflicts.ts';
import {
  createLineFinder,
  findKeyLine,
  lookupMessage,
  NAMESPACES,
  placeholdersOf,
  toExpectedKeys,
  toFlatKeys,
  toMessagesFile,
} from '../messages.ts';
import type { MessageTree, Messages, SiteConfig, SiteProblem } from '../types.ts';
import { toUtf8Text } from './encoding.ts';
import { findDeepNesting } from './limits.ts';
import { findFileCharacter, findJsonEscapeCharacter, toOffsetLoc } from './characters.ts';

/** Reads every `site/locales/<locale>/<ns>.json`, then compares their keys. */
export async function loadMessages(config: SiteConfig): Promise<{ messages: Messages; problems: SiteProblem[] }> {
  const problems: SiteProblem[] = [];
  const messages: Messages = {};
  // Assembled in a fixed order: the hashed files must not depend on timing.
  const read = await Promise.all(
    config.locales.flatMap(({ code }) =>
      NAMESPACES.map(async (ns) => {
        const file = toMessagesFile(config, code, ns);
        const bytes = await readFile(path.join(config.root, file)).catch(() => null);
        if (bytes === null) {
          const missing = toProblem('MESSAGES_FILE_MISSING', { ns, locale: code, file }, { file, line: 1, column: 1 });
          return { code, ns, parsed: { problem: missing } };
        }
        const decoded = toUtf8Text(file, bytes);
        return { code, ns, parsed: 'problem' in decoded ? decoded : parseMessages(file, decoded.text) };
      }),
    ),
  );
  for (const { code, ns, parsed } of read) {
    const namespaces = (messages[code] ??= {});
    if ('problem' in parsed) problems.push(parsed.problem);
    else namespaces[ns] = parsed.tree;
  }
  if (problems.length === 0) problems.push(...compareKeys(config, messages));
  return { messages, problems };
}

/** Parses one translation file; a syntax error names its line and column. */
export function parseMessages(file: string, text: string): { tree: MessageTree } | { problem: SiteProblem } {
  const refused = toConflictProblem(file, text) ?? findFileCharacter(file, text);
  if (refused) return { problem: refused };
  // Before parsing: a file nested thousands deep would overflow the stack.
  const deep = findDeepNesting(text, NESTING_LIMIT, { skipStrings: true });
  if (deep !== null) {
    const reason = `objects or lists nest more than ${NESTING_LIMIT} levels deep here`;
    return { problem: toProblem('MESSAGES_SHAPE', { reason }, toOffsetLoc(file, text, deep)) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const loc = toOffsetLoc(file, text, Number(/position (\d+)/.exec(message)?.[1] ?? 0));
    const reason = message.replace(/ in JSON at position.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '');
    return { problem: toProblem('MESSAGES_SYNTAX', { reason }, loc) };
  }
  const twice = countKeys(value) < countWrittenKeys(text) ? findDuplicateKey(text) : null;
  if (twice) {
    const args = { key: twice.key, first: String(twice.first.line) };
    return { problem: toProblem('MESSAGES_KEY_TWICE', args, { file, ...twice.second }) };
  }
  const escaped = findJsonEscapeCharacter(file, text);
  if (escaped) return { problem: escaped };
  const bad = findShapeFault(value, '');
  if (!bad) return { tree: value as MessageTree };
  const loc = { file, line: findKeyLine(text, bad.key), column: 1 };
  return { problem: toProblem('MESSAGES_SHAPE', { reason: bad.reason }, loc) };
}

/** Keys are a few levels deep (`contacts.service`). */
const NESTING_LIMIT = 32;

type Position = { line: number; column: number };

/** The keys a parsed value holds, at every level. */
function countKeys(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const values = Object.values(value);
  return (Array.isArray(value) ? 0 : values.length) + values.reduce<number>((n, v) => n + countKeys(v), 0);
}

/** The keys valid JSON writes: each string followed by a colon (strings are matched whole, in turn). */
function countWrittenKeys(text: string): number {
  let keys = 0;
  for (const match of text.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?/g)) if (match[1]) keys += 1;
  return keys;
}

/**
 * The first key an object holds twice (JSON.parse silently keeps the second), with where each
 * stands; asked only when the text writes more keys than its parse kept, as a parse costs.
 */
function findDuplicateKey(text: string): { key: string; first: Position; second: Position } | null {
  const lines = new LineCounter();
  const at = (node: Node): Position => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return { line, column: col };
  };
  // Depth first, each key before its value: the first found is the first in the text.
  const search = (node: unknown, path: string): ReturnType<typeof findDuplicateKey> => {
    const items = isMap(node) || isSeq(node) ? node.items : [];
    const seen = new Map<unknown, Node>();
    for (const item of items) {
      if (!isPair(item)) {
        const inner = search(item, path);
        if (inner) return inner;
        continue;
      }
      const key = item.key as Scalar;
      const dotted = path ? `${path}.${String(key.value)}` : String(key.value);
      const first = seen.get(key.value);
      if (first) return { key: dotted, first: at(first), second: at(key) };
      seen.set(key.value, key);
      const inner = search(item.value, dotted);
      if (inner) return inner;
    }
    return null;
  };
  return search(parseDocument(text, { uniqueKeys: false, lineCounter: lines }).contents, '');
}

/** A value neither a string nor an object, or a key no dotted key reaches (empty, or with a dot). */
function findShapeFault(value: unknown, at: string): { reason: string; key: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const reason = at === '' ? 'the top level is not an object' : `\`${at}\` is neither a string nor an object`;
    return { reason, key: at.split('.').at(-1) ?? '' };
  }
  for (const [key, v] of Object.entries(value)) {
    const dotted = at ? `${at}.${key}` : key;
    if (key === '') return { reason: `a key${at ? ` inside \`${at}\`` : ''} is empty`, key };
    if (key.includes('.')) {
      const [first, ...rest] = key.split('.');
      return {
        reason:
          `\`${dotted}\` has a dot in its name, and a dot separates the levels of a key: the templates ` +
          `would read \`${rest.join('.')}\` inside \`${first}\`. Nest it (\`"${first}": { "${rest.join('.')}": … }\`) or name it without the dot`,
        key,
      };
    }
    if (typeof v === 'string') continue;
    const inner = findShapeFault(v, dotted);
    if (inner) return inner;
  }
  return null;
}

/** Every key in every locale, in its plural forms, not empty, with the same placeholders (behaviour.md: Texts). */
function compareKeys(config: SiteConfig, messages: Messages): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const lineOf = createLineFinder();
  const reference = config.defaultLocale;
  for (const ns of NAMESPACES) {
    const keysByLocale = config.locales.map(({ code, iso }) => ({
      code,
      iso,
      keys: new Set(toFlatKeys(messages[code]?.[ns] ?? {})),
    }));
    for (const { code, keys } of keysByLocale) {
      const tree = messages[code]?.[ns];
      const file = toMessagesFile(config, code, ns);
      for (const key of keys) {
        const value = lookupMessage(tree, key) as string;
        const loc = () => ({ file, line: lineOf(config.root, file, key), column: 1 });
        if (value.trim() === '') problems.push(toProblem('I18N_EMPTY', { locale: code, ns, key }, loc()));
        const own = lookupMessage(messages[reference]?.[ns], key);
        if (code === reference || own === undefined || placeholdersOf(own) === placeholdersOf(value)) continue;
        const detail = `${reference}: {{${placeholdersOf(own) || '—'}}}; ${code}: {{${placeholdersOf(value) || '—'}}}`;
        problems.push(toProblem('I18N_PLACEHOLDERS', { ns, key, detail }, loc()));
      }
    }
    const all = new Set(keysByLocale.flatMap(({ keys }) => [...keys]));
    for (const { code, iso, keys } of keysByLocale) {
      for (const key of toExpectedKeys(all, iso)) {
        if (keys.has(key)) continue;
        const file = toMessagesFile(config, code, ns);
        const other = keysByLocale.find((k) => k.keys.has(key))?.code;
        const args = { locale: code, ns, key, file, usedBy: other ? `the ${other} file` : undefined };
        problems.push(toProblem('MESSAGE_KEY_MISSING', args, { file, line: 1, column: 1 }));
      }
    }
  }
  return problems;
}

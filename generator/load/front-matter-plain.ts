import type { SourceLoc } from '../types.ts';

// Front matter as pages write it: `key: value` lines, indented lists and mappings, one-line `[a, b]`
// lists, quoted or plain text, numbers and true/false. This reader takes exactly that subset of YAML
// and gives the same data as the YAML core schema would; at anything else (`{ }`, nested `[ ]`, block
// text `|`/`>`, comments, anchors, tags, escapes, repeated keys, tabs, multi-line text) it returns
// null and the full YAML reader takes the file, errors and all. Most builds then never load the YAML parser,
// which costs more to load than reading every page of the site this way.

/** A value of the front matter with where it is written, for checks that name its place. */
export type FieldNode = FieldScalar | FieldSeq | FieldMap;
export interface FieldScalar {
  readonly kind: 'scalar';
  readonly value: unknown;
  readonly loc: SourceLoc;
}
export interface FieldSeq {
  readonly kind: 'seq';
  readonly items: readonly FieldNode[];
}
export interface FieldMap {
  readonly kind: 'map';
  readonly pairs: readonly FieldPair[];
}

export interface FieldPair {
  readonly key: string;
  readonly keyLoc: SourceLoc;
  /** Null for a key with nothing after it (`key:`), which the data holds as null. */
  readonly value: FieldNode | null;
}

export interface PlainFrontMatter {
  readonly data: Record<string, unknown>;
  /** The 1-based file line of each top-level key. */
  readonly keyLines: Record<string, number>;
  readonly fields: FieldNode | null;
}

interface Line {
  readonly indent: number;
  readonly text: string;
  /** 0-based line of the front matter. */
  readonly index: number;
}

/** Thrown inside the reader when the text leaves the subset; never escapes `readPlainFrontMatter`. */
class NotPlain {}
const notPlain = (): never => {
  throw new NotPlain();
};

// The first front matter line is the file's line 2: the `---` line comes before it.
const FIRST_LINE = 2;
const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;

/**
 * The front matter's data, its keys' lines and its values' places, or null when the text is not
 * in the plain subset (then the full YAML reader decides, and reports any error).
 */
export function readPlainFrontMatter(file: string, matter: string): PlainFrontMatter | null {
  // Tabs, carriage returns, escapes and control or line-separator characters: the full reader decides.
  if (/[\\\u2028\u2029\ufeff]|[^\P{Cc}\n]/u.test(matter)) return null;
  const lines: Line[] = [];
  const raw = matter.split('\n');
  for (let index = 0; index < raw.length; index++) {
    const full = (raw[index] as string).trimEnd();
    const text = full.trimStart();
    if (text === '') continue;
    lines.push({ indent: full.length - text.length, text, index });
  }
  if (lines.length === 0) return { data: {}, keyLines: {}, fields: null };
  try {
    const reader = new BlockReader(file, lines);
    const fields = reader.readBlock((lines[0] as Line).indent, false);
    if (reader.pos !== lines.length || fields.kind !== 'map' || (lines[0] as Line).indent !== 0) return null;
    const keyLines = Object.fromEntries(fields.pairs.map((p) => [p.key, p.keyLoc.line]));
    return { data: toData(fields) as Record<string, unknown>, keyLines, fields };
  } catch (error) {
    if (error instanceof NotPlain) return null;
    throw error;
  }
}

class BlockReader {
  pos = 0;
  constructor(
    private readonly file: string,
    private readonly lines: readonly Line[],
  ) {}

  /** A mapping or a list whose entries start at `indent`. */
  readBlock(indent: number, inItem: boolean): FieldSeq | FieldMap {
    const first = this.peek();
    if (!first || first.indent !== indent) return notPlain();
    return isItem(first.text) ? this.readSeq(indent) : this.readMap(indent, null, inItem);
  }

  private readSeq(indent: number): FieldSeq {
    const items: FieldNode[] = [];
    for (let line = this.peek(); line && line.indent === indent && isItem(line.text); line = this.peek()) {
      this.pos++;
      const rest = line.text.slice(1).trimStart();
      const column = indent + (line.text.length - rest.length);
      if (rest === '') {
        // `-` alone: the item is the block indented below it.
        const next = this.peek();
        if (!next || next.indent <= indent) return notPlain();
        items.push(this.readBlock(next.indent, false));
        continue;
      }
      if (rest.startsWith('-')) return notPlain();
      const pair = KEY.exec(rest);
      if (pair) {
        // `- key: value`: a mapping whose keys line up with this first one.
        const first = this.readPair(pair, { ...line, indent: column, text: rest }, column, true);
        items.push(this.readMap(column, first, true));
      } else {
        items.push(this.toScalar(rest, line, column));
      }
    }
    return { kind: 'seq', items };
  }

  private readMap(indent: number, first: FieldPair | null, inItem: boolean): FieldMap {
    const pairs: FieldPair[] = first ? [first] : [];
    for (let line = this.peek(); line && line.indent === indent && !isItem(line.text); line = this.peek()) {
      const pair = KEY.exec(line.text);
      if (!pair) return notPlain();
      this.pos++;
      pairs.push(this.readPair(pair, line, indent, inItem));
    }
    const keys = new Set(pairs.map((p) => p.key));
    // Repeated keys are an error for YAML, and `__proto__` is not a key the data should carry.
    if (keys.size !== pairs.length || keys.has('__proto__')) return notPlain();
    return { kind: 'map', pairs };
  }

  /** One `key: value` or `key:` followed by a nested block. */
  private readPair(match: RegExpExecArray, line: Line, indent: number, inItem: boolean): FieldPair {
    const key = match[1] as string;
    const keyLoc = this.toLoc(line.index, indent);
    const rest = match[2];
    if (rest !== undefined && rest !== '') {
      return { key, keyLoc, value: this.toScalar(rest, line, indent + line.text.length - rest.length) };
    }
    const next = this.peek();
    const nested = next && (next.indent > indent || (next.indent === indent && isItem(next.text) && !inItem));
    if (!next || !nested) return { key, keyLoc, value: null };
    return { key, keyLoc, value: this.readBlock(next.indent, false) };
  }

  /** A single-line value: a `[ ]` list of values, or one value. */
  private toScalar(text: string, line: Line, column: number): FieldScalar | FieldSeq {
    // A value continued on a more deeply indented line is multi-line text.
    const next = this.peek();
    if (next && next.indent > line.indent) return notPlain();
    if (text.startsWith('[')) return this.toFlowSeq(text, line, column);
    return this.toValue(text, line, column);
  }

  /** `[en]`, `["a", "b"]`: a list of single values on one line. */
  private toFlowSeq(text: string, line: Line, column: number): FieldSeq {
    if (!text.endsWith(']')) return notPlain();
    const items: FieldScalar[] = [];
    const inner = text.slice(1, -1);
    if (inner.trim() === '') return { kind: 'seq', items };
    const item = / *("[^"]*"|'[^']*'|[^,[\]{}#:"']*[^ ,[\]{}#:"']) *(,|$)/y;
    for (let at = 0; at < inner.length;) {
      item.lastIndex = at;
      const match = item.exec(inner);
      if (!match || (match[2] === ',' && item.lastIndex === inner.length)) return notPlain();
      const value = match[1] as string;
      items.push(this.toValue(value, line, column + 1 + at + match[0].indexOf(value)));
      at = item.lastIndex;
    }
    return { kind: 'seq', items };
  }

  /** Quoted text, or a plain value resolved as the core schema does. */
  private toValue(text: string, line: Line, column: number): FieldScalar {
    const loc = this.toLoc(line.index, column);
    const quote = text.charAt(0);
    if (quote === '"' || quote === "'") {
      if (text.length < 2 || text.charAt(text.length - 1) !== quote) return notPlain();
      const inner = text.slice(1, -1);
      if (inner.includes(quote)) return notPlain();
      return { kind: 'scalar', value: inner, loc };
    }
    return { kind: 'scalar', value: resolvePlain(text), loc };
  }

  private peek(): Line | undefined {
    return this.lines[this.pos];
  }

  private toLoc(index: number, column: number): SourceLoc {
    return { file: this.file, line: index + FIRST_LINE, column: column + 1 };
  }
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

// The core schema's scalars (YAML 1.2): what a plain value means, tried in the schema's order.
const NULL = /^(?:~|[Nn]ull|NULL)$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
// A plain value may not start with an indicator, nor hold `: ` or ` #`, nor end with `:`.
const PLAIN = /^[^-?:,[\]{}#&*!|>'"%@`](?:[^:#]|:(?=[^ ])|(?<=[^ ])#)*$/;

function resolvePlain(text: string): unknown {
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCT.test(text)) return parseInt(text.slice(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (INT_HEX.test(text)) return parseInt(text.slice(2), 16);
  if (FLOAT_NAN.test(text)) {
    if (text.slice(-3).toLowerCase() === 'nan') return NaN;
    return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  if (!PLAIN.test(text)) return notPlain();
  return text;
}

/** The plain data of a node, as YAML's `toJS` gives it. */
function toData(node: FieldNode | null): unknown {
  if (node === null) return null;
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toData);
  return Object.fromEntries(node.pairs.map((p) => [p.key, toData(p.value)]));
}

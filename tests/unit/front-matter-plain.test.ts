import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUrlFields } from '../../generator/load/front-matter-fields.ts';
import { parseFrontMatter, readYaml } from '../../generator/load/front-matter.ts';
import { readPlainFrontMatter } from '../../generator/load/front-matter-plain.ts';
import { listFiles } from '../../generator/load/files.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

// The plain reader is a shortcut: whenever it answers, the full YAML reader must give the same
// data, the same key lines and the same problems; whenever the two could differ, it must decline.

const KEYS = ['title', 'description', 'image', 'link', 'href', 'ctaUrl', 'order', 'date', 'items', 'label', 'a', 'b'];
const TRICKY = [
  ...['true', 'True', 'TRUE', 'false', 'FALSE', 'null', 'Null', 'NULL', '~', 'tRUE', 'nULL'],
  ...[
    '0o17',
    '0o8',
    '0x1F',
    '0xg',
    '-0',
    '+5',
    '007',
    '1e3',
    '-1.5E-2',
    '-.5',
    '.5',
    '3.',
    '1_000',
    '.inf',
    '-.Inf',
    '.nan',
  ],
  ...['2024-05-28', '12:30', '1:2', 'a: b', 'a:b', 'a #b', 'a#b', 'x:', 'x::y', '#c', '- x', '-x', '-', '?x', ':x'],
  ...['@x', '`x', '%x', '[a, b]', '{a: 1}', '*a', '&a x', '!a x', '|', '>', '"q"', "'q'", 'a"b', "a'b", '""', "''"],
  ...[
    '"a" b',
    '"a',
    "'it''s'",
    '"a\\"b"',
    '/images/x.svg',
    '//evil.example/x',
    'javascript:alert(1)',
    'https://x.example/',
  ],
  ...[
    'http://x.example/?a=b#c',
    ' data:x',
    'mailto:x@y.example',
    '中文：標點、符號',
    '46 家中的 31 家',
    'CW-UD20',
    'a, b',
  ],
];
const word = fc.stringMatching(/^[A-Za-z\u4e2d\u6587][A-Za-z0-9 .,/\u4e2d\u6587-]{0,10}$/);
const quoted = fc
  .tuple(fc.constantFrom('"', "'"), fc.string({ unit: fc.constantFrom('a', ' ', '#', ':', '"', "'", '\\', '中', '-') }))
  .map(([q, s]) => `${q}${s}${q}`);
const flow = fc
  .array(fc.oneof(word, fc.constantFrom(...TRICKY), quoted), { maxLength: 3 })
  .chain((items) => fc.constantFrom(`[${items.join(', ')}]`, `[${items.join(',')}]`, `[ ${items.join(' , ')} ]`));
const scalar = fc.oneof(
  { arbitrary: word, weight: 12 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 2 },
  { arbitrary: quoted, weight: 2 },
  { arbitrary: flow, weight: 1 },
);

/** Mostly distinct keys, as people write them; a repeated one now and then. */
const pairs = <T>(value: fc.Arbitrary<T>, max: number) =>
  fc.oneof(
    {
      arbitrary: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), value), {
        minLength: 1,
        maxLength: max,
        selector: ([k]) => k,
      }),
      weight: 5,
    },
    { arbitrary: fc.array(fc.tuple(fc.constantFrom(...KEYS), value), { minLength: 1, maxLength: max }), weight: 1 },
  );

type Tree = string | { map: [string, Tree][] } | { seq: Tree[] };
const tree = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.record({ map: pairs(tie('node'), 4) }),
    fc.record({ seq: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
  ),
})).node;
const layout = fc.record({
  step: fc.constantFrom(1, 2, 4),
  compact: fc.boolean(),
  blank: fc.boolean(),
  trail: fc.boolean(),
});

/** Writes a tree as block YAML, in one of several layouts people use. */
function toYaml(
  root: [string, Tree][],
  style: { step: number; compact: boolean; blank: boolean; trail: boolean },
): string {
  const lines: string[] = [];
  const pad = (n: number) => ' '.repeat(n);
  const end = style.trail ? '  ' : '';
  const writeMap = (pairs: [string, Tree][], indent: number, firstPrefix: string | null) => {
    pairs.forEach(([key, value], i) => {
      const head = i === 0 && firstPrefix !== null ? firstPrefix : pad(indent);
      if (typeof value === 'string') lines.push(`${head}${key}: ${value}${end}`);
      else {
        lines.push(`${head}${key}:${end}`);
        if (style.blank) lines.push('');
        const child = 'seq' in value && style.compact && firstPrefix === null ? indent : indent + style.step;
        writeNode(value, child);
      }
    });
  };
  const writeNode = (node: Tree, indent: number) => {
    if (typeof node === 'string') lines.push(`${pad(indent)}${node}`);
    else if ('map' in node) writeMap(node.map, indent, null);
    else
      for (const item of node.seq) {
        if (typeof item === 'string') lines.push(`${pad(indent)}- ${item}${end}`);
        else if ('map' in item) writeMap(item.map, indent + 2, `${pad(indent)}- `);
        else {
          lines.push(`${pad(indent)}-`);
          writeNode(item, indent + style.step);
        }
      }
  };
  writeMap(root, 0, null);
  return lines.join('\n');
}

describe('the plain front matter reader', () => {
  it('gives what the YAML reader gives whenever it answers, and declines otherwise', () => {
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), tree), { minLength: 1, maxLength: 5 }),
        layout,
        (root, style) => {
          runs++;
          const text = toYaml(root, style);
          const plain = readPlainFrontMatter('page.md', text);
          if (plain === null) return;
          answered++;
          const full = readYaml('page.md', text);
          expect('problem' in full ? full.problem.message : null, text).toBeNull();
          if ('problem' in full) return;
          expect(plain.data, text).toStrictEqual(full.data);
          expect(plain.keyLines, text).toStrictEqual(full.keyLines);
          expect(full.problems.map((p) => [p.message, p.loc])).toEqual(
            (readPlainProblems(text) ?? []).map((p) => [p.message, p.loc]),
          );
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 600) },
    );
    // Not a vacuous pass: a good share of what people write takes the shortcut.
    expect(answered / runs).toBeGreaterThan(0.2);
  });

  it('agrees with the YAML reader on every tricky value, as a value, a list item and in a `[ ]` list', () => {
    for (const value of TRICKY) {
      for (const text of [`a: ${value}`, `a:\n  - ${value}`, `a: [${value}]`, `a: [x, ${value}]`, `image: ${value}`]) {
        const plain = readPlainFrontMatter('page.md', text);
        if (plain === null) continue;
        const full = readYaml('page.md', text);
        if ('problem' in full)
          throw new Error(`${text}: the plain reader answered where YAML says ${full.problem.message}`);
        expect(plain.data, text).toStrictEqual(full.data);
        expect(
          readPlainProblems(text)?.map((p) => [p.message, p.loc]),
          text,
        ).toEqual(full.problems.map((p) => [p.message, p.loc]));
      }
    }
  });

  it('reads every page of the real site, so a build of it never loads the YAML parser', async () => {
    const content = path.join(REPO_ROOT, 'site/content');
    const { files } = await listFiles(REPO_ROOT, content);
    expect(files.filter((f) => f.endsWith('.md')).length).toBeGreaterThan(100);
    const declined = files.filter((file) => {
      const text = readFileSync(path.join(content, file), 'utf8');
      const matter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
      return matter !== undefined && readPlainFrontMatter(file, matter) === null;
    });
    expect(declined).toEqual([]);
  });

  it('names a bad URL field at the same place as the YAML reader', () => {
    const text =
      'title: "A page"\nimage: javascript:alert(1)\ncards:\n  - link: /en/contact\n    href: //evil.example/\n';
    const plain = readPlainProblems(text);
    const full = readYaml('page.md', text);
    if ('problem' in full) throw new Error(full.problem.message);
    expect(plain?.map((p) => [p.code, p.loc])).toEqual([
      ['FRONT_MATTER_INVALID', { file: 'page.md', line: 3, column: 1 }],
      ['FRONT_MATTER_INVALID', { file: 'page.md', line: 6, column: 5 }],
    ]);
    expect(full.problems.map((p) => [p.code, p.loc])).toEqual(plain?.map((p) => [p.code, p.loc]));
  });
});

function readPlainProblems(text: string) {
  const plain = readPlainFrontMatter('page.md', text);
  return plain ? findUrlFields(plain.fields, '').problems : null;
}

describe('a content file as a Windows editor saves it', () => {
  it('reads CR LF line endings and a byte order mark as it reads the same file with LF: the same data, lines and body', async () => {
    const { files } = await listFiles(REPO_ROOT, path.join(REPO_ROOT, 'site/content'));
    // Every page of the real site: quoted values end lines, lists and maps nest.
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(path.join(REPO_ROOT, 'site/content', file), 'utf8');
      const unix = parseFrontMatter(file, text);
      for (const saved of [text.replace(/\n/g, '\r\n'), `\uFEFF${text.replace(/\n/g, '\r\n')}`]) {
        expect(parseFrontMatter(file, saved), file).toEqual(unix);
      }
    }
  });
});

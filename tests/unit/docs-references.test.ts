import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/make-site.ts';

// Comments cite the project's own contract, docs/behaviour.md and docs/architecture.md, by section
// heading, so that whoever clones the repository can follow every reference. This keeps out
// references to documents that are not in the repository, and citations of headings that do not
// exist (a heading renamed without its citations).

/** Where the code and its comments live: folders walked recursively, and single files. */
const SCANNED = ['generator', 'runtime', 'site/templates', 'site/site.config.ts', 'tests', 'scripts', 'bench'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|jsx|md|css|json|html|txt)$/;

// Built from parts, so that this file does not match itself.
const FORBIDDEN = ['SPEC ' + '\u00a7', '../' + 'shared', 'ARCHITECTURE' + '.md'];

/** A citation: the document, then the heading up to the first punctuation or the end of the line. */
const CITATION = /\b(behaviour|architecture)\.md: ([A-Z][\w'-]*(?: [\w'-]+)*)/g;

function listFiles(relative: string): string[] {
  const absolute = path.join(REPO_ROOT, relative);
  const stats = lstatSync(absolute, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return [];
  if (stats.isFile()) return TEXT_FILE.test(relative) ? [relative] : [];
  if (!stats.isDirectory()) return [];
  return readdirSync(absolute)
    .filter((name) => !SKIPPED_FOLDERS.has(name))
    .sort()
    .flatMap((name) => listFiles(`${relative}/${name}`));
}

function readHeadings(doc: string): Set<string> {
  const text = readFileSync(path.join(REPO_ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} +(.+?)\s*$/gm)].map((m) => m[1] as string));
}

const files = SCANNED.flatMap(listFiles);
const headings: Record<string, Set<string>> = {
  behaviour: readHeadings('behaviour.md'),
  architecture: readHeadings('architecture.md'),
};

function eachLine(visit: (file: string, line: number, text: string) => void): void {
  for (const file of files) {
    readFileSync(path.join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .forEach((text, i) => visit(file, i + 1, text));
  }
}

describe('references in the code stay inside the repository', () => {
  it('scans the code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('site/site.config.ts');
  });

  it('reads a citation up to its punctuation', () => {
    // Built from parts, like FORBIDDEN: an example written out would be checked as a citation.
    const line = ['// x-default first (behaviour', '.md: Head and SEO); see architecture', '.md: Style, rule 7'].join(
      '',
    );
    expect([...line.matchAll(CITATION)].map((m) => `${m[1]}: ${m[2]}`)).toEqual([
      'behaviour: Head and SEO',
      'architecture: Style',
    ]);
  });

  it('mentions no document outside the repository', () => {
    const found: string[] = [];
    eachLine((file, line, text) => {
      for (const word of FORBIDDEN) if (text.includes(word)) found.push(`${file}:${line}: ${word}`);
    });
    expect(found).toEqual([]);
  });

  it('cites only section headings that exist in docs/', () => {
    const unknown: string[] = [];
    eachLine((file, line, text) => {
      for (const [, doc, heading] of text.matchAll(CITATION)) {
        if (!headings[doc as string]?.has(heading as string))
          unknown.push(`${file}:${line}: "${heading}" is no heading of docs/${doc}.md`);
      }
    });
    expect(unknown).toEqual([]);
  });
});

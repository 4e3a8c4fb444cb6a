import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree } from '../../generator/write/out-dir.ts';

// Removing the previous output after a build: a link in it is removed, never followed
// (docs/behaviour.md, Safety).

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with the given files (path → contents), each folder made on the way. */
function makeTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'site-out-dir-'));
  made.push(root);
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  }
  return root;
}

describe('removing the previous output', () => {
  it('removes every file and folder, and a link inside it, never what the link points at', () => {
    const outside = makeTree({ 'search/keep.txt': 'not the build’s', 'en/keep.txt': 'not the build’s either' });
    const root = makeTree({ 'previous/index.html': 'home', 'previous/news/news1/index.html': 'news' });
    const previous = path.join(root, 'previous');
    symlinkSync(outside, path.join(previous, '_app'));
    symlinkSync(path.join(outside, 'en'), path.join(previous, 'en'));
    removeTree(previous);
    expect(existsSync(previous)).toBe(false);
    expect(readdirSync(outside).sort()).toEqual(['en', 'search']);
    expect(readdirSync(path.join(outside, 'search'))).toEqual(['keep.txt']);
    expect(readdirSync(path.join(outside, 'en'))).toEqual(['keep.txt']);
  });

  it('removes a link given as the folder to remove, and nothing it points at', () => {
    const outside = makeTree({ 'keep.txt': 'not the build’s' });
    const root = makeTree({});
    const link = path.join(root, 'previous');
    symlinkSync(outside, link);
    removeTree(link);
    expect(existsSync(link)).toBe(false);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
  });
});

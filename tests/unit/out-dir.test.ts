import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removePrevious, removeTree } from '../../generator/write/out-dir.ts';

// Removing the previous output after a build: a share of it goes to a worker's thread, the rest is
// removed here, and a link in it is removed, never followed (docs/behaviour.md, Safety).

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

/** A share that removes what it is handed at once, as a worker does, and keeps what it was handed. */
function recordingShare(paths: readonly string[]) {
  const handed: string[] = [];
  return {
    handed,
    share: {
      paths,
      remove: async (folders: string[]) => {
        handed.push(...folders);
        for (const folder of folders) removeTree(folder);
      },
    },
  };
}

describe('removing the previous output', () => {
  it('hands the shared folders to the other thread, nested ones too, and leaves nothing', async () => {
    const root = makeTree({
      'previous/index.html': 'home',
      'previous/news/news1/index.html': 'news',
      'previous/en/index.html': 'home',
      'previous/en/news/news1/index.html': 'news',
      'previous/_app/app.js': 'code',
      'previous/_app/search/zhHant.abc/fragment/1.pf_fragment': 'entry',
      'previous/_app/search/en.def/fragment/1.pf_fragment': 'entry',
    });
    const previous = path.join(root, 'previous');
    const { handed, share } = recordingShare(['en', '_app/search', 'ja']);
    await removePrevious(previous, share);
    // Only what exists is handed over.
    expect(handed.map((dir) => path.relative(previous, dir))).toEqual(['en', path.join('_app', 'search')]);
    expect(existsSync(previous)).toBe(false);
  });

  it('removes a link on the way to a shared folder, and never what it points at', async () => {
    const outside = makeTree({ 'search/keep.txt': 'not the build’s', 'en/keep.txt': 'not the build’s either' });
    const root = makeTree({ 'previous/index.html': 'home' });
    const previous = path.join(root, 'previous');
    // `_app` and `en` are links to a folder outside the output.
    symlinkSync(outside, path.join(previous, '_app'));
    symlinkSync(path.join(outside, 'en'), path.join(previous, 'en'));
    const { handed, share } = recordingShare(['en', '_app/search']);
    await removePrevious(previous, share);
    expect(handed).toEqual([]);
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

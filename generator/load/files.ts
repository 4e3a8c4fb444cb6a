import type { Dirent } from 'node:fs';
import { readFile, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, toProblem } from '../problems/problem.ts';
import { isInside } from '../paths.ts';
import type { SiteProblem } from '../types.ts';

// Nothing outside the project is read into the site (behaviour.md: Safety). Source folders are
// listed by this walker rather than a glob: a symbolic link is followed only when its target lies
// inside the project; a link that leaves it, or points at nothing, is a problem naming the link and
// its target, and is never opened. Hidden entries (a name starting with a dot) are listed apart,
// without descending into hidden folders.

export interface ListedFiles {
  /** Files under the folder, relative to it with `/` separators, sorted. */
  readonly files: string[];
  /** Hidden files and folders (`.DS_Store`, `.git/`), relative to the folder, sorted. */
  readonly hidden: string[];
  readonly problems: SiteProblem[];
}

export interface ListOptions {
  /** Hidden folders whose files are listed like any other (`.well-known` of site/public). */
  readonly openHidden?: readonly string[];
}

/** Lists every file under `dir` (inside the project `root`); a missing folder lists nothing. */
export async function listFiles(root: string, dir: string, options: ListOptions = {}): Promise<ListedFiles> {
  const realRoot = await realpath(root);
  const result: ListedFiles = { files: [], hidden: [], problems: [] };
  // A folder linked from inside itself is listed once: `ancestors` holds the folders being visited.
  const visit = async (absolute: string, relative: string, ancestors: ReadonlySet<string>): Promise<void> => {
    const real = await realpath(absolute).catch(() => null);
    if (real === null || ancestors.has(real)) return;
    const inside = new Set(ancestors).add(real);
    const entries = await readdir(absolute, { withFileTypes: true }).catch(() => [] as Dirent[]);
    await Promise.all(
      entries.map(async (entry) => {
        const child = relative ? `${relative}/${entry.name}` : entry.name;
        const full = path.join(absolute, entry.name);
        const hidden = entry.name.startsWith('.') && !options.openHidden?.includes(child);
        if (hidden && entry.isSymbolicLink()) {
          // Never followed: an editor's lock file is such a link, to nothing (Emacs writes `.#about.md`
          // while a file has unsaved changes), and a build must not fail while someone types.
          result.hidden.push(child);
          return;
        }
        let kind: 'file' | 'dir' | null = entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : null;
        if (entry.isSymbolicLink()) kind = await toLinkKind(realRoot, root, full, result.problems);
        if (kind === null) return;
        if (entry.name.startsWith('.') && !(kind === 'dir' && options.openHidden?.includes(child))) {
          result.hidden.push(kind === 'dir' ? `${child}/` : child);
          return;
        }
        if (kind === 'dir') await visit(full, child, inside);
        else result.files.push(child);
      }),
    );
  };
  await visit(dir, '', new Set());
  result.files.sort();
  result.hidden.sort();
  result.problems.sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
  return result;
}

/** What a symbolic link is, when it may be followed; otherwise its problem is recorded. */
async function toLinkKind(
  realRoot: string,
  root: string,
  link: string,
  problems: SiteProblem[],
): Promise<'file' | 'dir' | null> {
  const loc = { file: path.relative(root, link).split(path.sep).join('/'), line: 1, column: 1 };
  const target = await readlink(link).catch(() => '?');
  const real = await realpath(link).catch(() => null);
  if (real === null) {
    problems.push(toProblem('SYMLINK_BROKEN', { link: loc.file, target }, loc));
    return null;
  }
  if (!isInside(real, realRoot)) {
    problems.push(toProblem('SYMLINK_OUTSIDE', { link: loc.file, target: real }, loc));
    return null;
  }
  const stats = await stat(real);
  return stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : null;
}

/**
 * Reads one source file (watch mode reads changed files one by one): null when it is gone; a
 * file that resolves outside the project is refused like the listing refuses it.
 */
export async function readSourceFile(root: string, file: string): Promise<Buffer | null> {
  const absolute = path.resolve(root, file);
  const real = await realpath(absolute).catch(() => null);
  if (real === null) return null;
  if (!isInside(real, await realpath(root))) {
    const loc = { file, line: 1, column: 1 };
    throw new SiteError([toProblem('SYMLINK_OUTSIDE', { link: file, target: real }, loc)]);
  }
  return readFile(real).catch(() => null);
}

import { isUtf8 } from 'node:buffer';
import type { Dirent } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { toProblem } from '../problems/problem.ts';
import { isInside } from '../paths.ts';
import type { SiteProblem } from '../types.ts';
import { findWrittenFolder, type WrittenFolder } from './written-folders.ts';

// Nothing outside the project is read into the site (behaviour.md: Safety): links are followed only
// inside it. Names are read as bytes, so a non-UTF-8 one (a zip made on Windows) is reported, not lost.

interface ListedFiles {
  /** Files under the folder, relative to it with `/` separators, sorted. */
  readonly files: string[];
  /** Hidden files and folders (`.DS_Store`, `.git/`), relative to the folder, sorted. */
  readonly hidden: string[];
  readonly problems: SiteProblem[];
}

interface ListOptions {
  /** Hidden folders whose files are listed like any other (`.well-known` of site/public). */
  readonly openHidden?: readonly string[];
  /** The code of a name that is not UTF-8: the content folder's own rule unless said. */
  readonly misnamed?: 'CONTENT_FILE_NAME' | 'FILE_NAME_NOT_UTF8';
  /** What the tool writes: a link (or a folder reached through one) that resolves into it is refused. */
  readonly written?: readonly WrittenFolder[];
}

interface Listing {
  readonly root: string;
  readonly realRoot: string;
  readonly options: ListOptions;
  readonly result: ListedFiles;
}

/** Lists every file under `dir` (inside the project `root`); a missing folder lists nothing. */
export async function listFiles(root: string, dir: string, options: ListOptions = {}): Promise<ListedFiles> {
  const listing: Listing = {
    root,
    realRoot: await realpath(root),
    options,
    result: { files: [], hidden: [], problems: [] },
  };
  await visitFolder(listing, dir, '', new Set());
  const { result } = listing;
  result.files.sort();
  result.hidden.sort();
  result.problems.sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
  return result;
}

/** Lists one folder; a folder linked from inside itself is listed once (`ancestors`: those being visited). */
async function visitFolder(
  listing: Listing,
  absolute: string,
  relative: string,
  ancestors: ReadonlySet<string>,
): Promise<void> {
  const real = await realpath(absolute).catch(() => null);
  if (real === null || ancestors.has(real)) return;
  if (relative !== '' && checkWritten(listing, absolute, real)) return;
  const inside = new Set(ancestors).add(real);
  const entries = await readdir(absolute, { withFileTypes: true, encoding: 'buffer' }).catch(
    () => [] as Dirent<Buffer>[],
  );
  await Promise.all(entries.map((entry) => visitEntry(listing, entry, absolute, relative, inside)));
}

async function visitEntry(
  listing: Listing,
  entry: Dirent<Buffer>,
  folder: string,
  relative: string,
  ancestors: ReadonlySet<string>,
): Promise<void> {
  const { options, result } = listing;
  const name = toNameText(entry.name);
  const child = relative ? `${relative}/${name}` : name;
  const hidden = name.startsWith('.') && !options.openHidden?.includes(child);
  if (hidden && entry.isSymbolicLink()) {
    // Never followed: Emacs's lock file `.#about.md` links to nothing, and no build may fail while one types.
    result.hidden.push(child);
    return;
  }
  const full = path.join(folder, name);
  if (!hidden && !isUtf8(entry.name)) {
    result.problems.push(toMisnamed(listing, full, entry.isDirectory()));
    return;
  }
  let kind: 'file' | 'dir' | null = entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : null;
  if (entry.isSymbolicLink()) kind = await toLinkKind(listing, full);
  if (kind === null) return;
  if (name.startsWith('.') && !(kind === 'dir' && options.openHidden?.includes(child))) {
    result.hidden.push(kind === 'dir' ? `${child}/` : child);
    return;
  }
  if (kind === 'dir') await visitFolder(listing, full, child, ancestors);
  else result.files.push(child);
}

function toShownPath(listing: Listing, file: string): string {
  return path.relative(listing.root, file).split(path.sep).join('/');
}

/** The problem of a name that is not UTF-8, as its bytes allow (`caf\xE9.en.md`). */
function toMisnamed(listing: Listing, full: string, folder: boolean): SiteProblem {
  const file = toShownPath(listing, full) + (folder ? '/' : '');
  const loc = { file, line: 1, column: 1 };
  if (listing.options.misnamed === 'FILE_NAME_NOT_UTF8') return toProblem('FILE_NAME_NOT_UTF8', { file }, loc);
  const reason = `\`${path.posix.basename(file)}\` is not UTF-8 (the bytes that are not are shown as \`\\xNN\`), so it cannot be the page's URL`;
  const hint =
    "Rename it with ASCII letters, digits and `-` (a zip made on Windows names files in the system's own code page, Big5 or Latin-1: unpack it with a tool that converts the names).";
  return toProblem('CONTENT_FILE_NAME', { reason, locales: '', hint }, loc);
}

/** A name's bytes as text: UTF-8 where they are, each other byte as `\xNN` (not lost to replacement characters). */
export function toNameText(name: Buffer): string {
  if (isUtf8(name)) return name.toString();
  let text = '';
  for (let at = 0; at < name.length;) {
    // The shortest run of bytes that is UTF-8 is one character.
    const size = [1, 2, 3, 4].find((n) => at + n <= name.length && isUtf8(name.subarray(at, at + n)));
    const byte = (name[at] as number).toString(16).toUpperCase().padStart(2, '0');
    text += size === undefined ? `\\x${byte}` : name.toString('utf8', at, at + size);
    at += size ?? 1;
  }
  return text;
}

/** Whether a folder resolves into one the tool writes (then a problem is recorded). */
function checkWritten(listing: Listing, absolute: string, real: string): boolean {
  const into = findWrittenFolder(real, listing.options.written ?? []);
  if (!into) return false;
  const link = toShownPath(listing, absolute);
  listing.result.problems.push(
    toProblem('SYMLINK_INTO_OUTPUT', { link, target: real, what: into.what }, { file: link, line: 1, column: 1 }),
  );
  return true;
}

/** What a symbolic link is, when it may be followed; otherwise its problem is recorded. */
async function toLinkKind(listing: Listing, link: string): Promise<'file' | 'dir' | null> {
  const { problems } = listing.result;
  const loc = { file: toShownPath(listing, link), line: 1, column: 1 };
  const target = await readlink(link).catch(() => '?');
  const real = await realpath(link).catch(() => null);
  if (real === null) {
    problems.push(toProblem('SYMLINK_BROKEN', { link: loc.file, target }, loc));
    return null;
  }
  if (checkWritten(listing, link, real)) return null;
  if (!isInside(real, listing.realRoot)) {
    problems.push(toProblem('SYMLINK_OUTSIDE', { link: loc.file, target: real }, loc));
    return null;
  }
  const stats = await stat(real);
  return stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : null;
}

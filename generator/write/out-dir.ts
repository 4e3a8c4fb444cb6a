import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { SiteError, toProblem } from '../problems/problem.ts';
import { isInside, toBesideOutput } from '../paths.ts';
import type { SiteProblem } from '../types.ts';

// The output folder is the tool's own (docs/behaviour.md: Safety). A build replaces a folder only
// when it is absent, empty, or carries the marker the build writes; it never replaces a folder
// that holds a project, the project itself, or one of its ancestors. The new output is assembled
// in a staging folder beside `<out>` and swapped in with two renames; a command that finds the
// swap interrupted (the process was killed) puts the previous output back before anything else.

/** Written into every output folder: the build replaces only folders that carry it. */
export const OUTPUT_MARKER = '.site-output';
const MARKER_TEXT = 'Written by `site build`: this folder is replaced by every build. Do not keep other files here.\n';

/** Leftover folders beside `<out>`: `.<out>.staging-<pid>-<id>` (being written), `.<out>.previous-…` (swapped out). */
const LEFTOVER = /^\.(.+)\.(staging|previous)-(\d+)-([\w-]+)$/;

/** Refuses an output folder that is not the tool's to replace, before a byte is written. */
export function checkOutDir(root: string, outDir: string): void {
  const out = toRealPath(outDir);
  const unsafe = toUnsafeReason(toRealPath(root), out);
  if (unsafe) throw new SiteError([toProblem('OUT_DIR_UNSAFE', { dir: out, reason: unsafe })]);
  const foreign = toForeignContents(out);
  if (foreign) throw new SiteError([toProblem('OUT_DIR_NOT_OURS', { dir: out, contents: foreign })]);
}

/** Why a folder may never be an output folder, or null. */
function toUnsafeReason(root: string, out: string): string | null {
  const home = toRealPath(homedir());
  if (out === path.parse(out).root) return 'it is the root of the file system';
  if (isInside(home, out)) return out === home ? 'it is your home folder' : 'it holds your home folder';
  if (isInside(root, out)) return out === root ? 'it is the project itself' : 'it holds the project';
  if (isInside(out, path.join(root, 'site'))) return "it is inside the site's sources";
  if (isInside(out, path.join(root, 'node_modules'))) return 'it is inside node_modules';
  if (isInside(out, path.join(root, '.git'))) return "it is inside the project's Git folder";
  const held = ['site', '.git', 'package.json'].find((name) => existsSync(path.join(out, name)));
  if (held) return `it holds \`${held}\`, so it looks like a project, not an output folder`;
  return null;
}

/** What makes an existing folder someone else's: a summary of its entries, or null when it is ours. */
function toForeignContents(out: string): string | null {
  if (!existsSync(out)) return null;
  if (!lstatSync(out).isDirectory()) return 'a file of that name (it is not a folder)';
  const entries = readdirSync(out);
  if (entries.length === 0 || isOurs(out)) return null;
  const shown = entries.sort().slice(0, 5).join(', ');
  return `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} (${shown}${entries.length > 5 ? ', …' : ''})`;
}

/** Ours: the marker, or the manifests of a build written before the marker existed. */
function isOurs(dir: string): boolean {
  return (
    existsSync(path.join(dir, OUTPUT_MARKER)) ||
    (existsSync(path.join(dir, 'builds/latest.json')) && existsSync(path.join(dir, 'builds/meta')))
  );
}

/**
 * The real path of a folder, or of its nearest existing ancestor with the rest appended: an `out`
 * that is a link to a folder is built into that folder (the staging folder beside it, the link left
 * as it is) instead of replacing the link.
 */
export function toRealPath(dir: string): string {
  const absolute = path.resolve(dir);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(toRealPath(parent), path.basename(absolute));
  }
}

/** The staging folder beside `<out>`, marked as ours before anything is written into it. */
export function createStaging(outDir: string, buildId: string): string {
  const out = path.resolve(outDir);
  const staging = `${toBesideOutput(out, 'staging')}${process.pid}-${buildId}`;
  try {
    mkdirSync(staging, { recursive: true });
    writeFileSync(path.join(staging, OUTPUT_MARKER), MARKER_TEXT);
  } catch (cause) {
    const { message, code } = cause as NodeJS.ErrnoException;
    const problem = toProblem('OUTPUT_FAILED', { reason: `cannot create ${staging}: ${message}`, code });
    throw new SiteError([problem], { cause });
  }
  return staging;
}

/**
 * Swaps the finished staging folder into place and returns where the previous output now is, to
 * be removed (null when there was none). Between the two renames `<out>` is absent; a kill there
 * leaves `.<out>.previous-…`, which the next command renames back (recoverOutDir), as it removes a
 * previous output left behind.
 */
export function swapIntoPlace(staging: string, outDir: string): string | null {
  const out = path.resolve(outDir);
  const previous = staging.replace(/\.staging-(?=\d+-[\w-]+$)/, '.previous-');
  const hadOutput = existsSync(out);
  if (hadOutput) renameSync(out, previous);
  stopForTest('out-moved');
  try {
    renameSync(staging, out);
  } catch (cause) {
    if (hadOutput) renameSync(previous, out);
    throw cause;
  }
  stopForTest('staging-moved');
  return hadOutput ? previous : null;
}

/** Removes a folder of the build's own and everything in it; a missing one is not an error. A link is removed, never followed. */
export function removeTree(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Repairs what an interrupted build left beside `<out>`: puts the previous output back when `<out>`
 * is missing, and removes staging and previous folders of processes that are gone. Folders of a
 * build still running are left alone. Returns a warning when it restored the output.
 */
export function recoverOutDir(outDir: string): SiteProblem | null {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return null;
  }
  const leftovers = names
    .map((name) => ({ name, match: LEFTOVER.exec(name) }))
    .filter(({ match }) => match?.[1] === path.basename(out) && !isRunning(Number(match[3])))
    .map(({ name, match }) => ({ dir: path.join(parent, name), kind: match?.[2] }))
    .filter(({ dir }) => isOurs(dir) || readdirSync(dir).length === 0);
  let restored: SiteProblem | null = null;
  const previous = leftovers.find((l) => l.kind === 'previous');
  if (previous && !existsSync(out)) {
    renameSync(previous.dir, out);
    restored = toProblem('OUTPUT_RECOVERED', { dir: out });
  }
  for (const leftover of leftovers) if (leftover !== previous || !restored) removeTree(leftover.dir);
  return restored;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Tests stop the process at a named step of the swap (SITE_TEST_KILL_AT) to prove the recovery. */
export function stopForTest(step: string): void {
  if (process.env.SITE_TEST_KILL_AT === step) process.kill(process.pid, 'SIGKILL');
}

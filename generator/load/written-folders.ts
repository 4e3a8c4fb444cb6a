import { realpath } from 'node:fs/promises';
import { CACHE_DIR, isInside, toBesideOutput } from '../paths.ts';

// Never read back what the tool writes (behaviour.md: Safety): a link into the output would
// publish every build into the next.

export interface WrittenFolder {
  /** Its real path; with `prefix`, the start of the real paths of folders made beside the output. */
  readonly dir: string;
  readonly prefix?: boolean;
  readonly what: string;
}

/** The output folder (`outDir`, its real path), those beside it (paths.ts: toBesideOutput), and the caches. */
export async function loadWrittenFolders(outDir: string | null): Promise<WrittenFolder[]> {
  const folders: WrittenFolder[] = [
    { dir: await realpath(CACHE_DIR).catch(() => CACHE_DIR), what: "the build's cache folder" },
  ];
  if (outDir === null) return folders;
  const beside = (kind: 'staging' | 'previous') => toBesideOutput(outDir, kind);
  folders.push(
    { dir: outDir, what: 'the output folder' },
    { dir: beside('staging'), prefix: true, what: 'a folder a build writes its output into' },
    { dir: beside('previous'), prefix: true, what: 'a previous output, kept while a build swaps it out' },
  );
  return folders;
}

export function findWrittenFolder(real: string, folders: readonly WrittenFolder[]): WrittenFolder | undefined {
  return folders.find((folder) => (folder.prefix ? real.startsWith(folder.dir) : isInside(real, folder.dir)));
}

import { createHash, randomBytes } from 'node:crypto';

// Build ids (behaviour.md: Build id). `site build` derives the id from what it writes: the start of
// the build's year in base 36 (the footer's copyright year is read from it), then twelve hex digits
// of a hash over every file of the build but the manifests, with the id itself left out. Unchanged
// sources give the same id and byte-identical output, on any machine and from any folder.

/** A watch session's id: time first, then randomness (its pages are never deployed). */
export function newBuildId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/**
 * The build's time in ms: `SOURCE_DATE_EPOCH` (seconds, the reproducible-builds convention) when
 * it is set to a whole number (`fixed`), else now.
 */
export function toBuildTime(env: NodeJS.ProcessEnv = process.env): { time: number; fixed: boolean } {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  return epoch && /^\d{1,12}$/.test(epoch)
    ? { time: Number(epoch) * 1000, fixed: true }
    : { time: Date.now(), fixed: false };
}

/** `<start of the year in base 36>-`: the part of the id that is known before the pages are. */
function toYearPrefix(time: number): string {
  return `${Date.UTC(new Date(time).getUTCFullYear(), 0, 1).toString(36)}-`;
}

/**
 * A stand-in the pages are rendered with while their id is not known yet: the id's shape, with
 * random digits no page text will contain. Replaced in every page before it is written.
 */
export function newPlaceholderId(time: number): string {
  return `${toYearPrefix(time)}${randomBytes(6).toString('hex')}`;
}

/** Hashes the files of a build, in any order, into its id. */
export class BuildDigest {
  private readonly files: string[] = [];

  constructor(
    private readonly time: number,
    /** The stand-in the pages carry, hashed as if it were absent. */
    private readonly placeholder: string,
  ) {}

  add(file: string, contents: string | Uint8Array): void {
    const bytes = typeof contents === 'string' ? contents.replaceAll(this.placeholder, '') : contents;
    this.files.push(`${file}\0${createHash('sha256').update(bytes).digest('hex')}`);
  }

  toId(): string {
    const all = createHash('sha256').update(this.files.sort().join('\n')).digest('hex');
    return `${toYearPrefix(this.time)}${all.slice(0, 12)}`;
  }
}

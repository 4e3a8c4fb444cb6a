import { createHash, randomBytes } from 'node:crypto';
import { SiteError, toProblem } from './problems/problem.ts';

// Build ids (behaviour.md: Build id). `site build` derives the id from what it writes: the start of
// the build's year in base 36 (the footer's copyright year is read from it), then twelve hex digits
// of a hash over every file of the build but the manifests, with the id itself left out. Unchanged
// sources give the same id and byte-identical output, on any machine and from any folder.

/** A watch session's id: time first, then randomness (its pages are never deployed). */
export function newBuildId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** The latest time SOURCE_DATE_EPOCH may give, in seconds: the last second of the year 9999. */
const LATEST_EPOCH = 253_402_300_799;

/**
 * The build's time in ms: `SOURCE_DATE_EPOCH` (seconds, the reproducible-builds convention) when
 * it is set (`fixed`), else now. Set but not a whole number of seconds (a CI step whose command
 * failed, a date written out), it is refused, as the convention asks: a build that quietly took the
 * clock's time instead would not be the reproducible one it was asked for.
 */
export function toBuildTime(env: NodeJS.ProcessEnv = process.env): { time: number; fixed: boolean } {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (!epoch) return { time: Date.now(), fixed: false };
  if (!/^\d{1,12}$/.test(epoch) || Number(epoch) > LATEST_EPOCH)
    throw new SiteError([
      toProblem('SOURCE_DATE_EPOCH_INVALID', { value: epoch.length > 40 ? `${epoch.slice(0, 40)}…` : epoch }),
    ]);
  return { time: Number(epoch) * 1000, fixed: true };
}

/** `<start of the year in base 36>-`: the part of the id that is known before the pages are. */
function toYearPrefix(time: number): string {
  return `${Date.UTC(new Date(time).getUTCFullYear(), 0, 1).toString(36)}-`;
}

/**
 * A file that carries the stand-in id: its bytes, their hash without the stand-in, and its places.
 * The bytes are a view of the encoding buffer, good until the next draft: written (or copied) at once.
 */
export interface Draft {
  readonly bytes: Buffer;
  readonly hash: string;
  /** The byte offsets of the stand-in, where the id is written once it is known. */
  readonly at: readonly number[];
  /**
   * Asked for (a page's document), the hash of its `<main>` element, stand-in left out: what the
   * search index reads of the page, whatever the scripts and styles it names. Null without one.
   */
  readonly mainHash?: string | null;
}

/**
 * Where a draft is encoded: one buffer, reused page after page. A new buffer for every page
 * (`Buffer.from`) is slower to encode into, and leaves the collector memory outside the heap for
 * every page of a large build.
 */
let encoding = Buffer.allocUnsafe(1 << 20);

/** Encodes a text that carries the stand-in `mark` and hashes it with the stand-in left out. */
export function toDraft(mark: Buffer, text: string, withMain = false): Draft {
  // UTF-8 takes at most three bytes for a UTF-16 unit (four for a pair of two).
  if (text.length * 3 > encoding.length) encoding = Buffer.allocUnsafe(Math.max(text.length * 3, encoding.length * 2));
  const bytes = encoding.subarray(0, encoding.write(text));
  const at: number[] = [];
  for (let i = bytes.indexOf(mark); i !== -1; i = bytes.indexOf(mark, i + mark.length)) at.push(i);
  /** The hash of the bytes from `start` to `end`, the stand-ins among them left out. */
  const hashOf = (start: number, end: number) => {
    const hash = createHash('sha256');
    let from = start;
    for (const i of at) {
      if (i < start || i >= end) continue;
      hash.update(bytes.subarray(from, i));
      from = i + mark.length;
    }
    return hash.update(bytes.subarray(from, end)).digest('hex');
  };
  const start = withMain ? bytes.indexOf(MAIN_START) : -1;
  const close = start < 0 ? -1 : bytes.lastIndexOf(MAIN_END);
  const end = close + MAIN_END.length;
  if (start < 0 || close < start)
    return { bytes, hash: hashOf(0, bytes.length), at, ...(withMain ? { mainHash: null } : {}) };
  // Each byte is hashed once: the document's hash is made of its three parts' hashes.
  const mainHash = hashOf(start, end);
  const parts = `${hashOf(0, start)}\0${mainHash}\0${hashOf(end, bytes.length)}`;
  return { bytes, hash: createHash('sha256').update(parts).digest('hex'), at, mainHash };
}

const MAIN_START = Buffer.from('<main');
const MAIN_END = Buffer.from('</main>');

/**
 * The files of a build, hashed in any order into its id. A file that carries the id (a page, a
 * payload) is hashed without its stand-in, and the stand-in's places are noted: once the id is
 * known (it has the stand-in's length) it is written over them in place.
 */
export class BuildDigest {
  /**
   * The stand-in the pages are rendered with while their id is not known: the id's shape and
   * length, with random digits no page text will contain.
   */
  readonly placeholder: string;
  private readonly hashes: string[] = [];
  private readonly drafts: { file: string; at: readonly number[] }[] = [];

  constructor(private readonly time: number) {
    this.placeholder = `${toYearPrefix(time)}${randomBytes(6).toString('hex')}`;
  }

  add(file: string, contents: string | Uint8Array): void {
    this.hashes.push(`${file}\0${createHash('sha256').update(contents).digest('hex')}`);
  }

  /** Files known by one hash of them all (a search index's folder, named by it). */
  addHashed(name: string, hash: string): void {
    this.hashes.push(`${name}\0${hash}`);
  }

  note(file: string, draft: Omit<Draft, 'bytes'>): void {
    this.hashes.push(`${file}\0${draft.hash}`);
    this.drafts.push({ file, at: draft.at });
  }

  toId(): string {
    const all = createHash('sha256').update(this.hashes.sort().join('\n')).digest('hex');
    return `${toYearPrefix(this.time)}${all.slice(0, 12)}`;
  }

  /** Writes the id over the stand-in in every draft. */
  finish(id: string, patch: (file: string, offsets: readonly number[], text: string) => void): void {
    if (id.length !== this.placeholder.length) throw new Error(`a build id of another length: ${id}`);
    for (const { file, at } of this.drafts.splice(0)) patch(file, at, id);
  }
}

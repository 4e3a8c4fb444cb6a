import { createHash, randomBytes } from 'node:crypto';
import { SiteError, toProblem } from './problems/problem.ts';

// behaviour.md: Build id. The start of the build's year in base 36 (the footer's year is read from
// it), then a hash of every file but the manifests, the id itself left out: unchanged sources give
// byte-identical output on any machine, from any folder.

/** A watch session's id (its pages are never deployed): time, then randomness. */
export function newBuildId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** The last second of the year 9999. */
const LATEST_EPOCH = 253_402_300_799;

/**
 * `SOURCE_DATE_EPOCH` (reproducible builds) when set, else now. Set but not whole seconds, it is
 * refused as the convention asks: quietly taking the clock would not be the build asked for.
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

/** The part of the id known before the pages are. */
function toYearPrefix(time: number): string {
  return `${Date.UTC(new Date(time).getUTCFullYear(), 0, 1).toString(36)}-`;
}

/**
 * A file carrying the stand-in id, hashed without it. The bytes view the shared encoding buffer
 * until the next draft: write (or copy) them at once.
 */
export interface Draft {
  readonly bytes: Buffer;
  readonly hash: string;
  /** The stand-in's byte offsets. */
  readonly at: readonly number[];
  /** The hash of `<main>`, what the search index reads; null without one. */
  readonly mainHash?: string | null;
}

/** Reused page after page: a buffer per page is slower and leaves garbage outside the heap. */
let encoding = Buffer.allocUnsafe(1 << 20);

/** Encodes a text that carries the stand-in `mark` and hashes it with the stand-in left out. */
export function toDraft(mark: Buffer, text: string, withMain = false): Draft {
  // UTF-8 takes at most three bytes for a UTF-16 unit (four for a pair of two).
  if (text.length * 3 > encoding.length) encoding = Buffer.allocUnsafe(Math.max(text.length * 3, encoding.length * 2));
  const bytes = encoding.subarray(0, encoding.write(text));
  const at: number[] = [];
  for (let i = bytes.indexOf(mark); i !== -1; i = bytes.indexOf(mark, i + mark.length)) at.push(i);
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
  // Each byte hashed once: the document's hash is of its three parts' hashes.
  const mainHash = hashOf(start, end);
  const parts = `${hashOf(0, start)}\0${mainHash}\0${hashOf(end, bytes.length)}`;
  return { bytes, hash: createHash('sha256').update(parts).digest('hex'), at, mainHash };
}

const MAIN_START = Buffer.from('<main');
const MAIN_END = Buffer.from('</main>');

/** A build's files hashed in any order into its id, which is then written over each stand-in in place. */
export class BuildDigest {
  /** The id's shape and length, with random digits no page text will contain. */
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

  finish(id: string, patch: (file: string, offsets: readonly number[], text: string) => void): void {
    if (id.length !== this.placeholder.length) throw new Error(`a build id of another length: ${id}`);
    for (const { file, at } of this.drafts.splice(0)) patch(file, at, id);
  }
}

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { toRouteAndLocale } from './file-names.ts';
import { listFiles } from './files.ts';
import { validateFrontMatter } from './front-matter-fields.ts';
import { parseFrontMatter } from './front-matter.ts';
import { FILE_LIMIT, checkBodySize, toTooLarge } from './limits.ts';
import { toConflictProblem } from './conflicts.ts';
import type { ContentFile, SiteConfig, SiteProblem } from '../types.ts';
import { toUtf8Text } from './encoding.ts';
import { toProblem } from '../errors.ts';

export interface LoadedContent {
  readonly files: ContentFile[];
  readonly problems: SiteProblem[];
}

export type ParsedContent = ReturnType<typeof toContentFile>;

type ContentCache = Map<string, { readonly text: string; readonly result: ParsedContent }>;

/** Lists the content files: `site/content/**\/*.md`, relative to the site root, sorted. */
export async function listContentFiles(config: SiteConfig): Promise<{ files: string[]; problems: SiteProblem[] }> {
  const listed = await listFiles(config.root, config.contentDir);
  const prefix = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  // A file written as Markdown under another ending (`.MD`, `.markdown`) is no page: said, not skipped
  // without a word.
  const unread = listed.files.filter((f) => !f.endsWith('.md') && MARKDOWN_LIKE.test(f));
  return {
    files: listed.files.filter((f) => f.endsWith('.md')).map((f) => `${prefix}/${f}`),
    problems: [
      ...listed.problems,
      ...unread.map((f) =>
        toProblem('CONTENT_FILE_IGNORED', { ending: path.extname(f) }, { file: `${prefix}/${f}`, line: 1, column: 1 }),
      ),
    ],
  };
}

/** Endings of Markdown files that are not `.md`. */
const MARKDOWN_LIKE = /\.(md|markdown|mdown|mkdn|mkd|mdx)$/i;

/**
 * Reads and parses every content file, collecting all problems instead of stopping at the first.
 * With a cache (watch mode), a file whose text is unchanged is not parsed again.
 */
export async function loadContent(
  config: SiteConfig,
  files?: readonly string[],
  cache?: ContentCache,
): Promise<LoadedContent> {
  const listed = files ? { files, problems: [] } : await listContentFiles(config);
  const results = listed.files.map((file) => loadContentFile(config, file, cache));
  if (cache) for (const file of cache.keys()) if (!listed.files.includes(file)) cache.delete(file);
  return {
    files: results.flatMap((r) => (r.file ? [r.file] : [])),
    problems: [...listed.problems, ...results.flatMap((r) => r.problems)],
  };
}

/**
 * One content file; a file over the limit is refused by its size on disk, without being read.
 * Read synchronously: thousands of small files read one after another take a fifth of the time
 * they take through the thread pool (the event loop waits some 25 µs a file).
 */
export function loadContentFile(config: SiteConfig, file: string, cache?: ContentCache): ParsedContent {
  const bytes = readUpTo(path.join(config.root, file), FILE_LIMIT);
  if (typeof bytes === 'number') {
    cache?.delete(file);
    return toOversized(config, file, bytes);
  }
  const decoded = toUtf8Text(file, bytes);
  if ('problem' in decoded) {
    cache?.delete(file);
    return { file: null, problems: [decoded.problem] };
  }
  const { text } = decoded;
  const cached = cache?.get(file);
  if (cached?.text === text) return cached.result;
  const result = toContentFile(config, file, text);
  cache?.set(file, { text, result });
  return result;
}

/**
 * A file's bytes as its size says when it opens, or that size when it is over `limit`: one open,
 * one look at its size, one read (a look up of the path to measure it, then the read's own look,
 * took a sixth of the parse).
 */
function readUpTo(file: string, limit: number): Buffer | number {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > limit) return size;
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    for (let n = -1; read < size && n !== 0; read += n) n = readSync(fd, bytes, read, size - read, read);
    return read < size ? bytes.subarray(0, read) : bytes;
  } finally {
    closeSync(fd);
  }
}

/** Parses one content file's text; pure, so the watcher and tests can call it directly. */
export function toContentFile(
  config: SiteConfig,
  file: string,
  text: string,
): { file: ContentFile | null; problems: SiteProblem[] } {
  const named = toRouteAndLocale(config, file);
  const problems: SiteProblem[] = 'problem' in named ? [named.problem] : [];
  // The size is checked before any parsing, so a huge file costs one pass over its text.
  const size = Buffer.byteLength(text, 'utf8');
  if (size > FILE_LIMIT) return { file: null, problems: [...problems, toTooLarge(file, 'content file', size)] };
  const conflict = toConflictProblem(file, text);
  if (conflict) return { file: null, problems: [...problems, conflict] };
  const parsed = parseFrontMatter(file, text);
  if ('problem' in parsed) return { file: null, problems: [...problems, parsed.problem] };
  const { data, problems: invalid } = validateFrontMatter(file, parsed.data, parsed.keyLines, config);
  problems.push(...invalid, ...parsed.problems, ...checkBodySize(file, parsed.body, parsed.bodyLine));
  if (!data || 'problem' in named || problems.some((p) => p.severity === 'error')) return { file: null, problems };
  return {
    file: {
      file,
      path: named.path,
      locale: named.locale,
      data,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      keyLines: parsed.keyLines,
      addresses: parsed.addresses,
    },
    problems,
  };
}

/** The problems of a file over the limit, as `toContentFile` reports them: its name's, then its size. */
function toOversized(config: SiteConfig, file: string, size: number): ParsedContent {
  const named = toRouteAndLocale(config, file);
  return {
    file: null,
    problems: [...('problem' in named ? [named.problem] : []), toTooLarge(file, 'content file', size)],
  };
}

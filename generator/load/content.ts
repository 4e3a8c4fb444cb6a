import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toRouteAndLocale } from './file-names.ts';
import { listFiles } from './files.ts';
import { FILE_LIMIT, toTooLarge } from './limits.ts';
import { openContentCache } from './content-cache.ts';
import type { ParsedContent } from './parse-content.ts';
import type { ContentFile, SiteConfig, SiteProblem } from '../types.ts';
import { toUtf8Text } from './encoding.ts';
import { toProblem } from '../problems/problem.ts';

type SessionCache = Map<string, { readonly text: string; readonly result: ParsedContent }>;

/** `site/content/**\/*.md`, relative to the site root, sorted. */
async function listContentFiles(config: SiteConfig): Promise<{ files: string[]; problems: SiteProblem[] }> {
  const listed = await listFiles(config.root, config.contentDir);
  const prefix = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  // A Markdown file under another ending (`.MD`, `.markdown`) is no page, and is said to be none.
  const ignored = listed.files
    .filter((f) => !f.endsWith('.md') && MARKDOWN_LIKE.test(f))
    .map((f) =>
      toProblem('CONTENT_FILE_IGNORED', { ending: path.extname(f) }, { file: `${prefix}/${f}`, line: 1, column: 1 }),
    );
  const files = listed.files.filter((f) => f.endsWith('.md')).map((f) => `${prefix}/${f}`);
  return { files, problems: [...listed.problems, ...ignored] };
}

const MARKDOWN_LIKE = /\.(md|markdown|mdown|mkdn|mkd|mdx)$/i;

/** Reads and parses every content file; an unchanged text's parse comes from the session or the disk cache. */
export async function loadContent(
  config: SiteConfig,
  files?: readonly string[],
  session?: SessionCache,
): Promise<{ files: ContentFile[]; problems: SiteProblem[] }> {
  const listed = files ? { files, problems: [] } : await listContentFiles(config);
  const disk = await openContentCache(config);
  const texts = listed.files.map((file) => readContentText(config, file));
  const known = (file: string, text: string) =>
    (session?.get(file)?.text === text ? session.get(file)?.result : undefined) ?? disk.get(file, text);
  const kept = texts.map((read, i) => ('text' in read ? known(listed.files[i] as string, read.text) : read));
  // The parsers are loaded only when a file needs them.
  const parse = kept.includes(undefined) ? (await import('./parse-content.ts')).toContentFile : null;
  const results = texts.map((read, i): ParsedContent => {
    const file = listed.files[i] as string;
    if (!('text' in read)) return read;
    const result = kept[i] ?? (parse as NonNullable<typeof parse>)(config, file, read.text);
    if (!kept[i]) disk.set(file, read.text, result);
    session?.set(file, { text: read.text, result });
    return result;
  });
  if (session) for (const file of session.keys()) if (!listed.files.includes(file)) session.delete(file);
  await disk.save(listed.files);
  return {
    files: results.flatMap((r) => (r.file ? [r.file] : [])),
    problems: [...listed.problems, ...results.flatMap((r) => r.problems)],
  };
}

/** A content file's text, or why not; read synchronously, saving thousands of small files a thread-pool trip each. */
function readContentText(config: SiteConfig, file: string): { text: string } | ParsedContent {
  const bytes = readUpTo(path.join(config.root, file), FILE_LIMIT);
  if (typeof bytes === 'number') return toOversized(config, file, bytes);
  const decoded = toUtf8Text(file, bytes);
  return 'problem' in decoded ? { file: null, problems: [decoded.problem] } : { text: decoded.text };
}

function readUpTo(file: string, limit: number): Buffer | number {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    return size > limit ? size : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The problems of a file over the limit, as `toContentFile` reports them: its name's, then its size. */
function toOversized(config: SiteConfig, file: string, size: number): ParsedContent {
  const named = toRouteAndLocale(config, file);
  return {
    file: null,
    problems: [...('problem' in named ? [named.problem] : []), toTooLarge(file, 'content file', size)],
  };
}

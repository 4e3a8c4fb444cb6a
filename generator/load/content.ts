import { readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { toProblem } from '../errors.ts';
import { listFiles } from './files.ts';
import type { ContentFile, FrontMatter, LocaleCode, SiteConfig, SiteProblem } from '../types.ts';

const KNOWN_KEYS = ['title', 'description', 'template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit'];

export interface LoadedContent {
  readonly files: ContentFile[];
  readonly problems: SiteProblem[];
}

/** Lists the content files: `site/content/**\/*.md`, relative to the site root, sorted. */
export async function listContentFiles(config: SiteConfig): Promise<{ files: string[]; problems: SiteProblem[] }> {
  const listed = await listFiles(config.root, config.contentDir);
  const prefix = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  return {
    files: listed.files.filter((f) => f.endsWith('.md')).map((f) => `${prefix}/${f}`),
    problems: listed.problems,
  };
}

/** Reads and parses every content file, collecting all problems instead of stopping at the first. */
export async function loadContent(config: SiteConfig, files?: readonly string[]): Promise<LoadedContent> {
  const listed = files ? { files, problems: [] } : await listContentFiles(config);
  const results = await Promise.all(
    listed.files.map(async (file) => toContentFile(config, file, await readFile(path.join(config.root, file), 'utf8'))),
  );
  return {
    files: results.flatMap((r) => (r.file ? [r.file] : [])),
    problems: [...listed.problems, ...results.flatMap((r) => r.problems)],
  };
}

/** Parses one content file's text; pure, so the watcher and tests can call it directly. */
export function toContentFile(
  config: SiteConfig,
  file: string,
  text: string,
): { file: ContentFile | null; problems: SiteProblem[] } {
  const named = toRouteAndLocale(config, file);
  if ('problem' in named) return { file: null, problems: [named.problem] };
  const parsed = parseFrontMatter(file, text);
  if ('problem' in parsed) return { file: null, problems: [parsed.problem] };
  const { data, problems } = validateFrontMatter(file, parsed.data, parsed.keyLines, config);
  if (!data) return { file: null, problems };
  return {
    file: {
      file,
      path: named.path,
      locale: named.locale,
      data,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      keyLines: parsed.keyLines,
    },
    problems,
  };
}

/** `site/content/news/news1.en.md` → `/news/news1` in `en`; `index` names a folder's own page. */
function toRouteAndLocale(
  config: SiteConfig,
  file: string,
): { path: string; locale: LocaleCode } | { problem: SiteProblem } {
  const relative = path.posix.relative(path.relative(config.root, config.contentDir).split(path.sep).join('/'), file);
  const match = /^(.*)\.([^./]+)\.md$/.exec(relative);
  const codes = config.locales.map((l) => l.code);
  const loc = { file, line: 1, column: 1 };
  if (!match || !codes.includes(match[2] ?? '')) {
    return {
      problem: toProblem(
        'CONTENT_FILE_NAME',
        { reason: `\`${path.posix.basename(file)}\``, locales: codes.join(', ') },
        loc,
      ),
    };
  }
  const segments = (match[1] ?? '').split('/').filter((s, i, all) => !(s === 'index' && i === all.length - 1));
  const bad = segments.find((s) => !/^[a-z0-9][a-zA-Z0-9-]*$/.test(s));
  if (bad !== undefined) {
    return {
      problem: toProblem(
        'CONTENT_FILE_NAME',
        { reason: `the path segment \`${bad}\` may hold only letters, digits and dashes`, locales: codes.join(', ') },
        loc,
      ),
    };
  }
  return { path: `/${segments.join('/')}`, locale: match[2] as LocaleCode };
}

interface ParsedFile {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
  keyLines: Record<string, number>;
}

function parseFrontMatter(file: string, text: string): ParsedFile | { problem: SiteProblem } {
  const source = text.replace(/^\uFEFF/, '');
  try {
    // Passing options turns off gray-matter's cache, which would otherwise grow in watch mode.
    const result = matter(source, {});
    const fence = /^---[^\n]*\n([\s\S]*?)\n?---[ \t]*(\r?\n|$)/.exec(source);
    const matterLines = fence ? countLines(fence[0]) : 0;
    return {
      data: result.data ?? {},
      body: result.content,
      bodyLine: matterLines + 1,
      keyLines: findKeyLines(fence?.[1] ?? ''),
    };
  } catch (error) {
    const e = error as { reason?: string; message?: string; mark?: { line: number; column: number } };
    // js-yaml counts lines from 0; gray-matter hands it the front matter from the end of the
    // opening `---` line, so its line 0 is the file's line 1.
    const line = e.mark ? e.mark.line + 1 : 1;
    const column = e.mark ? e.mark.column + 1 : 1;
    return {
      problem: toProblem('FRONT_MATTER_SYNTAX', { reason: e.reason ?? firstLine(e.message) }, { file, line, column }),
    };
  }
}

function validateFrontMatter(
  file: string,
  raw: Record<string, unknown>,
  keyLines: Record<string, number>,
  config: SiteConfig,
): { data: FrontMatter | null; problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const fail = (field: string, reason: string, hint?: string) =>
    problems.push(
      toProblem('FRONT_MATTER_INVALID', { field, reason, hint }, { file, line: keyLines[field] ?? 1, column: 1 }),
    );
  const text = (field: string): string => {
    const v = raw[field];
    if (typeof v !== 'string' || v.trim() === '') {
      fail(
        field,
        v === undefined ? 'is missing' : 'must be a non-empty text',
        `Add \`${field}: …\` to the front matter.`,
      );
      return '';
    }
    return v.trim();
  };
  const name = (field: string, fallback: string): string => {
    const v = raw[field] ?? fallback;
    if (typeof v !== 'string' || !/^[a-z][a-z0-9-]*$/.test(v))
      fail(field, 'must be a lower-case name such as `service`');
    return String(v);
  };
  const title = text('title');
  const description = text('description');
  const template = name('template', 'page');
  const layout = name('layout', 'default');
  const order = raw.order ?? 0;
  if (typeof order !== 'number' || !Number.isFinite(order)) fail('order', 'must be a number');
  const date = toDate(raw.date);
  if (date === undefined) fail('date', 'must be a date written YYYY-MM-DD');
  const locales = raw.locales ?? null;
  const codes = config.locales.map((l) => l.code);
  if (
    locales !== null &&
    (!Array.isArray(locales) || locales.length === 0 || locales.some((l) => !codes.includes(l)))
  ) {
    fail('locales', `must list the locales that have this page, from: ${codes.join(', ')}`);
  }
  const list = raw.list ?? null;
  if (list !== null && list !== 'section' && list !== 'articles')
    fail('list', "must be `section` (the section's other pages) or `articles` (the news, newest first)");
  const listLimit = raw.listLimit ?? null;
  if (listLimit !== null && (typeof listLimit !== 'number' || !Number.isInteger(listLimit) || listLimit < 1))
    fail('listLimit', 'must be a positive whole number');
  if (problems.length > 0) return { data: null, problems };
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !KNOWN_KEYS.includes(k)));
  return {
    data: {
      title,
      description,
      template,
      layout,
      order: order as number,
      date: date ?? null,
      locales: locales as LocaleCode[] | null,
      list: list as FrontMatter['list'],
      listLimit: listLimit as number | null,
      extra,
    },
    problems,
  };
}

/** YAML reads an unquoted `2025-03-01` as a Date; a quoted one stays text. Both mean the day. */
function toDate(v: unknown): string | null | undefined {
  if (v === undefined || v === null) return null;
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString().slice(0, 10);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))) return v;
  return undefined;
}

function findKeyLines(matterText: string): Record<string, number> {
  const lines: Record<string, number> = {};
  matterText.split('\n').forEach((line, i) => {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1];
    if (key && !(key in lines)) lines[key] = i + 2;
  });
  return lines;
}

function countLines(s: string): number {
  return s.split('\n').length - (s.endsWith('\n') ? 1 : 0);
}

function firstLine(s: string | undefined): string {
  return (s ?? 'unknown error').split('\n')[0] ?? 'unknown error';
}

import { BuildDigest } from '../build-id.ts';
import type { BuildCache } from './session-cache.ts';
import { emitPage, type EmittedPage } from '../write/emit.ts';
import { HOST_PROFILES } from '../hosts.ts';
import type { SearchEntry } from '../search/entries.ts';
import type { LocaleCode, Page, RenderedPage, SiteConfig, Translate } from '../types.ts';
import { createStaging, removeTree } from '../write/out-dir.ts';
import { createDiskSink, createMemorySink, type OutputSink } from '../write/output.ts';
import { toOutputFile } from '../../runtime/urls.ts';

// A staging folder (behaviour.md: Safety) or memory. Files are hashed into the build id as written;
// pages carry a stand-in id, replaced once every file is known (behaviour.md: Build id).

export interface Output {
  readonly sink: OutputSink;
  /** For the search index, known by its folder's hash. */
  readonly unhashed: OutputSink;
  readonly staging: string | null;
  /** Null in a watch session, which keeps one id. */
  readonly digest: BuildDigest | null;
  /** The id the pages are rendered with: the session's, or the stand-in. */
  readonly buildId: string;
  /** In-memory builds only. */
  readonly files: Map<string, string | Uint8Array> | null;
  readonly pages: RenderedPage[] | null;
  /** Null when the build makes no index. */
  readonly search: Map<LocaleCode, SearchEntry[]> | null;
  /** Error pages and public HTML files. */
  readonly otherHtml: string[];
  /**
   * Writes a rendered page (or error page) and takes its search entry; returns what it wrote, with
   * a copy of the bytes when `keep` asks for them.
   */
  readonly emit: (rendered: RenderedPage, page: Page | null, keep?: boolean) => EmittedPage;
  /** Writes a page as an earlier build emitted it (write/kept-pages.ts). */
  readonly emitKept: (emitted: EmittedPage) => void;
}

export function openOutput(options: {
  readonly config: SiteConfig;
  /** Null: the build stays in memory. */
  readonly outDir: string | null;
  readonly time: number;
  readonly precompress: boolean;
  readonly cache: BuildCache | undefined;
  /** Null: no search index. */
  readonly searchTexts: ReadonlyMap<LocaleCode, Translate> | null;
  readonly publicFiles: readonly string[];
}): Output {
  const { config, outDir, cache } = options;
  const digest = cache ? null : new BuildDigest(options.time);
  const buildId = cache?.buildId ?? (digest as BuildDigest).placeholder;
  const staging = outDir ? createStaging(outDir, buildId) : null;
  const memory = staging ? null : createMemorySink();
  const unhashed: OutputSink = memory ?? createDiskSink(staging as string, options.precompress, outDir ?? '');
  const write = (file: string, contents: string | Uint8Array) => {
    digest?.add(file, contents);
    unhashed.write(file, contents);
  };
  const search = options.searchTexts
    ? new Map<LocaleCode, SearchEntry[]>(config.locales.map((l) => [l.code, []]))
    : null;
  const output = {
    sink: { ...unhashed, write },
    unhashed,
    staging,
    digest,
    buildId,
    files: memory?.files ?? null,
    pages: memory ? ([] as RenderedPage[]) : null,
    search,
    otherHtml: options.publicFiles.filter((file) => file.endsWith('.html')),
  };
  return { ...output, emit: toEmitter(output, config, options.searchTexts), emitKept: toKeptEmitter(output) };
}

/** A build drafts pages with the stand-in id; a watch session's carry its own, which no digest writes over. */
function toEmitter(
  output: Omit<Output, 'emit' | 'emitKept'>,
  config: SiteConfig,
  texts: ReadonlyMap<LocaleCode, Translate> | null,
): Output['emit'] {
  const { sink, search } = output;
  const { layout } = HOST_PROFILES[config.host];
  const context = { config, layout, mark: Buffer.from(output.buildId), search: search ? texts : null };
  return (rendered, page, keep) => {
    output.pages?.push(rendered);
    if (!page) output.otherHtml.push(toOutputFile(rendered.url));
    const emitted = emitPage(rendered, page, context, (file, bytes) => sink.draft(file, bytes), keep);
    noteEmitted(output, emitted);
    return emitted;
  };
}

/** Writes a page's files as they were emitted before, stand-ins and all: the digest writes the id over them. */
function toKeptEmitter(output: Omit<Output, 'emit' | 'emitKept'>): Output['emitKept'] {
  return (emitted) => {
    for (const file of emitted.files) output.sink.draft(file.file, emitted.parts[file.part] as Buffer);
    noteEmitted(output, emitted);
  };
}

/** A page's files into the build id, its search entry into its locale's index. */
function noteEmitted(output: Omit<Output, 'emit' | 'emitKept'>, { files, search }: EmittedPage): void {
  for (const file of files) output.digest?.note(file.file, file);
  if (search) output.search?.get(search.locale)?.push(search.entry);
}

export async function abandonOutput(output: Output): Promise<void> {
  if (!output.staging) return;
  await output.sink.discard();
  removeTree(output.staging);
}

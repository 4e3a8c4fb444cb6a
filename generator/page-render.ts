import { parentPort } from 'node:worker_threads';
import { emitPage, type EmitContext, type EmittedPage } from './emit.ts';
import {
  takeSharedWrite,
  toSharedWrite,
  type RenderSetup,
  type WorkerMessage,
  type WorkerRequest,
} from './parallel.ts';
import { createTranslators } from './render/i18n.ts';
import type { MissingKey } from './render/missing-keys.ts';
import { renderPage, type RenderContext } from './render/page.ts';
import { createReuse } from './render/reuse.ts';
import { loadServerModule } from './render/server-module.ts';
import type { SiteConfig, SiteProblem } from './types.ts';
import { removeTree } from './write/out-dir.ts';
import { createDiskSink, type OutputSink } from './write/output.ts';

// What a build worker (page-worker.ts) does once the site is loaded: it renders the batches of pages
// it is sent, writes each page's files into the staging folder and sends back what the main thread
// needs of them (emit.ts), which asks for the next batch. Once every file of the build is known, it
// writes the build id into its own files (without --precompress; with it, the main thread patches
// and compresses every page), and removes the share of the previous output it is handed.
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

interface Rendering {
  readonly ctx: RenderContext;
  readonly emit: EmitContext;
  readonly sink: OutputSink;
  readonly problems: SiteProblem[];
  readonly missing: MissingKey[];
  /** The files this worker wrote with the stand-in id, and its places in each: patched at the end. */
  readonly drafts: { readonly file: string; readonly at: readonly number[] }[];
  readonly patch: boolean;
  current: string;
}
let rendering: Rendering | null = null;
/** Once the pages are rendered, what is left to do: write the id into this worker's files. */
let patching: Pick<Rendering, 'sink' | 'drafts'> | null = null;

function setUp(config: SiteConfig, setup: RenderSetup): Rendering {
  const missing: MissingKey[] = [];
  const translators = createTranslators(config, setup.messages, (locale, ns, key) =>
    missing.push({ locale, ns, key, usedBy: state.current }),
  );
  const state: Rendering = {
    ctx: {
      config,
      assets: setup.assets,
      buildId: setup.buildId,
      server: loadServerModule(setup.assets.serverModule),
      translators,
      links: setup.links,
      reuse: createReuse(),
    },
    emit: { config, layout: setup.layout, mark: Buffer.from(setup.buildId), search: setup.search ? translators : null },
    // Compression, when the build asks for it, waits for the final bytes: the main thread's.
    sink: createDiskSink(setup.staging),
    problems: [],
    missing,
    drafts: [],
    patch: setup.patch,
    current: '',
  };
  return state;
}

/**
 * Handles one request of the render (every kind but `parse`), in the order they arrive; an empty
 * batch says there are no more pages.
 */
export function handleRenderRequest(config: SiteConfig, request: Exclude<WorkerRequest, { kind: 'parse' }>): void {
  if (request.kind === 'load') {
    // Compiled now, while the site still loads; the set-up then finds it loaded (loadServerModule).
    // A template that throws as it loads is the main thread's to report: it loads the same bundle.
    try {
      loadServerModule(request.serverModule);
    } catch {
      // Loaded again at the set-up, which fails the same way if the main thread has not failed first.
    }
    return;
  }
  if (request.kind === 'render') {
    rendering = setUp(config, request.setup);
    return;
  }
  if (request.kind === 'finish') {
    const state = patching;
    patching = null;
    const written = reportingWriteFailure(() => {
      // The build's id, once every file is known: written over the stand-in in this worker's files.
      for (const { file, at } of state?.drafts ?? []) state?.sink.patch(file, at, request.id);
      // Then the files the main thread shares, until none is left.
      const { files } = request;
      for (let n = files ? takeSharedWrite(files) : -1; files && n !== -1; n = takeSharedWrite(files))
        state?.sink.write(...toSharedWrite(files, n));
    });
    // The worker waits on: the main thread may hand it a share of the previous output to remove.
    if (written) post({ kind: 'finished' });
    return;
  }
  if (request.kind === 'remove') {
    for (const folder of request.folders) removeTree(folder);
    post({ kind: 'removed' });
    parentPort?.close();
    return;
  }
  // A second empty batch (the main thread sends one ahead) finds the render already done.
  const state = rendering;
  if (!state) return;
  if (request.pages.length === 0) {
    post({ kind: 'done', problems: state.problems, missing: state.missing });
    // Without the id to write, nothing is left to do; with it, only the list of drafts is kept.
    if (!state.patch) parentPort?.close();
    else patching = { sink: state.sink, drafts: state.drafts };
    rendering = null;
    return;
  }
  const batch: EmittedPage[] = [];
  const written = reportingWriteFailure(() => {
    for (const page of request.pages) {
      state.current = page.url;
      const result = renderPage(page, state.ctx);
      state.problems.push(...result.problems);
      if (!result.rendered) continue;
      const emitted = emitPage(result.rendered, page, state.emit, (file, bytes) => state.sink.write(file, bytes));
      if (state.patch) for (const { file, at } of emitted.files) state.drafts.push({ file, at });
      batch.push(emitted);
    }
  });
  if (written) post({ kind: 'pages', pages: batch });
}

/**
 * Runs writes into the staging folder; false when the file system refused one (a full disk),
 * which the main thread is told of: the build fails with its reason.
 */
function reportingWriteFailure(write: () => void): boolean {
  try {
    write();
    return true;
  } catch (error) {
    if (!(error instanceof Error && 'syscall' in error)) throw error;
    post({
      kind: 'output-failed',
      message: error.message,
      syscall: String(error.syscall),
      code: (error as NodeJS.ErrnoException).code,
    });
    return false;
  }
}

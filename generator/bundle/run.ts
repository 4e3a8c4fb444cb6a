import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult, type EsbuildContexts, type Reuse } from '../esbuild.ts';

// One esbuild run of the bundle stage: how the bundles are asked for, what a run gives, the files
// it read, and the content hash that names what it made.

/** Bundles the templates for the server, the stylesheet, the browser scripts and the shared data files. */
export interface BundleOptions {
  /**
   * Entry files (the runtime, each template's chunk, the stylesheet, the shared data files) named
   * without content hashes (watch mode): a change to one file then leaves every other URL, and so
   * every page that does not use the file, as it was. Shared chunks keep their hashes.
   */
  readonly stableNames?: boolean;
  /** Watch mode: esbuild's incremental contexts, so a rebuild parses only what changed. */
  readonly contexts?: EsbuildContexts;
  /** Watch mode: the runtime answers the dev client's requests to render the page again. */
  readonly dev?: boolean;
}

/** How one esbuild run is made: the session's context to reuse (watch mode), and where its inputs go. */
export interface BundleRun {
  readonly inputs: Set<string>;
  readonly reuse: Reuse | undefined;
}

/** The short hash of a file's contents that names it (`site.<hash>.css`). */
export function toContentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
}

/** One esbuild run with one output file; the files it read are added to the run's inputs. */
export async function runEsbuild(options: BuildOptions, run: BundleRun): Promise<string> {
  const result = await runEsbuildResult({ ...options, metafile: true }, 'BUNDLE_FAILED', undefined, run.reuse);
  addInputs(run, options, result.metafile);
  return result.outputFiles[0]?.text ?? '';
}

/** The metafile's inputs as absolute paths; generated entries (a plugin's, stdin) have none. */
export function addInputs(run: BundleRun, options: BuildOptions, metafile: Metafile | undefined): void {
  const base = options.absWorkingDir ?? process.cwd();
  const { stdin } = options;
  const stdinFile = stdin?.sourcefile ? path.resolve(stdin.resolveDir ?? base, stdin.sourcefile) : null;
  for (const input of Object.keys(metafile?.inputs ?? {})) {
    // `<define:…>`, `<stdin>`, a plugin's namespace, the name given to stdin: no file behind them.
    if (input.startsWith('<') || /^[\w-]+:/.test(input)) continue;
    const file = path.resolve(base, input);
    if (file !== stdinFile) run.inputs.add(file);
  }
}

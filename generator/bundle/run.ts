import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult, type EsbuildContexts, type Reuse } from '../esbuild.ts';

/** All for watch mode. */
export interface BundleOptions {
  /** Entries named without hashes, so a change leaves every other page's URLs as they were. */
  readonly stableNames?: boolean;
  /** esbuild's incremental contexts. */
  readonly contexts?: EsbuildContexts;
  /** The runtime's dev-client hooks. */
  readonly dev?: boolean;
}

export interface BundleRun {
  readonly inputs: Set<string>;
  readonly reuse: Reuse | undefined;
}

/** `site.<hash>.css`. */
export function toContentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
}

export async function runEsbuild(options: BuildOptions, run: BundleRun): Promise<string> {
  const result = await runEsbuildResult({ ...options, metafile: true }, 'BUNDLE_FAILED', undefined, run.reuse);
  addInputs(run.inputs, options, result.metafile);
  return result.outputFiles[0]?.text ?? '';
}

export function addInputs(inputs: Set<string>, options: BuildOptions, metafile: Metafile | undefined): void {
  const base = options.absWorkingDir ?? process.cwd();
  const { stdin } = options;
  const stdinFile = stdin?.sourcefile ? path.resolve(stdin.resolveDir ?? base, stdin.sourcefile) : null;
  for (const input of Object.keys(metafile?.inputs ?? {})) {
    // No file behind `<define:…>`, `<stdin>` or a plugin's namespace.
    if (input.startsWith('<') || /^[\w-]+:/.test(input)) continue;
    const file = path.resolve(base, input);
    if (file !== stdinFile) inputs.add(file);
  }
}
